#!/usr/bin/env python3
"""exattn audit on tests/audit-heldout8 (TAP): tests/audit-corpus.py, used
as it is (imported, not copied), with one more expectation:

- "formula-undecided": a named formula whose value depends on a symbolic
  LayerNorm epsilon (no value) and which is NOT identically the lesson's
  form.  docs/cli.md: such a formula is "held, by identity alone, to the
  entry its subject names ...: PASS-NAMED when proved, UNDECIDED
  otherwise, since no value can refute it".  UNDECIDED is its expected
  verdict; FAIL (a refutation, which the mathematics supports: the form is
  wrong) is accepted too.  Anything else (PASS-NAMED above all) is a
  problem, and UNDECIDED on such an item is not reported as one.

Every other expectation is judged by audit-corpus.py's judge().
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "audit_corpus", os.path.join(HERE, "..", "audit-corpus.py"))
ac = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ac)

ACCEPT = {"formula-undecided": ("undecided", "fail")}
base_judge = ac.judge


def judge(expect, reported):
    problems = []
    pool = {}
    for r in reported["numbers"]:
        pool.setdefault((r["line"], r["text"]), []).append(r)
    taken = set()
    rest = []
    for e in expect:
        if e["expect"] not in ACCEPT:
            rest.append(e)
            continue
        got = [r for r in pool.get((e["line"], e["text"]), []) if id(r) not in taken]
        r = got[0] if got else None
        if r is not None:
            taken.add(id(r))
        v = r["verdict"] if r else None
        if v not in ACCEPT[e["expect"]]:
            problems.append("named formula at %d: %s: %s, not %s (%s)"
                            % (e["line"], e["text"], v,
                               " or ".join(ACCEPT[e["expect"]]), e.get("why", "")))
    left = dict(reported)
    left["numbers"] = [r for r in reported["numbers"] if id(r) not in taken]
    more, unread = base_judge(rest, left)
    return problems + more, unread


ac.judge = judge
# counted among the named formulas on the last line
ac.FORMULA = dict(ac.FORMULA, **{"formula-undecided": "undecided"})

if __name__ == "__main__":
    sys.exit(ac.main())
