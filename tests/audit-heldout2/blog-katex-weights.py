"""Values for blog-katex-weights.html (lesson blog-katex-weights.json):
an HTML blog post with KaTeX $...$ math and a 4 x 4 table of weights.
Four tokens, d_k = 2, default scale 1/sqrt(2); "coffee" is a zero query
(weights exactly 1/4, output exactly (1, 1/2)).
Re-run: python3 blog-katex-weights.py (writes blog-katex-weights.expect)."""
from mpmath import exp, sqrt
from heldout2lib import Page2

P = Page2(__file__)
M = P.mention
r2 = sqrt(2)
M("2", "'Part 2 of 4' in <title>")
M("4", "'Part 2 of 4' in <title>; equals Z[coffee] = 4 by coincidence")
M("2", "'Part 2 of 4' in <h1>; equals d_k = 2 by coincidence")
M("4", "'Part 2 of 4' in <h1>")
M("12", "date 'March 12, 2024'")
M("2024", "date 'March 12, 2024'")
M("7", "'7 min read'")
M("1", "link text 'Part 1: what a query is'")
P.passes("2", "shape.d_k", after="$d_k = ")
P.ok("1", None, "numerator of the symbolic factor 1/sqrt(2)", after="factor\n$")
P.passes("(1, 0)", "Q[cold]")
P.passes("(0, 0)", "Q[coffee]")
P.passes(r"(\tfrac{1}{2}, \tfrac{1}{2})", "Q[tastes]")
P.passes("(0, 1)", "Q[bitter]")
for tok in ("cold", "coffee", "tastes", "bitter"):
    t = P.vtext("K[%s]" % tok, "(", ")").replace("1/2", r"\tfrac{1}{2}")
    P.ok(t, "K[%s]" % tok, "'The keys are ...' (inputs, listed in order)")
for tok in ("cold", "coffee", "tastes", "bitter"):
    P.ok(P.vtext("V[%s]" % tok, "(", ")"), "V[%s]" % tok, "'the values are ...' (inputs, listed in order)")
P.passes("(1, 0, 1, 0.5)", "scores[cold]")
P.passes("(0.7071, 0, 0.7071, 0.3536)", "scaled[cold]")
P.passes("2.028", "e^scaled[cold][cold]")
P.passes("1", "e^scaled[cold][coffee]", note="e^0 = 1, exact")
P.passes("2.028", "e^scaled[cold][tastes]")
P.passes("1.424", "e^scaled[cold][bitter]")
P.formula(r"2e^{1/\sqrt{2}} + 1 + e^{1/(2\sqrt{2})}", "Z[cold]",
          lambda: 2 * exp(1 / r2) + 1 + exp(1 / (2 * r2)))
P.passes("6.4803", "Z[cold]")
P.passes("2.028", "e^scaled[cold][cold]", note="operand of the page's division")
P.passes("6.480", "Z[cold]", note="operand of the page's division")
P.passes("0.313", "weights[cold][cold]", note="2.028 / 6.480 = 0.31296..., and the true weight rounds to 0.313 too")
table = {"cold": ["0.313", "0.154", "0.313", "0.219"],
         "coffee": ["0.250"] * 4,
         "tastes": ["0.355", "0.249", "0.249", "0.147"],
         "bitter": ["0.365", "0.365", "0.180", "0.089"]}
keys = ["cold", "coffee", "tastes", "bitter"]
for q, row in table.items():
    for j, t in enumerate(row):
        after = "<tr><td>%s</td><td>" % q if j == 0 else None
        path = "weights[%s][%s]" % (q, keys[j])
        if q == "cold" and j == 3:
            P.fail(t, path, "truncation instead of rounding (0.219759... cut to 0.219)", after=after)
        else:
            P.passes(t, path, after=after, note="table row '%s', column '%s' (weights)" % (q, keys[j]))
P.passes("(0, 0)", "Q[coffee]", after="$q = ")
P.passes("0", "scores[coffee][1]", after="scores are $", note="every score of the zero query")
P.passes(r"\frac{1}{4}", "weights[coffee][1]", note="'exactly': equal scores over four keys")
P.passes(r"(1, \tfrac{1}{2})", "output[coffee]", note="the mean of the values, exact")
P.wording("(1.0, 0.5)", "output[coffee]", "'≈' before a vector whose entries are exactly 1 and 1/2 (printed exactly)")
P.passes("0.25", "weights[tastes][coffee]", note="'about 0.25': 0.2492... rounds to 0.25 at two places; not the exact 1/4 of the row coffee")
P.passes("5.7143", "Z[tastes]")
P.passes("-1", "scores[bitter][bitter]")
P.fail("5.5492", "Z[bitter]", "last digit off by one")
P.formula(r"\frac{e^{1/\sqrt{2}}}{2e^{1/\sqrt{2}} + 1 + e^{-1}}", "weights[bitter][cold]",
          lambda: exp(1 / r2) / (2 * exp(1 / r2) + 1 + exp(-1)))
P.set_formula_note("a wrong exponent: e^{-1} where the lesson has e^{-1/sqrt 2} (the score of the last key was not scaled)")
P.passes("0.3655", "weights[bitter][cold]")
P.fail("(1.066, 0.467)", "output[cold]",
       "computed from rounded weights of the table: 0.313 + 0.313 + 2 x 0.220 = 1.066")
P.passes("(0.8974, 0.4984)", "output[tastes]")
P.passes("(0.72338, 0.54568)", "output[bitter]")
M("2", "code: np.sqrt(2)")
M("1", "code: axis=1")
M("3", "code: W.round(3)")
M("1.26", "version in a code comment 'numpy 1.26'")
M("12", "GPT-2 small: 12 heads (another model)")
M("12", "GPT-2 small: 12 layers (another model)")
M("144", "GPT-2 small: 144 attention matrices")
M("3", "link text 'Part 3'")
M("1", "footnote marker <sup>1</sup>")
M("1", "footnote marker <sup>1</sup> in the footnote")
M("3.8", "version 'matplotlib 3.8'")
M("2024", "copyright year")
M("4.0", "licence 'CC BY 4.0'; equals Z[coffee] = 4 by coincidence")
P.write()
