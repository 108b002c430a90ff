"""quarto-tilde-weights.html: a Quarto book chapter rendered to HTML
(chapter and section numbers in spans, MathJax \\(..\\) and \\[..\\] in
math spans, an equation number \\qquad(6.1) inside the display, a callout,
an R code cell with its printed output, a captioned table whose columns
are token labels plus two extra columns, a figure with alt text, a CSL
bibliography).  The page defines
tilde-alpha_{ij} = exp(<q_i, k_j>/sqrt(d_k)), the EXPONENTIATED scaled
score, and applies a 0/1 mask outside the exponential."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from heldout6lib import Page6, exp, sqrt, mpf

P = Page6(__file__)
P.pagedef("ta", lambda i, j: exp(P.raw(i, j) / sqrt(P.L.dk)))
ta = lambda i, j: P.d("ta", i, j)
r2 = sqrt(2)

P.mention("6", "chapter number in the <title>", after="<title>")
P.mention("6", "chapter number in the <h1>", after='<span class="chapter-number">')
P.mentions("5", "2024", why="publication date", after='<p class="date">')
P.mention("6.1", "section number in a heading", after='<span class="header-section-number">')
P.mention("6.1", "equation number Quarto writes inside the display (\\qquad(6.1))", after=r"\qquad(")
P.ok("0", None, "member of the mask's value set {0, 1}: a mask entry (input)", after=r"m_{ij} \in \{")
P.ok("1", None, "member of the mask's value set {0, 1}: a mask entry (input)")
P.mention("6.1", "Equation 6.1 (a cross-reference)", after="Equation&nbsp;")
P.mention("2017", "year of a citation")
P.passes("2", "shape.d_k", after=r"\(d_k = ")
P.mention("6.2", "section number in a heading", after='<span class="header-section-number">')
for i, (t, path) in enumerate([("(1, 2)", "Q[1]"), ("(2, 1)", "Q[2]"), ("(1, 1)", "Q[3]"),
                                ("(1, 1)", "K[1]"), ("(1, -1)", "K[2]"), ("(2, 0)", "K[3]")]):
    P.ok(t, path, "a row of Q or K (input)")
P.mentions_until("By hand, for", "R code cell and its printed output")
P.formula(r"e^{3/\sqrt{2}}", "e^scaled[1][1]", lambda: ta(1, 1))
P.passes("8.3421", "e^scaled[1][1]", note="tilde-alpha_{11}: the page's tilde-alpha is e^{scaled score}")
P.formula(r"e^{-1/\sqrt{2}}", "e^scaled[1][2]", lambda: ta(1, 2))
P.fail("0.4930", "e^scaled[1][2]", "truncation instead of rounding")
P.formula(r"e^{\sqrt{2}}", "e^scaled[1][3]", lambda: ta(1, 3))
P.passes("4.1133", "e^scaled[1][3]")
P.formula(r"\tilde{\alpha}_{11} + \tilde{\alpha}_{12} + \tilde{\alpha}_{13}", "Z[1]",
          lambda: ta(1, 1) + ta(1, 2) + ta(1, 3))
P.passes("12.9485", "Z[1]")
P.formula(r"\frac{\tilde{\alpha}_{13}}{Z_1}", "weights[1][3]", lambda: ta(1, 3) / (ta(1, 1) + ta(1, 2) + ta(1, 3)))
P.passes("0.3177", "weights[1][3]")
P.ok("(1, 0, 1)", "V[1]", "v_1 (input)")
P.ok("(0, 1, 1)", "V[2]", "v_2 (input)")
P.ok("(2, 2, 0)", "V[3]", "v_3 (input)")
P.passes("0.0381", "weights[1][2]", note="operand of the page's arithmetic for o_{1,2}")
P.ok("2", "V[3][2]", "the factor v_{3,2} = 2 of the page's arithmetic")
P.passes("0.3177", "weights[1][3]", note="operand of the page's arithmetic")
P.fail("0.6735", "output[1][2]", "rounded intermediates: 0.0381 + 2 x 0.3177 = 0.6735, but o_{1,2} = 0.673405... rounds to 0.6734")
P.formula(r"\frac{\tilde{\alpha}_{21}}{\tilde{\alpha}_{21} + \tilde{\alpha}_{22} + \tilde{\alpha}_{23}}", "weights[2][1]",
          lambda: ta(2, 1) / (ta(2, 1) + ta(2, 2) + ta(2, 3)))
P.formula(r"\frac{1}{1 + e^{\sqrt{2}}}", "weights[2][2]", lambda: 1 / (1 + exp(r2)))
P.passes("0.1956", "weights[2][2]")
P.wording("(0.8044, 0.1956, 1.0000)", "output[2]", "'\\approx' before a vector whose third entry is exactly 1 and printed exactly")
P.formula(r"\frac{e^{\sqrt{2}}}{1 + e^{\sqrt{2}}}", "weights[3][3]", lambda: exp(r2) / (1 + exp(r2)))
P.mention("6.1", "Table 6.1 (caption)", after="Table&nbsp;")
# label headings river/bank/flows; two extra columns
P.passes("0.6443", "weights[1][1]", after="<td>river</td>")
P.passes("0.0381", "weights[1][2]")
P.fail("0.3176", "weights[1][3]", "truncation instead of rounding, in a table cell")
P.mention("3", "number of visible keys (a count)")
P.passes("1.000", "sum(weights[1])", note="row sum of the weights")
P.passes("0.8044", "weights[2][1]")
P.fail("0.1965", "weights[2][2]", "transposed digits: 0.1965 for 0.1956")
P.passes("0", "weights[2][3]", note="blocked key")
P.mention("2", "number of visible keys")
P.passes("1.000", "sum(weights[2])")
P.passes("0", "weights[3][1]", note="blocked key", after="<td>flows</td>")
P.passes("0.1956", "weights[3][2]")
P.passes("0.8044", "weights[3][3]")
P.mention("2", "number of visible keys")
P.passes("1.000", "sum(weights[3])")
P.mentions("3", "3", "2", "1", why="alt text of the figure")
P.mention("6.2", "Figure 6.2 (caption)")
P.mention("6.1", "Table 6.1 (caption)")
P.mentions("2017", "30", "5998", "6008", why="bibliography entry (year, volume, pages)")
P.write()
