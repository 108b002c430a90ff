"""Values for wiki-article.html (lesson wiki-article.json): a Wikipedia-style
article as MediaWiki renders it (an infobox, citations [1]..[4], a table of
contents, a worked-example box with wikitables, math as MathML with a TeX
annotation plus a fallback image whose alt text repeats the TeX, a
reference list, the last-edited footer).  Cross-attention: two decoder
queries (je, t'aime) over three encoder tokens (I, love, you), d_k = 4, so
the scale is exactly 1/2; the first output coordinate of both rows is
exactly 1/2.
Re-run: python3 wiki-article.py (writes wiki-article.expect)."""
from heldout3lib import Page3
from mpmath import e

P = Page3(__file__)
M = P.mention
X = 'encoding="application/x-tex">'
M("2017", "infobox: year introduced")
M("8", "infobox: heads of the base model")
M("64", "infobox: d_k of the base model")
M("0.1", "infobox: dropout of the base model")
M("28.4", "infobox: BLEU of the big model")
M("2017", "year")
M("1", "citation [1]")
M("2014", "year")
M("2", "citation [2]")
M("1", "table of contents number (link text)")
M("2", "table of contents number (link text)")
M("3", "table of contents number (link text)")
M("1", "'equation 1 of the paper': an equation number")
M("1", "citation [1]")
M("3", "citation [3]")
for tok in ("je", "t'aime"):
    P.ok(P.vtext("Q[%s]" % tok, "(", ")"), "Q[%s]" % tok, "input: a decoder query")
for tok in ("I", "love", "you"):
    P.ok(P.vtext("K[%s]" % tok, "(", ")"), "K[%s]" % tok, "input: an encoder key")
for tok in ("I", "love", "you"):
    P.ok(P.vtext("V[%s]" % tok, "(", ")"), "V[%s]" % tok, "input: an encoder value")
P.ok("4", "shape.d_k", "d_k = 4: the lesson's own key width")
P.passes("1/2", "1/sqrt(d_k)", note="'the scale is exactly 1/2'")
for j, v in enumerate(("2", "0", "0")):
    P.passes(v, "scores[je][%d]" % (j + 1), note="raw-score table, row je")
for j, v in enumerate(("0", "2", "2")):
    P.passes(v, "scores[t'aime][%d]" % (j + 1), note="raw-score table, row t'aime")
P.passes("(1, 0, 0)", "scaled[je]")
P.passes("2.718", "e^scaled[je][I]", note="e^1")
P.passes("1", "e^scaled[je][love]", after="<sup>0</sup> = ", note="e^0 = 1")
P.ok("2", None, "the 2 of the closed form 'Z = e + 2' written in prose (a coefficient of a named form)")
P.fail("4.71", "Z[je]", "truncation instead of rounding (4.718282 cut to 4.71)")
P.formula(r"{\frac {e}{e+2}}", "weights[je][I]", lambda: e / (e + 2), after=X)
P.passes("0.576", "weights[je][I]")
M("0.576", "the same number again in the fallback image's alt text (the TeX repeated)")
P.passes("0.212", "weights[je][love]", note="'and 0.212 for each of love and you' (the sentence began before the display)")
P.wording("(0.500, 0.788)", "output[je]", "'≈' before a vector whose first entry is exactly 0.500 (1/2)")
P.passes("(0, 1, 1)", "scaled[t'aime]")
P.ok("1", None, "the 1 of the closed form '1 + 2e' written in prose")
P.ok("2", None, "the 2 of the closed form '1 + 2e' written in prose (a coefficient)")
P.passes("6.437", "Z[t'aime]")
P.formula(r"{\frac {e}{1+e}}", "weights[t'aime][love]", lambda: e / (1 + e), after=X)
P.set_formula_note("a term is missing: the lesson's denominator is 1 + 2e (two tied keys), the page's 1 + e")
P.passes("0.5761", "weights[je][I]", note="table of weights, column I")
P.passes("0.2119", "weights[je][love]")
P.passes("0.2119", "weights[je][you]")
P.passes("(1/2, 0.7881)", "output[je]", note="table column 'output'; 1/2 exact")
P.fail("0.1545", "weights[t'aime][I]", "transposed digits: 0.1554 written 0.1545")
P.passes("0.4223", "weights[t'aime][love]")
P.passes("0.4223", "weights[t'aime][you]")
P.passes("(1/2, 0.5777)", "output[t'aime]")
P.passes("0.155", "weights[t'aime][I]", note="'the rounded weights 0.155 and 0.422'")
P.passes("0.422", "weights[t'aime][love]")
P.fail("0.577", "output[t'aime][2]", "computed from rounded intermediates: 0.155 + 0.422 = 0.577; the true 0.577681 rounds to 0.578")
P.passes("1/2", "output[je][1]", note="'exactly 1/2' for both outputs")
M("64", "d_k = 64 of the base model (another model)")
M("512", "model width of the base model")
M("1", "citation [1]")
M("2020", "year")
M("4", "citation [4]")
M("2017", "reference: year")
M("30", "reference: volume")
M("5998–6008", "reference: page range, one token")
M("2014", "reference: year")
M("1409.0473", "reference: arXiv identifier (looks like a decimal)")
M("2015", "reference: year")
M("2015", "reference: conference year 'EMNLP 2015'")
M("1412–1421", "reference: page range")
M("2021", "reference: year")
M("2021", "reference: 'ICLR 2021'")
M("14", "date 'last edited on 14 October 2025'")
M("2025", "date")
M("09:12", "time of day")
P.write()
