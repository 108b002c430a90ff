"""layernorm-symbolic-eps.md: Markdown exercise notes on a LayerNorm whose
epsilon is kept as a symbol (lesson: "epsilon": {"symbol": "ε"}, no
value).  Block lesson: tokens pen, ink, nib; d_model = 4; W_Q = 0 (every
weight 1/3), W_V keeps the first coordinate, so A = (0, 1, 0, 1) for every
token; z_pen = (1, 3, 1, 3) (mu 2, sigma^2 1), z_ink = (0, 1, 2, 3) (mu 3/2,
sigma^2 5/4), z_nib = (2, 2, 2, 2) (mu 2, sigma^2 0, u = 0 exactly).
Formulas for u in several spellings (sqrt(1+eps), sqrt(eps+1), a power
(1+eps)^{-1/2}, sqrt(5+4 eps), sqrt(5/4+eps)); one is wrong (sqrt(5+eps)).
No decimal of u is printed (it would be undecided).  Mentions: section
numbers in headings, "Section 2.2", "Figure 2.1", N = 6, years, a date,
inline code.  Planted: one decimal slip (the page's own arithmetic), one
wording and one wrong symbolic form."""
from heldout8lib import Page8, eps, sympy

P = Page8(__file__)
L = P.L
R = sympy.Rational
S = sympy.sqrt
X = lambda p: R(L.q[p].ex.numerator, L.q[p].ex.denominator)  # an exact quantity as a sympy Rational

P.mention("2", "a number in a heading ('Chapter 2')")
P.mention("2.3", "a section number in a heading")
P.mention("2.2", "'Section 2.2': a reference")
P.mention("2.1", "'Figure 2.1': a reference")
P.mention("6", "'$N=6$ layers': a symbol the lesson does not define")
P.ok("4", "shape.d_model", "d_model = 4, the lesson's width", after="d_{\\text{model}} = ")
for i, row in enumerate(((1, 2, 1, 2), (0, 0, 2, 2), (2, 1, 2, 1)), 1):
    for j, x in enumerate(row, 1):
        P.input_entry(str(x), "X", i, j, after="X = \\begin{bmatrix}" if (i, j) == (1, 1) else None)
P.passes("0", "h1.scores[1][1]", note="'every score is $0$': the query projection is zero")
P.wording("0.3333", "h1.weights[1][1]", "'exactly' before a rounding of 1/3")
P.ok("(0, 1, 0, 1)", "h1.v[1]", "the value of pen")
P.ok("(0, 0, 0, 0)", "h1.v[2]", "the value of ink (equal by value to u_nib)")
P.ok("(0, 2, 0, 2)", "h1.v[3]", "the value of nib")
P.passes("(0, 1, 0, 1)", "attention[1]", note="A_i: the same for every token")
P.passes("(1, 3, 1, 3)", "residual[1]")
P.passes("(0, 1, 2, 3)", "residual[2]")
P.passes("(2, 2, 2, 2)", "residual[3]")
P.mention("2.4", "a section number in a heading")
P.mention("2016", "citation year (Ba et al.)")
P.passes("2", "ln1.mean[1]", after="$\\mu_1 = ")
P.passes("1", "ln1.variance[1]", after="$\\sigma^2_1 = ")
P.passes("\\frac{3}{2}", "ln1.mean[2]")
P.ok("\\frac{1}{4}", why="1/D in the page's own arithmetic of the variance (a coefficient)")
P.ok("\\frac{9}{4}", why="a squared centred coordinate of ink, (0 - 3/2)^2 (no claim path)")
P.ok("\\frac{1}{4}", why="(1 - 3/2)^2")
P.ok("\\frac{1}{4}", why="(2 - 3/2)^2")
P.ok("\\frac{9}{4}", why="(3 - 3/2)^2")
P.fail("1.26", "ln1.variance[2]", "one digit off in the page's own arithmetic: (1/4)(9/4 + 1/4 + 1/4 + 9/4) = 5/4 = 1.25")
P.passes("2", "ln1.mean[3]", after="$\\mu_3 = ")
P.passes("0", "ln1.variance[3]", after="$\\sigma^2_3 = ")
P.mention("2.5", "a section number in a heading")
# pen: sigma^2 = 1
P.formula_eps(r"\frac{z_{1,1} - \mu_1}{\sqrt{\sigma^2_1 + \varepsilon}}", "ln1[1][1]",
              (X("residual[1][1]") - X("ln1.mean[1]")) / S(X("ln1.variance[1]") + eps))
P.formula_eps(r"-\frac{1}{\sqrt{1+\varepsilon}}", "ln1[1][1]", -1 / S(1 + eps))
P.formula_eps(r"\frac{1}{\sqrt{\varepsilon + 1}}", "ln1[1][2]", 1 / S(eps + 1))
P.formula_eps(r"-(1+\varepsilon)^{-1/2}", "ln1[1][3]", -(1 + eps) ** R(-1, 2))
P.ok("\\frac{5}{4}", "ln1.variance[2]", "'the fraction 5/4': ink's variance")
# ink, in a display whose first line names the token
P.formula_eps(r"-\frac{3}{\sqrt{5 + 4\varepsilon}}", "ln1[ink][1]", -3 / S(5 + 4 * eps))
P.formula_eps(r"\frac{-1/2}{\sqrt{\frac{5}{4} + \varepsilon}}", "ln1[ink][2]", -R(1, 2) / S(R(5, 4) + eps))
P.formula_eps(r"\frac{3}{2\sqrt{\varepsilon + 5/4}}", "ln1[ink][4]", 3 / (2 * S(eps + R(5, 4))))
P.formula_eps(r"\frac{1}{\sqrt{5 + \varepsilon}}", "ln1[2][3]", 1 / S(5 + eps))
P.passes("(0, 0, 0, 0)", "ln1[3]", note="exactly: the centred coordinates are 0, whatever epsilon is")
P.ok("0", why="'divide 0 by 0': the centred coordinate of nib, exactly 0", after="divide\n$")
P.ok("0", why="'by 0': nib's sqrt(sigma^2) without epsilon, exactly 0")
P.mentions_until("and the exercises", "inline code (nn.LayerNorm(4, eps=1e-5))")
P.mention("3", "'Chapter 3'")
P.mentions("14", "2025", why="a due date")
P.write()
