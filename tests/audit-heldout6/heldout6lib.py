"""Helpers for tests/audit-heldout6 (independent of exattn).

Imports tests/audit-heldout5/heldout5lib.py, which imports
tests/audit-corpus/corpuslib.py (neither is copied): Page5 (head and
block lessons, mentions, mentions_until, oks) and the checks of every
item kind.  Page6 adds:

- P.pagedef(letter, fn): records what the page's own generic definition
  of a letter means (s_{ij} as the raw score, as the scaled score or as
  its exponential; e_{ij}; \\tilde{\\alpha}_{ij}; A_{ij}), so that a
  script evaluates a formula written in the page's letters by the page's
  definition, never by the lesson's reading of the letter;
- P.raw(i, j), P.scaled(i, j), P.ex(i, j), P.w(i, j), P.Z(i), P.v(j, c):
  mpmath values of the lesson (1-based);
- a check, at write(), that no mention is a decimal of three or more
  significant digits that a quantity of the lesson rounds to (exattn
  passes such a number by its value alone, so a mention like that would
  be a planted coincidence, which this set does not want by accident).
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "audit-heldout5"))

import heldout5lib  # noqa: E402
from heldout5lib import Page5, corpuslib, mp, mpf  # noqa: E402,F401
from mpmath import e, exp, sqrt  # noqa: E402,F401
from fractions import Fraction as F  # noqa: E402,F401

mp.dps = 50


def fr(x):
    return mpf(x.numerator) / x.denominator


class Page6(Page5):
    def __init__(self, script):
        Page5.__init__(self, script)
        self.defs = {}

    # ---- lesson values (1-based), as mpf
    def raw(self, i, j):
        return fr(self.L.scores[i - 1][j - 1])

    def scaled(self, i, j):
        return self.L.q["scaled[%d][%d]" % (i, j)].mp

    def ex(self, i, j):
        return self.L.q["e^scaled[%d][%d]" % (i, j)].mp

    def w(self, i, j):
        return self.L.q["weights[%d][%d]" % (i, j)].mp

    def Z(self, i):
        return self.L.q["Z[%d]" % i].mp

    def v(self, j, c):
        return fr(self.L.V[j - 1][c - 1])

    # ---- the page's own letters
    def pagedef(self, letter, fn):
        self.defs[letter] = fn

    def d(self, letter, i, j):
        return self.defs[letter](i, j)

    def mentions(self, *texts, why="", after=None):
        """Several mentions in page order, with one reason (after= anchors the first)."""
        for k, t in enumerate(texts):
            self.mention(t, why, after=after if k == 0 else None)

    # ---- output
    def write(self, show_uncovered=True):
        for k, _, line, t, x, why in self.items:
            if x != "mention" or "code" in why:
                continue
            try:
                p = corpuslib.parse(t)
            except (ValueError, IndexError):
                continue
            if isinstance(p, list) or p[0] != "dec":
                continue
            digits = re.sub(r"[^0-9]", "", t).lstrip("0")
            if len(digits) >= 3:
                hits = self._any(t)
                if hits:
                    self.errors.append("mention %r line %d is a rounding of %s (a coincidence exattn "
                                       "would certify by value)" % (t, line, hits))
        Page5.write(self, show_uncovered)
