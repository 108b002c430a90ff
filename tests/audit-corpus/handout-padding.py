"""Values for handout-padding.tex (lesson handout-padding.json): four
positions, the last one padding, key padding combined with a causal mask.
Re-run: python3 handout-padding.py (writes handout-padding.expect)."""
from mpmath import exp, sqrt
from corpuslib import Page

P = Page(__file__)
M = P.mention
M("7", "'Handout 7' in the title")
M("2", "LaTeX spacing argument \\\\[2pt]")
M("9", "'week 9'")
M("1", "hard-coded section number in \\section*{1\\quad ...}")
M("32", "batch size (not a lesson quantity)")
M("128", "padded sequence length")
M("4.1", "cross-reference '\\S\\,4.1'")
M("4.38", "library version")
M("1", "prose: the attention_mask convention, 1 for a real token")
M("0", "prose: 0 for padding")
first = True
for r in range(4):
    for c in range(4):
        t = "1" if c <= r and c < 3 else "0"
        P.ok(t, None, "entry (%d, %d) of the lesson's 0/1 'allowed' mask matrix (key padding and causal): "
             "correct lesson data with no claim path" % (r + 1, c + 1),
             after="\\begin{bmatrix}" if first else None)
        first = False
M("2", "hard-coded section number in \\section*{2\\quad ...}")
P.passes("2", "shape.d_k", after="$d_k = ")
for tok in ("A", "B", "C", "PAD"):
    P.passes(P.vtext("Q[%s]" % tok, "(", ")"), "Q[%s]" % tok, note="'queries ...'")
for tok in ("A", "B", "C", "PAD"):
    P.passes(P.vtext("K[%s]" % tok, "(", ")"), "K[%s]" % tok, note="'keys ...'")
for tok in ("A", "B", "C", "PAD"):
    P.passes(P.vtext("V[%s]" % tok, "(", ")"), "V[%s]" % tok)
P.passes("1", "weights[A][A]", after="\\alpha_{A,A} = ", note="one allowed key: exactly 1")
P.passes("(2, 0)", "output[A]", note="exactly v_A")
P.passes("2", "scores[B][A]", after="Scores $")
P.passes("1", "scores[B][B]")
P.passes("1.414", "scaled[B][A]")
P.passes("0.707", "scaled[B][B]")
P.passes("6.141", "Z[B]")
P.passes("(0.6698, 0.3302, 0, 0)", "weights[B]")
P.fail("(1.3396, 0.6604)", "output[B]", "computed from rounded weights: 2 x 0.6698 = 1.3396, 2 x 0.3302 = 0.6604")
P.passes("(2, 2, 0, 2)", "scores[C]", note="the last score is computed but masked")
P.formula(r"\frac{e^{\sqrt{2}}}{2e^{\sqrt{2}} + 1}", "weights[C][A]", lambda: exp(sqrt(2)) / (2 * exp(sqrt(2)) + 1))
P.passes("0.4458", "weights[C][A]")
P.passes("0.1084", "weights[C][C]")
P.passes("0", "weights[C][PAD]", after="\\alpha_{C,\\mathrm{PAD}} = ", note="padded key: exactly 0")
P.passes("9.2265", "Z[C]")
P.formula(r"\frac{e^{\sqrt{2}}}{3e^{\sqrt{2}} + 1}", "weights[C][A]", lambda: exp(sqrt(2)) / (3 * exp(sqrt(2)) + 1))
P.wording("(1.000, 1.000)", "output[C]",
          "'≈' before a vector whose entries are exactly 1 (both score groups average 1 in each coordinate)")
P.passes("(1.414, 0.707, 0.707, 1.414)", "scaled[PAD]")
P.fail("8.1696", "Z[PAD]", "the last digit is off by one (8.16948... rounds to 8.1695)")
P.passes("(0.5035, 0.2483, 0.2483, 0)", "weights[PAD]")
M("3", "hard-coded section number in \\section*{3\\quad ...}")
M("6", "ordinal '$6^{th}$ decoder layer'")
M("2", "cross-reference 'Table 2'")
P.write()
