#!/usr/bin/env python3
"""exattn's own pages audit clean against their own lessons (TAP).

For every shipped example (docs/examples/0*.json) and for random lessons
and blocks drawn from fixed seeds, what `exattn derive` writes as
Markdown, as a standalone LaTeX document and as text is audited with --strict
against the lesson it came from.  The test fails on any FAIL, misworded,
unsourced or undecided number, and on every "(named)" line of the
Markdown and LaTeX and "(NAMED)" line of the text whose formula is not
proved (PASS-NAMED).

The random lessons are drawn here, with Python's own generator and fixed
seeds: heads of 1-4 queries, 2-4 keys, widths 1-3, small integer and
half-integer entries, some with a causal mask, a padding mask or equal
scores; blocks with LayerNorm and a feed-forward layer.  Their values are
whatever exattn derives -- the audit is checked against the lesson, not
against numbers computed here (tests/audit-corpus.py does that).
"""
import json
import os
import random
import subprocess
import sys
import tempfile

RANDOM_HEADS = 40
RANDOM_BLOCKS = 12
LISTED = int(os.environ.get("SELF_AUDIT_LISTED", "10"))
ALARMS = ("fail", "exact-wording", "unsourced", "undecided")


def entry(rng):
    """A small integer, now and then a half."""
    v = rng.randint(-2, 3)
    if rng.random() < 0.15:
        return "%d/2" % (2 * v + 1)
    return v


def matrix(rng, rows, cols):
    return [[entry(rng) for _ in range(cols)] for _ in range(rows)]


def random_head(seed):
    rng = random.Random(seed)
    n, m, dk, dv = (rng.randint(1, 4), rng.randint(2, 4), rng.randint(1, 3),
                    rng.randint(1, 3))
    lesson = {"title": "Random head %d" % seed,
              "Q": matrix(rng, n, dk), "K": matrix(rng, m, dk),
              "V": matrix(rng, m, dv)}
    if rng.random() < 0.25:
        lesson["Q"] = [[0] * dk for _ in range(n)]      # equal scores
    kind = rng.random()
    if kind < 0.25 and n == m:
        lesson["mask"] = "causal"
    elif kind < 0.45:
        keep = [1] * m
        keep[rng.randrange(1, m)] = 0
        lesson["mask"] = [keep[:] for _ in range(n)]
    return lesson


def random_block(seed):
    rng = random.Random(1000 + seed)
    n, d = rng.randint(2, 3), 2
    lesson = {"title": "Random block %d" % seed,
              "X": matrix(rng, n, d),
              "W_Q": matrix(rng, d, d), "W_K": matrix(rng, d, d),
              "W_V": matrix(rng, d, d), "mask": "none",
              "block": {"layer_norm": {"epsilon": "1/100000"}}}
    if rng.random() < 0.5:
        # a Post-LN block's feed-forward layer has a layer norm after it
        lesson["block"]["ffn"] = {"W_1": matrix(rng, d, 2),
                                  "W_2": matrix(rng, 2, d)}
        lesson["block"]["layer_norm_2"] = {"epsilon": "1/1000"}
    return lesson


def derive(exattn, lesson_path, args):
    r = subprocess.run([exattn, "derive"] + args + [lesson_path],
                       capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else None


def audit(exattn, page, lesson_path):
    r = subprocess.run([exattn, "audit", "--strict", "--format", "json",
                        page, "--lesson", lesson_path],
                       capture_output=True, text=True)
    try:
        return r.returncode, json.loads(r.stdout)
    except ValueError:
        return r.returncode, None


def problems_of(exattn, lesson_path, work):
    """What is wrong with the lesson's own pages, as a list of lines."""
    problems = []
    for args, ext in ((["--format", "markdown"], "md"),
                      (["--format", "latex", "--standalone"], "tex"),
                      ([], "txt")):
        text = derive(exattn, lesson_path, args)
        if text is None:
            return None         # a lesson derive refuses: not a page
        page = os.path.join(work, "page." + ext)
        with open(page, "w") as f:
            f.write(text)
        code, report = audit(exattn, page, lesson_path)
        if report is None:
            problems.append("%s: audit printed no JSON (exit %d)"
                            % (ext, code))
            continue
        for r in report["numbers"]:
            if r["verdict"] in ALARMS:
                problems.append("%s:%d: %s %s (%s)"
                                % (ext, r["line"], r["verdict"].upper(),
                                   r["text"][:80],
                                   r.get("truth") or r.get("note")))
        # a long sum goes on in lines "&\qquad + ..." (LaTeX); text is
        # wrapped at 100 columns, a line going on in lines indented four
        # more: each named value of a line (as written or wrapped) has
        # its formula proved somewhere in it
        groups, indent_of = [], 0
        for number, line in enumerate(text.split("\n"), 1):
            indent = len(line) - len(line.lstrip(" "))
            goes_on = groups and (
                line.lstrip().startswith("&\\qquad")
                or (ext == "txt" and line.strip()
                    and indent >= indent_of + 4))
            if goes_on:
                groups[-1][1].append(number)
                groups[-1][2].append(line)
            else:
                groups.append((number, [number], [line]))
                indent_of = indent
        for start, numbers, lines in groups:
            joined = " ".join(l.strip() for l in lines)
            named = joined.count("(\\text{named})" if ext != "txt"
                                 else "(NAMED)")
            passed = sum(1 for r in report["numbers"]
                         if r["verdict"] == "pass-named"
                         and r["line"] in numbers)
            if named and passed == 0:
                problems.append("%s:%d: a named formula not proved: %s"
                                % (ext, start, joined[:100]))
        if code != 0 and not problems:
            problems.append("%s: exit %d with no alarm" % (ext, code))
    return problems


def main():
    top = os.environ.get("EXATTN_SRCDIR",
                         os.path.dirname(os.path.dirname(
                             os.path.abspath(__file__))))
    exattn = os.environ.get("EXATTN", os.path.join(top, "exattn"))
    examples = sorted(os.path.join(top, "docs", "examples", f)
                      for f in os.listdir(os.path.join(top, "docs",
                                                       "examples"))
                      if f.startswith("0") and f.endswith(".json"))
    print("1..%d" % (len(examples) + 2))
    ok_all = True
    with tempfile.TemporaryDirectory() as work:
        for i, path in enumerate(examples, 1):
            problems = problems_of(exattn, path, work)
            ok = problems is not None and not problems
            ok_all &= ok
            print("%s %d - %s" % ("ok" if ok else "not ok", i,
                                  os.path.basename(path)))
            for p in (problems or ["derive refused a shipped example"])[:LISTED]:
                if not ok:
                    print("# " + p)
        for j, (kind, make, count) in enumerate(
                (("heads", random_head, RANDOM_HEADS),
                 ("blocks", random_block, RANDOM_BLOCKS)),
                len(examples) + 1):
            bad, read = [], 0
            for seed in range(count):
                path = os.path.join(work, "lesson.json")
                with open(path, "w") as f:
                    json.dump(make(seed), f)
                problems = problems_of(exattn, path, work)
                if problems is None:
                    continue
                read += 1
                bad += ["seed %d: %s" % (seed, p) for p in problems]
            ok = not bad and read >= count // 2
            ok_all &= ok
            print("%s %d - %d random %s audit clean (%d drawn)"
                  % ("ok" if ok else "not ok", j, read, kind, count))
            for p in bad[:LISTED]:
                print("# " + p)
    return 0 if ok_all else 1


if __name__ == "__main__":
    sys.exit(main())
