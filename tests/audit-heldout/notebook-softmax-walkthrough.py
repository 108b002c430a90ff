"""Expected verdicts for notebook-softmax-walkthrough.md (a Jupyter
notebook exported to Markdown, jupytext front matter, output cells in
```text fences).  Lesson: notebook-softmax-walkthrough.json."""
from corpuslib import Page

P = Page(__file__)
m = P.mention

# YAML front matter
m("3", "kernel display name 'Python 3' (front matter)")
m("3.11.9", "Python version in front matter")
# intro
m("5", "week 5 of the course (structural)")
P.passes("2", "shape.d_k", after="projected ($d_k = ")
# code cell 1
m("4", "precision=4 in code")
for t in ["1", "2", "1", "-1", "2", "0"]:
    m(t, "Q literal in code (a code cell is never audited)")
for t in ["1", "0", "1", "1", "0", "2"]:
    m(t, "K literal in code")
for t in ["1", "0", "0", "2", "3", "1"]:
    m(t, "V literal in code")
# code cell 2
m("1", "K.shape[1] in code")
m("1", "axis=1 in code")
# output cell 1: the right weights, but inside a code fence
for t in ["0.0743", "0.3057", "0.62", "0.62", "0.3057", "0.0743", "0.4458", "0.4458", "0.1084"]:
    m(t, "notebook output cell (code fence); equals a weight by value, still code")
# row 1
P.ok("(1, 2)", "Q[1]", "given query row (lesson input)")
P.ok("(1, 0)", "K[1]", "given key row")
P.ok("(1, 1)", "K[2]", "given key row")
P.ok("(0, 2)", "K[3]", "given key row")
P.passes("(1, 3, 4)", "scores[1]")
P.ok("1", why="numerator of the symbolic scale 1/\\sqrt{d_k}", after="scale is\n$")
P.passes("1.414", "sqrt(d_k)")
P.passes("(0.707, 2.121, 2.828)", "scaled[1]")
P.ok("0.707", "scaled[1][1]", "decimal exponent e^{0.707}")
P.passes("2.028", "e^scaled[1][1]")
P.ok("2.121", "scaled[1][2]", "decimal exponent e^{2.121}")
P.passes("8.342", "e^scaled[1][2]")
P.ok("2.828", "scaled[1][3]", "decimal exponent e^{2.828}")
P.passes("16.919", "e^scaled[1][3]")
P.passes("27.289", "Z[1]")
P.fail("(0.0743, 0.3056, 0.6200)", "weights[1]", "truncation instead of rounding in the second entry: 0.30569... written 0.3056")
P.passes("0.620", "weights[1][3]")
P.ok("(3, 1)", "V[3]", "given value row")
P.passes("(1.860, 0.620)", "contributions[1][3]")
P.fail("(1.943, 1.231)", "output[1]", "transposed digits in the first coordinate: 1.934 written 1.943")
# row 2
P.ok("(1, -1)", "Q[2]", "given query row")
P.passes("(1, 0, -2)", "scores[2]")
P.passes("1", "e^scaled[2][2]", after="$e^{0} = ")
P.passes("2.028", "e^scaled[2][1]")
P.passes("0.243", "e^scaled[2][3]")
P.passes("3.27", "Z[2]")
P.passes("0.24", "e^scaled[2][3]", after="w_{2,3} = ")
P.passes("3.27", "Z[2]")
P.fail("0.0734", "weights[2][3]", "rounded intermediates: 0.24/3.27 = 0.07339..., from terms rounded to two places")
P.passes("0.6200", "weights[2][1]")
P.passes("0.3057", "weights[2][2]")
P.passes("0.0743", "weights[2][3]")
P.passes("(0.843, 0.686)", "output[2]")
# row 3
P.ok("(2, 0)", "Q[3]", "given query row")
P.passes("0.4458", "weights[3][1]", after="\\alpha_{3,2} \\approx ")
P.passes("0.1084", "weights[3][3]")
P.passes("0.4458", "weights[3][1]")
P.ok("0", "V[1][2]", "value entry in the page's sum")
P.passes("0.4458", "weights[3][2]")
P.ok("2", "V[2][2]", "value entry in the page's sum")
P.passes("0.1084", "weights[3][3]")
P.ok("1", "V[3][2]", "value entry in the page's sum")
P.passes("1", "output[3][2]", after="is exactly $")
P.wording("(0.771, 1.000)", "output[3]", "'≈' before a vector whose second entry is exactly 1 and printed exactly")
# code cell 3 and its output
for t in ["1.9343", "1.2314", "0.8429", "0.6857", "0.771", "1"]:
    m(t, "notebook output cell (code fence); equals an output by value, still code")
# figure alt text
m("2", "figure number in image alt text")
m("3", "'3 x 3' in alt text")
m("3", "'3 x 3' in alt text")
m("0.62", "number in image alt text (equals weights[1][3] at two places: coincidence)")
# notes
m("4", "week 4 (structural)")
m("6", "layer count of another model")
m("256", "d_model of another model")
m("27.3", "a BLEU score (metric); coincides with Z[1] = 27.289 at one place")
m("0.5", "an example weight ('such as'), not the lesson's")
m("3.2.1", "section number of the cited paper")
m("2017", "year of a citation")
m("1", "list numbering", after=").\n\n")
m("6", "precision=6 in inline code")
m("2", "list numbering", after=")`.\n")
m("(0, 3)", "a hypothetical key of an exercise, not the lesson's (different example)")
m("3", "list numbering", after="most.\n")
P.write()
