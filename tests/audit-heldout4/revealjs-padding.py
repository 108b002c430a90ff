"""Values for revealjs-padding.html (lesson revealjs-padding.json):
Q/K/V, 4 positions with key padding (1, 1, 1, 0), d_k = 3 (scale
1/sqrt(3)); the row of 'again' ties over the three real keys (1/3 each).
Re-run: python3 revealjs-padding.py (writes revealjs-padding.expect)."""
from heldout4lib import Page4, exp, sqrt

P = Page4(__file__)
M = P.mention
r3 = sqrt(3)
M("2", "'Session 2B' on the title slide")
M("14", "date 'June 14, 2024'")
M("2024", "date 'June 14, 2024'")
P.ok("3", "shape.d_k", "'\\(d_k = 3\\)': the lesson's own d_k")
P.ok("(1, 1, 1, 0)", None, "the key padding mask (lesson data, no claim path)")
M("15:30", "speaker notes: a time")
M("2.14", "speaker notes: room number")
M("1", "slide heading 'Row 1: hello'")
P.passes("(1, 1, 2, 0)", "scores[hello]", note="the padded key's score 0 included")
P.passes("(0.5774, 0.5774, 1.1547, 0)", "scaled[hello]")
P.formula(r"2e^{1/\sqrt{3}} + e^{2/\sqrt{3}}", "Z[hello]", lambda: 2 * exp(1 / r3) + exp(2 / r3))
P.passes("1.781", "e^scaled[hello][hello]")
P.passes("3.173", "e^scaled[hello][again]")
P.fail("6.735", "Z[hello]", "rounded intermediates: 2(1.781) + 3.173 = 6.735 (true 6.735697 rounds to 6.736)")
M("1", "slide heading 'Row 1, weights'")
P.formula(r"\frac{e^{1/\sqrt{3}}}{2e^{1/\sqrt{3}} + e^{2/\sqrt{3}} + 1}", "weights[hello][hello]",
          lambda: exp(1 / r3) / (2 * exp(1 / r3) + exp(2 / r3) + 1))
P.passes("0.2645", "weights[hello][hello]", note="list item 'hello: 0.2645' on the slide 'Row 1, weights'")
P.passes("0.2645", "weights[hello][world]")
P.fail("0.4710", "weights[hello][again]", "truncation instead of rounding (0.471083 rounds to 0.4711)")
P.passes("0", "weights[hello][<pad>]", note="the padded key: exactly 0")
M("10", "speaker notes: 'Pause 10 s'")
M("2", "slide heading 'Rows 2 to 4'")
M("4", "slide heading 'Rows 2 to 4'")
table = {"world": ("0.264", "0.471", "0.264", "0"), "again": ("0.333", "0.333", "0.333", "0"),
         "<pad>": ("0.219", "0.390", "0.390", "0")}
for q in ("world", "again", "<pad>"):
    for k, t in zip(("hello", "world", "again", "<pad>"), table[q]):
        P.passes(t, "weights[%s][%s]" % (q, k), note="table of weights, cell %s/%s" % (q, k))
    P.passes({"world": "(0.529, 0.736)", "again": "(0.667, 0.667)", "<pad>": "(0.610, 0.781)"}[q],
             "output[%s]" % q, note="the table's 'output' column")
P.wording(r"\frac{1}{3}", "weights[again][hello]", "'≈' before 1/3, a weight that is exactly 1/3")
P.formula(r"\frac{e^{1/\sqrt{3}}}{1 + 2e^{1/\sqrt{3}}}", "weights[<pad>][world]",
          lambda: exp(1 / r3) / (1 + 2 * exp(1 / r3)))
P.passes("0.3904", "weights[<pad>][world]")
P.fail("(0.5298, 0.7355)", "output[world]", "transposed digits in the first coordinate: 0.5289 written 0.5298")
P.passes("(0.7355, 0.7355)", "output[hello]")
P.mentions_until("<p><small>", "code (<pre><code>): max_length=4, the printed mask [[1, 1, 1, 0]]")
M("4.38", "version 'transformers 4.38'")
M("12", "bert-base-uncased: 12 layers (another model)")
M("768", "bert-base-uncased: hidden size 768")
M("3", "'3 of 3 talks'")
M("3", "'3 of 3 talks'")
M("2", "'Session 2B'")
P.mentions_until("</html>", "reveal.js configuration in a <script>")
P.write()
