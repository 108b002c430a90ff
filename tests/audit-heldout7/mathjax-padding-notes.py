"""mathjax-padding-notes.html: HTML course notes typeset by MathJax 3
(\\( \\) and \\[ \\]).  Q/K/V, 4 positions (we, ran, home, <pad>), d_k = 4
(scale exactly 1/2), key padding [1, 1, 1, 0] with "causal": true.  The
page's \\tilde{\\alpha}_{ij} = \\exp(q_i^T k_j / sqrt(d_k)) is the
lesson's e^scaled; row 3 is a tie (1/3 each, output (4/3, 1))."""
from fractions import Fraction as F
from heldout7lib import Page7, exp, sqrt, e

P = Page7(__file__)
L = P.L
P.pagedef("ta", lambda i, j: exp(P.raw(i, j) / 2))   # \tilde{\alpha}
ta = lambda i, j: P.d("ta", i, j)

P.mention("12", "lecture number in <title>")
P.mention("11", "link text: Lecture 11")
P.mention("13", "link text: Lecture 13")
P.mention("12", "lecture number in the <h1>")
P.mention("2024", "year of the term")
P.mention("2024-11-19", "revision date")
P.mention("12.1", "section number in a heading")
P.mentions("32", "128", why="batch size and padded length of another batch (counts in prose)")
P.mention("12.2", "section number in a heading")
P.mentions("1", "1", "1", "0", why="inline code: attention_mask=[1, 1, 1, 0]")
P.ok("(1, 1, 1, 0)", why="the padding mask m: an input of the lesson (mask entries have no claim path)")
P.ok("4", "shape.d_k", "d_k = 4, the lesson's own width")
P.formula("1/\\sqrt{4}", "1/sqrt(d_k)", lambda: 1 / sqrt(4))
P.passes("\\tfrac{1}{2}", "1/sqrt(d_k)", note="the scale, exactly 1/2")
P.matrix("Q", after="Q = \\begin{bmatrix}")
P.matrix("K", after="K = \\begin{bmatrix}")
P.matrix("V", after="V = \\begin{bmatrix}")
P.mention("12.3", "section number in a heading")
P.ok("1", why="m_j = 1: the padding mask's value for a real token (an input)", after="m_j = ")
allowed = [[1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 0]]
first = True
for i in range(4):
    for j in range(4):
        P.ok(str(allowed[i][j]), why="entry (%d,%d) of the allowed 0/1 pattern (causal and padding): mask data, no claim path"
             % (i + 1, j + 1), after="A = \\begin{bmatrix}" if first else None)
        first = False
P.mention("12.4", "section number in a heading")
P.passes("1", "weights[1][1]", after="\\alpha_{11} = ")
P.passes("(1, 0)", "output[1]", note="o_1 = v_1 exactly")
P.formula("e^{1/2}", "e^scaled[2][1]", lambda: ta(2, 1))
P.fail("1.6478", "e^scaled[2][1]", "transposed digits (1.6487 written 1.6478)")
P.formula("e^{1}", "e^scaled[2][2]", lambda: ta(2, 2))
P.passes("2.7183", "e^scaled[2][2]")
P.formula("\\frac{1}{1 + e^{-1/2}}", "weights[2][1]", lambda: 1 / (1 + exp(-F(1, 2))))
P.passes("0.3775", "weights[2][1]",
         note="the decimal is the true alpha_21, although the form before it is alpha_22's (e^{-1/2} for e^{1/2})")
P.formula("\\frac{\\tilde{\\alpha}_{22}}{\\tilde{\\alpha}_{21} + \\tilde{\\alpha}_{22}}", "weights[2][2]",
          lambda: ta(2, 2) / (ta(2, 1) + ta(2, 2)))
P.passes("0.6225", "weights[2][2]")
P.fail("(0.3775, 1.2450)", "output[2]",
       "rounded intermediates: 2(0.6225) = 1.2450 from the rounded weight; o_{2,2} = 1.244919, which rounds to 1.2449")
P.formula("e^{1}", "e^scaled[3][3]", lambda: ta(3, 3))
P.wording("0.3333", "weights[3][1]", "'exactly' before a rounding of 1/3")
P.passes("\\tfrac{1}{3}", "weights[3][1]", note="1/3 multiplying a sum of values: a weight")
P.passes("(\\tfrac{4}{3}, 1)", "output[3]")
P.formula("e^{1}", "e^scaled[4][1]", lambda: ta(4, 1))
P.formula("e^{3/2}", "e^scaled[4][3]", lambda: ta(4, 3))
P.passes("4.4817", "e^scaled[4][3]")
P.formula("e^{2}", "e^scaled[4][4]", lambda: ta(4, 4))
P.formula("e + 2e^{3/2}", "Z[4]", lambda: e + 2 * exp(F(3, 2)))
P.passes("2.7183", "e^scaled[4][1]", note="an operand")
P.passes("4.4817", "e^scaled[4][2]", note="an operand in brackets")
P.passes("11.6817", "Z[4]", note="2.7183 + 2(4.4817) = 11.6817, and Z_4 = 11.681660 rounds to it")
P.fail("0.2326", "weights[4][1]", "truncation instead of rounding")
P.passes("0.3837", "weights[4][2]")
P.passes("(1.3837, 1.1510)", "output[4]")
# the table: rows i (1-based, in <th>), columns j = 1..4, then a count
P.mentions("1", "2", "3", "4", why="column heading \\(j = N\\): a 1-based key index", after="<th>\\(i\\)</th>")
P.pos = P.src.find("<tbody>")
for i, row in enumerate([["1", "0", "0", "0"], ["0.3775", "0.6225", "0", "0"],
                         ["0.3333", "0.3333", "0.3333", "0"], ["0.2327", "0.3837", "0.3838", "0"]], 1):
    P.mention(str(i), "row label: the query index i (1-based)", after="<tr><th>")
    for j, t in enumerate(row, 1):
        if (i, j) == (4, 3):
            P.fail(t, "weights[4][3]", "the last digit off by one (tied with alpha_42 = 0.3837)")
        else:
            P.passes(t, "weights[%d][%d]" % (i, j))
    P.mention({1: "1", 2: "2", 3: "3", 4: "3"}[i], "'keys visible' column: a count of the row's visible keys")
P.mention("12.5", "section number in a heading")
P.mentions_until("</code></pre>", "code (PyTorch)")
P.mention("12.3", "Figure 12.3 (a reference)")
P.mention("12.4", "Eq. (12.4) (a reference)")
P.mention("512", "BERT-base's maximum length: another model")
P.mention("2019", "citation year")
P.mention("2024", "copyright year")
P.mention("3.1", "notes version")
P.write()
