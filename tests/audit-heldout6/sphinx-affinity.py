"""sphinx-affinity.html: a Sphinx (Read the Docs theme) page as rendered:
section numbers in spans, MathJax in <div class="math"> with an
<span class="eqno">, an autodoc signature with a default value, a
versionchanged note, a docutils table whose headings are token labels
plus a timing column, a pycon doctest with 0-based indices, a footnote,
the footer.  The page defines A_{ij} = q_i . k_j, the RAW affinity, and
divides by sqrt(d_k) inside the softmax."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from heldout6lib import Page6, exp, sqrt, mpf

P = Page6(__file__)
P.pagedef("A", lambda i, j: P.raw(i, j))
A = lambda i, j: P.d("A", i, j)
r2 = sqrt(2)

P.mentions("3.2", "0.9.1", why="section number and package version in the <title>", after="<title>")
P.mention("3.2", "section number in the <h1>", after='<span class="section-number">')
P.mention("3.3", "equation number (eqno)", after='<span class="eqno">(')
P.mention("3.4", "equation number (eqno)", after='<span class="eqno">(')
P.mention("1.0", "default value in an autodoc signature (temperature=1.0)", after='<span class="default_value"><span class="pre">')
P.mention("0.8", "version in a versionchanged note", after="Changed in version ")
P.mention("3.2.1", "section number in the <h2>", after='<span class="section-number">')
P.passes("2", "shape.d_k", after=r"\(d_k = ")
P.ok("(0.5, 1)", "Q[1]", "q_menu (input)")
P.ok("(1, -0.5)", "Q[2]", "q_order (input)")
P.ok("(1, 0.5)", "K[1]", "k_bacon (input)")
P.ok("(0.5, 1)", "K[2]", "k_spam (input)")
P.ok("(-1, 1)", "K[3]", "k_eggs (input)")
P.passes("1", "scores[1][1]", note="A_{11}: the page's A is the raw affinity")
P.wording("1.25", "scores[1][2]", "'\\approx' before A_{12} = 5/4, which is exactly 1.25")
P.passes("0.5", "scores[1][3]")
P.fail("(0.7071, 0.8839, 0.3535)", "scaled[1]", "truncation instead of rounding in the third coordinate (0.353553... rounds to 0.3536)")
P.formula(r"\frac{e^{A_{12}/\sqrt{2}}}{e^{A_{11}/\sqrt{2}} + e^{A_{12}/\sqrt{2}} + e^{A_{13}/\sqrt{2}}}", "weights[1][2]",
          lambda: exp(A(1, 2) / r2) / (exp(A(1, 1) / r2) + exp(A(1, 2) / r2) + exp(A(1, 3) / r2)))
P.passes("2.4203", "e^scaled[1][2]", note="numerator of the page's arithmetic")
P.passes("5.8725", "Z[1]", note="denominator of the page's arithmetic")
P.passes("0.4121", "weights[1][2]")
P.passes("0.75", "scores[2][1]")
P.passes("0", "scores[2][2]")
P.passes("-1.5", "scores[2][3]")
P.passes("1.6995", "e^scaled[2][1]")
P.passes("1", "e^scaled[2][2]")
P.passes("0.3462", "e^scaled[2][3]")
P.passes("1.6995", "e^scaled[2][1]", note="operand of the page's sum")
P.passes("1", "e^scaled[2][2]", note="operand of the page's sum")
P.passes("0.3462", "e^scaled[2][3]", note="operand of the page's sum")
P.passes("3.0457", "Z[2]")
P.formula(r"\frac{1}{e^{3/(4\sqrt{2})} + 1 + e^{-3/(2\sqrt{2})}}", "weights[2][2]",
          lambda: 1 / (exp(mpf(3) / (4 * r2)) + 1 + exp(mpf(-3) / (2 * r2))))
P.passes("0.3283", "weights[2][2]")
P.formula(r"\frac{e^{A_{23}/\sqrt{2}}}{e^{A_{21}/\sqrt{2}} + e^{A_{23}/\sqrt{2}}}", "weights[2][3]",
          lambda: exp(A(2, 3) / r2) / (exp(A(2, 1) / r2) + exp(A(2, 3) / r2)))
P.ok("(1, 0)", "V[1]", "v_bacon (input)")
P.ok("(0, 1)", "V[2]", "v_spam (input)")
P.ok("(1, 1)", "V[3]", "v_eggs (input)")
P.fail("(0.6718, 0.4420)", "output[2]", "the last digit off by one in the first coordinate (0.671670... rounds to 0.6717)")
P.mention("3.1", "Table 3.1 (caption number)")
# table: label headings (bacon, spam, eggs) and a timing column
P.passes("0.3454", "weights[menu][bacon]", after="<td><p>menu</p></td>")
P.fail("0.4112", "weights[menu][spam]", "transposed digits: 0.4112 for 0.4121")
P.passes("0.2425", "weights[menu][eggs]")
P.mention("3.8", "microseconds per call (a timing)")
P.passes("0.5580", "weights[order][bacon]", after="<td><p>order</p></td>")
P.passes("0.3283", "weights[order][spam]")
P.fail("0.1136", "weights[order][eggs]", "truncation instead of rounding, in a table cell")
P.mention("3.6", "microseconds per call (a timing)")
P.mentions_until("Note the zero-based", "doctest code (0-based indices and the printed weight)")
P.mentions("1", "2", why="0-based indices in inline code")
P.mention("64", "d_k of BERT-base (another model)")
P.mention("768", "hidden width of BERT-base")
P.mention("12", "number of heads of BERT-base")
P.mention("1", "footnote marker [1]")
P.mention("1", "footnote label")
P.mention("2019", "year of a citation")
P.mention("1", "Table 1 of the cited paper")
P.mentions("2023", "2025", why="copyright years in the footer")
P.mention("7.2.6", "Sphinx version in the footer")
P.write()
