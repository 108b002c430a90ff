"""Helpers for tests/audit-heldout4 (independent of exattn).

Imports tests/audit-corpus/corpuslib.py (not a copy): Page, the lesson's
exact and mpmath values, and the checks of every item kind.  Page4 adds
nothing to the arithmetic; it only lets a script list a date token whole
and run from any directory.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "audit-corpus"))

import corpuslib  # noqa: E402
from corpuslib import Page, mp, mpf  # noqa: E402,F401
from mpmath import e, exp, sqrt  # noqa: E402,F401


class Page4(Page):
    def mentions(self, *texts, why=""):
        """Several mentions in page order, with one reason."""
        for t in texts:
            self.mention(t, why)

    def mentions_until(self, anchor, why):
        """Every numeral from the current position up to anchor (code,
        program output): a mention each, at its own position.  A date
        (2024-02-11) or a time (21:43) is one token."""
        import re
        end = self.src.find(anchor, self.pos)
        assert end >= 0, "anchor %r not found" % anchor
        tok = re.compile(r"(?<![\w.])\d{4}-\d{2}-\d{2}|(?<![\w.])\d{1,2}:\d{2}(?::\d{2})?|"
                         + corpuslib.NUM.pattern)
        for m in tok.finditer(self.src, self.pos, end):
            k = m.start()
            line = self.src.count("\n", 0, k) + 1
            self.items.append((k, m.end(), line, m.group(0), "mention", why))
            self.pos = m.end()
