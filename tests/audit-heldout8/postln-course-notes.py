"""postln-course-notes.tex: LaTeX lecture notes working one Post-LN encoder
block by hand.  Block lesson: tokens snow, falls, softly; d_model = 2; one
head of width d_k = 1 (scale 1) and d_v = 2 (no W_O); LayerNorm with
epsilon 1/100000; FFN (d_ff = 3, ReLU); second LayerNorm with gamma (2, 1)
and beta (1/2, 0).  falls's query is 0: weights 1/3, H = (4/3, 1/3),
z = (7/3, 1/3), mu = 4/3, sigma^2 = 1, u = (1, -1)/sqrt(1 + eps).  The
third hidden unit is u_1 + u_2 + 1/2 = 1/2 exactly (the centred
coordinates cancel).  Formulas in the block's symbols a, H, z, mu, sigma^2,
u, h, r, f; sigma^2 is spelled sigma_1^2 once and sigma^2_{2} once.
Planted: four decimal slips and three wrong forms (a wrong epsilon, a
swapped index, a sign)."""
from heldout8lib import Page8, exp, sqrt, e, mpf

P = Page8(__file__)
L = P.L
g = lambda p: L.get(p).mp
EPS = mpf(1) / 100000

P.mention("10", "font size option (10pt)")
P.mention("4120", "course number in the title")
P.mention("9", "lecture number in the title")
P.mention("2025", "term in the date")
P.mention("2017", "citation year (Vaswani et al.)")
P.ok("2", "shape.d_model", "d_model = 2, the lesson's own width", after="d_{\\text{model}} = ")
P.ok("1", "shape.d_k", "d_k = 1, the head's width", after="width $d_k = ")
P.ok("1", why="the numerator of the symbolic scale 1/sqrt(d_k)", after="the scale\n$")
for t, i, j in (("2", 1, 1), ("2", 1, 2), ("1", 2, 1), ("0", 2, 2), ("-1", 3, 1), ("-1", 3, 2)):
    P.input_entry(t, "X", i, j, after="X = \\begin{bmatrix}" if (i, j) == (1, 1) else None)
for k, t in enumerate(("1", "1", "2", "-1")):
    P.ok(t, why="W_V[%d][%d], an input of the lesson (no claim path)" % (k // 2 + 1, k % 2 + 1),
         after="W_V = \\begin{bmatrix}" if k == 0 else None)
P.ok("(0, 2)", why="W_Q written as a column: an input of the lesson")
P.ok("(1, -1)", why="W_K written as a column: an input of the lesson")
P.ok("4", "h1.q[1][1]", "the query of snow")
P.ok("0", "h1.q[2][1]", "the query of falls")
P.ok("-2", "h1.q[3][1]", "the query of softly")
P.ok("0", "h1.k[1][1]", "the key of snow")
P.ok("1", "h1.k[2][1]", "the key of falls")
P.ok("0", "h1.k[3][1]", "the key of softly")
# attention
P.formula(r"\frac{e^{4}}{e^{0} + e^{4} + e^{0}}", "h1.weights[1][2]", lambda: exp(4) / (1 + exp(4) + 1))
P.formula(r"\frac{e^{4}}{2 + e^{4}}", "h1.weights[1][2]", lambda: exp(4) / (2 + exp(4)))
P.passes("0.9647", "h1.weights[1][2]")
P.formula(r"\frac{1}{2 + e^{4}}", "h1.weights[1][1]", lambda: 1 / (2 + exp(4)))
P.passes("0.0177", "h1.weights[1][1]", note="a_{1,1} = a_{1,3}: both weights are this")
P.ok("(6, 0)", "h1.v[1]", "v of snow")
P.ok("(1, 1)", "h1.v[2]", "v of falls")
P.ok("(-3, 0)", "h1.v[3]", "v of softly")
P.formula(r"6a_{1,1} + a_{1,2} - 3a_{1,3}", "h1.output[1][1]",
          lambda: 6 * g("h1.weights[1][1]") + g("h1.weights[1][2]") - 3 * g("h1.weights[1][3]"))
P.formula(r"\frac{3 + e^{4}}{2 + e^{4}}", "h1.output[1][1]", lambda: (3 + exp(4)) / (2 + exp(4)))
P.fail("1.0176", "h1.output[1][1]", "truncation instead of rounding")
P.passes("0.9647", "h1.output[1][2]", note="H_{1,2} is the middle weight, e^4/(2 + e^4)")
P.passes("\\frac{1}{3}", "h1.weights[2][1]", note="'each weight is exactly': the query of falls is zero")
P.passes("(\\frac{4}{3}, \\frac{1}{3})", "h1.output[2]")
P.formula(r"\frac{e^{-2}}{2 + e^{-2}}", "h1.weights[3][2]", lambda: exp(-2) / (2 + exp(-2)))
P.passes("0.0634", "h1.weights[3][2]")
# residual and LayerNorm
P.passes("(3.0177, 2.9647)", "residual[1]")
P.formula(r"\frac{z_{1,1} + z_{1,2}}{2}", "ln1.mean[1]", lambda: (g("residual[1][1]") + g("residual[1][2]")) / 2)
P.passes("2.9912", "ln1.mean[1]")
P.passes("0.000702", "ln1.variance[1]")
P.ok("\\frac{1}{100000}", why="epsilon, the lesson's LayerNorm parameter (ln1.epsilon; no claim path)")
P.formula(r"\frac{z_{1,1} - \mu_1}{\sqrt{\sigma_1^2 + \epsilon}}", "ln1[1][1]",
          lambda: (g("residual[1][1]") - g("ln1.mean[1]")) / sqrt(g("ln1.variance[1]") + EPS))
P.passes("0.9930", "ln1[1][1]")
P.passes("(\\frac{7}{3}, \\frac{1}{3})", "residual[2]")
P.formula(r"\frac{z_{2,1} - \mu_{2}}{\sqrt{\sigma^2_{2} + \epsilon}}", "ln1[2][1]",
          lambda: (g("residual[2][1]") - g("ln1.mean[2]")) / sqrt(g("ln1.variance[2]") + EPS))
P.formula(r"\frac{1}{\sqrt{1 + \epsilon}}", "ln1[2][1]", lambda: 1 / sqrt(1 + EPS))
P.passes("0.999995", "ln1[2][1]")
P.passes("-0.2342", "ln1.mean[3]")
P.fail("0.4934", "ln1.variance[3]", "truncation instead of rounding (the table below has it right)")
P.formula(r"\frac{z_{3,1} - \mu_3}{\sqrt{\sigma^2_{3} + 10^{-6}}}", "ln1[3][1]",
          lambda: (g("residual[3][1]") - g("ln1.mean[3]")) / sqrt(g("ln1.variance[3]") + mpf(10) ** -6))
P.passes("1.0000", "ln1[3][1]", note="the decimal is right (0.99998987); the form before it has a wrong epsilon")
# the table: rows are tokens, columns mu, sigma^2, u_{i,1}
P.passes("2.9912", "ln1.mean[1]", after="snow   & ")
P.passes("0.0007", "ln1.variance[1]", note="4 places, as the table's other cells")
P.passes("0.9930", "ln1[1][1]")
P.fail("1.3334", "ln1.mean[2]", "the last digit off by one (4/3 = 1.33333...)")
P.passes("1", "ln1.variance[2]", note="written in math: exactly 1")
P.passes("1.0000", "ln1[2][1]", note="0.999995, not exact: a rounding, no wording")
P.passes("-0.2342", "ln1.mean[3]")
P.passes("0.4935", "ln1.variance[3]")
P.passes("1.0000", "ln1[3][1]")
# feed-forward
for k, t in enumerate(("3", "-1", "1", "1", "1", "1")):
    P.ok(t, why="W_1[%d][%d], an input of the lesson" % (k // 3 + 1, k % 3 + 1),
         after="W_1 = \\begin{bmatrix}" if k == 0 else None)
P.ok("(-1, 0, \\frac{1}{2})", why="b_1, an input of the lesson")
P.formula(r"3u_{1,1} + u_{1,2} - 1", "ffn.hidden[1][1]", lambda: 3 * g("ln1[1][1]") + g("ln1[1][2]") - 1)
P.fail("0.9858", "ffn.hidden[1][1]", "the last digit off by one")
P.formula(r"u_{1,1} - u_{1,2}", "ffn.hidden[1][2]", lambda: g("ln1[1][1]") - g("ln1[1][2]"))
P.passes("-1.9859", "ffn.hidden[1][2]", note="the decimal is right; the form before it has the wrong sign")
P.formula(r"u_{1,1} + u_{1,2} + \frac{1}{2}", "ffn.hidden[1][3]",
          lambda: g("ln1[1][1]") + g("ln1[1][2]") + mpf(1) / 2)
P.passes("\\frac{1}{2}", "ffn.hidden[1][3]", note="exactly 1/2: the centred coordinates cancel")
P.passes("\\frac{1}{2}", "ffn.hidden[2][3]", note="'for every token': the same 1/2 (prose after a sentence on h_{1,3})")
P.formula(r"3u_{2,2} + u_{2,1} - 1", "ffn.hidden[2][1]", lambda: 3 * g("ln1[2][2]") + g("ln1[2][1]") - 1)
P.passes("1.0000", "ffn.hidden[2][1]", note="the decimal is right (0.99999); the form before it swaps the coordinate indices")
for k, t in enumerate(("1", "0", "2", "1", "0", "-2")):
    P.ok(t, why="W_2[%d][%d], an input of the lesson" % (k // 2 + 1, k % 2 + 1),
         after="W_2 = \\begin{bmatrix}" if k == 0 else None)
P.passes("0.9859", "ffn[1][1]")
P.formula(r"-2r_{1,3}", "ffn[1][2]", lambda: -2 * g("ffn.relu[1][3]"))
P.passes("-1", "ffn[1][2]")
P.passes("(1.9789, -1.9930)", "residual2[1]")
P.ok("(2, 1)", why="gamma of the second LayerNorm, an input")
P.ok("(\\frac{1}{2}, 0)", why="beta of the second LayerNorm, an input")
P.passes("(2.5000, -1.0000)", "ln2[1]", note="(2.4999975, -0.9999987): roundings, so '\\approx' is right")
P.mention("6", "N = 6 blocks of the base model (a symbol the lesson does not define)")
P.mention("512", "d_model of the base model: another model's value")
P.mention("2048", "d_ff of the base model")
P.mention("2016", "citation year (Ba et al.)")
P.mention("4", "'Homework 4'")
P.write()
