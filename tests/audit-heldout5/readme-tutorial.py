"""readme-tutorial.md: the README of a tutorial repository (GitHub
Markdown: badges, $...$, a ```math block, $`...`$, a table whose key
columns and query rows use the code's 0-based index).  Q/K/V, 2 queries
x 4 keys, d_k = 4 (scale exactly 1/2); s is the scaled score, as the
page says."""
from heldout5lib import Page5, exp, sqrt, e, mpf

P = Page5(__file__)
L = P.L
w = lambda i, j: L.get("weights[%d][%d]" % (i, j)).mp
P.mention("3.9", "Python version in a badge's alt text")
P.mention("200", "200-line (a count of lines)")
P.mention("2024", "year of a workshop")
P.mention("0.4.2", "package version in code")
P.mentions("1.26", "2.0", why="NumPy versions")
P.mention("12", "issue number")
P.mention("2.0", "NumPy version")
P.mentions_until("```\n\n## The worked", "code block")
P.mentions("1", "3", why="0-based indices in inline code")
P.ok("4", "shape.d_k", "d_k = 4", after="$d_k = ")
P.formula(r"1/\sqrt{4}", "1/sqrt(d_k)", lambda: 1 / sqrt(4))
P.passes("1/2", "1/sqrt(d_k)", note="the scale, exactly")
P.mention("1", "Query 1 in a bold run-in heading: the row's name", after="**Query ")
P.passes("(1, 0, 1, 0)", "scaled[1]")
P.formula(r"e^{s_{11}} + e^{s_{12}} + e^{s_{13}} + e^{s_{14}}", "Z[1]", lambda: 2 * e + 2)
P.formula(r"2e + 2", "Z[1]", lambda: 2 * e + 2)
P.formula(r"\frac{e}{2e+2}", "weights[1][3]", lambda: e / (2 * e + 2))
P.passes("0.3655", "weights[1][3]")
P.formula(r"\frac{1}{2e+2}", "weights[1][4]", lambda: 1 / (2 * e + 2))
P.fail("0.1354", "weights[1][4]", "transposed digits: 0.1345")
P.wording("(1.000, 0.500)", "output[1]", "'≈' before a vector that is exactly (1, 1/2)")
P.mention("2", "Query 2 in a bold run-in heading", after="**Query ")
P.passes("(1, 3, 2, 2)", "scores[2]")
P.passes("(0.5, 1.5, 1, 1)", "scaled[2]", note="exact decimals")
P.formula(r"e^{s_{21}} + e^{s_{22}} + e^{s_{23}} + e^{s_{24}}", "Z[2]",
          lambda: exp(mpf(1) / 2) + exp(mpf(3) / 2) + 2 * e)
P.formula(r"e^{1/2} + e^{3/2} + 2e", "Z[2]", lambda: exp(mpf(1) / 2) + exp(mpf(3) / 2) + 2 * e)
P.passes("11.5670", "Z[2]")
P.mention("1", "Step 1 (list of steps)")
P.formula(r"\frac{e^{s_{22}}}{Z_2}", "weights[2][2]", lambda: exp(mpf(3) / 2) / L.get("Z[2]").mp)
P.fail("0.3874", "weights[2][2]", "truncation (0.387456 rounds to 0.3875)")
P.mention("2", "Step 2")
# wrong divisor: divided by d_k = 4, not sqrt(d_k) = 2
P.formula(r"\frac{e^{1/4}}{e^{1/4} + e^{3/4} + 2e^{1/2}}", "weights[2][1]",
          lambda: exp(mpf(1) / 4) / (exp(mpf(1) / 4) + exp(mpf(3) / 4) + 2 * exp(mpf(1) / 2)))
P.passes("0.1425", "weights[2][1]", note="in GitHub's $`...`$ math")
P.mention("3", "Step 3")
P.formula(r"w_{2,1} + w_{2,3} + 2w_{2,4}", "output[2][1]", lambda: w(2, 1) + w(2, 3) + 2 * w(2, 4))
P.passes("0.8475", "output[2][1]")
P.formula(r"w_{2,2} + w_{2,3}", "output[2][2]", lambda: w(2, 2) + w(2, 3))
P.passes("0.6225", "output[2][2]")
P.mention("0", "0-based (a unit-like word)", after="code's ")
for k in "0123":
    P.mention(k, "column heading 'key %s' (the code's 0-based key index)" % k, after="key ")
P.mention("0", "row label 'query 0' (0-based)", after="query ")
for j in range(1, 5):
    P.passes(["0.3655", "0.1345", "0.3655", "0.1345"][j - 1], "weights[1][%d]" % j, note="table cell; the row is query 1 in 1-based terms")
P.mention("1", "row label 'query 1' (0-based: the second query)", after="query ")
P.passes("0.1425", "weights[2][1]", note="table cell")
P.passes("0.3875", "weights[2][2]", note="table cell")
P.fail("0.2351", "weights[2][3]", "the last digit off by one (0.235004 rounds to 0.2350), in the table")
P.passes("0.2350", "weights[2][4]", note="table cell")
P.mention("64", "d_k = 64 of BERT-base (another model)")
P.mention("1/8", "the scale of BERT-base (another model)")
P.mention("31", "PR number")
P.mentions_until("```\n\n## License", "BibTeX in a code block")
P.mention("2024", "copyright year")
P.write()
