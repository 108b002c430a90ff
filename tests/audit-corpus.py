#!/usr/bin/env python3
"""exattn audit on the page corpus of tests/audit-corpus/ (TAP).

Each page NAME.{md,html,tex} has its lesson NAME.json and NAME.expect:
one JSON object per printed number, {"line", "text", "expect"}, whose
expected verdict was computed independently (NAME.py: fractions and
mpmath, never exattn).  A page's test fails on

- a false alarm: FAIL or EXACT-WORDING on a number expected "pass",
  "mention" or "ok", or on a number the expectations do not list;
- a missed slip: a number expected "fail" or "wording" that is not FAIL
  or EXACT-WORDING;
- a coincidence certified: PASS on a number expected "mention";
- UNDECIDED on any number (the corpus is decidable at the default cap).

Expected passes reported as MENTION (the page's evidence was not read)
are counted on a diagnostic line; they are no false alarm and no miss.
A "formula-pass" must be PASS-NAMED and a "formula-fail" FAIL.
"""
import glob
import json
import os
import subprocess
import sys

ALARMS = {"fail", "exact-wording"}
FORMULA = {"formula-pass": "pass-named", "formula-fail": "fail"}


def expectations(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if line:
                e = json.loads(line)
                e["_at"] = "%s:%d" % (os.path.basename(path), n)
                out.append(e)
    return out


def audit(exattn, page, lesson):
    run = subprocess.run([exattn, "audit", page, "--lesson", lesson,
                          "--format", "json"], capture_output=True,
                         text=True)
    if run.returncode not in (0, 1):
        return None, run.stderr.strip()
    return json.loads(run.stdout), None


def judge(expect, reported):
    """The problems of one page: a list of strings."""
    problems, unread = [], 0
    pool = {}
    for r in reported["numbers"]:
        pool.setdefault((r["line"], r["text"]), []).append(r)
    for e in expect:
        got = pool.get((e["line"], e["text"]), [])
        r = got.pop(0) if got else None
        v = r["verdict"] if r else None
        where = "%d: %s" % (e["line"], e["text"])
        if e["expect"] in FORMULA:
            if v != FORMULA[e["expect"]]:
                problems.append("named formula at %s: %s, not %s (%s)"
                                % (where, v, FORMULA[e["expect"]],
                                   e.get("why", "")))
        elif e["expect"] in ("fail", "wording"):
            if v not in ALARMS:
                problems.append("missed slip at %s (got %s; %s)"
                                % (where, v, e.get("why", "")))
        elif v in ALARMS:
            problems.append("false alarm at %s: %s (%s)"
                            % (where, v, r.get("truth") or r.get("note")))
        elif e["expect"] == "mention" and v == "pass":
            problems.append("coincidence certified at %s: %s"
                            % (where, ", ".join(r["bound"])))
        elif e["expect"] == "pass" and v != "pass":
            unread += 1
            if os.environ.get("AUDIT_UNREAD"):
                print("# left as %s at %s" % (v, where))
        if v == "undecided":
            problems.append("undecided at %s" % where)
    for left in pool.values():
        for r in left:
            if r["verdict"] in ALARMS:
                problems.append("false alarm at %d: %s (not expected): %s"
                                % (r["line"], r["text"], r["verdict"]))
    return problems, unread


def main():
    top = os.environ.get("EXATTN_SRCDIR",
                         os.path.dirname(os.path.dirname(
                             os.path.abspath(__file__))))
    exattn = os.environ.get("EXATTN", os.path.join(top, "exattn"))
    corpus = os.path.join(top, "tests", os.environ.get("AUDIT_CORPUS",
                                                     "audit-corpus"))
    pages = sorted(p for p in glob.glob(os.path.join(corpus, "*"))
                   if p.endswith((".md", ".html", ".tex", ".txt"))
                   and os.path.exists(os.path.splitext(p)[0] + ".expect"))
    print("1..%d" % (len(pages) + 1))
    totals = {"numbers": 0, "slips": 0, "unread": 0, "formulas": 0}
    for i, page in enumerate(pages, 1):
        stem = os.path.splitext(page)[0]
        expect = expectations(stem + ".expect")
        reported, error = audit(exattn, page, stem + ".json")
        name = os.path.basename(page)
        if reported is None:
            print("not ok %d - %s: %s" % (i, name, error))
            continue
        problems, unread = judge(expect, reported)
        totals["numbers"] += len(expect)
        totals["slips"] += sum(e["expect"] in ("fail", "wording")
                               for e in expect)
        totals["formulas"] += sum(e["expect"] in FORMULA for e in expect)
        totals["unread"] += unread
        if problems:
            print("not ok %d - %s" % (i, name))
            for p in problems:
                print("# " + p)
        else:
            print("ok %d - %s: %d expectations, no false alarm, no missed "
                  "slip" % (i, name, len(expect)))
    # the corpus must be there: a test that checks nothing is no test
    # the main corpus's size (a smaller held-out set sets its own floor)
    least_pages = int(os.environ.get("AUDIT_MIN_PAGES", "12"))
    least_slips = int(os.environ.get("AUDIT_MIN_SLIPS", "25"))
    ok = len(pages) >= least_pages and totals["slips"] >= least_slips
    print("%s %d - the corpus: %d pages, %d expectations, %d slips "
          "(%d expected passes left as mentions), %d named formulas" % ("ok" if ok else "not ok", len(pages) + 1, len(pages),
                      totals["numbers"], totals["slips"], totals["unread"],
                      totals["formulas"]))


if __name__ == "__main__":
    sys.exit(main())
