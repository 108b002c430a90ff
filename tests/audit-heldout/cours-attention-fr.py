"""Expected verdicts for cours-attention-fr.html (a French-language course
page: prose in French, math in MathJax \\( \\) and \\[ \\], French
guillemets around token names, an additive causal mask).
Lesson: cours-attention-fr.json (Q/K/V, "scale": "1/sqrt(2)", additive mask)."""
from corpuslib import Page

P = Page(__file__)
m = P.mention

m("5", "session number in <title>")
m("8", "course unit 'UE 8' in the breadcrumb (e^{2.121} = 8.342 would round to 8)")
m("5", "session number in the breadcrumb")
m("5", "session number in <h1>")
m("3", "date '3 avril 2025'")
m("2025", "year")
m("45", "duration in minutes")
m("1", "heading number '1. Les données'")
P.passes("2", "shape.d_k", after="dimension \\(d_k = ")
cells = [("(1, 1)", "Q[1]"), ("(1, 0)", "K[1]"), ("(2, 0)", "V[1]"),
         ("(2, 0)", "Q[2]"), ("(0, 1)", "K[2]"), ("(0, 2)", "V[2]"),
         ("(0, 3)", "Q[3]"), ("(1, 1)", "K[3]"), ("(1, 1)", "V[3]")]
for t, path in cells:
    P.ok(t, path, "given query/key/value in the data table")
m("2", "heading number '2. Le masque additif'")
for k in range(6):
    P.ok("0", why="a 0 entry of the additive mask M (lesson data, no claim path)",
         after="\\begin{pmatrix}" if k == 0 else None)
P.ok("1", why="numerator of the symbolic scale 1/\\sqrt{d_k}", after="est\n\\(")
P.passes("1.414", "sqrt(d_k)")
m("3", "heading number '3. Calcul ligne par ligne'")
m("1", "'Requête 1' in a heading")
P.passes("1", "weights[1][1]", after="\\alpha_{1,1} = ")
P.passes("(2, 0)", "output[1]")
P.passes("1", "scores[1][1]", after="q_1 \\cdot k_1 = ")
m("2", "'Requête 2' in a heading")
P.passes("2", "scores[2][1]", after="s_{2,1} = ")
P.passes("0", "scores[2][2]", after="s_{2,2} = ")
P.passes("1.414", "scaled[2][1]")
P.passes("0", "scaled[2][2]")
P.ok("1.414", "scaled[2][1]", "decimal exponent")
P.passes("4.113", "e^scaled[2][1]")
P.passes("1", "e^scaled[2][2]", after="\\(e^{0} = ")
P.passes("5.113", "Z[2]")
P.passes("0.8044", "weights[2][1]")
P.passes("0.1956", "weights[2][2]")
P.passes("0.8044", "weights[2][1]")
P.ok("(2, 0)", "V[1]", "value row in the page's product")
P.fail("(1.6088, 0)", "contributions[2][1]", "rounded intermediates: 0.8044 x 2 = 1.6088 from the rounded weight, true 1.60886 rounds to 1.6089")
P.fail("(1.608, 0.391)", "output[2]", "truncation instead of rounding in the first coordinate: 1.60886 written 1.608")
m("3", "'Requête 3' in a heading")
P.passes("(0, 3, 3)", "scores[3]")
P.passes("(0, 2.121, 2.121)", "scaled[3]")
P.ok("2.121", "scaled[3][2]", "decimal exponent")
P.passes("8.342", "e^scaled[3][2]")
P.passes("17.684", "Z[3]")
P.passes("17.68", "Z[3]")
P.ok("1", "e^scaled[3][1]", "numerator e^{0} = 1 of the page's division", after="\\alpha_{3,1} = ")
P.passes("17.68", "Z[3]")
P.fail("0.0566", "weights[3][1]", "rounded intermediates: 1/17.68 = 0.056561 with Z rounded to 17.68, true 0.056547 rounds to 0.0565")
P.passes("0.4717", "weights[3][2]")
P.passes("1", "sum(weights[3])", after="vaut exactement \\(")
P.passes("(0.585, 1.415)", "output[3]")
m("4", "heading number '4. Récapitulatif'")
m("1", "caption 'Tableau 1'")
table = [("1", "weights[1][1]"), ("0", "weights[1][2]"), ("0", "weights[1][3]"), ("(2, 0)", "output[1]"),
         ("0.804", "weights[2][1]"), ("0.196", "weights[2][2]"), ("0", "weights[2][3]"), ("(1.609, 0.391)", "output[2]"),
         ("0.057", "weights[3][1]"), ("0.472", "weights[3][2]"), ("0.472", "weights[3][3]"), ("(0.585, 1.415)", "output[3]")]
for k, (t, path) in enumerate(table):
    P.passes(t, path, after="<td>le</td><td>" if k == 0 else None)
P.wording("(2.00, 0.00)", "output[1]", "'≈' before a vector whose first entry is exactly 2 and printed exactly")
P.passes("(0.58, 1.42)", "output[3]")
m("2017", "year of a citation")
m("8", "$h = 8$ heads of the base model (the lesson has one head)")
m("512", "d_model of the base model")
m("2.3", "section number of the course notes")
m("0.9", "an example weight ('Un poids comme 0.9'), not the lesson's")
m("4", "lab number 'TP n° 4' (e^{1.414} = 4.113 would round to 4)")
m("2.2", "PyTorch version")
P.write()
