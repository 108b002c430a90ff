"""notebook-padding-mask.md: a Jupyter notebook exported to Markdown
(nbconvert): code cells and their printed tensors in ``` fences, prose
with $...$ and $$...$$ math under each cell.  Q/K/V, tokens rain, falls,
pad; d_k = 2 (scale 1/sqrt 2); {"key_padding": [1, 1, 0]}.  The padded
query sees two keys with equal scores: weights 1/2 and output (2, 1)
exactly.  Planted: rounded intermediates in o_1, a last digit off by one
(alpha_{2,2} = 0.8045), and a wrong exponent in the named form of
alpha_{2,2} (e^{2} for e^{sqrt 2} in the denominator)."""
from heldout9lib import Page9, exp, sqrt

P = Page9(__file__)
r2 = sqrt(2)
P.check_close()

P.mention("6", "'notebook 6': the notebook's number in the series")
P.mention("2024-10-17", "export date")
P.mention("3.11.9", "Python version")
P.mention("2.4", "PyTorch version")
P.mention("1", "section number in a heading", after="## ")
P.code("I made the padded key")
P.ok("(2, 2)", "K[3]", "k_3, a row of K (an input)")
P.ok("(0, 0)", "V[3]", "v_3, a row of V (an input)")
P.ok("2", "shape.d_k", "d_k = 2 in math: the lesson's own width")
P.formula("1/\\sqrt{2}", "1/sqrt(d_k)", lambda: 1 / r2)
P.passes("0.7071", "1/sqrt(d_k)", note="the scale 1/sqrt(d_k)")
P.mention("2", "section number in a heading", after="## ")
P.code("Before the division")
P.passes("(1, 0, 2)", "scores[1]", note="raw scores of rain, the padded key included")
P.passes("(0.7071, 0, 1.4142)", "scaled[1]", note="scaled scores of rain")
P.passes("(0, 2, 4)", "scores[2]", note="raw scores of falls")
P.formula("\\sqrt{2}", "scaled[2][2]", lambda: 2 / r2)
P.passes("1.4142", "scaled[2][2]")
P.formula("2\\sqrt{2}", "scaled[2][3]", lambda: 4 / r2)
P.passes("2.8284", "scaled[2][3]")
P.mention("3", "section number in a heading", after="## ")
P.code("The whole last column")
P.ok("0", "weights[1][3]", "'the whole last column is now 0' (an integer in prose): true of every row")
P.ok("0", "weights[1][3]", "e^{-infinity} = 0: a fact about the mask, not a lesson quantity; must not fail",
     after="e^{-\\infty} = ")
P.formula("e^{1/\\sqrt{2}}", "e^scaled[1][1]", lambda: exp(1 / r2))
P.passes("2.0281", "e^scaled[1][1]")
P.formula("e^{0}", "e^scaled[1][2]", lambda: exp(0))
P.passes("1", "e^scaled[1][2]", note="e^{0} = 1, the exponential of rain's second key")
P.passes("3.0281", "Z[1]")
P.formula("\\frac{e^{1/\\sqrt{2}}}{e^{1/\\sqrt{2}} + e^{0}}", "weights[1][1]",
          lambda: exp(1 / r2) / (exp(1 / r2) + 1))
P.passes("0.6698", "weights[1][1]")
P.formula("\\frac{e^{0}}{e^{1/\\sqrt{2}} + e^{0}}", "weights[1][2]",
          lambda: 1 / (exp(1 / r2) + 1))
P.passes("0.3302", "weights[1][2]")
# a rational closed form: docs/cli.md binds it "only by its subject's entry or a kind the page
# names", and this sentence ("For *falls* the survivors are ...") names neither before it, so
# MENTION is the documented verdict; PASS-NAMED (e^scaled[2][1] = 1) would be right too.
# (First run: this was expected formula-pass; exattn said MENTION, which follows the rule.)
assert P.L.q["e^scaled[2][1]"].ex == 1
P.ok("e^{0}", None, "e^scaled[2][1] = 1; e^{0} = 1 for falls's first key: a rational closed form whose sentence names "
     "no kind before it (docs/cli.md: then a mention); PASS-NAMED or MENTION, never FAIL")
P.passes("1", "e^scaled[2][1]")
P.formula("e^{\\sqrt{2}}", "e^scaled[2][2]", lambda: exp(r2))
P.passes("4.1133", "e^scaled[2][2]")
P.formula("\\frac{1}{1 + e^{\\sqrt{2}}}", "weights[2][1]", lambda: 1 / (1 + exp(r2)))
P.passes("0.1956", "weights[2][1]")
# planted: the denominator's second exponent is e^{2}, the raw score, where the lesson has e^{sqrt 2}
P.formula("\\frac{e^{\\sqrt{2}}}{e^{0} + e^{2}}", "weights[2][2]", lambda: exp(r2) / (exp(0) + exp(2)))
P.passes("0.8044", "weights[2][2]", note="the decimal is right; the form before it has a wrong exponent")
P.formula("1/\\sqrt{2}", "scaled[3][1]", lambda: 1 / r2)
P.passes("\\tfrac{1}{2}", "weights[3][1]", note="'its weights are exactly 1/2 each': exact")
P.mention("4", "section number in a heading", after="## ")
P.code("Redoing the first row")
P.passes("0.6698", "weights[1][1]", note="a decimal multiplying v_1 is a weight")
P.passes("0.3302", "weights[1][2]", note="a decimal multiplying v_2 is a weight")
P.fail("(1.6604, 1.3396)", "output[1]",
       "rounded intermediates: 0.6698 + 3(0.3302) = 1.6604 and 2(0.6698) = 1.3396 use the rounded weights")
P.passes("(2.6089, 0.3911)", "output[2]")
P.ok("\\tfrac{1}{2}", "weights[3][1]",
     "1/2 before a bracket of value symbols: a coefficient of the form, or a weight (it is the padded row's weight)")
P.passes("(2, 1)", "output[3]", note="the padded query's output, exactly")
P.mention("5", "section number in a heading", after="## ")
P.code("Without the mask")
P.mention("0.5760", "a counterfactual: the weight the padding WOULD get without the mask "
          "(e^{sqrt 2}/(e^{1/sqrt 2}+1+e^{sqrt 2}) = 0.575975); no quantity of this lesson; "
          "UNSOURCED is acceptable, FAIL or PASS is not")
P.fail("0.8045", "weights[2][2]", "the last digit off by one (0.804430 rounds to 0.8044)")
P.mention("7", "'notebook 7': the next notebook")
P.mention("11.4", "a section reference")
P.write()
