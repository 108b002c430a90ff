"""Helpers for tests/audit-heldout5 (independent of exattn).

Imports tests/audit-corpus/corpuslib.py (not a copy): Page, the head
lesson's exact and mpmath values, and the checks of every item kind.
Page5 adds:

- BlockLesson: a lesson with a "block" (docs/lesson-format.md: heads,
  W_O, residual, LayerNorm, feed-forward, second LayerNorm), derived here
  with Fractions where the arithmetic is rational and mpmath (50 digits)
  otherwise, with the claim paths of lesson-format.md ("Claims on a
  block") plus the intermediates a page prints (raw q.k, e^s, Z, a*v);
- P.mentions(...), P.mentions_until(anchor, why) as in heldout4lib;
- a guard: a value derived as named that lies within 1e-30 of a
  rational of denominator <= 1000 stops the script (an exactness by
  cancellation the simple rules here would miss).
"""
import json
import os
import re
import sys
from fractions import Fraction as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "audit-corpus"))

import corpuslib  # noqa: E402
from corpuslib import Page, Val, exact, squarefree_split, mp, mpf  # noqa: E402,F401
from mpmath import e, exp, sqrt, sin, cos  # noqa: E402,F401

mp.dps = 50


def V(x):
    """A Val from a Fraction or an mpf."""
    if isinstance(x, Val):
        return x
    if isinstance(x, F):
        return Val(None, x)
    return Val(x, None)


def add(a, b):
    if a.ex is not None and b.ex is not None:
        return Val(None, a.ex + b.ex)
    return Val(a.mp + b.mp, None)


def mul(a, b):
    if a.ex is not None and b.ex is not None:
        return Val(None, a.ex * b.ex)
    if (a.ex is not None and a.ex == 0) or (b.ex is not None and b.ex == 0):
        return Val(None, F(0))
    return Val(a.mp * b.mp, None)


def vsum(xs):
    t = Val(None, F(0))
    for x in xs:
        t = add(t, x)
    return t


def fsqrt(fr):
    """sqrt of a non-negative Fraction: exact when a perfect square."""
    import math
    p, q = fr.numerator, fr.denominator
    rp, rq = math.isqrt(p), math.isqrt(q)
    if rp * rp == p and rq * rq == q:
        return Val(None, F(rp, rq))
    return Val(msqrt_f(fr), None)


def msqrt_f(fr):
    return sqrt(mpf(fr.numerator) / fr.denominator)


class BlockLesson:
    """A block lesson (self-attention, Post-LN), rows by 1-based index."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            d = json.loads(f.read(), parse_float=str, parse_int=int)
        self.d = d
        b = d["block"]
        mat = lambda m: [[exact(x) for x in row] for row in m]
        X = mat(d["X"])
        assert b.get("positional", "none") == "none", "positions are not derived here"
        self.X = X
        self.WQ = self.WK = self.WV = self.M = None
        self.Q = self.K = self.V = None
        n, D = len(X), len(X[0])
        self.n = self.m = n
        self.D = D
        self.tokens = d.get("tokens")
        heads = b.get("heads") or [{"W_Q": d["W_Q"], "W_K": d["W_K"], "W_V": d["W_V"]}]
        self.heads = [{k: mat(h[k]) for k in ("W_Q", "W_K", "W_V")} for h in heads]
        mk = d.get("mask", "none")
        allow = [[True] * n for _ in range(n)]
        if mk == "causal":
            allow = [[j <= i for j in range(n)] for i in range(n)]
        else:
            assert mk == "none", mk
        self.allow = allow
        q = {}
        self.q = q
        self.vecs = []
        mm = lambda A, B: [[sum((A[i][t] * B[t][j] for t in range(len(B))), F(0))
                            for j in range(len(B[0]))] for i in range(len(A))]
        for i in range(n):
            for c in range(D):
                q["input[%d][%d]" % (i + 1, c + 1)] = V(X[i][c])
        self._vec("input", n, D)
        Hs = []
        for h, H in enumerate(self.heads, 1):
            Qh, Kh, Vh = mm(X, H["W_Q"]), mm(X, H["W_K"]), mm(X, H["W_V"])
            dk, dv = len(Qh[0]), len(Vh[0])
            sc = "1/sqrt(d_k)" if d.get("scale") is None else d["scale"]
            assert sc == "1/sqrt(d_k)"
            cc, rad = squarefree_split(dk)
            coef = F(1, cc)  # 1/sqrt(dk) = (1/cc) * 1/sqrt(rad) = sqrt(rad)/(cc*rad)
            coef, rad = (F(1, cc * rad), rad) if rad != 1 else (F(1, cc), 1)
            for nm, Mx in (("q", Qh), ("k", Kh), ("v", Vh)):
                for i in range(n):
                    for c in range(len(Mx[0])):
                        q["h%d.%s[%d][%d]" % (h, nm, i + 1, c + 1)] = V(Mx[i][c])
                self._vec("h%d.%s" % (h, nm), n, len(Mx[0]))
            out = [[None] * dv for _ in range(n)]
            for i in range(n):
                raw = [sum((Qh[i][t] * Kh[j][t] for t in range(dk)), F(0)) for j in range(n)]
                scaled = []
                for j in range(n):
                    q["h%d.qk[%d][%d]" % (h, i + 1, j + 1)] = V(raw[j])
                    r = raw[j] * coef
                    s = V(r) if (rad == 1 or raw[j] == 0) else Val(mpf(r.numerator) / r.denominator * sqrt(rad), None)
                    scaled.append(s)
                    q["h%d.scores[%d][%d]" % (h, i + 1, j + 1)] = s
                al = [j for j in range(n) if allow[i][j]]
                es = [V(F(1)) if (s.ex is not None and s.ex == 0) else Val(exp(s.mp), None) for s in scaled]
                for j in range(n):
                    q["h%d.e^scores[%d][%d]" % (h, i + 1, j + 1)] = es[j]
                Z = Val(sum((es[j].mp for j in al), mpf(0)),
                        F(len(al)) if all(scaled[j].ex == 0 for j in al) else None)
                q["h%d.Z[%d]" % (h, i + 1)] = Z
                alleq = len(set(raw[j] for j in al)) == 1
                w = []
                for j in range(n):
                    if not allow[i][j]:
                        v = V(F(0))
                    elif alleq:
                        v = V(F(1, len(al)))
                    else:
                        v = Val(es[j].mp / Z.mp, None)
                    w.append(v)
                    q["h%d.weights[%d][%d]" % (h, i + 1, j + 1)] = v
                groups = {}
                for j in al:
                    groups.setdefault(raw[j], []).append(j)
                for c in range(dv):
                    tot = Val(None, F(0))
                    for j in range(n):
                        cv = mul(w[j], V(Vh[j][c]))
                        q["h%d.contrib[%d][%d][%d]" % (h, i + 1, j + 1, c + 1)] = cv
                        tot = add(tot, cv)
                    avgs = set(sum((Vh[j][c] for j in g), F(0)) / len(g) for g in groups.values())
                    if len(avgs) == 1:
                        tot = V(avgs.pop())
                    out[i][c] = tot
                    q["h%d.output[%d][%d]" % (h, i + 1, c + 1)] = tot
            for nm in ("qk", "scores", "e^scores", "weights"):
                self._vec("h%d.%s" % (h, nm), n, n)
            self._vec("h%d.output" % h, n, dv)
            Hs.append(out)
        # concatenation and W_O
        cat = [[x for out in Hs for x in out[i]] for i in range(n)]
        if "W_O" in b:
            WO = mat(b["W_O"])
            A = [[vsum(mul(cat[i][t], V(WO[t][c])) for t in range(len(WO))) for c in range(D)] for i in range(n)]
        else:
            A = cat
        z = [[add(V(X[i][c]), A[i][c]) for c in range(D)] for i in range(n)]
        for i in range(n):
            for c in range(D):
                q["attention[%d][%d]" % (i + 1, c + 1)] = A[i][c]
                q["residual[%d][%d]" % (i + 1, c + 1)] = z[i][c]
        self._vec("attention", n, D)
        self._vec("residual", n, D)
        if "layer_norm" in b:
            u = self._ln("ln1", z, b["layer_norm"])
            if "ffn" in b:
                fn = b["ffn"]
                W1, W2 = mat(fn["W_1"]), mat(fn["W_2"])
                dff = len(W1[0])
                b1 = [exact(x) for x in fn.get("b_1", [0] * dff)]
                b2 = [exact(x) for x in fn.get("b_2", [0] * D)]
                hid = [[add(vsum(mul(u[i][t], V(W1[t][k])) for t in range(D)), V(b1[k])) for k in range(dff)] for i in range(n)]
                relu = [[(x if x.mp > 0 else V(F(0))) for x in row] for row in hid]
                for row in hid:
                    for x in row:
                        assert x.ex is not None or abs(x.mp) > mpf(10) ** -30, "ReLU sign too close to call"
                f = [[add(vsum(mul(relu[i][k], V(W2[k][c])) for k in range(dff)), V(b2[c])) for c in range(D)] for i in range(n)]
                z2 = [[add(u[i][c], f[i][c]) for c in range(D)] for i in range(n)]
                for i in range(n):
                    for k in range(dff):
                        q["ffn.hidden[%d][%d]" % (i + 1, k + 1)] = hid[i][k]
                        q["ffn.relu[%d][%d]" % (i + 1, k + 1)] = relu[i][k]
                    for c in range(D):
                        q["ffn[%d][%d]" % (i + 1, c + 1)] = f[i][c]
                        q["residual2[%d][%d]" % (i + 1, c + 1)] = z2[i][c]
                self._vec("ffn.hidden", n, dff)
                self._vec("ffn.relu", n, dff)
                self._vec("ffn", n, D)
                self._vec("residual2", n, D)
                self._ln("ln2", z2, b["layer_norm_2"])
        # shapes (lesson-format.md, "Shapes")
        shp = {"n": n, "m": n, "d_model": D, "heads": len(self.heads)}
        for h, H in enumerate(self.heads, 1):
            shp["h%d.d_k" % h] = len(H["W_Q"][0])
            shp["h%d.d_v" % h] = len(H["W_V"][0])
        if len(self.heads) == 1:
            shp["d_k"], shp["d_v"] = shp["h1.d_k"], shp["h1.d_v"]
        shp["concat"] = sum(len(H["W_V"][0]) for H in self.heads)
        if "ffn" in b:
            shp["d_ff"] = len(b["ffn"]["W_1"][0])
        for k, v in shp.items():
            q["shape." + k] = V(F(v))
        self._guard()

    def _ln(self, name, z, spec):
        n, D = self.n, self.D
        gam = [exact(x) for x in spec.get("gamma", [1] * D)]
        bet = [exact(x) for x in spec.get("beta", [0] * D)]
        eps = exact(spec["epsilon"])
        u = []
        for i in range(n):
            mu = vsum(z[i])
            mu = Val(None, mu.ex / D) if mu.ex is not None else Val(mu.mp / D, None)
            negmu = Val(None, -mu.ex) if mu.ex is not None else Val(-mu.mp, None)
            cen = [add(z[i][c], negmu) for c in range(D)]
            var = vsum(mul(x, x) for x in cen)
            var = Val(None, var.ex / D) if var.ex is not None else Val(var.mp / D, None)
            if var.ex is not None:
                den = fsqrt(var.ex + eps)
            else:
                den = Val(sqrt(var.mp + mpf(eps.numerator) / eps.denominator), None)
            row = []
            for c in range(D):
                if cen[c].ex is not None and den.ex is not None:
                    x = Val(None, gam[c] * cen[c].ex / den.ex + bet[c])
                elif cen[c].ex is not None and cen[c].ex == 0:
                    x = Val(None, bet[c])
                else:
                    x = Val(mpf(gam[c].numerator) / gam[c].denominator * cen[c].mp / den.mp
                            + mpf(bet[c].numerator) / bet[c].denominator, None)
                row.append(x)
                self.q["%s[%d][%d]" % (name, i + 1, c + 1)] = x
            self.q["%s.mean[%d]" % (name, i + 1)] = mu
            self.q["%s.variance[%d]" % (name, i + 1)] = var
            self.q["%s.sqrt[%d]" % (name, i + 1)] = den
            u.append(row)
        self._vec(name, n, D)
        return u

    def _vec(self, name, n, w):
        for i in range(1, n + 1):
            self.vecs.append(("%s[%d]" % (name, i), ["%s[%d][%d]" % (name, i, c) for c in range(1, w + 1)]))

    def _guard(self):
        self.cancelled = []
        for k, v in list(self.q.items()):
            if v.ex is None:
                fr = F(str(mp.nstr(v.mp, 45))).limit_denominator(1000)
                if abs(v.mp - mpf(fr.numerator) / fr.denominator) < mpf(10) ** -40:
                    # a sum of centred LayerNorm coordinates (or a ReLU that
                    # is off) cancels exactly: record the rational
                    self.q[k] = Val(None, fr)
                    self.cancelled.append((k, fr))
                elif abs(v.mp - mpf(fr.numerator) / fr.denominator) < mpf(10) ** -20:
                    raise AssertionError("%s is named here but nearly %s" % (k, fr))

    def _row(self, r):
        if re.fullmatch(r"\d+", r):
            return int(r)
        return self.tokens.index(r) + 1

    def get(self, path):
        if path in self.q:
            return self.q[path]
        m = re.fullmatch(r"(.+?)\[([^\]]+)\](?:\[([^\]]+)\])?(?:\[([^\]]+)\])?", path)
        name, a, b, c = m.groups()
        idx = [self._row(a)] + [self._row(x) if not re.fullmatch(r"\d+", x) else int(x) for x in (b, c) if x is not None]
        key = name + "".join("[%d]" % x for x in idx)
        if key in self.q:
            return self.q[key]
        keys = [k for k in self.q if k.startswith(key + "[") and k.count("[") == key.count("[") + 1]
        assert keys, path
        return [self.q[k] for k in sorted(keys, key=lambda s: int(s.rsplit("[", 1)[1][:-1]))]

    def scalars(self):
        return self.q.items()

    def vectors(self):
        return [(p, [self.q[k] for k in ks]) for p, ks in self.vecs]

    def dump(self):
        for k, v in self.q.items():
            print("%-28s %-14s %s" % (k, "" if v.ex is None else str(v.ex), mp.nstr(v.mp, 15)))


class Page5(Page):
    def __init__(self, script):
        base = os.path.splitext(os.path.abspath(script))[0]
        with open(base + ".json", encoding="utf-8") as f:
            isblock = "block" in json.load(f)
        if isblock:
            orig = corpuslib.Lesson
            corpuslib.Lesson = BlockLesson
            try:
                Page.__init__(self, script)
            finally:
                corpuslib.Lesson = orig
        else:
            Page.__init__(self, script)
        if not isblock:
            self._guard_head()

    def _guard_head(self):
        for k, v in self.L.q.items():
            if v.ex is None:
                fr = F(str(mp.nstr(v.mp, 45))).limit_denominator(1000)
                if abs(v.mp - mpf(fr.numerator) / fr.denominator) < mpf(10) ** -30:
                    raise AssertionError("%s is named here but equals %s" % (k, fr))

    def mentions(self, *texts, why=""):
        for t in texts:
            self.mention(t, why)

    def mentions_until(self, anchor, why):
        end = self.src.find(anchor, self.pos)
        assert end >= 0, "anchor %r not found" % anchor
        tok = re.compile(r"(?<![\w.])\d{4}-\d{2}-\d{2}|(?<![\w.])\d{1,2}:\d{2}(?::\d{2})?|"
                         + corpuslib.NUM.pattern)
        for m in tok.finditer(self.src, self.pos, end):
            k = m.start()
            line = self.src.count("\n", 0, k) + 1
            self.items.append((k, m.end(), line, m.group(0), "mention", why))
            self.pos = m.end()

    def oks(self, texts, paths, why="", after=None):
        for i, (t, p) in enumerate(zip(texts, paths)):
            self.ok(t, p, why, after=after if i == 0 else None)
