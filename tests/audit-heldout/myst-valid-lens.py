"""Expected verdicts for myst-valid-lens.md (a MyST / Jupyter Book page:
jupytext front matter, (label)= targets, {admonition} and {note} fences,
$$ ... $$ (label) equations, a {code-cell}, a {list-table}, a {figure},
an inline {math} role and a {math} directive).
Lesson: myst-valid-lens.json (X with projections, valid_lens [2, 3, 3])."""
from corpuslib import Page

P = Page(__file__)
m = P.mention

m("0.13", "format_version in front matter")
m("1.16.1", "jupytext_version in front matter")
m("3", "kernel display name 'Python 3'")
m("11.3.2", "section number of a cited book")
m("1.0", "release of a cited book (coincides with an integer 1 by value)")
P.ok("(2, 3, 3)", why="the valid lengths (mask data of the lesson, no claim path)")
P.passes("2", "shape.d_k", after="With $d_k = ")
P.ok("0", "weights[1][3]", "a rule of the page ('alpha_ij = 0 beyond l_i'), true of the one blocked key", after="$\\alpha_{ij} = ")
for t in ["2", "0", "1", "1", "2", "1"]:
    m(t, "X literal in a {code-cell}")
for t in ["2", "3", "3"]:
    m(t, "valid_lens literal in a {code-cell}")
m("1", ":header-rows: 1, an option of the {list-table} directive")
# list-table cells (inside a ``` fence, rendered as a table)
cells = [("(2, 0)", None), ("(2, 2)", "Q[1]"), ("(2, 0)", "K[1]"), ("(2, 0)", "V[1]"),
         ("(1, 1)", None), ("(1, 2)", "Q[2]"), ("(2, 2)", "K[2]"), ("(1, 1)", "V[2]"),
         ("(2, 1)", None), ("(2, 3)", "Q[3]"), ("(3, 2)", "K[3]"), ("(2, 1)", "V[3]")]
for t, path in cells:
    if path is None:
        P.ok(t, why="a row of X in a {list-table} (input, no claim path)")
    else:
        P.ok(t, path, "projected row in a {list-table} inside a directive fence: pass, or mention if the fence is skipped")
# row 1
P.ok("2", why="valid length l_1 = 2 (mask data)", after="$\\ell_1 = ")
P.passes("(4, 8, 10)", "scores[1]")
P.passes("2.828", "scaled[1][1]")
P.passes("5.657", "scaled[1][2]")
P.passes("16.919", "e^scaled[1][1]")
P.passes("286.247", "e^scaled[1][2]")
P.passes("303.166", "Z[1]", note="inside a MyST {math} role (inline math written with backticks)")
P.passes("(0.0558, 0.9442, 0)", "weights[1]")
P.passes("(1.056, 0.944)", "output[1]")
# row 2
P.ok("3", why="valid length l_2 = 3 (mask data)", after="$\\ell_2 = ")
P.passes("(2, 6, 7)", "scores[2]")
P.passes("(1.414, 4.243, 4.950)", "scaled[2]")
P.ok("1.414", "scaled[2][1]", "decimal exponent")
P.passes("4.113", "e^scaled[2][1]")
P.ok("4.243", "scaled[2][2]", "decimal exponent")
P.passes("69.591", "e^scaled[2][2]")
P.ok("4.950", "scaled[2][3]", "decimal exponent")
P.passes("141.139", "e^scaled[2][3]")
P.fail("214.843", "Z[2]", "rounded intermediates: 4.113 + 69.591 + 141.139 = 214.843, true Z = 214.84395 rounds to 214.844")
P.fail("0.0192", "weights[2][1]", "last digit off by one: 0.019145 rounds to 0.0191 (the {math} block below has it right)")
P.passes("(0.0191, 0.3239, 0.6569)", "weights[2]", note="inside a MyST ```{math} directive: display math, not code")
P.passes("(1.676, 0.981)", "output[2]", note="inside a MyST ```{math} directive")
# row 3
P.ok("3", why="valid length l_3 = 3 (mask data)", after="$\\ell_3 = ")
P.passes("(4, 10, 12)", "scores[3]")
P.passes("(2.828, 7.071, 8.485)", "scaled[3]")
P.passes("16.919", "e^scaled[3][1]")
P.passes("1177.405", "e^scaled[3][2]")
P.ok("8.485", "scaled[3][3]", "decimal exponent")
P.fail("4842.95", "e^scaled[3][3]", "truncation instead of rounding: 4842.95996 written 4842.95")
P.passes("6037.283", "Z[3]")
P.passes("0.8022", "weights[3][3]")
P.passes("(1.805, 0.997)", "output[3]")
# figure and note
m("3", "image alt text ('3 by 3')")
m("3", "image alt text ('3 by 3')")
m("2", "image alt text ('length 2'; coincides with d_k = 2 and l_1 = 2)")
m("1", "image alt text ('row 1')")
m("512", "BERT's maximum length (another model)")
m("-1e6", "a library's fill value for blocked scores")
P.write()
