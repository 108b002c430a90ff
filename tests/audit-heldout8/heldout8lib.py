"""Helpers for tests/audit-heldout8 (independent of exattn).

Imports tests/audit-heldout7/heldout7lib.py, and through it heldout6lib,
heldout5lib and corpuslib (none of them is copied).  Page8 is Page7
plus what this set needs:

- SymEpsBlockLesson: a self-attention block whose first LayerNorm has a
  symbolic epsilon ({"symbol": "ε"}, no value; docs/lesson-format.md).
  Everything before the LayerNorm (heads, attention, residual) and its
  mean and variance do not depend on epsilon; they are derived by
  heldout5lib.BlockLesson with a placeholder epsilon of 1/7, and the
  LayerNorm outputs that depend on epsilon are then taken out of the
  quantities (no decimal can be certified for them).  A LayerNorm
  output whose centred coordinate is exactly 0 is beta whatever epsilon
  is, and stays.  Each output u_{i,c} is also kept as a sympy
  expression in a positive symbol eps: gamma_c (z_{i,c} - mu_i) /
  sqrt(sigma_i^2 + eps) + beta_c, with z, mu and sigma^2 exact.
- P.formula_eps(text, path, page_form): a named formula whose value
  depends on the symbolic epsilon.  page_form is a sympy expression in
  eps (heldout8lib.eps).  It is "formula-pass" when it is identically the
  lesson's form (sympy proves the difference 0, and it is also checked
  at eleven values of eps to 40 digits); otherwise it is
  "formula-undecided" (docs/cli.md: such a formula is "held, by
  identity alone, to the entry its subject names ... PASS-NAMED when
  proved, UNDECIDED otherwise, since no value can refute it").  The
  script also checks that such a form really differs from the lesson's
  for some positive eps (it is wrong), and says so in "why".
  tests/audit-heldout8/run8.py accepts UNDECIDED or FAIL for it.
"""
import json
import os
import sys
import tempfile
from fractions import Fraction as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "audit-heldout7"))

import heldout7lib  # noqa: E402
from heldout7lib import (Page7, VariantLesson, CrossBlockLesson, BlockLesson,  # noqa: E402,F401
                         corpuslib, heldout5lib, mp, mpf, e, exp, sqrt, log, Val, exact, Lesson)
import sympy  # noqa: E402

mp.dps = 50

eps = sympy.Symbol("eps", positive=True)
PLACEHOLDER = F(1, 7)


def sym_of(fr):
    return sympy.Rational(fr.numerator, fr.denominator)


def _symbolic(spec):
    e_ = spec.get("epsilon") if spec else None
    return isinstance(e_, dict) and "symbol" in e_ and "value" not in e_


class SymEpsBlockLesson(BlockLesson):
    """A block lesson whose first LayerNorm has a symbolic epsilon."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            d = json.loads(f.read(), parse_float=str, parse_int=int)
        b = d["block"]
        assert _symbolic(b.get("layer_norm")), "no symbolic epsilon"
        assert "ffn" not in b and "layer_norm_2" not in b, "only a first LayerNorm is derived here"
        d2 = json.loads(json.dumps(d))
        d2["block"]["layer_norm"]["epsilon"] = "%d/%d" % (PLACEHOLDER.numerator, PLACEHOLDER.denominator)
        fd, tmp = tempfile.mkstemp(suffix=".json")
        with os.fdopen(fd, "w") as f:
            json.dump(d2, f)
        try:
            BlockLesson.__init__(self, tmp)
        finally:
            os.unlink(tmp)
        self.d = d
        spec = b["layer_norm"]
        D, n = self.D, self.n
        gam = [exact(x) for x in spec.get("gamma", [1] * D)]
        bet = [exact(x) for x in spec.get("beta", [0] * D)]
        self.sym = {}
        self.dropped = []
        for i in range(1, n + 1):
            z = [self.q["residual[%d][%d]" % (i, c)] for c in range(1, D + 1)]
            assert all(x.ex is not None for x in z), "z must be exact here"
            mu = self.q["ln1.mean[%d]" % i].ex
            var = self.q["ln1.variance[%d]" % i].ex
            assert mu is not None and var is not None
            for c in range(1, D + 1):
                cen = z[c - 1].ex - mu
                form = sym_of(gam[c - 1]) * sym_of(cen) / sympy.sqrt(sym_of(var) + eps) + sym_of(bet[c - 1])
                key = "ln1[%d][%d]" % (i, c)
                self.sym[key] = form
                if cen != 0 and gam[c - 1] != 0:
                    # depends on epsilon: no decimal, no exact value
                    del self.q[key]
                    self.dropped.append(key)
            self.q.pop("ln1.sqrt[%d]" % i, None)
        self.vecs = [(p, ks) for p, ks in self.vecs if all(k in self.q for k in ks)]

    def sym_get(self, path):
        key = path
        if key not in self.sym:
            m = __import__("re").fullmatch(r"ln1\[([^\]]+)\]\[(\d+)\]", path)
            key = "ln1[%d][%s]" % (self._row(m.group(1)), m.group(2))
        return self.sym[key]


class Page8(Page7):
    def __init__(self, script):
        base = os.path.splitext(os.path.abspath(script))[0]
        with open(base + ".json", encoding="utf-8") as f:
            d = json.load(f)
        if "block" in d and _symbolic(d["block"].get("layer_norm")):
            kind = SymEpsBlockLesson
        elif "block" in d:
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

    def formula_eps(self, text, path, page_form, after=None):
        """A named formula in the symbolic epsilon, held to the entry path."""
        self._add(text, "", "", after)
        lesson_form = self.L.sym_get(path)
        diff = sympy.simplify(sympy.radsimp(page_form - lesson_form))
        pts = [F(1, 10 ** 5), F(1, 1000), F(1, 7), F(1, 3), F(1, 2), F(1), F(3, 2), F(2), F(5), F(17), F(100)]
        num = []
        for p in pts:
            a = sympy.N(page_form.subs(eps, sym_of(p)), 60)
            b = sympy.N(lesson_form.subs(eps, sym_of(p)), 60)
            num.append(abs(mpf(str(a)) - mpf(str(b))))
        same_num = all(x < mpf(10) ** -40 for x in num)
        k, e_, line, t, _, _ = self.items[-1]
        if diff == 0:
            assert same_num, "sympy says equal, the values differ: %r" % text
            exp_ = "formula-pass"
            why = ("%s = %s (in the symbolic epsilon); the page's form is identically the same "
                   "(sympy: difference 0; equal at 11 values of epsilon to 40 digits)" % (path, lesson_form))
        else:
            if same_num:
                self.errors.append("formula %r: sympy cannot prove it, but it agrees numerically" % text)
            where = [str(p) for p, x in zip(pts, num) if x > mpf(10) ** -30]
            assert where, text
            exp_ = "formula-undecided"
            why = ("WRONG FORM: %s = %s (in the symbolic epsilon); the page's form %s differs for "
                   "every positive epsilon tried (e.g. epsilon = %s); docs/cli.md: a formula whose value "
                   "depends on a symbolic epsilon is UNDECIDED when not proved, since no value can refute "
                   "it (FAIL, a refutation, is accepted too)" % (path, lesson_form, page_form, where[0]))
        self.items[-1] = (k, e_, line, t, exp_, why)
        print("  formula (symbolic epsilon) on line %d: %s" % (line, exp_))
