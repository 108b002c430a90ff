"""Helpers for tests/audit-heldout9 (independent of exattn).

Imports tests/audit-heldout8/heldout8lib.py, and through it heldout7lib,
heldout6lib, heldout5lib and corpuslib (none of them is copied).  Page9
is Page8 (Markdown, HTML, LaTeX and plain-text pages; head lessons with
Q/K/V, masks, n != m) with two small additions:

- P.code(anchor): every numeral from the current position up to anchor
  is a mention "in a code cell or its printed output" (docs/cli.md:
  code -- fences, indented code blocks, inline code, <pre>, <code> -- is
  skipped, so nothing there may pass or fail);
- P.check_close(): a float recomputation of every weight, output and
  denominator of the lesson, straight from the JSON with math.exp, compared
  with the library's 50-digit values (a second, independent derivation).
"""
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "audit-heldout8"))

import heldout8lib  # noqa: E402
from heldout8lib import Page8, corpuslib, mp, mpf, e, exp, sqrt, F  # noqa: E402,F401

mp.dps = 50


def _floats(path):
    """Weights, outputs and Z of a head lesson, in floats, from the JSON."""
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    fl = lambda x: float(F(x)) if isinstance(x, str) else float(x)
    Q = [[fl(x) for x in r] for r in d["Q"]]
    K = [[fl(x) for x in r] for r in d["K"]]
    V = [[fl(x) for x in r] for r in d["V"]]
    n, m, dk = len(Q), len(K), len(Q[0])
    mk = d.get("mask", "none")
    allow = [[True] * m for _ in range(n)]
    if mk == "causal":
        allow = [[j <= i for j in range(m)] for i in range(n)]
    elif isinstance(mk, list) and not isinstance(mk[0], list):
        allow = [[bool(mk[j]) for j in range(m)] for _ in range(n)]
    elif isinstance(mk, dict) and "key_padding" in mk:
        allow = [[bool(mk["key_padding"][j]) for j in range(m)] for _ in range(n)]
    else:
        assert mk == "none", mk
    sc = 1 / math.sqrt(dk)
    out = {}
    for i in range(n):
        s = [sum(Q[i][t] * K[j][t] for t in range(dk)) * sc for j in range(m)]
        ex = [math.exp(x) if allow[i][j] else 0.0 for j, x in enumerate(s)]
        Z = sum(ex)
        out["Z[%d]" % (i + 1)] = Z
        for j in range(m):
            out["weights[%d][%d]" % (i + 1, j + 1)] = ex[j] / Z
        for c in range(len(V[0])):
            out["output[%d][%d]" % (i + 1, c + 1)] = sum(ex[j] / Z * V[j][c] for j in range(m))
    return out


class Page9(Page8):
    def code(self, anchor):
        self.mentions_until(anchor, "in a code cell or its printed output (code is skipped)")

    def check_close(self):
        fl = _floats(self.base + ".json")
        worst = 0.0
        for k, v in fl.items():
            lib = float(self.L.q[k].mp)
            worst = max(worst, abs(lib - v))
        if worst > 1e-12:
            self.errors.append("float recomputation differs from the library by %g" % worst)
        print("  float recomputation agrees to %.1e" % worst)
