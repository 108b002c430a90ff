"""Values for textbook-example.tex (lesson textbook-example.json): a LaTeX
textbook chapter (\\chapter, a theorem, two example environments,
numbered equations with \\label, a booktabs table of weights referred to by
Table~\\ref, an array of the same weights, a footnote that denies a value,
exercises, hard-coded references such as Theorem~4.1 and Equation~(2.83)).
X with projections W_Q = I, W_K swapping the coordinates, W_V = diag(1, 2);
the row of "east" ties (exactly 1/3, output exactly (1, 2)); a blend of
assigned weights (1/2, 1/4, 1/4) returns exactly (5/4, 3/2).
Re-run: python3 textbook-example.py (writes textbook-example.expect)."""
from heldout3lib import Page3
from mpmath import exp, sqrt

P = Page3(__file__)
M = P.mention
M("2025-01-20", "date in a LaTeX comment (comments are skipped)")
M("3", "'Chapter~3'")
M("2.83", "'Equation~(2.83)' of the previous chapter; coincides with the scaled score 2*sqrt(2) = 2.828 at 2 decimals")
M("3.2.1", "section number in a \\citet optional argument")
M("4.1", "'Theorem~4.1'")
M("4.6", "'Section~4.6'")
for which in ("X", "W_Q", "W_K", "W_V"):
    P.matrix(which, after="begin{bmatrix}" if which == "X" else which + " = \\begin{bmatrix}")
for tok in ("sun", "rises", "east"):
    P.ok(P.vtext("K[%s]" % tok, "(", ")"), "K[%s]" % tok, "a key (X W_K)")
for tok in ("sun", "rises", "east"):
    P.ok(P.vtext("V[%s]" % tok, "(", ")"), "V[%s]" % tok, "a value (X W_V)")
P.passes("(0, 4, 2)", "scores[sun]")
P.passes("(0, 2.828, 1.414)", "scaled[sun]")
P.passes("1", "e^scaled[sun][sun]", after="The exponentials are $", note="e^0")
P.passes("16.919", "e^scaled[sun][rises]")
P.fail("4.114", "e^scaled[sun][east]", "the last digit is off by one (e^sqrt(2) = 4.113250 rounds to 4.113)")
P.ok("1", "e^scaled[sun][sun]", "operand of the page's sum: e^0")
P.passes("16.919", "e^scaled[sun][rises]", note="operand of the page's sum")
P.passes("4.113", "e^scaled[sun][east]", note="operand of the page's sum")
P.passes("22.032", "Z[sun]", note="the page's own sum agrees")
P.formula(r"\frac{e^{2\sqrt{2}}}{1 + e^{2\sqrt{2}} + e^{\sqrt{2}}}", "weights[sun][rises]",
          lambda: exp(2 * sqrt(2)) / (1 + exp(2 * sqrt(2)) + exp(sqrt(2))))
P.passes("0.7679", "weights[sun][rises]")
P.formula(r"\frac{e^{\sqrt{2}}}{e^{2\sqrt{2}} + 1 + e^{2\sqrt{2}}}", "weights[rises][east]",
          lambda: exp(sqrt(2)) / (2 * exp(2 * sqrt(2)) + 1))
P.set_formula_note("a wrong exponent: the third term of the denominator is e^{2 sqrt 2} where the lesson has e^{sqrt 2} (the key east itself)")
P.passes("0.1867", "weights[sun][east]", note="'and 0.1867 for both' (sun and rises)")
M("0.76", "a value the page denies: 'The first printing gave 0.76 ...; that was a typo' (near the weight 0.7679, but denied)")
P.passes("0.045", "weights[sun][sun]", note="a weight spaced before v_sun")
P.passes("0.768", "weights[sun][rises]")
P.passes("0.187", "weights[sun][east]")
P.fail("(0.277, 3.446)", "output[sun]", "computed from rounded intermediates in coordinate 2: 4(0.768) + 2(0.187) = 3.446 from the table's weights; the true 3.445059 rounds to 3.445")
P.passes("2", "scores[east][sun]", after="All three scores of \\emph{east} are $")
P.formula(r"\tfrac{e^{\sqrt{2}}}{3e^{\sqrt{2}}}", "weights[east][sun]", lambda: exp(sqrt(2)) / (3 * exp(sqrt(2))))
P.passes(r"\tfrac{1}{3}", "weights[east][sun]")
P.ok(r"\tfrac{1}{3}", "weights[east][sun]", "the common weight written before a bracket of symbols (a factor of a named form)",
     after="o_{\\text{east}} = ")
P.passes("(1, 2)", "output[east]", note="the mean of the three values, exact")
P.wording("(1.000, 2.000)", "output[east]", "'≈' before a vector whose entries are exactly 1 and 2")
M("4.2", "'Table~4.2 of the first edition' in the caption")
for key, txt in (("sun", "0.045"), ("rises", "0.768"), ("east", "0.187")):
    P.passes(txt, "weights[sun][%s]" % key, note="table row sun, column %s" % key)
P.passes("0.768", "weights[rises][sun]", note="table row rises, column sun")
P.passes("0.045", "weights[rises][rises]")
P.fail("0.186", "weights[rises][east]", "truncation instead of rounding (0.186694 cut to 0.186)")
for key in ("sun", "rises", "east"):
    P.passes(r"\tfrac{1}{3}", "weights[east][%s]" % key, note="table row east")
for row, texts in (("sun", ("0.0454", "0.7679", "0.1867")), ("rises", ("0.7679", "0.0454", "0.1867"))):
    for key, txt in zip(("sun", "rises", "east"), texts):
        P.passes(txt, "weights[%s][%s]" % (row, key), note="the array A, row %s" % row)
for key in ("sun", "rises", "east"):
    P.passes("1/3", "weights[east][%s]" % key, note="the array A, row east")
P.ok(r"\tfrac{1}{2}", None, "an assigned weight of the blend (lesson input; blends have no weight path)")
P.ok(r"\tfrac{1}{4}", None, "an assigned weight of the blend")
P.ok(r"\tfrac{1}{4}", None, "an assigned weight of the blend")
P.passes(r"(\tfrac{5}{4}, \tfrac{3}{2})", "blend[hand]", note="the blend's output, exact")
P.passes("(1.25, 1.50)", "blend[hand]", note="the same, as terminating decimals ('that is')")
M("4.7", "'Exercise 4.7'")
M("512", "d_model of real models")
M("8", "h = 8 of real models (the lesson has no heads)")
M("0.9", "beta_1 of the optimiser")
M("0.98", "beta_2 of the optimiser")
M("4000", "warm-up steps")
M("1.4", "'Section~1.4'; coincides with the scaled score sqrt(2) = 1.414 at 1 decimal")
M("38", "'the 38 pages of Appendix~B' (a page count)")
P.write()
