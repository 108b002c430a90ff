"""slidy-decoder.html: lecture slides exported by pandoc -t slidy
--slide-level=2 --mathjax (slide titles as <h1>, math in
<span class="math inline">\\(...\\)</span>).  X with projections, causal,
d_k = 2.  Symbols the lesson does not have: x_t, beta_1, beta_2 (a GRU
gate equal, by construction, to alpha_{2,1}; Adam's betas)."""
from heldout5lib import Page5, exp, sqrt

P = Page5(__file__)
r2 = sqrt(2)
L = P.L
w = lambda i, j: L.get("weights[%d][%d]" % (i, j)).mp
P.mention("7", "lecture number in the title element")
P.mention("4", "CSS (4vw)")
P.mention("1.5", "CSS (1.5em)")
P.mention("7", "lecture number in the title")
P.mention("2024", "year in the subtitle")
P.mention("8", "date")
P.mention("2024", "date")
P.mention("6", "lecture number")
P.mention("3", "quiz number")
P.mention("8.2/10", "a quiz average (grading)")
P.ok("2", "shape.d_k", "d_model = d_k = 2", after="d_{model} = d_k = ")
P.matrix("X", after="X = \\begin{bmatrix}")
P.matrix("W_Q", after="W_Q = \\begin{bmatrix}")
P.matrix("W_K", after="W_K = \\begin{bmatrix}")
P.matrix("W_V", after="W_V = \\begin{bmatrix}")
for i in range(1, 5):
    P.ok("(%s)" % ", ".join(str(x.ex) for x in L.get("K[%d]" % i)), "K[%d]" % i, "a key row")
for i in range(1, 5):
    P.ok("(%s)" % ", ".join(str(x.ex) for x in L.get("V[%d]" % i)), "V[%d]" % i, "a value row")
P.mention("1", "t = 1 in a heading (the step)", after="\\(t = ")
P.mention("2", "t = 2 in a heading", after="\\(t = ")
P.passes("1", "weights[1][1]", after="\\alpha_{1,1} = ")
P.ok("(0, 1)", None, "the two visible scores of row 2 (scores[2] = (0, 1, 1, 0))")
P.ok("(0, 0.7071)", None, "the two visible scaled scores of row 2")
P.formula(r"\frac{1}{1 + e^{1/\sqrt{2}}}", "weights[2][1]", lambda: 1 / (1 + exp(1 / r2)))
P.passes("0.3302", "weights[2][1]")
P.formula(r"\frac{e^{1/\sqrt{2}}}{1 + e^{1/\sqrt{2}}}", "weights[2][2]", lambda: exp(1 / r2) / (1 + exp(1 / r2)))
P.mention("5", "lecture number")
P.formula(r"\frac{1}{1 + e^{1/\sqrt{2}}}", "weights[2][1]", lambda: 1 / (1 + exp(1 / r2)))
P.items[-1] = P.items[-1][:4] + ("mention", "a GRU gate beta_2 of another model (a symbol the lesson does not have), "
                                 "equal by construction to weights[2][1]: a coincidence, not a result")
P.wording("(0.3302, 1.0000)", "output[2]", "'≈' before a vector whose second entry is exactly 1")
P.mention("3", "t = 3 in a heading", after="\\(t = ")
P.ok("(1, 2, 3)", None, "the three visible scores of row 3 (scores[3] = (1, 2, 3, 2))")
P.mention("1", "the 1 of 1/\\sqrt{2}, the scale written symbolically")
P.ok("(0.7071, 1.4142, 2.1213)", None, "the three visible scaled scores of row 3")
P.passes("2.028", "e^scaled[3][1]")
P.passes("4.113", "e^scaled[3][2]")
P.passes("8.342", "e^scaled[3][3]")
P.passes("2.028", "e^scaled[3][1]", note="operand")
P.passes("4.113", "e^scaled[3][2]", note="operand")
P.passes("8.342", "e^scaled[3][3]", note="operand")
P.fail("14.483", "Z[3]", "rounded intermediates: 2.028 + 4.113 + 8.342 (Z_3 = 14.48351 rounds to 14.484)")
P.formula(r"\frac{e^{3/\sqrt{2}}}{e^{1/\sqrt{2}} + e^{2/\sqrt{2}} + e^{3/\sqrt{2}}}", "weights[3][3]",
          lambda: exp(3 / r2) / (exp(1 / r2) + exp(2 / r2) + exp(3 / r2)))
# an extra term: the blocked fourth key (score 2) kept in the denominator
P.formula(r"\frac{e^{2/\sqrt{2}}}{e^{1/\sqrt{2}} + e^{2/\sqrt{2}} + e^{3/\sqrt{2}} + e^{2/\sqrt{2}}}", "weights[3][2]",
          lambda: exp(2 / r2) / (exp(1 / r2) + 2 * exp(2 / r2) + exp(3 / r2)))
P.ok("(0.1400, 0.2840, 0.5760)", None, "the three visible weights of row 3 (weights[3] = (0.1400, 0.2840, 0.5760, 0))")
assert [round(float(w(3, j)), 4) for j in (1, 2, 3)] == [0.14, 0.284, 0.576]
P.fail("(0.7160, 1.5759)", "output[3]", "truncation in the second coordinate (1.575975 rounds to 1.5760)")
P.mention("4", "t = 4 in a heading", after="\\(t = ")
P.passes("(2, 2, 4, 4)", "scores[4]")
P.formula(r"\frac{e^{\sqrt{2}}}{2e^{\sqrt{2}} + 2e^{2\sqrt{2}}}", "weights[4][2]",
          lambda: exp(r2) / (2 * exp(r2) + 2 * exp(2 * r2)))
P.passes("0.0978", "weights[4][2]")
P.fail("0.4023", "weights[4][4]", "the last digit off by one (0.402215 rounds to 0.4022)")
P.formula(r"\alpha_{4,1} + \alpha_{4,3} + 2\alpha_{4,4}", "output[4][1]", lambda: w(4, 1) + w(4, 3) + 2 * w(4, 4))
P.passes("1.3044", "output[4][1]")
P.passes("1.8044", "output[4][2]")
P.mention("1", "position 1 (an index in prose)", after="<li>Position ")
P.mention("2017", "year of a citation")
P.mention("3.2.3", "section of a paper")
P.mention("9.4", "section of a book")
P.mention("8", "lecture number")
P.mention("0.9", "Adam's beta_1: a symbol the lesson does not have")
P.mention("0.98", "Adam's beta_2")
P.mention("10", "epsilon = 10^{-9} of the optimiser (10 is a base)")
P.mention("4000", "warm-up steps of the optimiser")
P.write()
