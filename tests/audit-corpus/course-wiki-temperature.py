"""Values for course-wiki-temperature.html (lesson course-wiki-temperature.json):
three tokens with the exact scale "1/2" instead of 1/sqrt(2).
Re-run: python3 course-wiki-temperature.py (writes the .expect)."""
from corpuslib import Page

P = Page(__file__)
M = P.mention
M("6", "week number in <title>")
M("6", "week number in <h1>")
M("2024-11-02", "date")
M("6.1", "section number in <h2>")
P.ok("1", None, "numerator of the symbolic scale 1/sqrt(d_k)", after="\\(c = ")
P.passes("2", "shape.d_k", after="\\(d_k = ")
P.passes("0.707", "1/sqrt(d_k)", note="the Transformer's default scale for d_k = 2 (this lesson uses 1/2 instead)")
P.ok(r"\frac{1}{2}", "scaled[red][green]", "the lesson's scale c = 1/2 (no claim path for the scale itself; equals scaled[red][green])")
M("0.7", "sampling temperature of a language model (not a lesson quantity)")
M("0.9", "top-p of a language model")
M("6.2", "section number in <h2>")
for tok in ("red", "green", "blue"):
    P.passes(P.vtext("K[%s]" % tok, "(", ")"), "K[%s]" % tok)
for tok in ("red", "green", "blue"):
    P.passes(P.vtext("Q[%s]" % tok, "(", ")"), "Q[%s]" % tok)
M("1", "caption numbering 'Table 1:'")
P.ok(r"\frac{1}{2}", "scaled[red][green]", "the lesson's scale c = 1/2 in the caption")
for tok, sc, ss, e, w in (("red", "2", "1", "2.7183", "0.3072"), ("green", "1", "0.5", "1.6487", "0.1863"),
                          ("blue", "3", "1.5", "4.4817", "0.5065")):
    P.passes(sc, "scores[red][%s]" % tok, after="<td>%s</td><td>" % tok, note="table column 'score'")
    P.passes(ss, "scaled[red][%s]" % tok, note="table column 'scaled' (exact: score x 1/2)")
    P.passes(e, "e^scaled[red][%s]" % tok, note="table column e^{s}")
    P.passes(w, "weights[red][%s]" % tok, note="table column 'weight'")
P.fail("8.8478", "Z[red]", "transposed digits (8.8487 written 8.8478)")
P.passes("(0.8137, 0.6928)", "output[red]")
P.wording("(0.5, 0.5, 1)", "scaled[green]", "'≈' before scaled scores that are exactly 1/2, 1/2, 1")
P.passes("(0.2741, 0.2741, 0.4519)", "weights[green]")
P.fail("(0.7260, 0.7260)", "output[green]", "computed from rounded weights: 0.2741 + 0.4519 = 0.7260")
P.passes("0.2327", "weights[blue][red]")
P.passes("(0.6163, 0.7673)", "output[blue]")
M("6.3", "section number in <h2>")
M("64", "d_k = 64 per head of other models: the lesson's symbol, another model's value (the lesson has d_k = 2)")
M("2018", "year in '2018-era'")
M("5", "'HW 5'")
P.write()
