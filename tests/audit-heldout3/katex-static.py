"""Values for katex-static.html (lesson katex-static.json): a post from a
static site generator with server-side KaTeX, so every formula is
<span class="katex"><span class="katex-mathml"><math>...<annotation
encoding="application/x-tex">TeX</annotation>...</math></span><span
class="katex-html" aria-hidden="true">(the visual copy)</span></span>.
Numbers are listed once, at their TeX annotation; the MathML nodes and the
visual copy repeat them and are not listed.  Three tokens, d_k = 3, keys
the identity; the query of home scores 1 against every key (weights
exactly 1/3, output exactly (4/3, 5/3)).
Re-run: python3 katex-static.py (writes katex-static.expect)."""
from heldout3lib import Page3
from mpmath import exp, sqrt

P = Page3(__file__)
M = P.mention
X = 'encoding="application/x-tex">'
r3 = 1 / sqrt(3)
M("4", "link text 'post 4 of 9'")
M("9", "link text 'post 4 of 9'")
M("3", "link text 'previous: part 3'")
M("8", "date '8 December 2024'", after="<time")
M("2024", "date")
M("7", "'7 min read'")
M("0.16.11", "version 'KaTeX 0.16.11'")
P.matrix("Q", after=X)
P.ok("(1, 2)", "V[ship]", "input: a value", after=X)
P.ok("(3, 0)", "V[sails]", "input: a value", after=X)
P.ok("(0, 3)", "V[home]", "input: a value", after=X)
P.ok("3", "shape.d_k", "d_k = 3, the lesson's own", after=X)
P.formula(r"\tfrac{1}{\sqrt{3}}", "1/sqrt(d_k)", lambda: r3, after=X)
P.passes("0.5774", "1/sqrt(d_k)")
M("1", "heading '1. The query of ship'", after='<h2 id="ship">')
P.passes("(1, 1, 0)", "scores[ship]", after=X)
P.passes("(0.577, 0.577, 0)", "scaled[ship]", after=X)
P.ok("0.577", "scaled[ship][ship]", "a decimal exponent e^{0.577}", after=X)
P.passes("1.781", "e^scaled[ship][ship]")
P.passes("1.781", "e^scaled[ship][ship]", after=X, note="operand of the page's sum")
P.passes("1.781", "e^scaled[ship][sails]", note="operand of the page's sum")
P.ok("1", "e^scaled[ship][home]", "operand of the page's sum: e^0")
P.fail("4.562", "Z[ship]", "computed from rounded intermediates: 1.781 + 1.781 + 1 = 4.562; the true 4.562624 rounds to 4.563")
P.formula(r"\frac{e^{1/\sqrt{3}}}{2e^{1/\sqrt{3}} + 1}", "weights[ship][ship]",
          lambda: exp(r3) / (2 * exp(r3) + 1), after=X)
P.passes("0.3904", "weights[ship][ship]")
P.formula(r"\frac{1}{e^{1/\sqrt{3}} + 1}", "weights[ship][home]", lambda: 1 / (exp(r3) + 1), after=X)
P.set_formula_note("a term is missing: the denominator has one e^{1/sqrt 3} where the lesson has two (keys ship and sails)")
P.passes("0.2192", "weights[ship][home]")
P.passes("0.3904", "weights[ship][ship]", after=X, note="a weight spaced before the value vector")
P.ok("(1, 2)", "V[ship]", "value in the page's product")
P.passes("(0.3904, 0.7808)", "contributions[ship][ship]")
P.passes("0.3904", "weights[ship][sails]", after=X, note="a weight spaced before the value vector")
P.ok("(3, 0)", "V[sails]", "value in the page's product")
P.fail("(1.1713, 0)", "contributions[ship][sails]", "the last digit is off by one (3 x 0.390414 = 1.171242 rounds to 1.1712; the page's own 0.3904 x 3 = 1.1712 too)")
P.passes("0.2192", "weights[ship][home]", after=X, note="a weight spaced before the value vector")
P.ok("(0, 3)", "V[home]", "value in the page's product")
P.passes("(0, 0.6575)", "contributions[ship][home]")
P.passes("(1.5617, 1.4383)", "output[ship]", after=X)
M("2", "heading '2. All three rows'", after='<h2 id="table">')
for key, t in (("ship", "0.3904"), ("sails", "0.3904"), ("home", "0.2192")):
    P.passes(t, "weights[ship][%s]" % key, note="table row ship, column 'weight on %s'" % key)
P.passes("(1.5617, 1.4383)", "output[ship]", note="table column 'output'")
for key, t in (("ship", "0.2192"), ("sails", "0.3904"), ("home", "0.3904")):
    P.passes(t, "weights[sails][%s]" % key, note="table row sails")
P.fail("(1.3904, 1.6095)", "output[sails]", "truncation instead of rounding in coordinate 2 (1.609586 cut to 1.6095)")
for key in ("ship", "sails", "home"):
    P.passes("0.3333", "weights[home][%s]" % key, note="table row home: 1/3 to four places")
P.passes("(1.3333, 1.6667)", "output[home]", note="4/3 and 5/3 to four places")
P.passes("1", "scores[home][ship]", after=X, note="'scores 1 against every key'")
P.passes(r"\tfrac{1}{3}", "weights[home][ship]", after=X)
P.ok(r"\tfrac{1}{3}", "weights[home][ship]", "the common weight before a bracket of symbols (a factor of a named form)", after=X)
P.passes(r"(\tfrac{4}{3}, \tfrac{5}{3})", "output[home]", note="the mean of the three values, exact")
P.wording("(1.333, 1.667)", "output[home]", "'exactly' before a rounding of (4/3, 5/3)", after="</span></span></span></p>")
P.formula(r"3e^{1/\sqrt{3}}", "Z[home]", lambda: 3 * exp(r3), after=X)
P.passes("5.3439", "Z[home]")
M("3", "heading '3. Checking with NumPy'", after="<h2 id=\"numpy\">")
P.pos = P.src.find("<pre>", P.pos)
P.mentions_until("<p>The printed outputs", "code (<pre><code>)")
M("4", "heading '4. How big are real heads?'", after='<h2 id="scale">')
M("512", "T5-small: d_model (another model)", after=X)
M("8", "T5-small: heads, in math ($8$ heads)", after=X)
M("64", "T5-small: head width, in math", after=X)
M("0.1", "T5-small: dropout, in math", after=X)
M("10", "T5-small: learning rate 10^{-3}, the base", after=X)
M("2020", "citation year")
M("3.1.2", "section number of the cited paper")
M("1.56", "page size '1.56 MB'; coincides with the output coordinate 1.5617 at 2 decimals")
M("0.39", "image alt text")
M("0.39", "image alt text")
M("0.22", "image alt text")
M("1", "caption number 'Figure 1.'")
M("5", "heading '5. Exercises'", after='<h2 id="exercises">')
M("1", "'Redo section 1'")
M("2024", "footer: copyright year")
M("0.19.2", "footer: version 'Zola 0.19.2'")
M("4.0", "footer: licence 'CC BY 4.0'")
M("5", "link text 'next: part 5'")
P.write(show_uncovered=False)
