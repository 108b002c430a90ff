"""Values for arxiv-appendix.tex (lesson arxiv-appendix.json): X with
W_Q, W_K, W_V, 3 tokens, d_k = 2, scale 1/sqrt(2).
Re-run: python3 arxiv-appendix.py (writes arxiv-appendix.expect)."""
from heldout4lib import Page4, exp, sqrt

P = Page4(__file__)
M = P.mention
r2 = sqrt(2)
M("2403.01127", "arXiv identifier in a LaTeX comment")
M("2024-05-19", "compilation date in a LaTeX comment")
M("11", "document class option [11pt]")
M("3", "section heading 'Proofs deferred from Section 3'")
M("3.4", "cross-reference 'Lemma~3.4' of the main text")
M("2024", "footnote: venue year 'ICLR 2024'")
M("9", "footnote: '9 pages'")
M("3", "footnote: 'Table~3'")
M("5", "footnote: 'Figure~5'")
P.ok("3", "shape.n", "'Take the 3 tokens': a shape of the lesson (n = m = 3), a count and a true one")
P.ok("2", "shape.d_k", "'with $d_k = 2$': the lesson's own d_k (a shape)")
P.matrix("X", after="X = \\begin{bmatrix}")
P.matrix("W_Q", after="W_Q = \\begin{bmatrix}")
P.matrix("W_K", after="W_K = \\begin{bmatrix}")
P.matrix("W_V", after="W_V = \\begin{bmatrix}")
P.matrix("Q", after="Q = \\begin{bmatrix}")
P.matrix("K", after="K = \\begin{bmatrix}")
P.matrix("V", after="V = \\begin{bmatrix}")
P.passes("(2, 1, 3)", "scores[melts]", after="s_{\\text{melts}} &= ")
P.passes("(1.414, 0.707, 2.121)", "scaled[melts]")
P.passes("4.1133", "e^scaled[melts][snow]", after="e^{\\sqrt{2}} \\approx ")
P.passes("2.0281", "e^scaled[melts][melts]")
P.fail("8.3412", "e^scaled[melts][slowly]", "transposed digits: 8.3421 written 8.3412")
P.formula(r"e^{\sqrt{2}} + e^{1/\sqrt{2}} + e^{3/\sqrt{2}}", "Z[melts]",
          lambda: exp(r2) + exp(1 / r2) + exp(3 / r2), after="Z_2 &= ")
P.passes("14.4835", "Z[melts]")
P.formula(r"\frac{e^{3/\sqrt{2}}}{Z_2}", "weights[melts][slowly]",
          lambda: exp(3 / r2) / (exp(r2) + exp(1 / r2) + exp(3 / r2)))
P.fail("0.5759", "weights[melts][slowly]", "truncation instead of rounding")
P.passes("0.2840", "weights[melts][snow]")
P.passes("0.1400", "weights[melts][melts]")
P.passes("(1.7199, 0.7160)", "output[melts]")
P.passes("(1, 0, 1)", "scores[snow]")
P.wording("0.401", "weights[snow][snow]",
          "'exactly 0.401' for e^{1/sqrt2}/(2e^{1/sqrt2}+1), an irrational weight")
P.formula(r"\frac{1}{2e^{1/\sqrt{2}} + 1}", "weights[snow][melts]",
          lambda: 1 / (2 * exp(1 / r2) + 1))
P.passes("0.1978", "weights[snow][melts]")
P.passes("(3, 1, 4)", "scores[slowly]")
P.formula(r"\frac{e^{1/\sqrt{2}}}{e^{3/\sqrt{2}} + e^{1/\sqrt{2}}}", "weights[slowly][melts]",
          lambda: exp(1 / r2) / (exp(3 / r2) + exp(1 / r2)))
P.passes("0.0743", "weights[slowly][melts]",
         note="'which evaluates to about': the value of the weight just defined (right, although the form above it misses e^{2sqrt2})")
P.passes("(0.306, 0.074, 0.620)", "weights[slowly]")
P.ok("2", "V[snow][1]", "factor v_{snow,1} in the page's arithmetic 2(0.306)")
P.passes("0.306", "weights[slowly][snow]", note="operand of the page's arithmetic")
P.ok("2", "V[slowly][1]", "factor v_{slowly,1} in the page's arithmetic 2(0.620)")
P.passes("0.620", "weights[slowly][slowly]", note="operand of the page's arithmetic")
P.fail("1.852", "output[slowly][1]", "rounded intermediates: 2(0.306) + 2(0.620) = 1.852 from three-digit weights")
M("3", "table caption: 'Table~3 of the main text'")
for q in ("snow", "melts", "slowly"):
    for k, t in zip(("snow", "melts", "slowly"),
                    {"snow": ("0.4011", "0.1978", "0.4011"),
                     "melts": ("0.2840", "0.1400", "0.5760"),
                     "slowly": ("0.3057", "0.0743", "0.6200")}[q]):
        P.passes(t, "weights[%s][%s]" % (q, k), note="table of weights, row %s, column %s" % (q, k))
M("5", "cross-reference 'Section~5'")
M("512", "d_model of the full-scale models (another model)")
M("8", "h = 8 heads of another model (e^{3/sqrt2} = 8.34 rounds to 8)")
M("6", "N = 6 layers of another model")
M("0.1", "dropout P_drop (a training setting; weights[slowly][melts] = 0.074 rounds to 0.1)")
M("3", "learning rate 3 x 10^-4 (a training setting)")
M("10", "learning rate 3 x 10^-4 (a training setting)")
M("4000", "warm-up steps")
M("0.1", "label smoothing epsilon_ls (a training setting)")
M("2017", "citation: venue year 'NeurIPS 2017'")
M("5998--6008", "citation: page range, one token")
M("12", "training time '12 hours'")
M("8", "'8 GPUs'")
M("27.3", "a BLEU score (Z[slowly] = 27.289 rounds to 27.3 by coincidence)")
M("2", "cross-reference 'their Table~2'")
P.write()
