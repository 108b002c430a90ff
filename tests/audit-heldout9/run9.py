#!/usr/bin/env python3
"""exattn audit on tests/audit-heldout9 (TAP): tests/audit-heldout8/run8.py,
used as it is (imported, not copied), which is tests/audit-corpus.py's
harness with its one more expectation ("formula-undecided", not used on
these pages).  Every expectation is judged as audit-corpus.py judges it:
a false alarm (FAIL or EXACT-WORDING on a pass, ok, mention or unlisted
number), a missed slip (a fail or wording not FAILed or EXACT-WORDING),
a named formula not PASS-NAMED (formula-pass) or not FAIL (formula-fail),
a coincidence certified (PASS on a mention) and any UNDECIDED are problems.
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "run8", os.path.join(HERE, "..", "audit-heldout8", "run8.py"))
run8 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(run8)

if __name__ == "__main__":
    sys.exit(run8.ac.main())
