"""Shared helpers for the audit corpus scripts (NAME.py).

Everything here is computed independently of exattn: the lesson is read
with Python's json module into exact Fractions, every quantity of the
lesson is derived exactly where the mathematics makes it exact and with
mpmath at mp.dps = 50 otherwise, and each number a page prints is checked
against that truth before NAME.expect is written.

A NAME.py script lists the page's numbers in page order:

    P = Page(__file__)
    P.passes("0.284", "weights[rises][grid]")
    P.fail("0.283", "weights[rises][grid]", "truncation instead of rounding")
    P.wording("0.333", "weights[1][1]", "'exactly' before a rounding of 1/3")
    P.mention("3.11", "Python version")
    P.ok("1", "X[1][1]")
    P.formula(r"\\frac{e^{1}}{e^{1}+e^{0}+e^{2}}", "weights[3][1]",
              lambda: exp(1) / (exp(1) + exp(0) + exp(2)))
    P.write()

Each call finds its text in the page after the previous item (or after
the string given as after=...), checks it, and records its line.  write()
prints every numeral of the page that no item covers (so that a skipped
number is a decision, not an oversight) and writes NAME.expect.
"""

import json
import os
import re
import sys
from fractions import Fraction as F

from mpmath import mp, mpf, sqrt as msqrt, exp as mexp, floor as mfloor

mp.dps = 50


# ---------------------------------------------------------------- numbers

def exact(x):
    """A lesson number (JSON int, decimal string from parse_float, or a
    string such as "3/4", "-2", "0.5/3", "1e-3") as a Fraction."""
    if isinstance(x, bool):
        return F(int(x))
    if isinstance(x, int):
        return F(x)
    if isinstance(x, F):
        return x
    s = str(x).strip()
    if "/" in s:
        a, b = s.split("/", 1)
        return F(a) / F(b)
    return F(s)


def squarefree_split(n):
    """n = c^2 * s with s square-free: return (c, s)."""
    c, s, p = 1, 1, 2
    while p * p <= n:
        while n % (p * p) == 0:
            n //= p * p
            c *= p
        if n % p == 0:
            n //= p
            s *= p
        p += 1
    return c, s * n


class Val:
    """A lesson quantity: an exact Fraction when the value is rational
    (ex), and a 50-digit mpmath value (mp) always; form is how it was
    derived, for the 'why' text."""

    def __init__(self, mpv, ex=None, form=""):
        self.ex = ex
        self.mp = mpf(ex.numerator) / ex.denominator if ex is not None else mpv
        self.form = form

    def __repr__(self):
        return "Val(%s, %s)" % (self.ex, mp.nstr(self.mp, 12))


# ---------------------------------------------------------------- lesson

class Lesson:
    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            src = f.read()
        # the corpus lessons hold no comments; json reads decimals as text
        d = json.loads(src, parse_float=str, parse_int=int)
        self.d = d
        mat = lambda m: [[exact(x) for x in row] for row in m]
        if "Q" in d:
            self.Q, self.K, self.V = mat(d["Q"]), mat(d["K"]), mat(d["V"])
            self.X = self.WQ = self.WK = self.WV = self.M = None
        else:
            self.X = mat(d["X"])
            self.WQ, self.WK, self.WV = mat(d["W_Q"]), mat(d["W_K"]), mat(d["W_V"])
            self.M = mat(d["memory"]) if "memory" in d else None
            src_kv = self.M if self.M is not None else self.X
            mul = lambda A, B: [[sum((A[i][t] * B[t][j] for t in range(len(B))), F(0))
                                 for j in range(len(B[0]))] for i in range(len(A))]
            self.Q = mul(self.X, self.WQ)
            self.K = mul(src_kv, self.WK)
            self.V = mul(src_kv, self.WV)
        self.n, self.m = len(self.Q), len(self.K)
        self.dk, self.dv = len(self.Q[0]), len(self.V[0])
        self.tokens = d.get("tokens")
        self.qtokens = d.get("query_tokens") or (self.tokens if self.tokens and self.n == self.m else None)
        self._scale(d.get("scale", "1/sqrt(d_k)"))
        self._mask(d.get("mask", "none"))
        self._derive()

    # scale = coef * sqrt(rad), rad square-free
    def _scale(self, s):
        if isinstance(s, str) and s.startswith("1/sqrt("):
            arg = s[len("1/sqrt("):-1]
            N = F(self.dk) if arg == "d_k" else exact(arg)
            # 1/sqrt(p/q) = sqrt(q/p) = sqrt(p*q)/p
            p, q = N.numerator, N.denominator
            c, r = squarefree_split(p * q)
            self.coef, self.rad = F(c, p), r
        elif s == "none":
            self.coef, self.rad = F(1), 1
        else:
            self.coef, self.rad = exact(s), 1
        self.scale_mp = self.coef * msqrt(self.rad) if self.rad != 1 else mpf(self.coef.numerator) / self.coef.denominator

    def _mask(self, mk):
        n, m = self.n, self.m
        allow = [[True] * m for _ in range(n)]
        def causal():
            for i in range(n):
                for j in range(m):
                    if j > i:
                        allow[i][j] = False
        if mk == "none":
            pass
        elif mk == "causal":
            causal()
        elif isinstance(mk, list) and mk and isinstance(mk[0], list):
            for i in range(n):
                for j in range(m):
                    allow[i][j] = bool(mk[i][j])
        elif isinstance(mk, list):
            for i in range(n):
                for j in range(m):
                    allow[i][j] = bool(mk[j])
        elif isinstance(mk, dict) and "additive" in mk:
            for i in range(n):
                for j in range(m):
                    e = mk["additive"][i][j]
                    allow[i][j] = not (isinstance(e, str) and e.lstrip("-").lower() in ("inf", "infinity"))
        elif isinstance(mk, dict):
            if "key_padding" in mk:
                for i in range(n):
                    for j in range(m):
                        allow[i][j] = bool(mk["key_padding"][j])
            if "valid_lens" in mk:
                vl = mk["valid_lens"]
                for i in range(n):
                    k = vl[i] if isinstance(vl, list) else vl
                    for j in range(m):
                        if j >= k:
                            allow[i][j] = False
            if mk.get("causal"):
                causal()
        else:
            raise ValueError("mask %r" % (mk,))
        for i in range(n):
            assert any(allow[i]), "row %d: every key blocked" % (i + 1)
        self.allow = allow

    def _derive(self):
        n, m, Q, K, V = self.n, self.m, self.Q, self.K, self.V
        q = {}  # canonical path -> Val
        for name, Mx in (("Q", Q), ("K", K), ("V", V)):
            for i, row in enumerate(Mx):
                for c, x in enumerate(row):
                    q["%s[%d][%d]" % (name, i + 1, c + 1)] = Val(None, x, "%s entry" % name)
        self.scores = [[sum((Q[i][t] * K[j][t] for t in range(self.dk)), F(0)) for j in range(m)] for i in range(n)]
        for i in range(n):
            sc = self.scores[i]
            for j in range(m):
                q["scores[%d][%d]" % (i + 1, j + 1)] = Val(None, sc[j], "q%d.k%d" % (i + 1, j + 1))
            scaled = []
            for j in range(m):
                r = sc[j] * self.coef
                if self.rad == 1 or sc[j] == 0:
                    v = Val(None, r if self.rad == 1 else F(0), "scaled score")
                else:
                    v = Val((mpf(r.numerator) / r.denominator) * msqrt(self.rad),
                            None, "(%s)*sqrt(%d)" % (r, self.rad))
                scaled.append(v)
                q["scaled[%d][%d]" % (i + 1, j + 1)] = v
            allowed = [j for j in range(m) if self.allow[i][j]]
            es = []
            for j in range(m):
                s = scaled[j]
                e = Val(None, F(1), "e^0") if (s.ex is not None and s.ex == 0) else Val(mexp(s.mp), None, "e^{%s}" % s.form)
                es.append(e)
                q["e^scaled[%d][%d]" % (i + 1, j + 1)] = e
            zmp = sum((es[j].mp for j in allowed), mpf(0))
            zex = F(len(allowed)) if all(scaled[j].ex == 0 for j in allowed) else None
            q["Z[%d]" % (i + 1)] = Val(zmp, zex, "sum of e^s over allowed keys")
            # weights: exact when blocked, or when every allowed score is equal
            alleq = len(set(sc[j] for j in allowed)) == 1
            w = []
            for j in range(m):
                if not self.allow[i][j]:
                    v = Val(None, F(0), "blocked key")
                elif alleq:
                    v = Val(None, F(1, len(allowed)), "equal allowed scores")
                else:
                    v = Val(es[j].mp / zmp, None, "e^s/Z")
                w.append(v)
                q["weights[%d][%d]" % (i + 1, j + 1)] = v
            q["sum(weights[%d])" % (i + 1)] = Val(None, F(1), "weights sum to 1")
            # contributions and outputs
            groups = {}
            for j in allowed:
                groups.setdefault(sc[j], []).append(j)
            for c in range(self.dv):
                tot = mpf(0)
                for j in range(m):
                    vj = V[j][c]
                    if w[j].ex is not None or vj == 0:
                        wx = w[j].ex if w[j].ex is not None else F(0)
                        cv = Val(None, wx * vj, "w*v")
                    else:
                        cv = Val(w[j].mp * vj.numerator / vj.denominator, None, "w*v")
                    q["contributions[%d][%d][%d]" % (i + 1, j + 1, c + 1)] = cv
                    tot += cv.mp
                # exact iff every score group averages the same value
                avgs = set(sum((V[j][c] for j in g), F(0)) / len(g) for g in groups.values())
                if len(avgs) == 1:
                    q["output[%d][%d]" % (i + 1, c + 1)] = Val(None, avgs.pop(), "every score group averages this")
                else:
                    q["output[%d][%d]" % (i + 1, c + 1)] = Val(tot, None, "sum of w*v")
        sd = F(self.dk)
        c, r = squarefree_split(self.dk)
        q["sqrt(d_k)"] = Val(msqrt(self.dk), F(c) if r == 1 else None, "sqrt(%d)" % self.dk)
        q["1/sqrt(d_k)"] = Val(1 / msqrt(self.dk), F(1, c) if r == 1 else None, "1/sqrt(%d)" % self.dk)
        for k, v in (("n", self.n), ("m", self.m), ("d_k", self.dk), ("d_v", self.dv)):
            q["shape.%s" % k] = Val(None, F(v), "shape")
        self.q = q

    # ---- paths
    def _row(self, r):
        if re.fullmatch(r"\d+", r):
            return int(r)
        return self.qtokens.index(r) + 1

    def _key(self, r):
        if re.fullmatch(r"\d+", r):
            return int(r)
        return self.tokens.index(r) + 1

    def get(self, path):
        """A Val, or a list of Vals for a vector path."""
        if path in self.q:
            return self.q[path]
        mm = re.fullmatch(r"([A-Za-z_^.()]+)\[([^\]]+)\](?:\[([^\]]+)\])?(?:\[([^\]]+)\])?", path)
        if path.startswith("sum(weights["):
            return self.q["sum(weights[%d])" % self._row(path[12:-2])]
        if path.startswith("Z["):
            return self.q["Z[%d]" % self._row(path[2:-1])]
        name, a, b, c = mm.groups()
        rowkind = {"Q": self._row, "K": self._key, "V": self._key}.get(name, self._row)
        i = rowkind(a)
        if name in ("Q", "K", "V"):
            width = len({"Q": self.Q, "K": self.K, "V": self.V}[name][0])
            if b is None:
                return [self.q["%s[%d][%d]" % (name, i, cc)] for cc in range(1, width + 1)]
            return self.q["%s[%d][%d]" % (name, i, int(b))]
        if name == "output":
            if b is None:
                return [self.q["output[%d][%d]" % (i, cc)] for cc in range(1, self.dv + 1)]
            return self.q["output[%d][%d]" % (i, int(b))]
        if name == "contributions":
            j = self._key(b)
            if c is None:
                return [self.q["contributions[%d][%d][%d]" % (i, j, cc)] for cc in range(1, self.dv + 1)]
            return self.q["contributions[%d][%d][%d]" % (i, j, int(c))]
        # scores, scaled, weights, e^scaled
        if b is None:
            return [self.q["%s[%d][%d]" % (name, i, jj)] for jj in range(1, self.m + 1)]
        return self.q["%s[%d][%d]" % (name, i, self._key(b))]

    def scalars(self):
        return self.q.items()

    def vectors(self):
        """Every vector quantity (rows), as (path, [Val])."""
        out = []
        for i in range(1, self.n + 1):
            for name in ("scores", "scaled", "weights", "e^scaled"):
                out.append(("%s[%d]" % (name, i), [self.q["%s[%d][%d]" % (name, i, j)] for j in range(1, self.m + 1)]))
            out.append(("output[%d]" % i, [self.q["output[%d][%d]" % (i, c)] for c in range(1, self.dv + 1)]))
            for j in range(1, self.m + 1):
                out.append(("contributions[%d][%d]" % (i, j),
                            [self.q["contributions[%d][%d][%d]" % (i, j, c)] for c in range(1, self.dv + 1)]))
        for name, Mx in (("Q", self.Q), ("K", self.K), ("V", self.V)):
            for i in range(len(Mx)):
                out.append(("%s[%d]" % (name, i + 1), [self.q["%s[%d][%d]" % (name, i + 1, c)] for c in range(1, len(Mx[0]) + 1)]))
        return out

    def dump(self):
        for k, v in self.q.items():
            print("%-28s %-12s %s" % (k, "" if v.ex is None else str(v.ex), mp.nstr(v.mp, 15)))


# ---------------------------------------------------------------- text

MINUS = "\u2212"
FRAC = re.compile(r"\\[dt]?frac\{(-?\d+)\}\{(\d+)\}")


def parse_scalar(t):
    """('dec', Fraction, digits) | ('frac', Fraction, None)."""
    s = t.replace(MINUS, "-").strip()
    neg = False
    if s.startswith("-"):
        neg, s = True, s[1:].strip()
    m = FRAC.fullmatch(s)
    if m:
        v = F(int(m.group(1)), int(m.group(2)))
        return ("frac", -v if neg else v, None)
    m = re.fullmatch(r"(\d+)/(\d+)", s)
    if m:
        v = F(int(m.group(1)), int(m.group(2)))
        return ("frac", -v if neg else v, None)
    m = re.fullmatch(r"\d+(?:\.(\d+))?", s)
    if m:
        v = F(s)
        return ("dec", -v if neg else v, len(m.group(1) or ""))
    raise ValueError("not a number: %r" % t)


def parse(t):
    s = t.strip()
    if s[0] in "[(" and s[-1] in "])":
        return [parse_scalar(x) for x in s[1:-1].split(",")]
    return parse_scalar(s)


def round_exact(v, d):
    """Round a Fraction half away from zero at d digits: (int units, tie?)."""
    x = abs(v) * 10 ** d
    fl = x.numerator // x.denominator
    rem = x - fl
    tie = rem == F(1, 2)
    r = fl + (1 if rem >= F(1, 2) else 0)
    return (-r if v < 0 else r), tie


def round_mp(x, d):
    y = abs(x) * mpf(10) ** d
    fl = int(mfloor(y))
    rem = y - fl
    assert abs(rem - mpf(1) / 2) > mpf(10) ** -40, "too close to a rounding boundary"
    r = fl + (1 if rem > mpf(1) / 2 else 0)
    return -r if x < 0 else r


def fmt_units(u, d):
    s = "-" if u < 0 else ""
    u = abs(u)
    if d == 0:
        return s + str(u)
    t = str(u).rjust(d + 1, "0")
    return s + t[:-d] + "." + t[-d:]


def correct(val, d):
    """The correct rounding of val at d digits, as text, and whether val
    is an exact tie there."""
    if val.ex is not None:
        u, tie = round_exact(val.ex, d)
        return fmt_units(u, d), tie
    return fmt_units(round_mp(val.mp, d), d), False


def matches(parsed, val):
    """Does a parsed scalar stand for val (correct rounding, or exact
    fraction)?"""
    kind, v, d = parsed
    if kind == "frac":
        return val.ex is not None and val.ex == v
    txt, tie = correct(val, d)
    if tie:
        lo = fmt_units(round_exact(val.ex, d)[0] - (1 if val.ex > 0 else -1), d)
        return F(txt) == v or F(lo) == v
    return F(txt) == v


def show(val):
    if val.ex is not None:
        return str(val.ex)
    return mp.nstr(val.mp, 10) + "..."


# ---------------------------------------------------------------- page

NUM = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)*(?:/\d+)?")


class Page:
    def __init__(self, script):
        base = os.path.splitext(os.path.abspath(script))[0]
        self.base = base
        for ext in (".md", ".html", ".tex"):
            if os.path.exists(base + ext):
                self.path = base + ext
        with open(self.path, encoding="utf-8") as f:
            self.src = f.read()
        self.L = Lesson(base + ".json")
        self.items = []   # (pos, end, line, text, expect, why)
        self.pos = 0
        self.errors = []
        n = self.src.count("\n") + (0 if self.src.endswith("\n") else 1)
        print("%s: %d lines" % (os.path.basename(self.path), n))
        if not 40 <= n <= 120:
            self.errors.append("page has %d lines, not 40-120" % n)

    # ---- locating
    def _find(self, text, after=None, loose=False):
        start = self.pos
        if after is not None:
            k = self.src.find(after, start)
            if k < 0:
                raise AssertionError("anchor %r not found after offset %d" % (after, start))
            start = k + len(after)
        while True:
            k = self.src.find(text, start)
            if k < 0:
                raise AssertionError("%r not found after offset %d (line %d)" %
                                     (text, start, self.src.count("\n", 0, start) + 1))
            before = self.src[k - 1] if k > 0 else " "
            after_c = self.src[k + len(text)] if k + len(text) < len(self.src) else " "
            after2 = self.src[k + len(text):k + len(text) + 2]
            ok_before = not (before.isdigit() or before in "./^_" or (before in "-\u2212" and text[0].isdigit())
                             or (before.isalpha() and text[0].isdigit()))
            ok_after = not (after_c.isdigit() or re.match(r"\.\d", after2) or re.match(r"/\d", after2) and text[-1].isdigit())
            if (ok_before or loose) and ok_after:
                return k
            start = k + 1

    def _add(self, text, expect, why, after=None, loose=False):
        k = self._find(text, after, loose)
        line = self.src.count("\n", 0, k) + 1
        self.items.append((k, k + len(text), line, text, expect, why))
        self.pos = k + len(text)
        return k

    # ---- checks
    def _vals(self, path):
        v = self.L.get(path)
        return v

    def _ctx(self, k, width=40):
        return self.src[max(0, k - width):k]

    def _check_wording_context(self, k, text, vals, expect):
        ctx = self._ctx(k).replace("\n", " ")
        approx = re.search(r"(\\approx|≈|approximately|about|roughly|around)[^0-9]{0,25}$", ctx)
        exactly = re.search(r"exactly[^0-9]{0,25}$", ctx)
        p = parse(text)
        ps = p if isinstance(p, list) else [p]
        vs = vals if isinstance(vals, list) else [vals]
        if approx:
            bad = [i for i, (pp, vv) in enumerate(zip(ps, vs))
                   if vv.ex is not None and vv.ex != 0 and pp[1] == vv.ex]
            if bad and expect == "pass":
                self.errors.append("%r: pass after '≈' but entry %s is exactly what it prints" % (text, bad))
            return ("approx", bad)
        if exactly:
            inexact = [i for i, (pp, vv) in enumerate(zip(ps, vs)) if vv.ex is None or pp[1] != vv.ex]
            if inexact and expect == "pass":
                self.errors.append("%r: pass after 'exactly' but entry %s is a rounding" % (text, inexact))
            return ("exactly", inexact)
        return (None, [])

    def _truth(self, path, text):
        """Check text against path: (ok, why)."""
        vals = self._vals(path)
        p = parse(text)
        if isinstance(p, list):
            assert isinstance(vals, list) and len(vals) == len(p), (text, path)
            oks = [matches(pp, vv) for pp, vv in zip(p, vals)]
            rounds = [correct(vv, pp[2])[0] if pp[0] == "dec" else str(vv.ex) for pp, vv in zip(p, vals)]
            why = "%s = [%s], rounds to [%s]" % (path, ", ".join(show(v) for v in vals), ", ".join(rounds))
            return all(oks), why, oks, vals
        kind, v, d = p
        if kind == "frac":
            why = "%s = %s" % (path, show(vals))
            return matches(p, vals), why, None, vals
        why = "%s = %s, rounds to %s" % (path, show(vals), correct(vals, d)[0])
        if vals.ex is not None and correct(vals, d)[1]:
            self.errors.append("%r: %s is an exact tie at %d digits" % (text, path, d))
        return matches(p, vals), why, None, vals

    def _any(self, text):
        """Every quantity of the lesson the text stands for."""
        p = parse(text)
        hits = []
        if isinstance(p, list):
            for path, vals in self.L.vectors():
                if len(vals) == len(p) and all(matches(pp, vv) for pp, vv in zip(p, vals)):
                    hits.append(path)
        else:
            for path, val in self.L.scalars():
                if matches(p, val):
                    hits.append(path)
        return hits

    def _near(self, text, vals):
        p = parse(text)
        ps, vs = (p, vals) if isinstance(p, list) else ([p], [vals])
        for pp, vv in zip(ps, vs):
            if matches(pp, vv):
                continue
            if pp[0] == "frac":
                return False
            d = pp[2]
            tru = F(correct(vv, d)[0])
            ulp = F(1, 10 ** d)
            if abs(pp[1] - tru) <= 10 * ulp and abs(pp[1] - tru) <= abs(tru) / 20:
                continue
            a, b = correct(vv, d)[0], fmt_units(int(pp[1] * 10 ** d), d)
            if len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1:
                continue
            return False
        return True

    # ---- the item kinds
    def passes(self, text, path, after=None, note=""):
        k = self._add(text, "pass", "", after)
        ok, why, _, vals = self._truth(path, text)
        if not ok:
            self.errors.append("pass %r line %d: not correct: %s" % (text, self.items[-1][2], why))
        self._check_wording_context(k, text, vals, "pass")
        self._set_why(why + (("; " + note) if note else ""))

    def fail(self, text, path, slip, after=None):
        k = self._add(text, "fail", "", after)
        ok, why, oks, vals = self._truth(path, text)
        if ok:
            self.errors.append("fail %r line %d is correct: %s" % (text, self.items[-1][2], why))
        hits = self._any(text)
        if hits:
            self.errors.append("fail %r line %d matches %s" % (text, self.items[-1][2], hits))
        near = self._near(text, vals)
        why = "SLIP (%s): true %s" % (slip, why)
        if not near:
            why += " (not within 10 units of the last digit: may be reported UNSOURCED)"
        self._set_why(why)

    def wording(self, text, path, what, after=None):
        k = self._add(text, "wording", "", after)
        ok, why, _, vals = self._truth(path, text)
        if not ok:
            self.errors.append("wording %r: number is not right: %s" % (text, why))
        kind, bad = self._check_wording_context(k, text, vals, "wording")
        if kind is None and "fraction" not in what:
            self.errors.append("wording %r: no ≈/exactly before it" % text)
        if kind == "approx" and not bad:
            self.errors.append("wording %r: ≈ but no exact entry" % text)
        if kind == "exactly" and not bad:
            self.errors.append("wording %r: 'exactly' but the value is exact" % text)
        self._set_why("%s; %s" % (what, why))

    def ok(self, text, path=None, why="", after=None):
        self._add(text, "ok", "", after)
        if path is not None:
            okk, w, _, _ = self._truth(path, text)
            if not okk:
                self.errors.append("ok %r: not correct: %s" % (text, w))
            why = (why + "; " if why else "") + w
        self._set_why(why)

    def input_entry(self, text, which, i, j, after=None):
        """An entry of X, W_Q, W_K, W_V or memory (inputs the audit has no
        path for): expected 'ok'."""
        mx = {"X": self.L.X, "W_Q": self.L.WQ, "W_K": self.L.WK, "W_V": self.L.WV, "memory": self.L.M}[which]
        v = mx[i - 1][j - 1]
        self._add(text, "ok", "", after)
        if parse_scalar(text)[1] != v:
            self.errors.append("input %r != %s[%d][%d] = %s" % (text, which, i, j, v))
        self._set_why("%s[%d][%d] = %s, an input of the lesson (no claim path); must not fail" % (which, i, j, v))

    def matrix(self, which, after):
        """Every entry of a matrix printed row by row (bmatrix), in order."""
        mx = {"X": self.L.X, "W_Q": self.L.WQ, "W_K": self.L.WK, "W_V": self.L.WV, "memory": self.L.M,
              "Q": self.L.Q, "K": self.L.K, "V": self.L.V}[which]
        first = True
        for i, row in enumerate(mx):
            for j, v in enumerate(row):
                t = str(v.numerator) if v.denominator == 1 else "%d/%d" % (v.numerator, v.denominator)
                if which in ("Q", "K", "V"):
                    self.ok(t, "%s[%d][%d]" % (which, i + 1, j + 1), "entry of the matrix %s" % which,
                            after=after if first else None)
                else:
                    self.input_entry(t, which, i + 1, j + 1, after=after if first else None)
                first = False

    def mention(self, text, why, after=None, loose=False):
        self._add(text, "mention", why, after, loose)

    def formula(self, text, path, fn, after=None):
        self._add(text, "", "", after)
        val = self._vals(path)
        got = fn()
        same = abs(got - val.mp) < mpf(10) ** -40
        exp_ = "formula-pass" if same else "formula-fail"
        why = "%s = %s; the formula evaluates to %s" % (path, show(val), mp.nstr(got, 10))
        k, e, line, t, _, _ = self.items[-1]
        self.items[-1] = (k, e, line, t, exp_, why)
        print("  formula on line %d: %s" % (line, exp_))

    def vtext(self, path, open_="[", close="]"):
        """The exact vector of path as a page writes it, e.g. "[1, 0]"."""
        return open_ + ", ".join(str(v.ex) for v in self.L.get(path)) + close

    def _set_why(self, why):
        k, e, line, t, x, _ = self.items[-1]
        self.items[-1] = (k, e, line, t, x, why)

    # ---- output
    def uncovered(self):
        spans = [(a, b) for a, b, *_ in self.items]
        out = []
        for m in NUM.finditer(self.src):
            a, b = m.span()
            if any(x <= a < y for x, y in spans):
                continue
            line = self.src.count("\n", 0, a) + 1
            ls = self.src.rfind("\n", 0, a) + 1
            le = self.src.find("\n", a)
            out.append((line, m.group(0), self.src[max(ls, a - 25):min(le if le >= 0 else len(self.src), b + 15)]))
        return out

    def write(self, show_uncovered=True):
        # same text on the same line with different expectations is ambiguous
        seen = {}
        for _, _, line, t, x, _ in self.items:
            if (line, t) in seen and seen[(line, t)] != x:
                self.errors.append("line %d: %r twice with %s and %s" % (line, t, seen[(line, t)], x))
            seen[(line, t)] = x
        if show_uncovered:
            for line, t, ctx in self.uncovered():
                print("  not listed: line %d %r   ...%s..." % (line, t, ctx))
        with open(self.base + ".expect", "w", encoding="utf-8") as f:
            for _, _, line, t, x, why in self.items:
                f.write(json.dumps({"line": line, "text": t, "expect": x, "why": why}, ensure_ascii=False) + "\n")
        counts = {}
        for it in self.items:
            counts[it[4]] = counts.get(it[4], 0) + 1
        print("  " + ", ".join("%s %d" % kv for kv in sorted(counts.items())))
        if self.errors:
            for e in self.errors:
                print("  ERROR: " + e)
            sys.exit(1)
