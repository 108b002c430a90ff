"""forum-owls-text.txt: a plain-text forum answer (phpBB-style header, a
quoted question, "== ... ==" headings) in exattn's text notation: labels in
square brackets, a[1,3] and w[hunt][mice] symbols, closed forms in prose
(1/(1 + e + e^3), e^-1), an output in exattn's own weighted-sum form
(Σ (w)·(1,0) + ...), and a table aligned with spaces whose columns are
"key 1" ... "key 3" (1-based) and whose rows are the query labels.
Q/K/V: queries 1, -1, 0 over keys 0, 1, 3 (d_k = 1, scale 1), values
(1, 0), (0, 2), (1, 1); no mask.  mice's query is 0: weights 1/3 and
output (2/3, 1) exactly.  Planted: three decimal slips and one wrong
closed form."""
from heldout8lib import Page8, exp, e

P = Page8(__file__)
L = P.L
w = lambda i, j: P.w(i, j)
Z1 = 1 + e + exp(3)
Z2 = 1 + exp(-1) + exp(-3)
Z2b = exp(3) + exp(2) + 1

P.mentions_until("> I am stuck", "forum header: dates, times, post count")
P.mention("11.3", "a section reference in the quoted question")
P.passes("0.04", "weights[1][1]", note="the asker's weights for [owls], quoted: right at two places")
P.passes("0.11", "weights[1][2]")
P.passes("0.84", "weights[1][3]")
P.ok("1", "shape.d_k", "d_k = 1 (prose)")
P.ok("1", "Q[1][1]", "Q[owls], an entry of Q", after="Q[owls] = ")
P.ok("-1", "Q[2][1]", "Q[hunt]")
P.ok("0", "Q[3][1]", "Q[mice]")
P.ok("0", "K[1][1]", "K[owls]")
P.ok("1", "K[2][1]", "K[hunt]")
P.ok("3", "K[3][1]", "K[mice]")
P.ok("(1, 0)", "V[1]", "V[owls]")
P.ok("(0, 2)", "V[2]", "V[hunt]")
P.ok("(1, 1)", "V[3]", "V[mice]")
# row owls
P.passes("(0, 1, 3)", "scores[1]")
P.formula("1 + e + e^3", "Z[1]", lambda: Z1)
P.passes("23.8038", "Z[1]")
P.formula("1/(1 + e + e^3)", "weights[1][1]", lambda: 1 / Z1)
P.passes("0.0420", "weights[1][1]")
P.formula("e/(1 + e + e^3)", "weights[1][2]", lambda: e / Z1)
P.passes("0.1142", "weights[1][2]")
P.formula("e^3/(1 + e + e^3)", "weights[1][3]", lambda: exp(3) / Z1)
P.passes("0.8438", "weights[1][3]")
P.formula("Σ (1/(1 + e + e^3))·(1,0) + (e/(1 + e + e^3))·(0,2) + (e^3/(1 + e + e^3))·(1,1)",
          "output[1][1]", lambda: 1 / Z1 * 1 + e / Z1 * 0 + exp(3) / Z1 * 1)
P.fail("(0.8858, 1.0721)", "output[1]", "truncation instead of rounding in the second coordinate (1.072185 rounds to 1.0722)")
# row hunt
P.passes("(0, -1, -3)", "scores[2]")
P.formula("1 + e^-1 + e^-3", "Z[2]", lambda: Z2)
P.fail("1.4176", "Z[2]", "truncation instead of rounding (1.417667 rounds to 1.4177)")
P.formula("1/(1 + e^-1 + e^-3)", "weights[2][1]", lambda: 1 / Z2)
P.formula("e^3/(e^3 + e^2 + 1)", "weights[2][1]", lambda: exp(3) / Z2b)
P.passes("0.7054", "weights[2][1]")
P.formula("e^2/(e^3 + e^2 + 1)", "weights[2][2]", lambda: exp(2) / Z2b)
P.passes("0.2595", "weights[2][2]")
P.formula("e/(e^3 + e^2 + 1)", "weights[2][3]", lambda: e / Z2b)
P.passes("0.0351", "weights[2][3]", note="the decimal is right; the form before it has e^1 for e^0 in the numerator")
P.passes("0.7054", "weights[2][1]", note="a decimal before V[owls]: a weight")
P.passes("0.2595", "weights[2][2]")
P.passes("0.0351", "weights[2][3]")
P.passes("(0.7405, 0.5541)", "output[2]", note="the rounded weights happen to give the right roundings here")
# row mice
P.ok("0", "Q[3][1]", "Q[mice] = 0 in prose", after="Q[mice] = ")
P.ok("0", "scaled[3][1]", "'all three scores are 0' (an integer in prose)")
P.passes("1/3", "weights[3][1]", note="'each weight is exactly 1/3'")
P.passes("(2/3, 1)", "output[3]")
# the aligned table, 1-based key columns
P.mention("1", "'counted from 1': the page's numbering of keys", after="counted from ")
P.mentions("1", "2", "3", why="column headings 'key N' (key indices)")
P.passes("0.0420", "weights[1][1]")
P.passes("0.1142", "weights[1][2]")
P.fail("0.8483", "weights[1][3]", "transposed digits (0.8438)")
P.passes("0.7054", "weights[2][1]")
P.passes("0.2595", "weights[2][2]")
P.passes("0.0351", "weights[2][3]")
P.passes("1/3", "weights[3][1]")
P.passes("1/3", "weights[3][2]")
P.passes("1/3", "weights[3][3]")
P.ok("1", "sum(weights[1])", "each row adds up to 1")
P.mention("0.1.0", "exattn version")
P.mention("4", "'exercise 4': another exercise")
P.write()
