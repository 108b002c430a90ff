"""Values for lecture-dk4.tex (lesson lecture-dk4.json): d_k = 4, so the
default scale 1/sqrt(4) is exactly 1/2 and every scaled score is rational.
Re-run: python3 lecture-dk4.py (writes lecture-dk4.expect)."""
from mpmath import e, exp, sqrt
from corpuslib import Page

P = Page(__file__)
M = P.mention
M("11", "document class option [11pt]")
M("4780", "course number 'CS 4780' in the title")
M("14", "lecture number in the title")
M("14", "date: October 14, 2024")
M("2024", "date: October 14, 2024")
M("13", "cross-reference 'Lecture 13'")
M("2.1", "cross-reference 'Lemma~2.1'")
M("3.2", "cross-reference 'Section~3.2'")
P.ok("4", "shape.d_k", "in a section heading: d_k = 4 of the lesson")
P.matrix("Q", after="Q = \\begin{bmatrix}")
P.matrix("K", after="K = \\begin{bmatrix}")
P.matrix("V", after="V = \\begin{bmatrix}")
P.passes("2", "sqrt(d_k)", after="\\sqrt{d_k} = ")
P.passes(r"\frac{1}{2}", "1/sqrt(d_k)", note="'exactly': 1/sqrt(4) = 1/2 is exact")
M("1", "prose label 'Row 1'", after="\\paragraph{Row ")
P.passes("(1, 1, 2)", "scores[Paris]")
P.passes("(0.5, 0.5, 1)", "scaled[Paris]")
P.formula("2e^{1/2} + e", "Z[Paris]", lambda: 2 * exp(0.5) + e)
P.passes("6.0157", "Z[Paris]")
P.passes("(0.2741, 0.2741, 0.4519)", "weights[Paris]")
P.wording("(1.0963, 1.0000)", "output[Paris]",
          "'≈' before a vector whose second entry is exactly 1 (the page says so two lines later)")
P.passes("1", "output[Paris][2]", after="o_{1,2} = ", note="exact: both score groups average 1 in coordinate 2")
M("2", "prose label 'Row 2'", after="\\paragraph{Row ")
M("2.1", "cross-reference 'Lemma~2.1'")
P.fail(r"\frac{1}{4}", "weights[is][1]",
       "wrong exact fraction: equal scores over 3 keys give 1/3 each, not 1/4 (d_k = 4 confused with m = 3)")
P.passes("(4/3, 1)", "output[is]", note="uniform weights 1/3: the mean of the values, exact")
M("3", "prose label 'Row 3'", after="\\paragraph{Row ")
P.passes("(2, 1, 2)", "scores[lovely]")
P.passes("(1, 0.5, 1)", "scaled[lovely]")
P.formula(r"\frac{e^{1}}{e^{1} + e^{1/2} + e^{2}}", "weights[lovely][Paris]",
          lambda: exp(1) / (exp(1) + exp(0.5) + exp(2)))
P.passes("7.0853", "Z[lovely]")
P.passes("(0.3837, 0.2327, 0.3837)", "weights[lovely]")
P.passes("0.3837", "weights[lovely][Paris]", after="o_{3,1} = ")
P.ok("1", "V[Paris][1]", "factor v_{1,1} in the page's arithmetic")
P.passes("0.2327", "weights[lovely][is]")
P.ok("3", "V[is][1]", "factor v_{2,1} in the page's arithmetic")
P.fail("1.0818", "output[lovely][1]",
       "computed from rounded weights: 0.3837*1 + 0.2327*3 = 1.0818")
P.passes("1.1510", "output[lovely][2]")
M("12", "BERT-base: L = 12 layers (another model)")
M("768", "BERT-base: hidden size H = 768")
M("12", "BERT-base: A = 12 heads")
M("6", "ordinal '6^{th} layer'")
M("3", "'Problem Set 3'")
M("2", "'question 2'")
M("3.2", "cross-reference 'Section~3.2'")
M("15", "'Lecture 15'")
P.write()
