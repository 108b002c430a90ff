"""Values for distill-causal.html (lesson distill-causal.json): Q/K/V,
4 tokens, causal mask, d_k = 2 (scale 1/sqrt(2)).
Re-run: python3 distill-causal.py (writes distill-causal.expect)."""
from fractions import Fraction as F
from heldout4lib import Page4, exp, sqrt

P = Page4(__file__)
M = P.mention
L = P.L
r2 = sqrt(2)
M("2021-03-04", "publishedDate in the front matter's JSON (a <script>)")
M("6", "volume in the front matter's JSON")
M("3", "issue in the front matter's JSON")
M("4", "'in 4 small steps' (a count of steps; the lesson's n = 4 by coincidence)")
M("1", "heading '1. The setup'")
P.ok("2", "shape.d_k", "'with d_k = 2': the lesson's own d_k (a shape)")
M("12", "footnote: GPT-2 small has 12 layers (another model)")
M("12", "footnote: 12 heads (another model)")
M("768", "footnote: d_model = 768 of another model")
for t in ("4", "4", "1", "1.0"):
    M(t, "image alt text")
M("1", "caption 'Figure 1.'")
M("3", "caption 'see Section 3'")
M("2", "heading '2. The first two rows'")
P.wording("1.00", "weights[birds][birds]",
          "'approximately 1.00' for a weight that is exactly 1 (a single visible key)")
P.passes("(1, 0)", "output[birds]", note="exact: the only visible value")
# the visible part of a masked row: the page writes only the allowed keys
assert [L.scores[1][0], L.scores[1][1]] == [F(0), F(2)]
P.ok("(0, 2)", None, "scores[sing][birds], scores[sing][sing] = (0, 2): the two visible scores of row 2 (the full row is (0, 2, 2, 4))")
P.formula(r"\frac{1}{1 + e^{\sqrt{2}}}", "weights[sing][birds]", lambda: 1 / (1 + exp(r2)))
P.passes("0.1956", "weights[sing][birds]")
P.passes("0.8044", "weights[sing][sing]")
P.passes("(0.1956, 0.8044)", "output[sing]")
M("3", "heading '3. The last two rows'")
M("3", "prose label 'Row 3'")
assert [L.scores[2][j] for j in range(3)] == [F(1), F(1), F(0)]
P.ok("(1, 1, 0)", None, "scores[at][birds..at] = (1, 1, 0): the three visible scores of row 3 (the full row is (1, 1, 0, 1))")
P.formula(r"\frac{1}{2e^{1/\sqrt{2}} + e^{0}}", "weights[at][at]", lambda: 1 / (2 * exp(1 / r2) + 1))
P.passes("0.1978", "weights[at][at]")
M("4", "prose label 'Row 4'")
P.passes("(1.414, 2.121, 0.707, 2.828)", "scaled[dawn]")
P.fail("31.4024", "Z[dawn]", "the last digit off by one (31.40234 rounds to 31.4023)")
P.formula(r"\frac{e^{2\sqrt{2}}}{e^{\sqrt{2}} + e^{3/\sqrt{2}} + e^{1/\sqrt{2}} + e^{\sqrt{2}}}",
          "weights[dawn][dawn]",
          lambda: exp(2 * r2) / (exp(r2) + exp(3 / r2) + exp(1 / r2) + exp(r2)))
P.passes("0.5388", "weights[dawn][dawn]",
         note="the right weight, printed after a closed form whose last term has a wrong exponent (e^{sqrt2} for e^{2sqrt2})")
P.fail("0.2656", "weights[dawn][sing]", "truncation instead of rounding (0.265654 rounds to 0.2657)")
P.passes("0.266", "weights[dawn][sing]", note="operand of the page's arithmetic")
P.ok("2", "V[at][2]", "factor v_{at,2} in 2(0.065)")
P.passes("0.065", "weights[dawn][at]", note="operand of the page's arithmetic")
P.ok("3", "V[dawn][2]", "factor v_{dawn,2} in 3(0.539)")
P.passes("0.539", "weights[dawn][dawn]", note="operand of the page's arithmetic")
P.fail("2.013", "output[dawn][2]", "rounded intermediates: 0.266 + 2(0.065) + 3(0.539) = 2.013 from three-digit weights")
table = {"birds": ("1", "0", "0", "0"), "sing": ("0.196", "0.804", "0", "0"),
         "at": ("0.401", "0.401", "0.198", "0"), "dawn": ("0.131", "0.266", "0.065", "0.539")}
for q in ("birds", "sing", "at", "dawn"):
    for k, t in zip(("birds", "sing", "at", "dawn"), table[q]):
        P.passes(t, "weights[%s][%s]" % (q, k), note="table of weights (rows queries, columns keys), cell %s/%s" % (q, k))
M("4", "heading '4. In code'")
for t in ("4", "4", "0", "2", "0.5"):
    M(t, "code (<d-code>): torch.tril(torch.ones(4, 4)), mask == 0, 2 ** 0.5")
M("1.13", "version 'torch==1.13' in inline code")
M("3", "'to 3 places'")
M("2021-04-12", "date of a correction")
M("1", "'Figure 1' in the corrections note")
M("2", "quoted 'row 2' in the corrections note")
M("1", "quoted 'row 1' in the corrections note")
M("2021", "citation year 'Distill, 2021'")
M("2021", "BibTeX in <pre>: year = {2021}")
P.write()
