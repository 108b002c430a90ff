"""exattn grade against independent arithmetic (TAP).

The shipped float programs (docs/examples/grade/attention.mjs, plain
binary64 JavaScript, and attention_numpy.py, NumPy in float64 and
float32) compute seed 002's lab states and a random head; exattn grades
every value.  This script computes every exact value again on its own --
the lesson's variants applied here, scores as fractions, the scale,
exponentials and sums with Python's decimal module at 60 digits -- and
checks each reported figure: the error in ULPs inside exattn's certified
interval and its printed digits the rounding of the error computed here,
correctly rounded or not, each 3-decimal display right or wrong; then the
worst entry and the exit status.  And the example of docs/examples/grade/
whose worst entry is 5.13 ULPs off fails --max-ulp 5 and passes 6.

    python3 tests/grade.py   (EXATTN, EXATTN_SRCDIR; node and numpy)
"""
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal, getcontext, ROUND_HALF_UP
from fractions import Fraction

getcontext().prec = 60
SRC = os.environ.get("EXATTN_SRCDIR", os.path.join(os.path.dirname(
    os.path.abspath(__file__)), ".."))
EXATTN = os.environ.get("EXATTN", os.path.join(os.getcwd(), "exattn"))
LESSON = os.path.join(SRC, "docs", "examples", "002-grid-load-rises.json")
GRADE = os.path.join(SRC, "docs", "examples", "grade")
FORMATS = {"binary64": (53, -1022), "binary32": (24, -126)}


def floor_log2(q):
    """floor(log2 |q|) of a nonzero Fraction."""
    q = abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    elif Fraction(2) ** (e + 1) <= q:
        e += 1
    return e


def ulp(y, fmt):
    p, emin = FORMATS[fmt]
    e = emin if y == 0 else max(floor_log2(y), emin)
    return Fraction(2) ** (e - p + 1)


def round_to(y, fmt):
    """y rounded to the format, to nearest, ties to even."""
    u = ulp(y, fmt)
    n = y / u
    r = round(n)            # Python rounds a Fraction's ties to even
    return r * u


def frac(d):
    return Fraction(Decimal(d))


def exact_head(q, k, v, visible, scale):
    """Each row's weights and outputs: exact fractions where the scores
    of the allowed keys are equal (1/|A| each), else Decimals at 60
    digits."""
    weights, outputs = [], []
    for i, qi in enumerate(q):
        s = [Fraction(sum(a * b for a, b in zip(qi, kj))) if visible(i, j)
             else None for j, kj in enumerate(k)]
        allowed = [x for x in s if x is not None]
        top = max(allowed)
        if min(allowed) == top:
            w = [Fraction(0) if x is None else Fraction(1, len(allowed))
                 for x in s]
            weights.append(w)
            outputs.append([sum(w[j] * v[j][c] for j in range(len(v)))
                            for c in range(len(v[0]))])
            continue
        e = [None if x is None else (Decimal(x.numerator) / x.denominator
                                     - Decimal(top.numerator) / top.denominator
                                     ) * scale for x in s]
        e = [Decimal(0) if x is None else x.exp() for x in e]
        z = sum(e)
        w = [x / z for x in e]
        weights.append(w)
        dec = lambda x: (Decimal(x.numerator) / Decimal(x.denominator)
                         if isinstance(x, Fraction) else x)
        # the weights sum to exactly 1: a coordinate every allowed key's
        # value shares is that value, exactly
        same = lambda c: len({v[j][c] for j, x in enumerate(s)
                              if x is not None}) == 1
        outputs.append([Fraction(next(v[j][c] for j, x in enumerate(s)
                                      if x is not None)) if same(c)
                        else sum(w[j] * dec(v[j][c]) for j in range(len(v)))
                        for c in range(len(v[0]))])
    return weights, outputs


def lesson_state(lesson, variant):
    """Q, K, V, the visibility and the scale of the lesson or its
    variant, applied here from the lesson's own words."""
    x = lesson["X"]
    mm = lambda a, b: [[sum(a[i][t] * b[t][c] for t in range(len(b)))
                        for c in range(len(b[0]))] for i in range(len(a))]
    q, k, v = mm(x, lesson["W_Q"]), mm(x, lesson["W_K"]), mm(x, lesson["W_V"])
    tokens = lesson["tokens"]
    mask = lesson.get("mask", "none")
    spec = next((w for w in lesson.get("variants", [])
                 if w["name"] == variant), {})
    if "query_multiplier" in spec:
        r = tokens.index(spec["query_multiplier"]["query"])
        q[r] = [a * spec["query_multiplier"]["by"] for a in q[r]]
    if "value_override" in spec:
        o = spec["value_override"]
        v[tokens.index(o["row"])][o["col"] - 1] = o["value"]
    mask = spec.get("mask", mask)
    if mask == "causal":
        visible = lambda i, j: j <= i
    elif mask == "none":
        visible = lambda i, j: True
    else:
        visible = lambda i, j, m=mask: m[i][j] == 1
    return q, k, v, visible, 1 / Decimal(len(q[0])).sqrt()


def random_state(lesson):
    """A lesson of Q, K, V: integers, or with "floats" the floats its
    strings stand for (each decimal rounded to the format here)."""
    visible = (lambda i, j: j <= i) if lesson.get("mask") == "causal" \
        else (lambda i, j: True)
    fmt = lesson.get("floats")
    read = (lambda x: round_to(frac(x), fmt) if frac(x) else Fraction(0)) \
        if fmt else (lambda x: x)
    q, k, v = ([[read(x) for x in row] for row in lesson[m]]
               for m in ("Q", "K", "V"))
    return q, k, v, visible, 1 / Decimal(len(q[0])).sqrt()


def grade(lesson_path, results, *args):
    r = subprocess.run([EXATTN, "grade", lesson_path, results, "--format",
                        "json", "--digits", "3"] + list(args),
                       capture_output=True, text=True)
    return r.returncode, (json.loads(r.stdout) if r.stdout else None), \
        r.stderr


def check_value(v, truth, fmt):
    """Problems with one graded value, against truth (a Decimal)."""
    f = frac(v["float"])
    p, _ = FORMATS[fmt]
    f = round_to(f, fmt) if f != 0 else f
    y = Fraction(truth)
    if isinstance(truth, Fraction):
        truth = Decimal(truth.numerator) / Decimal(truth.denominator)
    err = abs(f - y) / ulp(y, fmt)
    errd = Decimal(err.numerator) / Decimal(err.denominator)
    problems = []
    lo, hi = Decimal(v["ulps"]["lo"]), Decimal(v["ulps"]["hi"])
    slack = Decimal("1e-40")    # this script's own rounding at 60 digits
    if not lo - slack <= errd <= hi + slack:
        problems.append("%s: error %s outside [%s, %s]"
                        % (v["entry"], errd, lo, hi))
    text = v["ulps"]["text"]
    places = len(text.split(".")[1]) if "." in text else 0
    if str(errd.quantize(Decimal(1).scaleb(-places),
                         rounding=ROUND_HALF_UP)) != text:
        problems.append("%s: error printed %s, computed %s"
                        % (v["entry"], text, errd))
    if (round_to(y, fmt) == f) != v["correctly_rounded"]:
        problems.append("%s: correctly rounded %s, computed otherwise"
                        % (v["entry"], v["correctly_rounded"]))
    shown = str((Decimal(f.numerator) / f.denominator).quantize(
        Decimal("0.001"), rounding=ROUND_HALF_UP))
    should = str(truth.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP))
    d = v["display"]
    if d is None or d["shown"] != shown or d["should_show"] != should \
            or d["right"] != (shown == should):
        problems.append("%s: display %s, computed %s / %s"
                        % (v["entry"], d, shown, should))
    return problems, err


def check_report(doc, weights, outputs, fmt):
    problems, worst, worst_entry = [], None, None
    for v in doc["values"]:
        table = weights if v["path"] == "weights" else outputs
        found, err = check_value(v, table[v["row"] - 1][v["col"] - 1], fmt)
        problems += found
        # the first of equal errors (this script's decimals blur exact
        # ties at 10^-50)
        if worst is None or err > worst + Fraction(1, 10 ** 40):
            worst, worst_entry = err, v["entry"]
    if doc["summary"]["worst"]["entry"] != worst_entry:
        problems.append("worst entry %s, computed %s"
                        % (doc["summary"]["worst"]["entry"], worst_entry))
    return problems, worst


def main():
    tests = []
    with open(LESSON, encoding="utf-8") as f:
        lesson = json.load(f)
    with tempfile.TemporaryDirectory() as out:
        js, np_ = os.path.join(out, "js"), os.path.join(out, "np")
        runs = [["node", os.path.join(GRADE, "attention.mjs"), LESSON, js],
                [sys.executable, os.path.join(GRADE, "attention_numpy.py"),
                 LESSON, np_]]
        for cmd in runs:
            r = subprocess.run(cmd, capture_output=True, text=True)
            tests.append((r.returncode == 0, "%s writes its results%s"
                          % (os.path.basename(cmd[1]),
                             "" if r.returncode == 0 else ": " + r.stderr)))
        states = ["base", "zero query", "value override", "causal off",
                  "rises blocked"]
        files = []
        for st in states:
            slug = st.replace(" ", "-")
            files.append((os.path.join(js, "002-%s.json" % slug), st,
                          "binary64"))
            for fmt in FORMATS:
                files.append((os.path.join(np_, "002-%s.%s.json"
                                           % (slug, fmt)), st, fmt))
        for path, st, fmt in files:
            args = [] if st == "base" else ["--variant", st]
            rc, doc, err = grade(LESSON, path, *args)
            if doc is None:
                tests.append((False, "%s: %s" % (path, err)))
                continue
            w, o = exact_head(*lesson_state(lesson, None if st == "base"
                                            else st))
            problems, worst = check_report(doc, w, o, fmt)
            wrong = sum(1 for v in doc["values"]
                        if not v["display"]["right"])
            problems += [] if rc == (1 if wrong else 0) else \
                ["exit status %d with %d wrong displays" % (rc, wrong)]
            tests.append((not problems, "%s, %s: %d values, max %.2f ulp, "
                          "%d wrong 3-decimal displays%s"
                          % (os.path.basename(os.path.dirname(path)),
                             os.path.basename(path), len(doc["values"]),
                             float(worst), wrong,
                             "".join("\n# " + p for p in problems[:5]))))
        for d, head, fmts in (
                (js, "random-head", [("random-head.json", "binary64")]),
                (np_, "random-head", [("random-head.%s.json" % f, f)
                                      for f in FORMATS]),
                (np_, "float-head", [("float-head.%s.json" % f, f)
                                     for f in FORMATS])):
            lpath = os.path.join(d, "%s.lesson.json" % head)
            with open(lpath, encoding="utf-8") as f:
                rl = json.load(f)
            w, o = exact_head(*random_state(rl))
            for name, fmt in fmts:
                rc, doc, err = grade(lpath, os.path.join(d, name))
                if doc is None:
                    tests.append((False, "%s: %s" % (name, err)))
                    continue
                problems, worst = check_report(doc, w, o, fmt)
                tests.append((not problems, "%s, %s %s: max %.2f "
                              "ulp at %s%s" % (os.path.basename(d), head, fmt,
                                               float(worst),
                                               doc["summary"]["worst"]["entry"],
                                               "".join("\n# " + p for p in
                                                       problems[:5]))))
        # a cap on the working precision decides the same grades or none:
        # never a grade the full precision would not give
        base = os.path.join(js, "002-base.json")
        rc, full, err = grade(LESSON, base)
        wrong = []
        for cap in (24, 53, 64, 78, 100, 128, 150, 193, 194, 256, 400):
            rc, capped, err = grade(LESSON, base, "--max-prec", str(cap))
            if capped is not None and capped["values"] != full["values"]:
                wrong.append("%d bits: other grades" % cap)
            elif capped is None and not (rc == 2 and "undecided at %d bits"
                                         % cap in err):
                wrong.append("%d bits: %s" % (cap, err.strip()))
        tests.append((not wrong, "--max-prec from 24 to 400 bits: the full "
                      "precision's grades or 'undecided'%s"
                      % "".join("\n# " + w for w in wrong)))
        # the same floats as hex floats and as .npy files grade alike
        import numpy as np
        for fmt, dtype in (("binary64", np.float64), ("binary32", np.float32)):
            src = os.path.join(np_, "random-head.%s.json" % fmt)
            with open(src, encoding="utf-8") as f:
                doc = json.load(f)
            hexed = {"format": fmt, "values": {}}
            npyd = {"format": fmt, "values": {}}
            for path, rows in doc["values"].items():
                a = np.array([[dtype(x) for x in row] for row in rows],
                             dtype=dtype)
                hexed["values"][path] = [[float(x).hex() for x in row]
                                         for row in a]
                name = "%s-%s.npy" % (path, fmt)
                np.save(os.path.join(np_, name),
                        np.asfortranarray(a) if path == "output" else a)
                npyd["values"][path] = {"npy": name}
            grades = []
            for name, body in (("decimal", None), ("hex", hexed),
                               ("npy", npyd)):
                target = src
                if body is not None:
                    target = os.path.join(np_, "rh-%s-%s.json" % (name, fmt))
                    with open(target, "w", encoding="utf-8") as f:
                        json.dump(body, f)
                rc, g, err = grade(os.path.join(np_, "random-head.lesson.json"),
                                   target)
                grades.append([(v["entry"], v["ulps"], v["correctly_rounded"],
                                v["display"]) for v in g["values"]]
                              if g else err)
            tests.append((grades[0] == grades[1] == grades[2]
                          and isinstance(grades[0], list),
                          "%s: decimal, hex and .npy (output in Fortran "
                          "order) give the same %d grades"
                          % (fmt, len(grades[0]))))
    # the example whose worst entry lies 5.13 ULPs from the truth
    five = os.path.join(GRADE, "002-five-ulps.json")
    r5 = subprocess.run([EXATTN, "grade", LESSON, five, "--max-ulp", "5"],
                        capture_output=True, text=True)
    r6 = subprocess.run([EXATTN, "grade", LESSON, five, "--max-ulp", "6"],
                        capture_output=True, text=True)
    line = [ln for ln in r5.stdout.splitlines()
            if "over 5 ulp" in ln and ln.startswith(five)]
    tests.append((r5.returncode == 1 and r6.returncode == 0 and len(line) == 1
                  and "FAIL output[rises][2]" in line[0]
                  and ": 5.13 ulp," in line[0],
                  "002-five-ulps.json: fails --max-ulp 5 (%s), passes 6 (%d)"
                  % (line[0] if line else r5.stdout[-200:], r6.returncode)))
    print("1..%d" % len(tests))
    for i, (ok, what) in enumerate(tests, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, what))
    return 0 if all(ok for ok, _ in tests) else 1


if __name__ == "__main__":
    sys.exit(main())
