"""tutorial-what-changes.tex: a LaTeX tutorial sheet on a lesson with
variants.  Q/K/V, 3 tokens (tea, is, hot), d_k = 2, causal; variants
"zero query", "query doubled" (hot's query times 0 and 2), "value
override" (v_hot = (2, 5)) and "causal off".  Each \\section heading holds
every word of one variant's name, so its numbers are that variant's; a
change ("rises by", "increases by") is the variant minus the base, and
"falls by", "a drop of" the base minus the variant (path base-NAME:...).
The page's e_{ij} = q_i k_j^T / sqrt(d_k) is the SCALED score; under a
variant's heading it is that variant's."""
from heldout7lib import Page7, exp, sqrt

P = Page7(__file__)
L = P.L
r2 = sqrt(2)
var = lambda name, p: L.get("%s:%s" % (name, p)).mp

P.mention("11", "font size option (11pt)")
P.mention("2.5", "page margin (2.5cm)")
P.mention("6", "tutorial number in the title")
P.mention("9", "Week 9 (date line)")
P.mention("5", "'Tutorial 5': another sheet")
P.matrix("Q", after="Q = \\begin{bmatrix}")
P.matrix("K", after="K = \\begin{bmatrix}")
P.matrix("V", after="V = \\begin{bmatrix}")
P.ok("2", "shape.d_k", "d_k = 2, the lesson's own width")
P.formula("\\frac{1}{1 + e^{-1/\\sqrt{2}}}", "weights[2][1]", lambda: 1 / (1 + exp(-1 / r2)))
P.passes("0.6698", "weights[2][1]")
P.passes("0.3302", "weights[2][2]")
P.formula("3/\\sqrt{2}", "scaled[3][1]", lambda: 3 / r2)
P.passes("2.1213", "scaled[3][1]", note="e is the scaled score by the page's definition")
P.formula("\\sqrt{2}", "scaled[3][3]", lambda: r2)
P.passes("1.4142", "scaled[3][3]")
P.formula("\\frac{\\exp(e_{31})}{\\exp(e_{31}) + \\exp(e_{32}) + \\exp(e_{33})}", "weights[3][1]",
          lambda: exp(P.scaled(3, 1)) / (exp(P.scaled(3, 1)) + exp(P.scaled(3, 2)) + exp(P.scaled(3, 3))))
P.formula("\\frac{e^{3/\\sqrt{2}}}{e^{3/\\sqrt{2}} + 2e^{\\sqrt{2}}}", "weights[3][1]",
          lambda: exp(3 / r2) / (exp(3 / r2) + 2 * exp(r2)))
P.passes("0.5035", "weights[3][1]")
P.passes("0.2483", "weights[3][3]")
P.passes("8.3421", "e^scaled[3][1]", note="an operand of the page's sum")
P.passes("4.1133", "e^scaled[3][2]", note="an operand in brackets")
P.fail("16.5687", "Z[3]", "rounded intermediates: 8.3421 + 2(4.1133) = 16.5687 from rounded exponentials")
P.ok("0", "V[2][1]", "the tied keys' values in the first coordinate")
P.ok("2", "V[3][1]")
P.ok("1", "V[1][1]", "the first key's value in the first coordinate (the mean of 0 and 2)")
P.wording("(1.0000, 0.7448)", "output[3]", "'\\approx' before a vector whose first entry is exactly 1 (printed 1.0000)")
# zero query
P.passes("0", "zero query:scaled[3][1]", note="the section names the variant 'zero query'")
P.passes("\\frac{1}{3}", "zero query:weights[3][1]")
P.formula("\\frac{e^{0}}{3e^{0}}", "zero query:weights[3][1]", lambda: exp(0) / (3 * exp(0)))
P.passes("\\frac{1}{3}", "zero query:weights[3][1]")
P.passes("\\frac{1}{3}", "zero query:weights[3][1]", note="1/3 multiplying a sum of values: a weight")
P.passes("(1, 1)", "zero query:output[3]")
P.passes("0.7448", "output[3][2]", note="the base's value, quoted in the variant's section")
P.passes("1", "zero query:output[3][2]")
P.passes("0.2552", "zero query-base:output[3][2]", note="'by': the change, variant minus base")
P.passes("0.1702", "base-zero query:weights[3][1]", note="'falls by': the base's weight minus the variant's")
P.passes("0.0851", "zero query-base:weights[3][2]", note="'gain ... each'")
# query doubled
P.formula("3\\sqrt{2}", "query doubled:scaled[3][1]", lambda: 3 * r2)
P.passes("4.2426", "query doubled:scaled[3][1]")
P.formula("2\\sqrt{2}", "query doubled:scaled[3][3]", lambda: 2 * r2)
P.passes("2.8284", "query doubled:scaled[3][3]")
P.formula("\\frac{1}{1 + 2e^{-\\sqrt{2}}}", "query doubled:weights[3][1]", lambda: 1 / (1 + 2 * exp(-r2)))
P.passes("0.6728", "query doubled:weights[3][1]")
P.passes("0.1636", "query doubled:weights[3][2]")
P.passes("1", "query doubled:output[3][1]", note="exactly 1 (each score group averages 1)")
P.passes("0.4907", "query doubled:output[3][2]")
P.passes("0.7448", "output[3][2]", note="an operand: the base's value")
P.passes("0.4907", "query doubled:output[3][2]", note="an operand")
P.fail("0.2541", "base-query doubled:output[3][2]",
       "rounded intermediates: 0.7448 - 0.4907 = 0.2541 from rounded outputs; the drop is 0.254028, which rounds to 0.2540")
# the table
P.passes("0.5035", "weights[3][1]", after="base          & ")
P.passes("0.2483", "weights[3][2]")
P.passes("0.2483", "weights[3][3]")
P.passes("1/3", "zero query:weights[3][1]")
P.passes("1/3", "zero query:weights[3][2]")
P.passes("1/3", "zero query:weights[3][3]")
P.passes("0.6728", "query doubled:weights[3][1]")
P.fail("0.1635", "query doubled:weights[3][2]", "truncation instead of rounding")
P.passes("0.1636", "query doubled:weights[3][3]")
# value override
P.ok("(2, 5)", "value override:V[3]", "the overridden value row")
P.passes("(0.5035, 0.2483, 0.2483)", "value override:weights[3]", note="the weights are unchanged")
P.passes("1", "value override:output[3][1]")
P.formula("3\\alpha_{33}", "value override-base:output[3][2]", lambda: 3 * P.w(3, 3))
P.passes("0.7448", "value override-base:output[3][2]", note="'increases by': variant minus base")
P.passes("0.7448", "output[3][2]", note="an operand: the base's second coordinate")
P.passes("0.7448", "value override-base:output[3][2]", note="an operand: the increase")
P.fail("1.4896", "value override:output[3][2]",
       "rounded intermediates: 0.7448 + 0.7448 = 1.4896 adds two roundings; the output is 1.489530, which rounds to 1.4895")
P.passes("0", "value override:weights[1][3]", note="the blocked third key's weight for tea and is")
# causal off
P.formula("\\sqrt{2}", "causal off:scaled[1][1]", lambda: r2)
P.passes("0", "causal off:scaled[1][2]")
P.formula("2\\sqrt{2}", "causal off:scaled[1][3]", lambda: 2 * r2)
P.formula("\\frac{e^{\\sqrt{2}}}{e^{\\sqrt{2}} + 1 + e^{\\sqrt{4}}}", "causal off:weights[1][1]",
          lambda: exp(r2) / (exp(r2) + 1 + exp(sqrt(4))))
P.passes("0.1867", "causal off:weights[1][1]",
         note="the decimal is the true weight, although the form before it has e^{sqrt 4} = e^2 where the score gives e^{sqrt 8}")
P.passes("(0.1867, 0.0454, 0.7679)", "causal off:weights[1]")
P.fail("(1.7225, 1.5821)", "causal off:output[1]", "transposed digits (1.5812 written 1.5821)")
P.passes("(1.2033, 1)", "causal off:output[2]", note="the second coordinate is exactly 1")
P.passes("0.7225", "causal off-base:output[1][1]", note="'increases by'")
P.passes("1.5812", "causal off-base:output[1][2]")
P.mention("0.1", "a training setting: dropout 0.1")
P.mention("6.2", "Exercise 6.2 (a reference)")
P.mention("3.2", "Section~3.2 (a reference)")
P.mention("12", "GPT-2 small's heads: another model")
P.write()
