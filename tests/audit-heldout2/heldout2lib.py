"""Extensions of corpuslib for tests/audit-heldout2 (independent of exattn).

corpuslib.Lesson ignores a lesson's "variants".  Here a variant is built
the way docs/lesson-format.md describes it: its top-level fields override
the base's (Q/K/V replace X/W_*, and the other way round), then, after
projection, query multipliers and value overrides are applied.  The
variant is then derived by corpuslib.Lesson like any other lesson.

Page2 is corpuslib.Page with two additions:
  P.use("zero query")   later items are checked against that variant
  P.use(None)           and back to the base lesson.
A "fail" is checked against the base AND every variant: no quantity of
any of them may round to the slip.
"""
import json
import os
import sys
import tempfile
from fractions import Fraction as F

# the corpus's shared helpers, not a copy of them
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "audit-corpus"))

import corpuslib
from corpuslib import Lesson, Page, exact


def _mat(m):
    return [[exact(x) for x in row] for row in m]


def _mul(A, B):
    return [[sum((A[i][t] * B[t][j] for t in range(len(B))), F(0))
             for j in range(len(B[0]))] for i in range(len(A))]


def _s(x):
    return "%d/%d" % (x.numerator, x.denominator)


def variant_dict(base, v):
    d = {k: val for k, val in base.items() if k not in ("variants", "claims")}
    if any(k in v for k in ("Q", "K", "V")):
        for k in ("X", "W_Q", "W_K", "W_V", "memory"):
            d.pop(k, None)
    if any(k in v for k in ("X", "W_Q", "W_K", "W_V", "memory")):
        for k in ("Q", "K", "V"):
            d.pop(k, None)
    for k, val in v.items():
        if k not in ("name", "contrast", "query_multiplier", "value_override", "permute"):
            d[k] = val
    assert "permute" not in v, "permute is not supported here"
    # project
    if "Q" in d:
        Q, K, V = _mat(d["Q"]), _mat(d["K"]), _mat(d["V"])
    else:
        X = _mat(d["X"])
        src = _mat(d["memory"]) if "memory" in d else X
        Q, K, V = _mul(X, _mat(d["W_Q"])), _mul(src, _mat(d["W_K"])), _mul(src, _mat(d["W_V"]))
    toks = d.get("tokens")
    qt = d.get("query_tokens") or (toks if toks and len(Q) == len(K) else None)

    def row(r, labels):
        return r - 1 if isinstance(r, int) else labels.index(r)
    qm = v.get("query_multiplier", [])
    for m in (qm if isinstance(qm, list) else [qm]):
        i = row(m["query"], qt)
        Q[i] = [x * exact(m["by"]) for x in Q[i]]
    vo = v.get("value_override", [])
    for o in (vo if isinstance(vo, list) else [vo]):
        j = row(o["row"], toks)
        V[j][o["col"] - 1] = exact(o["value"])
    for k in ("X", "W_Q", "W_K", "W_V", "memory"):
        d.pop(k, None)
    d["Q"] = [[_s(x) for x in r] for r in Q]
    d["K"] = [[_s(x) for x in r] for r in K]
    d["V"] = [[_s(x) for x in r] for r in V]
    return d


def lesson_from_dict(d):
    fd, path = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(d, f)
    try:
        return Lesson(path)
    finally:
        os.unlink(path)


class Page2(Page):
    def __init__(self, script):
        Page.__init__(self, script)
        self.base_lesson = self.L
        with open(self.base + ".json", encoding="utf-8") as f:
            d = json.load(f, parse_float=str)
        self.variants = {}
        for v in d.get("variants", []):
            self.variants[v["name"]] = lesson_from_dict(variant_dict(d, v))
        self.current = None

    def use(self, name):
        self.current = name
        self.L = self.base_lesson if name is None else self.variants[name]

    def _set_why(self, why):
        if self.current is not None:
            why = "variant %r: %s" % (self.current, why)
        Page._set_why(self, why)

    def _any(self, text):
        hits = []
        keep = self.L
        for name, L in [(None, self.base_lesson)] + list(self.variants.items()):
            self.L = L
            hits += [("%s (variant %r)" % (h, name)) if name else h for h in Page._any(self, text)]
        self.L = keep
        return hits

    def set_formula_note(self, note):
        """Append a note to the last item's why (used after P.formula)."""
        k, e, line, t, x, why = self.items[-1]
        self.items[-1] = (k, e, line, t, x, why + " (" + note + ")")

    def counterfactual(self, text, why, after=None):
        """A number from a different computation (a hypothetical): a
        mention.  Records whether it coincides with a lesson quantity."""
        self._add(text, "mention", "", after)
        hits = self._any(text)
        if hits:
            why += "; coincides with %s" % ", ".join(hits)
        else:
            why += "; no quantity of the lesson or its variants rounds to it"
        Page._set_why(self, why)

    def exponent(self, text, path, why, after=None):
        """A decimal written right after '^' (e^0.577): 'ok', checked
        against path.  (corpuslib's finder skips numbers after '^'.)"""
        self._add(text, "ok", "", after, loose=True)
        okk, w, _, _ = self._truth(path, text)
        if not okk:
            self.errors.append("exponent %r: not correct: %s" % (text, w))
        self._set_why(why + "; " + w)
