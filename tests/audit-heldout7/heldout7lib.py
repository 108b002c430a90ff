"""Helpers for tests/audit-heldout7 (independent of exattn).

Imports tests/audit-heldout6/heldout6lib.py, which imports
tests/audit-heldout5/heldout5lib.py and tests/audit-corpus/corpuslib.py
(none of them is copied).  Page7 is Page6 plus what this set needs:

- plain-text pages (NAME.txt), which corpuslib's Page does not look for;
- VariantLesson: a head lesson with "variants" (docs/lesson-format.md).
  Each variant is the base with some top-level fields replaced; its
  Q, K, V are computed here (projections, then query_multiplier, then
  value_override) and derived with corpuslib.Lesson.  Paths:
  "NAME:weights[3][1]" is a variant's quantity and
  "NAME-base:output[3][2]" its difference from the base (the same path
  minus the base's; "base-NAME:PATH" is the base's minus the variant's,
  for a page that says "falls by"), exact when both are exact, and 0
  exactly when the two agree to 1e-40 (the same weights and values,
  which the variant's derivation shows);
- CrossBlockLesson: a block whose keys and values come from "memory"
  (cross-attention), with several heads, W_O, the residual and an
  optional first LayerNorm, derived as heldout5lib.BlockLesson derives a
  self-attention block (Fractions where rational, mpmath otherwise) and
  with its claim paths (hH.q, hH.k, hH.v, hH.qk, hH.scores, hH.e^scores,
  hH.Z, hH.weights, hH.contrib, hH.output, attention, residual,
  ln1.mean, ln1.variance, ln1, shapes);
- P.entry(text, path, why): an "ok" item checked against a quantity.
"""
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "audit-heldout6"))

import heldout6lib  # noqa: E402
from heldout6lib import Page6, heldout5lib, corpuslib, mp, mpf  # noqa: E402,F401
from heldout5lib import BlockLesson, V, add, mul, vsum  # noqa: E402
from corpuslib import Val, exact, squarefree_split, Lesson  # noqa: E402
from mpmath import e, exp, sqrt, log  # noqa: E402,F401
from fractions import Fraction as F  # noqa: E402

mp.dps = 50


# ---------------------------------------------------------------- variants

def _mm(A, B):
    return [[sum((A[i][t] * B[t][j] for t in range(len(B))), F(0))
             for j in range(len(B[0]))] for i in range(len(A))]


def _lesson_from(d):
    """corpuslib.Lesson of a dict (written to a temporary file)."""
    fd, tmp = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(d, f)
    try:
        return Lesson(tmp)
    finally:
        os.unlink(tmp)


def _effective(d):
    """The lesson dict d as Q, K, V (strings of exact fractions) after
    projection, query_multiplier and value_override."""
    mat = lambda m: [[exact(x) for x in row] for row in m]
    if "Q" in d:
        Q, K, Vv = mat(d["Q"]), mat(d["K"]), mat(d["V"])
    else:
        X = mat(d["X"])
        src = mat(d["memory"]) if "memory" in d else X
        Q, K, Vv = _mm(X, mat(d["W_Q"])), _mm(src, mat(d["W_K"])), _mm(src, mat(d["W_V"]))
    toks = d.get("tokens")
    qtoks = d.get("query_tokens") or (toks if toks and len(Q) == len(K) else None)
    rowof = lambda r, labels: r - 1 if isinstance(r, int) else labels.index(r)
    qm = d.get("query_multiplier", [])
    for m in (qm if isinstance(qm, list) else [qm]):
        i = rowof(m["query"], qtoks)
        Q[i] = [x * exact(m["by"]) for x in Q[i]]
    vo = d.get("value_override", [])
    for o in (vo if isinstance(vo, list) else [vo]):
        j = rowof(o["row"], toks)
        Vv[j][o["col"] - 1] = exact(o["value"])
    s = lambda M: [[str(x) for x in row] for row in M]
    out = {"Q": s(Q), "K": s(K), "V": s(Vv)}
    for k in ("tokens", "query_tokens", "mask", "scale"):
        if k in d:
            out[k] = d[k]
    return out


def _diff(a, b):
    if a.ex is not None and b.ex is not None:
        return Val(None, a.ex - b.ex)
    dm = a.mp - b.mp
    if abs(dm) < mpf(10) ** -40:
        return Val(None, F(0))
    return Val(dm, None)


class VariantLesson:
    """A head lesson with variants: the base's quantities under their
    own paths, a variant's under "NAME:PATH", and a variant minus the
    base under "NAME-base:PATH"."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            d = json.loads(f.read(), parse_float=str, parse_int=int)
        self.d = d
        basedict = {k: v for k, v in d.items() if k not in ("variants", "claims", "title")}
        self.base = _lesson_from(_effective(basedict))
        # inputs (X, W) for input_entry: from the lesson as written
        raw = _lesson_from({k: v for k, v in basedict.items()
                            if k not in ("query_multiplier", "value_override")})
        self.X, self.WQ, self.WK, self.WV, self.M = raw.X, raw.WQ, raw.WK, raw.WV, raw.M
        self.variants = {}
        for var in d.get("variants", []):
            vd = dict(basedict)
            if any(k in var for k in ("Q", "K", "V")):
                for k in ("X", "memory", "W_Q", "W_K", "W_V"):
                    vd.pop(k, None)
            if any(k in var for k in ("X", "memory", "W_Q", "W_K", "W_V")):
                for k in ("Q", "K", "V"):
                    vd.pop(k, None)
            for k, v in var.items():
                if k not in ("name", "contrast"):
                    vd[k] = v
            assert "permute" not in vd, "permutations are not derived here"
            self.variants[var["name"]] = _lesson_from(_effective(vd))
        q = dict(self.base.q)
        self.zero_diffs = []
        for name, L in self.variants.items():
            for k, v in L.q.items():
                q["%s:%s" % (name, k)] = v
            for k, v in L.q.items():
                if k.startswith(("weights[", "output[", "contributions[")) and k in self.base.q:
                    dv = _diff(v, self.base.q[k])
                    if dv.ex == 0 and (v.ex is None or self.base.q[k].ex is None):
                        self.zero_diffs.append("%s-base:%s" % (name, k))
                    q["%s-base:%s" % (name, k)] = dv
                    # the same change read the other way ("falls by",
                    # "a drop of"): the base minus the variant
                    q["base-%s:%s" % (name, k)] = _diff(self.base.q[k], v)
        self.q = q

    def __getattr__(self, k):
        return getattr(self.base, k)

    def _lesson(self, path):
        m = re.match(r"^(base-)?(.*?)(-base)?:(.*)$", path)
        if not m:
            return self.base, None, path
        pre = (m.group(1) or "") + m.group(2) + (m.group(3) or "")
        return self.variants[m.group(2)], pre, m.group(4)

    def get(self, path):
        L, pre, p = self._lesson(path)
        if pre is None:
            return self.base.get(p)
        if pre.startswith("base-"):
            got = L.get(p)
            base = self.base.get(p)
            if isinstance(got, list):
                return [_diff(b, a) for a, b in zip(got, base)]
            return _diff(base, got)
        if pre.endswith("-base"):
            got = L.get(p)
            base = self.base.get(p)
            if isinstance(got, list):
                return [_diff(a, b) for a, b in zip(got, base)]
            return _diff(got, base)
        return L.get(p)

    def scalars(self):
        return self.q.items()

    def vectors(self):
        out = list(self.base.vectors())
        for name, L in self.variants.items():
            for p, vals in L.vectors():
                out.append(("%s:%s" % (name, p), vals))
                if p.startswith(("weights[", "output[", "contributions[")):
                    out.append(("%s-base:%s" % (name, p), [_diff(a, b) for a, b in zip(vals, self.base.get(p))]))
                    out.append(("base-%s:%s" % (name, p), [_diff(b, a) for a, b in zip(vals, self.base.get(p))]))
        return out


# ---------------------------------------------------------------- cross block

class CrossBlockLesson(BlockLesson):
    """A block with "memory": queries x·W_Q, keys and values memory·W_K,
    memory·W_V; heads, W_O, residual z = X + A, optional layer_norm."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            d = json.loads(f.read(), parse_float=str, parse_int=int)
        self.d = d
        b = d["block"]
        mat = lambda m: [[exact(x) for x in row] for row in m]
        X = mat(d["X"])
        Mem = mat(d["memory"])
        assert b.get("positional", "none") == "none"
        assert "ffn" not in b and "cross_attention" not in b
        self.X, self.Mem = X, Mem
        self.WQ = self.WK = self.WV = self.M = None
        self.Q = self.K = self.V = None
        n, m, D = len(X), len(Mem), len(X[0])
        self.n, self.m, self.D = n, m, D
        self.tokens = d.get("tokens")
        self.qtokens = d.get("query_tokens")
        heads = b.get("heads") or [{"W_Q": d["W_Q"], "W_K": d["W_K"], "W_V": d["W_V"]}]
        self.heads = [{k: mat(h[k]) for k in ("W_Q", "W_K", "W_V")} for h in heads]
        mk = d.get("mask", "none")
        allow = [[True] * m for _ in range(n)]
        if isinstance(mk, dict) and "key_padding" in mk:
            allow = [[bool(mk["key_padding"][j]) for j in range(m)] for _ in range(n)]
        elif isinstance(mk, list) and not isinstance(mk[0], list):
            allow = [[bool(mk[j]) for j in range(m)] for _ in range(n)]
        else:
            assert mk == "none", mk
        self.allow = allow
        q = {}
        self.q = q
        self.vecs = []
        for i in range(n):
            for c in range(D):
                q["input[%d][%d]" % (i + 1, c + 1)] = V(X[i][c])
        self._vec("input", n, D)
        Hs = []
        for h, H in enumerate(self.heads, 1):
            Qh, Kh, Vh = _mm(X, H["W_Q"]), _mm(Mem, H["W_K"]), _mm(Mem, H["W_V"])
            dk, dv = len(Qh[0]), len(Vh[0])
            assert d.get("scale", "1/sqrt(d_k)") == "1/sqrt(d_k)"
            cc, rad = squarefree_split(dk)
            coef, rad = (F(1, cc * rad), rad) if rad != 1 else (F(1, cc), 1)
            for nm, Mx, rows in (("q", Qh, n), ("k", Kh, m), ("v", Vh, m)):
                for i in range(rows):
                    for c in range(len(Mx[0])):
                        q["h%d.%s[%d][%d]" % (h, nm, i + 1, c + 1)] = V(Mx[i][c])
                self._vec("h%d.%s" % (h, nm), rows, len(Mx[0]))
            out = [[None] * dv for _ in range(n)]
            for i in range(n):
                raw = [sum((Qh[i][t] * Kh[j][t] for t in range(dk)), F(0)) for j in range(m)]
                scaled = []
                for j in range(m):
                    q["h%d.qk[%d][%d]" % (h, i + 1, j + 1)] = V(raw[j])
                    r = raw[j] * coef
                    s = V(r) if (rad == 1 or raw[j] == 0) else Val(mpf(r.numerator) / r.denominator * sqrt(rad), None)
                    scaled.append(s)
                    q["h%d.scores[%d][%d]" % (h, i + 1, j + 1)] = s
                al = [j for j in range(m) if allow[i][j]]
                es = [V(F(1)) if (s.ex is not None and s.ex == 0) else Val(exp(s.mp), None) for s in scaled]
                for j in range(m):
                    q["h%d.e^scores[%d][%d]" % (h, i + 1, j + 1)] = es[j]
                Z = Val(sum((es[j].mp for j in al), mpf(0)),
                        F(len(al)) if all(scaled[j].ex == 0 for j in al) else None)
                q["h%d.Z[%d]" % (h, i + 1)] = Z
                alleq = len(set(raw[j] for j in al)) == 1
                w = []
                for j in range(m):
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
                    for j in range(m):
                        cv = mul(w[j], V(Vh[j][c]))
                        q["h%d.contrib[%d][%d][%d]" % (h, i + 1, j + 1, c + 1)] = cv
                        tot = add(tot, cv)
                    avgs = set(sum((Vh[j][c] for j in g), F(0)) / len(g) for g in groups.values())
                    if len(avgs) == 1:
                        tot = V(avgs.pop())
                    out[i][c] = tot
                    q["h%d.output[%d][%d]" % (h, i + 1, c + 1)] = tot
            for nm in ("qk", "scores", "e^scores", "weights"):
                self._vec("h%d.%s" % (h, nm), n, m)
            self._vec("h%d.output" % h, n, dv)
            Hs.append(out)
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
            self._ln("ln1", z, b["layer_norm"])
        shp = {"n": n, "m": m, "d_model": D, "heads": len(self.heads)}
        for h, H in enumerate(self.heads, 1):
            shp["h%d.d_k" % h] = len(H["W_Q"][0])
            shp["h%d.d_v" % h] = len(H["W_V"][0])
        shp["concat"] = sum(len(H["W_V"][0]) for H in self.heads)
        for k, v in shp.items():
            q["shape." + k] = V(F(v))
        self._guard()

    def get(self, path):
        if path in self.q:
            return self.q[path]
        m = re.fullmatch(r"(.+?)\[([^\]]+)\](?:\[([^\]]+)\])?(?:\[([^\]]+)\])?", path)
        name, a, b, c = m.groups()
        keyfirst = re.match(r"h\d+\.(k|v)$", name)
        rowlab = self.tokens if keyfirst else self.qtokens
        num = lambda x, labels: int(x) if re.fullmatch(r"\d+", x) else labels.index(x) + 1
        idx = [num(a, rowlab)]
        if b is not None:
            idx.append(num(b, self.tokens) if re.match(r"h\d+\.(qk|scores|e\^scores|weights|contrib)$", name) else int(b))
        if c is not None:
            idx.append(int(c))
        key = name + "".join("[%d]" % x for x in idx)
        if key in self.q:
            return self.q[key]
        keys = [k for k in self.q if k.startswith(key + "[") and k.count("[") == key.count("[") + 1]
        assert keys, path
        return [self.q[k] for k in sorted(keys, key=lambda s: int(s.rsplit("[", 1)[1][:-1]))]


# ---------------------------------------------------------------- page

class Page7(Page6):
    def __init__(self, script):
        # Page5.__init__ picks BlockLesson for every block; this set also
        # has a cross-attention block and a lesson with variants, so the
        # lesson class is chosen here and corpuslib.Page.__init__ (or its
        # text twin) is called with it
        base = os.path.splitext(os.path.abspath(script))[0]
        with open(base + ".json", encoding="utf-8") as f:
            d = json.load(f)
        if "block" in d:
            kind = CrossBlockLesson if "memory" in d else BlockLesson
        elif "variants" in d:
            kind = VariantLesson
        else:
            kind = Lesson
        orig = corpuslib.Lesson
        corpuslib.Lesson = kind
        try:
            if os.path.exists(base + ".txt"):
                self._init_text(base)
            else:
                corpuslib.Page.__init__(self, script)
        finally:
            corpuslib.Lesson = orig
        self.defs = {}
        if "block" not in d:
            self._guard_head()

    def _init_text(self, base):
        # corpuslib.Page.__init__ for a NAME.txt page (it looks only for
        # .md, .html and .tex); the same fields and the same line check
        self.base = base
        self.path = base + ".txt"
        with open(self.path, encoding="utf-8") as f:
            self.src = f.read()
        self.L = corpuslib.Lesson(base + ".json")
        self.items = []
        self.pos = 0
        self.errors = []
        n = self.src.count("\n") + (0 if self.src.endswith("\n") else 1)
        print("%s: %d lines" % (os.path.basename(self.path), n))
        if not 40 <= n <= 120:
            self.errors.append("page has %d lines, not 40-120" % n)

    def _guard_head(self):
        L = self.L
        if isinstance(L, VariantLesson):
            for k, v in L.q.items():
                if v.ex is None:
                    fr = F(str(mp.nstr(v.mp, 45))).limit_denominator(1000)
                    if abs(v.mp - mpf(fr.numerator) / fr.denominator) < mpf(10) ** -30:
                        raise AssertionError("%s is named here but equals %s" % (k, fr))
            return
        Page6._guard_head(self)

    def entry(self, text, path, why="", after=None):
        self.ok(text, path, why, after=after)
