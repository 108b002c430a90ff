"""Values for nbconvert-export.md (lesson nbconvert-export.json): a notebook
exported with `jupyter nbconvert --to markdown`: fenced code cells, a pandas
DataFrame rendered as raw HTML (<table class="dataframe"> with <th>
headings), a text output as an indented block, Markdown cells between them.
Local attention: an additive mask of 0 and -inf lets each token see itself
and its neighbours; the rows of rain and softly tie over two keys (exactly
1/2 each, outputs exactly (3/2, 1/2) and (1, 2)).
Re-run: python3 nbconvert-export.py (writes nbconvert-export.expect)."""
from heldout3lib import Page3
from mpmath import exp, sqrt

P = Page3(__file__)
M = P.mention
r2 = sqrt(2)
M("06", "heading 'Notebook 06'")
M("7.16.4", "version 'nbconvert 7.16.4'")
M("3.10.12", "version 'Python 3.10.12'")
M("05", "'notebook 05'")
P.mentions_until("<div>", "code cell")
rows = {"rain": ("0.5000", "0.5000", "0.0000"), "falls": ("0.4458", "0.1084", "0.4458"),
        "softly": ("0.0000", "0.5000", "0.5000")}
for row in ("rain", "falls", "softly"):
    for key, t in zip(("rain", "falls", "softly"), rows[row]):
        P.passes(t, "weights[%s][%s]" % (row, key), after="<th>%s</th>" % row if key == "rain" else None,
                 note="DataFrame output, row %s, column %s" % (row, key))
for n in range(7):
    P.ok("0", None, "an entry 0 of the additive mask M (a visible key; mask data, no claim path)",
         after="M = \\begin{bmatrix}" if n == 0 else None)
P.wording("(0.5, 0.5, 0)", "weights[rain]", "'≈' before a vector whose entries 0.5 are exactly 1/2")
P.passes(r"(\tfrac{3}{2}, \tfrac{1}{2})", "output[rain]", note="the mean of its two visible values, exact")
P.passes("(1.4142, 0, 1.4142)", "scaled[falls]")
P.fail("4.1134", "e^scaled[falls][rain]", "the last digit is off by one (e^sqrt(2) = 4.113250 rounds to 4.1133)")
P.formula(r"2e^{\sqrt{2}} + 1", "Z[falls]", lambda: 2 * exp(r2) + 1)
P.passes("9.2265", "Z[falls]")
P.formula(r"\frac{1}{2e^{\sqrt{2}} + 1}", "weights[falls][falls]", lambda: 1 / (2 * exp(r2) + 1))
P.passes("0.1084", "weights[falls][falls]")
P.formula(r"\frac{e^{\sqrt{2}}}{e^{\sqrt{2}} + 1}", "weights[falls][rain]", lambda: exp(r2) / (exp(r2) + 1))
P.set_formula_note("a term is missing: the denominator lacks the e^{sqrt 2} of the key softly")
P.mentions_until("So $o_{", "code cell and its text output (an indented block)")
P.fail("(0.6625, 2.2290)", "output[falls]", "truncation instead of rounding in coordinate 1 (0.662575 cut to 0.6625)")
P.passes("(1, 2)", "output[softly]", note="'exactly (1, 2)'")
P.passes("0.45", "weights[falls][rain]", note="'the two-place weights'")
P.passes("0.11", "weights[falls][falls]")
P.passes("0.45", "weights[falls][softly]")
P.passes("0.45", "weights[falls][rain]", note="a weight spaced before the value vector")
P.ok("(1, 1)", "V[rain]", "value in the page's sum")
P.passes("0.11", "weights[falls][falls]")
P.ok("(2, 0)", "V[falls]", "value in the page's sum")
P.passes("0.45", "weights[falls][softly]")
P.ok("(0, 4)", "V[softly]", "value in the page's sum")
P.fail("(0.67, 2.25)", "output[falls]", "computed from rounded intermediates: 0.45 + 2(0.11) = 0.67 and 0.45 + 4(0.45) = 2.25 from two-place weights; the true (0.662575, 2.229041) rounds to (0.66, 2.23)")
M("07", "'notebook 07'")
M("512", "Longformer window (another model)")
M("2", "'2 global tokens'")
M("2020", "citation year")
M("4", "'4 epochs' (a training setting)")
M("3e-5", "learning rate")
M("0.1", "dropout")
M("2.2", "version 'pandas 2.2'; coincides with the output coordinate 2.2290 at 1 decimal")
M("1.26", "version 'NumPy 1.26'")
P.write()
