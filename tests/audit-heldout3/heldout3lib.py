"""Extensions for tests/audit-heldout3 (independent of exattn).

Built on tests/audit-corpus/corpuslib.py and tests/audit-heldout2/heldout2lib.py
(imported, not copied).  What this set adds:

  * plain-text pages (NAME.txt): corpuslib.Page looks for .md/.html/.tex only,
    so Page3 also accepts .txt;
  * blends: "blends" of the lesson (assigned exact weights over V), as the
    path blend[name][col], computed exactly;
  * differences: P.delta(text, path, variant, expect) checks a number that
    the page states as a change (a variant's quantity minus the base's); such
    differences are also searched when a slip is checked for coincidences;
  * P.formula_expr(text, path, fn, note): a closed form checked against a
    quantity, with a note saying what is wrong when it is wrong.

dump3.py LESSON prints every quantity of a lesson and its variants.
"""
import json
import os
import re
import sys
from fractions import Fraction as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "audit-corpus"))
sys.path.insert(0, os.path.join(HERE, "..", "audit-heldout2"))

import corpuslib                      # noqa: E402
from corpuslib import Page, Val, exact, mp, mpf  # noqa: E402,F401
import heldout2lib                    # noqa: E402
from heldout2lib import Page2, variant_dict, lesson_from_dict  # noqa: E402,F401


def add_blends(L, d):
    """blend[name][col] = sum_j w_j V[j][col], exactly."""
    for b in d.get("blends", []):
        w = [exact(x) for x in b["weights"]]
        assert sum(w) == 1, "blend weights must sum to 1"
        for c in range(L.dv):
            v = sum((w[j] * L.V[j][c] for j in range(L.m)), F(0))
            L.q["blend[%s][%d]" % (b["name"], c + 1)] = Val(None, v, "blend")


class Page3(Page2):
    def __init__(self, script):
        base = os.path.splitext(os.path.abspath(script))[0]
        if os.path.exists(base + ".txt"):
            # corpuslib.Page.__init__ looks for .md/.html/.tex: give it a
            # temporary alias name it can find, then point it at the .txt
            alias = base + ".md"
            assert not os.path.exists(alias)
            os.symlink(os.path.basename(base + ".txt"), alias)
            try:
                Page2.__init__(self, script)
            finally:
                os.unlink(alias)
            self.path = base + ".txt"
        else:
            Page2.__init__(self, script)
        with open(self.base + ".json", encoding="utf-8") as f:
            self.d = json.load(f, parse_float=str)
        add_blends(self.base_lesson, self.d)

    # ---- differences (variant minus base)
    def diff_val(self, path, variant):
        a = self.variants[variant].get(path)
        b = self.base_lesson.get(path)
        if isinstance(a, list):
            return [self._d(x, y) for x, y in zip(a, b)]
        return self._d(a, b)

    @staticmethod
    def _d(a, b):
        if a.ex is not None and b.ex is not None:
            return Val(None, a.ex - b.ex, "difference")
        return Val(a.mp - b.mp, None, "difference")

    def _diffs(self):
        out = []
        for name, V in self.variants.items():
            for path in self.base_lesson.q:
                if path in V.q and not path.startswith(("Q[", "K[", "V[", "shape")):
                    out.append(("%s minus base (variant %r)" % (path, name),
                                self._d(V.q[path], self.base_lesson.q[path])))
        return out

    def _any(self, text):
        hits = Page2._any(self, text)
        p = corpuslib.parse(text)
        if not isinstance(p, list):
            for path, val in self._diffs():
                if corpuslib.matches(p, val):
                    hits.append(path)
        return hits

    def delta(self, text, path, variant, expect="pass", slip="", after=None):
        """A change stated by the page: variant's path minus the base's."""
        k = self._add(text, expect, "", after)
        val = self.diff_val(path, variant)
        p = corpuslib.parse(text)
        if p[0] == "frac":
            why = "%s (variant %r) minus base = %s" % (path, variant, corpuslib.show(val))
        else:
            why = "%s (variant %r) minus base = %s, rounds to %s" % (
                path, variant, corpuslib.show(val), corpuslib.correct(val, p[2])[0])
        # a change is written as a magnitude after "rises by" / "falls by"
        mag = val if val.mp >= 0 else Val(-val.mp, -val.ex if val.ex is not None else None)
        good = corpuslib.matches(p, mag)
        if expect == "pass" and not good:
            self.errors.append("delta %r: not correct: %s" % (text, why))
        if expect == "fail":
            if good:
                self.errors.append("delta %r is correct: %s" % (text, why))
            hits = self._any(text)
            if hits:
                self.errors.append("delta fail %r matches %s" % (text, hits))
            why = "SLIP (%s): true %s" % (slip, why)
        if val.mp < 0:
            why += " (a decrease, written as its size after a word of change)"
        Page._set_why(self, why)

    def formula_expr(self, text, path, fn, note="", after=None):
        self.formula(text, path, fn, after=after)
        if note:
            self.set_formula_note(note)


def _mentions_until(self, anchor, why):
    """Every numeral from the current position up to anchor (code, YAML):
    a mention each."""
    end = self.src.find(anchor, self.pos)
    assert end >= 0, "anchor %r not found" % anchor
    tok = re.compile(r"(?<![\w.])\d{4}-\d{2}-\d{2}|" + corpuslib.NUM.pattern)
    for m in tok.finditer(self.src, self.pos, end):
        if m.start() < self.pos:
            continue
        k = m.start()
        line = self.src.count("\n", 0, k) + 1
        self.items.append((k, m.end(), line, m.group(0), "mention", why))
        self.pos = m.end()


Page.mentions_until = _mentions_until


def _vals3(self, path):
    """corpuslib's paths, plus blend[name] as a vector."""
    if path.startswith("blend[") and path.count("[") == 1:
        name = path[len("blend["):-1]
        return [self.L.q["blend[%s][%d]" % (name, c)] for c in range(1, self.L.dv + 1)]
    return self.L.get(path)


Page3._vals = _vals3


def _formula3(self, text, path, fn, after=None):
    """corpuslib's formula item, against the current variant's quantity
    (and saying so in its why)."""
    Page.formula(self, text, path, fn, after=after)
    if self.current is not None:
        k, e, line, t, x, why = self.items[-1]
        self.items[-1] = (k, e, line, t, x, "variant %r: %s" % (self.current, why))


Page3.formula = _formula3
