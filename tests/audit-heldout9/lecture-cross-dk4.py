"""lecture-cross-dk4.tex: LaTeX lecture notes (article class, \\section,
pmatrix inputs, equation with \\tag{3.1}/\\tag{3.2}, align with \\notag, a
footnote, a literal citation [Vaswani et al., 2017], "Figure 2", a
booktabs table whose rows are queries and columns keys).
Q/K/V given directly: two decoder queries (dogs, bark) over four encoder
keys (Hunde, bellen, laut, PAD), d_k = 4 (scale exactly 1/2), key padding
[1, 1, 1, 0].  bark's raw scores are all 1: weights 1/3 exactly, output
(1, 2) exactly.  Planted: a truncation (0.3071), the padding leaked into
the denominator of the named o_{1,1} (an extra e^{1/2}), a wrong exact
fraction (weight 1/4 for 1/3), a last digit off in the table (0.1864)."""
from heldout9lib import Page9, exp, e

P = Page9(__file__)
P.check_close()
h = exp(0.5)
Z1 = e + h + 1

P.mention("11", "'11pt', a class option (a unit)")
P.mention("7", "'Lecture 7' in the title")
P.mention("2024/25", "the academic term, not a fraction of the lesson")
P.mention("2017", "citation year, [Vaswani et al., 2017]")
P.mention("2", "'Figure 2': a figure reference")
P.mention("4", "'had 4 tokens here' in a footnote: a count in prose")
P.mention("2.4", "'Section 2.4': a section reference")
P.matrix("Q", after="Q = \\begin{pmatrix}")
P.matrix("K", after="K = \\begin{pmatrix}")
P.matrix("V", after="V = \\begin{pmatrix}")
P.ok("4", "shape.d_k", "d_k = 4 in math: the lesson's own width")
P.passes("\\frac{1}{2}", "1/sqrt(d_k)", after="\\frac{1}{\\sqrt{d_k}} = ", note="1/sqrt(d_k) = 1/2 exactly")
P.mention("3.1", "equation number in \\tag{}")
P.ok("(1, 1, 0, 0)", "Q[1]", "q_dogs, a row of Q")
P.passes("(2, 1, 0, 1)", "scores[1]",
         note="the raw scores of dogs ('dot products'); a vector of four entries, and the only quantity it is")
P.passes("1", "scaled[1][1]", after="s_{1,1} &= ")
P.passes("\\tfrac{1}{2}", "scaled[1][2]")
P.passes("0", "scaled[1][3]")
P.passes("\\tfrac{1}{2}", "scaled[1][4]", note="the padded key's scaled score (it is still computed, then blocked)")
P.formula("e^{1}", "e^scaled[1][1]", lambda: e)
P.formula("e^{1/2}", "e^scaled[1][2]", lambda: h)
P.formula("e^{0}", "e^scaled[1][3]", lambda: exp(0))
P.passes("1", "e^scaled[1][3]")
P.formula("e + e^{1/2} + 1", "Z[1]", lambda: Z1)
P.passes("5.3670", "Z[1]")
P.mention("3.2", "equation number in \\tag{}")
P.formula("\\frac{e}{e + e^{1/2} + 1}", "weights[1][1]", lambda: e / Z1)
P.passes("0.5065", "weights[1][1]")
P.formula("\\frac{e^{1/2}}{e + e^{1/2} + 1}", "weights[1][2]", lambda: h / Z1)
P.fail("0.3071", "weights[1][2]", "truncation instead of rounding (0.307196 rounds to 0.3072)")
P.formula("\\frac{1}{e + e^{1/2} + 1}", "weights[1][3]", lambda: 1 / Z1)
P.passes("0.1863", "weights[1][3]")
# planted: 2e^{1/2} in the denominator counts the padded key (scaled score 1/2) as well
P.formula("\\frac{2e + 1}{e + 2e^{1/2} + 1}", "output[1][1]", lambda: (2 * e + 1) / (e + 2 * h + 1))
P.passes("1.1993", "output[1][1]", note="the decimal is right; the form before it lets the padding into the denominator")
P.formula("\\frac{e + 3e^{1/2} + 2}{e + e^{1/2} + 1}", "output[1][2]", lambda: (e + 3 * h + 2) / Z1)
P.passes("1.8007", "output[1][2]")
P.mention("3.2", "'Eq.~(3.2)': an equation reference")
P.mention("0.3875", "a wrong value the page denies ('which is wrong'): e/(e + 2e^{1/2} + 1) = 0.387456, "
          "the weight without the padding mask; no quantity of the lesson")
P.ok("(1, 0, 1, 0)", "Q[2]", "q_bark, a row of Q")
P.ok("1", "scores[2][1]", "'dot product $1$ with every key': bark's raw score (a contribution is 1 too)")
P.passes("\\tfrac{1}{2}", "scaled[2][1]", note="'every scaled score is 1/2'")
P.formula("\\frac{e^{1/2}}{3e^{1/2}}", "weights[2][1]", lambda: h / (3 * h))
P.passes("\\frac{1}{3}", "weights[2][1]", note="the chain's first side is alpha_{2,1}")
P.passes("0", "weights[2][4]", after="\\alpha_{2,4} = ")
P.passes("\\tfrac{1}{3}", "weights[2][1]", note="a fraction multiplying a vector is a weight")
P.ok("(2, 1)", "V[1]", "v_1 written against the factor 1/3: part of the form")
P.passes("(\\tfrac{2}{3}, \\tfrac{1}{3})", "contributions[2][1]")
P.ok("\\tfrac{1}{3}", "weights[2][1]", "1/3 before a bracket of value symbols: a coefficient of the form, or a weight")
P.passes("(1, 2)", "output[2]", note="o_bark, exactly")
P.fail("\\frac{1}{4}", "weights[2][1]",
       "a wrong exact fraction: 'with weight 1/4 on each visible key' of bark, whose three visible keys have 1/3 "
       "(the padded position counted as a fourth)")
P.passes("0.5065", "weights[1][1]", after="dogs & ")
P.passes("0.3072", "weights[1][2]")
P.fail("0.1864", "weights[1][3]", "the last digit off by one (0.186324 rounds to 0.1863)")
P.passes("0", "weights[1][4]")
P.passes("\\frac{1}{3}", "weights[2][1]")
P.passes("\\frac{1}{3}", "weights[2][2]")
P.passes("\\frac{1}{3}", "weights[2][3]")
P.passes("0", "weights[2][4]")
P.ok("1", "sum(weights[1])", "'every row sums to 1' (prose)")
P.ok("0", "weights[1][4]", "'the PAD column is 0 throughout' (prose)")
P.write()
