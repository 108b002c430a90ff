"""Values for beamer-projections.tex (lesson beamer-projections.json):
X with projections to d_k = 3, scale 1/sqrt(3), no mask.
Re-run: python3 beamer-projections.py (writes beamer-projections.expect)."""
from corpuslib import Page

P = Page(__file__)
M = P.mention
M("10", "'Lecture 10' in the subtitle")
M("2025", "'Spring 2025'")
M("1", "slide title numbering '1.'")
M("2", "prose '2-dimensional embeddings'")
P.matrix("X", after="X = \\begin{bmatrix}")
P.matrix("W_Q", after="W_Q = \\begin{bmatrix}")
P.matrix("W_K", after="W_K = \\begin{bmatrix}")
P.matrix("W_V", after="W_V = \\begin{bmatrix}")
for name in ("Q", "K", "V"):
    for tok in ("time", "flies", "fast"):
        P.passes(P.vtext("%s[%s]" % (name, tok), "(", ")"), "%s[%s]" % (name, tok))
P.passes("3", "shape.d_k", after="So $d_k = ")
P.passes("2", "shape.d_v", after="$d_v = ")
M("9", "'Lecture 9'")
M("2", "slide title numbering '2.'")
P.ok("1", None, "numerator of the symbolic scale 1/sqrt(d_k)", after="The scale is $")
P.wording("1.732", "sqrt(d_k)", "'exactly' before a rounding of sqrt(3)")
M("2", "equation reference 'Eq.~(2)'")
M("12", "GPT-2 small: 12 layers (another model)")
M("12", "GPT-2 small: 12 heads")
M("768", "GPT-2 small: d_model = 768")
M("64", "GPT-2 small: head width 64")
M("3", "slide title numbering '3.'")
for tok, row in (("time", (("(1, 1, 2)", "scores"), ("(0.577, 0.577, 1.155)", "scaled"), ("6.7357", "Z"),
                           ("(0.2645, 0.2645, 0.4711)", "weights"), ("(0.7355, 1.4711)", "output"))),):
    for t, q in row:
        P.passes(t, "%s[%s]" % (q, tok))
M("4", "slide title numbering '4.'")
P.passes("(1, 2, 3)", "scores[flies]")
P.passes("(0.577, 1.155, 1.732)", "scaled[flies]")
P.passes("1.781", "e^scaled[flies][time]")
P.passes("3.173", "e^scaled[flies][flies]")
P.passes("5.652", "e^scaled[flies][fast]")
P.fail("10.606", "Z[flies]", "rounded intermediates: 1.781 + 3.173 + 5.652 = 10.606")
P.passes("(0.1679, 0.2992, 0.5329)", "weights[flies]")
P.passes("(0.7008, 1.6641)", "output[flies]")
M("5", "slide title numbering '5.'")
P.passes("(2, 3, 5)", "scores[fast]")
P.passes("(1.155, 1.732, 2.887)", "scaled[fast]")
P.passes("26.760", "Z[fast]")
P.passes("(0.1186, 0.2112, 0.6702)", "weights[fast]")
P.fail("(0.7888, 1.7628)", "output[fast]",
       "one wrong coordinate, from rounded weights: 2 x 0.2112 + 2 x 0.6702 = 1.7628")
M("1", "LaTeX length \\vspace{1em}")
M("4", "cross-reference 'Figure 4'")
M("3", "ordinal '$3^{rd}$ row'")
M("6", "slide title numbering '6.'")
M("2017", "citation year")
M("3.2.1", "section reference")
M("3.2.2", "section reference")
M("11", "'Lecture 11'")
P.write()
