"""Expected verdicts for readme-tinyattn.md (a small repository's README:
badges, install snippet, a worked example, a results table, changelog).
Lesson: readme-tinyattn.json (d_k = 1, four tokens, key padding)."""
from corpuslib import Page

P = Page(__file__)
m = P.mention

m("97", "coverage percentage in badge alt text")
m("0.4.2", "version in badge alt text")
m("200", "line count of the library")
m("0.4.2", "version in a code block")
m("3.9", "Python version in a code block")
P.passes("1", "shape.d_k", after="keys ($d_k = ")
P.passes("1", "sqrt(d_k)", after="\\sqrt{d_k} = ")
# input table
rows = [("1", "1", "(1, 0)"), ("2", "0", "(0, 1)"), ("0", "-1", "(1, 1)"), ("1", "2", "(5, 5)")]
for i, (q, k, v) in enumerate(rows, 1):
    P.ok(q, "Q[%d][1]" % i, "given query in the input table")
    P.ok(k, "K[%d][1]" % i, "given key in the input table")
    P.ok(v, "V[%d]" % i, "given value in the input table")
# code
for t in ["1", "1", "1", "0"]:
    m(t, "key_padding_mask literal in code")
m("0", "index w[0] in code")
for t in ["0.6652", "0.2447", "0.0900", "0.0000"]:
    m(t, "a code comment showing the weights (code is never audited; equals weights[tea] by value)")
# query tea
P.passes("(1, 0, -1, 2)", "scores[1]")
P.passes("2.718", "e^scaled[1][1]")
P.passes("1", "e^scaled[1][2]", after="$e^{0} = ")
P.passes("0.368", "e^scaled[1][3]")
P.passes("4.086", "Z[1]")
P.passes("0.665", "weights[1][1]")
P.ok("(1, 0)", "V[1]", "value row in the page's sum")
P.passes("0.245", "weights[1][2]")
P.ok("(0, 1)", "V[2]", "value row in the page's sum")
P.passes("0.090", "weights[1][3]")
P.ok("(1, 1)", "V[3]", "value row in the page's sum")
P.passes("(0.755, 0.335)", "output[1]")
# query is
P.passes("7.39", "e^scaled[2][1]")
P.passes("1", "e^scaled[2][2]")
P.passes("0.14", "e^scaled[2][3]")
P.fail("8.53", "Z[2]", "rounded intermediates: 7.39 + 1 + 0.14 = 8.53, true Z = 8.5244 rounds to 8.52")
P.passes("7.39", "e^scaled[2][1]")
P.fail("8.53", "Z[2]", "rounded intermediates (the same sum, carried into the division)")
P.fail("0.866", "weights[2][1]", "rounded intermediates: 7.39/8.53 = 0.86635, true 0.86681 rounds to 0.867")
# query hot
P.passes("0", "scores[3][1]", after="kept score is $")
P.passes("3", "Z[3]")
P.passes("1/3", "weights[3][1]")
P.wording("(0.667, 0.667)", "output[3]", "'exactly' before a rounding of 2/3")
P.passes("(2/3, 2/3)", "output[3]")
# results table
table = [
    ("0.665", "weights[1][1]"), ("0.244", None), ("0.090", "weights[1][3]"), ("0", "weights[1][4]"), ("(0.755, 0.335)", "output[1]"),
    ("0.867", "weights[2][1]"), ("0.117", "weights[2][2]"), ("0.016", "weights[2][3]"), ("0", "weights[2][4]"), ("(0.883, 0.133)", "output[2]"),
    ("1/3", "weights[3][1]"), ("1/3", "weights[3][2]"), ("1/3", "weights[3][3]"), ("0", "weights[3][4]"), ("(2/3, 2/3)", "output[3]"),
    ("0.665", "weights[4][1]"), ("0.245", "weights[4][2]"), ("0.090", "weights[4][3]"), ("0", "weights[4][4]"), ("(0.755, 0.335)", "output[4]"),
]
first = True
for t, path in table:
    if path is None:
        P.fail(t, "weights[1][2]", "truncation in the results table: 0.24473 written 0.244 (the prose above has 0.245)")
    else:
        P.passes(t, path, after="|------------------|\n" if first else None)
    first = False
m("3", "section number in link text")
m("2", "example number in link text")
m("16", "laptop memory")
m("512", "sequence length of a benchmark")
m("64", "d_k=64 in inline code (a benchmark, not the lesson)")
m("3.1", "benchmark time in ms")
m("0.4.2", "version in a changelog heading")
m("2024-09-18", "release date in a heading")
m("12", "issue number #12")
m("3", "default number of decimals (a setting)")
m("2024", "copyright year")
P.write()
