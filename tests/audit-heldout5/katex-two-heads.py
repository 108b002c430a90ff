"""katex-two-heads.md: a blog post (Markdown, KaTeX $...$/$$...$$) on a
two-head block: W_O = I, residual, LayerNorm (epsilon 1e-5), written in
the multi-head symbols a^{(h)}_{i,j}, v^{(h)}_{j,c}, H^{(h)}_{i,c}, z, mu,
sigma^2, u; a query-by-key table of head 2's weights."""
from heldout5lib import Page5, exp, sqrt, e, mpf

P = Page5(__file__)
L = P.L
g = lambda p: L.get(p).mp
r2 = sqrt(2)
t = exp(1 / r2)
P.mention("2024-05-19", "YAML front matter (a date)")
P.mention("2", "link text 'part 2'")
P.mention("8", "h = 8 heads of the base model (another model)")
P.mention("512", "d_model of the base model (another model)")
P.ok("4", "shape.d_model", "d_model = 4", after="$d_{model} = ")
P.mention("0.16.9", "KaTeX version")
P.ok("(1, 0, 0, 1)", "input[1]", "x_1 (input)")
P.ok("(0, 1, 1, 0)", "input[2]", "x_2 (input)")
P.ok("(1, 1, 0, 0)", "input[3]", "x_3 (input)")
P.mention("1", "Head 1: a head's name", after="Head ")
P.mention("2", "head 2: a head's name", after="head ")
P.ok("2", "shape.h1.d_k", "d_k = 2 of each head", after="$d_k = ")
P.ok("4", "shape.d_model", "W_O is 4 x 4")
P.ok("4", "shape.d_model", "W_O is 4 x 4")
P.mention("1", "heading 'Head 1'", after="## Head ")
P.ok("(1, 0, 1)", "h1.qk[1]", "raw scores of head 1, token 1, written over sqrt(2)")
P.passes("(0.4011, 0.1978, 0.4011)", "h1.weights[1]")
P.formula(r"\frac{1}{2e^{1/\sqrt{2}} + 1}", "h1.weights[1][2]", lambda: 1 / (2 * t + 1))
P.formula(r"a^{(1)}_{2,1}v^{(1)}_{1,1} + a^{(1)}_{2,2}v^{(1)}_{2,1} + a^{(1)}_{2,3}v^{(1)}_{3,1}", "h1.output[2][1]",
          lambda: g("h1.weights[2][1]") * 0 + g("h1.weights[2][2]") * 1 + g("h1.weights[2][3]") * 0)
P.passes("0.4011", "h1.output[2][1]")
P.fail("0.5034", "h1.weights[3][3]", "truncation (0.503490 rounds to 0.5035)")
P.mention("2", "heading 'Head 2'", after="## Head ")
for i in (1, 2):
    for j in (1, 2, 3):
        P.passes(["0.5035", "0.2483", "0.2483", "0.2483", "0.5035", "0.2483"][(i - 1) * 3 + j - 1],
                 "h2.weights[%d][%d]" % (i, j), note="query-by-key table of head 2")
for j in (1, 2, 3):
    P.passes("1/3", "h2.weights[3][%d]" % j, note="table: the zero query")
P.formula(r"\frac{1}{e^{1/\sqrt{2}} + 2}", "h2.weights[1][3]", lambda: 1 / (t + 2))
P.formula(r"a^{(2)}_{1,1} + a^{(2)}_{1,3}", "h2.output[1][1]", lambda: g("h2.weights[1][1]") + g("h2.weights[1][3]"))
P.passes("0.7517", "h2.output[1][1]")
# swapped key index: keys 1 and 3 carry the first coordinate, not key 2
P.formula(r"a^{(2)}_{2,1} + a^{(2)}_{2,2}", "h2.output[2][1]", lambda: g("h2.weights[2][1]") + g("h2.weights[2][2]"))
P.passes("0.4965", "h2.output[2][1]", note="the right value after a wrong form")
P.wording("0.33", "h2.weights[3][1]", "'exactly' before a rounding of 1/3")
P.passes("(\\tfrac{2}{3}, \\tfrac{1}{3})", "h2.output[3]")
P.passes("(1.1978, 0.4011, 0.7517, 1.2483)", "residual[1]")
P.formula(r"1 + H^{(1)}_{3,1}", "residual[3][1]", lambda: 1 + g("h1.output[3][1]"))
P.passes("1.2483", "residual[3][1]")
# wrong head: coordinate 2 of A is head 1's second output, not head 2's
P.formula(r"1 + H^{(2)}_{3,2}", "residual[3][2]", lambda: 1 + g("h2.output[3][2]"))
P.ok("10", None, "epsilon = 10^{-5}, the lesson's (1/100000); 10 is a base")
P.passes("0.8997", "ln1.mean[1]")
P.fail("0.1203", "ln1.variance[1]", "the last digit off by one (0.120205 rounds to 0.1202)")
P.passes("(0.8596, -1.4381, -0.4268, 1.0052)", "ln1[1]")
P.formula(r"\frac{1}{4}(z_{3,1} + z_{3,2} + z_{3,3} + z_{3,4})", "ln1.mean[3]",
          lambda: (g("residual[3][1]") + g("residual[3][2]") + g("residual[3][3]") + g("residual[3][4]")) / 4)
P.passes("0.8741", "ln1.mean[3]")
P.passes("0.1539", "ln1.variance[3]")
P.fail("(0.9538, 0.9538, -0.5298, -1.3787)", "ln1[3]", "transposed digits in the third coordinate (-0.5289)")
P.mention("3", "GPT-3 (a model's name)", loose=True)
P.mentions("96", "128", why="GPT-3's heads and their width (another model)")
P.mention("3.2.2", "section of a paper")
P.mention("2", "Figure 2 of a paper")
P.mention("1.", "list number")
P.mention("2", "head 2: a head's name", after="Give head ")
P.mention("2.", "list number")
P.ok("4", "shape.d_model", "a 4 x 4 matrix")
P.ok("4", "shape.d_model", "a 4 x 4 matrix")
P.mention("0", "mean 0 (a property)", after="still has mean ")
P.mention("3.", "list number")
P.mention("4", "part 4 of a series")
P.write()
