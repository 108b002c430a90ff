"""markdown-sums.md: Markdown notes (YAML front matter, $$ displays, a
weights table) writing every normaliser and output as an explicit sum
over keys: Z_{1} = \\sum_{k=1}^{3} e^{s_{1,k}} and
o_{1,1} = \\frac{1}{Z_1}\\sum_{k=1}^{3} e^{s_{1,k}} V_{k,1}.  Q/K/V
integer matrices, 3 tokens (ships, sail, east), d_k = 2 with the default
scale 1/sqrt(2).  The page's s_{ij} = q_i . k_j / sqrt(d_k) is the SCALED
score.  o_{1,1} is exactly 1 (keys 1 and 3 tie and average V_{.,1} = 1, as
key 2's value does).  A sum that stops at k = 2 is right for o_{2,1}
(V_{3,1} = 0) and wrong for o_{2,2} (V_{3,2} = 3); o_{3,1} is written with
column 2 of V.  Planted: two decimal slips, one wording, two wrong sums."""
from heldout8lib import Page8, exp, sqrt, mpf

P = Page8(__file__)
L = P.L
P.pagedef("s", lambda i, j: P.scaled(i, j))
s = lambda i, j: P.d("s", i, j)
V = lambda j, c: P.v(j, c)
Z = lambda i, ks=(1, 2, 3): sum(exp(s(i, k)) for k in ks)
osum = lambda i, c, ks=(1, 2, 3), zi=None: sum(exp(s(i, k)) * V(k, c) for k in ks) / Z(i)
r2 = sqrt(2)

P.mentions_until("# Attention as sums", "YAML front matter (date)")
P.mention("3", "'part 3' of a series", after="This is part ")
P.mentions("1", "2", why="'Parts 1 and 2': other parts of the series")
P.ok("2", "shape.d_k", "d_k = 2, the lesson's own width", after="with $d_k = ")
P.matrix("Q", after="Q = \\begin{bmatrix}")
P.matrix("K", after="K = \\begin{bmatrix}")
P.matrix("V", after="V = \\begin{bmatrix}")
# first query
P.formula(r"\frac{2}{\sqrt{2}}", "scaled[1][2]", lambda: 2 / r2)
P.formula(r"\sqrt{2}", "scaled[1][2]", lambda: r2)
P.passes("1.4142", "scaled[1][2]")
P.formula(r"\frac{1}{\sqrt{2}}", "scaled[1][1]", lambda: 1 / r2)
P.formula(r"\sum_{k=1}^{3} e^{s_{1,k}}", "Z[1]", lambda: Z(1))
P.formula(r"2e^{1/\sqrt{2}} + e^{\sqrt{2}}", "Z[1]", lambda: 2 * exp(1 / r2) + exp(r2))
P.passes("8.1695", "Z[1]")
P.passes("2.0281", "e^scaled[1][1]", note="e^{s_{1,1}} only names the quantity (a left side)")
P.passes("4.1133", "e^scaled[1][2]")
P.formula(r"\frac{e^{\sqrt{2}}}{2e^{1/\sqrt{2}} + e^{\sqrt{2}}}", "weights[1][2]",
          lambda: exp(r2) / (2 * exp(1 / r2) + exp(r2)))
P.passes("0.5035", "weights[1][2]")
P.passes("0.2483", "weights[1][1]", note="alpha_{1,1} = alpha_{1,3}")
P.formula(r"\frac{1}{Z_1}\sum_{k=1}^{3} e^{s_{1,k}} V_{k,1}", "output[1][1]", lambda: osum(1, 1))
P.wording("1.0000", "output[1][1]", "'\\approx' before the exact output 1 printed exactly (1.0000)")
P.formula(r"\frac{1}{Z_1}\sum_{k=1}^{3} e^{s_{1,k}} V_{k,2}", "output[1][2]", lambda: osum(1, 2))
P.passes("1.2483", "output[1][2]")
# second query
P.formula(r"\sum_{k=1}^{3} e^{s_{2,k}}", "Z[2]", lambda: Z(2))
P.formula(r"1 + 2e^{1/\sqrt{2}}", "Z[2]", lambda: 1 + 2 * exp(1 / r2))
P.passes("5.0562", "Z[2]")
P.mention("3", "'Key 3' in prose: a key's index")
P.formula(r"\frac{1}{Z_2}\sum_{k=1}^{2} e^{s_{2,k}} V_{k,1}", "output[2][1]", lambda: osum(2, 1, (1, 2)))
P.passes("0.7967", "output[2][1]")
P.formula(r"\frac{1}{Z_2}\sum_{k=1}^{2} e^{s_{2,k}} V_{k,2}", "output[2][2]", lambda: osum(2, 2, (1, 2)))
P.passes("1.6044", "output[2][2]", note="the decimal is right; the sum before it leaves out key 3's term 3e^{s_{2,3}}")
# third query
P.formula(r"e^{1/\sqrt{2}} + 1 + e^{-1/\sqrt{2}}", "Z[3]", lambda: exp(1 / r2) + 1 + exp(-1 / r2))
P.fail("3.5211", "Z[3]", "truncation instead of rounding")
P.passes("(0.5760, 0.2840, 0.1400)", "weights[3]")
P.formula(r"\frac{1}{Z_3}\sum_{k=1}^{3} e^{s_{3,k}} V_{k,2}", "output[3][1]", lambda: osum(3, 2))
P.formula(r"2\alpha_{3,1} + \alpha_{3,2}", "output[3][1]", lambda: 2 * P.w(3, 1) + P.w(3, 2))
P.passes("0.5760", "weights[3][1]", note="an operand in brackets")
P.passes("0.2840", "weights[3][2]", note="an operand")
P.fail("1.4360", "output[3][1]",
       "rounded intermediates: 2(0.5760) + 0.2840 = 1.4360 from rounded weights; o_{3,1} = 1.435946, which rounds to 1.4359")
P.passes("0.7041", "output[3][2]")
# the table
for i, row in enumerate((("0.2483", "0.5035", "0.2483"), ("0.1978", "0.4011", "0.4011"),
                         ("0.5760", "0.2840", "0.1400")), 1):
    for j, t in enumerate(row, 1):
        P.passes(t, "weights[%d][%d]" % (i, j))
P.ok("1", "sum(weights[1])", "every row sums to 1")
P.mention("0.16.9", "KaTeX version")
P.mention("4", "'part 4' of the series")
P.write()
