"""katex-blog-causal.html: a blog post typeset in the browser by KaTeX's
auto-render, its TeX written as pandoc writes it (<span class="math
inline">\\(...\\)</span>, <span class="math display">\\[...\\]</span>) and
once as bare \\( \\) in a paragraph; a byline with dates and a version, an
HTML weights table (rows = queries with <th> labels, columns = keys), and a
closing paragraph of foreign numbers (d_model = 512, 8 heads of 64, BERT's
12 heads, a BLEU score, WMT 2014).
Q/K/V, 4 tokens (green ideas sleep furiously), d_k = 3 (scale 1/sqrt 3),
causal.  Planted: three slips in the table (0.6406 last digit off, 0.4710
truncated, 0.1567 transposed digits) and one wrong named form (alpha_{3,1}
with e^{0}, the masked key furiously, left in its denominator)."""
from heldout9lib import Page9, exp, sqrt

P = Page9(__file__)
P.check_close()
r3 = sqrt(3)
a, b = exp(1 / r3), exp(2 / r3)

P.mentions_until("Chomsky", "head (stylesheet/script URLs with KaTeX 0.16.9) and byline: dates, "
                 "'version 2.1', '9 min read'")
P.mention("1", "section number in a heading", after="<h2")
P.matrix("Q", after="Q = \\begin{bmatrix}")
P.matrix("K", after="K = \\begin{bmatrix}")
P.matrix("V", after="V = \\begin{bmatrix}")
P.ok("3", "shape.d_k", "d_k = 3 in math: the lesson's own width")
P.formula("\\sqrt{3}", "sqrt(d_k)", lambda: r3)
P.passes("1.7321", "sqrt(d_k)")
P.mention("1", "the start of an index range '1, \\dots, i'")
P.mention("2", "section number in a heading", after="<h2")
P.ok("1", "weights[1][1]", "'its single weight is 1' (an integer in prose)")
P.passes("1", "scores[2][1]", after="s_{2,1} = ", note="s as the raw score (the page says 'raw scores')")
P.passes("2", "scores[2][2]", after="s_{2,2} = ")
P.formula("1/\\sqrt{3}", "scaled[2][1]", lambda: 1 / r3)
P.passes("0.5774", "scaled[2][1]")
P.formula("2/\\sqrt{3}", "scaled[2][2]", lambda: 2 / r3)
P.passes("1.1547", "scaled[2][2]")
P.formula("e^{1/\\sqrt{3}}", "e^scaled[2][1]", lambda: a)
P.passes("1.7813", "e^scaled[2][1]")
P.formula("e^{2/\\sqrt{3}}", "e^scaled[2][2]", lambda: b)
P.passes("3.1731", "e^scaled[2][2]")
P.passes("4.9544", "Z[2]")
P.formula("\\frac{e^{2/\\sqrt{3}}}{e^{1/\\sqrt{3}} + e^{2/\\sqrt{3}}}", "weights[2][2]", lambda: b / (a + b))
P.passes("0.6405", "weights[2][2]")
P.passes("2", "scores[3][1]", after="s_{3,1} = ")
P.passes("1", "scores[3][2]", after="s_{3,3} = ", note="the chain s_{3,2} = s_{3,3} = 1")
# planted: e^{0} is furiously's term, a key the causal mask hides from sleep
P.formula("\\frac{e^{2/\\sqrt{3}}}{e^{2/\\sqrt{3}} + 2e^{1/\\sqrt{3}} + e^{0}}", "weights[3][1]",
          lambda: b / (b + 2 * a + 1))
P.passes("0.4711", "weights[3][1]", note="the decimal is right; the form before it keeps the masked key's e^{0}")
P.passes("(2, 2, 2, 1)", "scores[4]")
P.passes("11.3005", "Z[4]")
P.formula("\\frac{e^{1/\\sqrt{3}}}{3e^{2/\\sqrt{3}} + e^{1/\\sqrt{3}}}", "weights[4][4]", lambda: a / (3 * b + a))
P.passes("0.1576", "weights[4][4]")
P.mention("3", "section number in a heading", after="<h2")
P.passes("1.0000", "weights[1][1]", after="<th>green</th><td>", note="exactly 1, as a terminating decimal")
P.passes("0", "weights[1][2]")
P.passes("0", "weights[1][3]")
P.passes("0", "weights[1][4]")
P.passes("0.3595", "weights[2][1]")
P.fail("0.6406", "weights[2][2]", "the last digit off by one (0.640457 rounds to 0.6405)")
P.passes("0", "weights[2][3]")
P.passes("0", "weights[2][4]")
P.fail("0.4710", "weights[3][1]", "truncation instead of rounding (0.471083 rounds to 0.4711)")
P.passes("0.2645", "weights[3][2]")
P.passes("0.2645", "weights[3][3]")
P.passes("0", "weights[3][4]")
P.passes("0.2808", "weights[4][1]")
P.passes("0.2808", "weights[4][2]")
P.passes("0.2808", "weights[4][3]")
P.fail("0.1567", "weights[4][4]", "transposed digits (0.1576)")
P.passes("(1, 0)", "output[1]", note="o_1 = v_1 exactly")
P.passes("(0.3595, 0.6405)", "output[2]")
P.passes("(0.7355, 0.5289)", "output[3]")
P.passes("(0.8768, 0.5616)", "output[4]")
P.mention("4", "section number in a heading", after="<h2")
P.mention("2017", "year of the base Transformer")
P.mention("512", "d_model of the base model: a symbol this head lesson does not define")
P.mentions("8", "64", "12", why="heads and head width of other models (counts in prose)")
P.mention("27.3", "a BLEU score (a metric)")
P.mention("2014", "'WMT 2014': a year in a test set's name")
P.mentions_until("</html>", "footer: copyright year, link URL and link text 'Part 5'")
P.write()
