"""Values for katex-causal-table.html (lesson katex-causal-table.json):
four tokens, causal mask, scale 1/sqrt(2); the row "data" in a table.
Re-run: python3 katex-causal-table.py (writes katex-causal-table.expect)."""
from corpuslib import Page

P = Page(__file__)
M = P.mention
M("3.1", "section number in <title>")
M("2", "link text 'Chapter 2'")
M("3.2", "section number in link text '3.2 Multi-head attention'")
M("3.1", "section number in <h1>")
M("2.4", "link text 'Section 2.4'")
M("3", "citation <sup>[3]</sup>")
M("2019", "year '(2019)'")
M("1024", "context window of another model (GPT-2)")
M("3.1.1", "section number in <h2>")
P.ok("0", None, "the additive mask's entry for a visible key, M_ij = 0: correct lesson data with no claim path", after="$M_{ij} = ")
P.ok("0", "weights[more][data]", "e^{-inf} = 0: a blocked key's term", after="e^{-\\infty} = ")
M("3.2", "figure number in <img alt=...> (an attribute)")
M("4", "count in <img alt=...>")
M("3.2", "caption numbering 'Figure 3.2:'")
M("3.1.2", "section number in <h2>")
P.passes("2", "shape.d_k", after="$d_k = ")
for name in ("Q", "K", "V"):
    for tok in ("we", "need", "more", "data"):
        P.passes(P.vtext("%s[%s]" % (name, tok)), "%s[%s]" % (name, tok))
P.passes("1", "weights[we][we]", after="a_{11} = ", note="the only visible key: exactly 1")
P.passes("[1, 1]", "output[we]", note="exactly v_we")
P.passes("0", "scores[need][we]", after="scores\n$")
P.passes("1", "scores[need][need]")
P.ok("1", None, "numerator of the symbolic scale 1/sqrt(2)", after="scaling by\n$")
P.passes("0.3302", "weights[need][we]")
P.wording("0.6698", "weights[need][need]", "'exactly' before a rounding of an irrational weight")
P.passes("0", "weights[more][data]", after="a_{34} = ", note="blocked key: exactly 0")
P.passes("[1, 0, -1, 2]", "scores[data]")
P.passes("[0.707, 0, -0.707, 1.414]", "scaled[data]")
rows = (("we", "0.707", "2.028", "0.2657", "[0.2657, 0.2657]"),
        ("need", "0", "1.000", "0.1310", "[0, 0.2620]"),
        ("more", "\u22120.707", "0.493", "0.0645", "[0.1292, 0]"),
        ("data", "1.414", "4.113", "0.5388", "[0.5388, 1.6163]"))
for tok, sc, e, w, c in rows:
    P.passes(sc, "scaled[data][%s]" % tok, after="<td>%s</td><td>" % tok, note="table column 'scaled score'")
    P.passes(e, "e^scaled[data][%s]" % tok, note="table column e^{s}")
    if tok == "more":
        P.fail(w, "weights[data][more]", "truncation instead of rounding (0.064585... cut to 0.0645)")
    else:
        P.passes(w, "weights[data][%s]" % tok, note="table column 'weight'")
    P.passes(c, "contributions[data][%s]" % tok, note="table column 'contribution a_j v_j'")
P.passes("7.634", "Z[data]")
P.fail("[0.9337, 2.1440]", "output[data]",
       "computed from the rounded contributions: 0.2657 + 0 + 0.1292 + 0.5388 = 0.9337")
M("2", "code: math.sqrt(2)")
M("0", "code: mask == 0")
M("-1", "code: dim=-1")
M("2.1.0", "code comment: software version 'torch 2.1.0'")
M("3.1.3", "section number in <h2>")
M("7", "citation <sup>[7]</sup>")
M("2022", "year")
P.write()
