"""wiki-similarity.html: a MediaWiki article with an "Example" box.  Math is
MediaWiki's: a hidden MathML copy (skipped: the visual copy), the TeX
annotation {\\displaystyle ...} (the items below) and a fallback <img>
whose alt repeats the TeX (mentions).  The page defines its own s_ij, the
similarity exp(q_i.k_j/sqrt(d_k)) -- the lesson's e^scaled -- and writes
alpha_ij = s_ij / sum_l s_il."""
from heldout5lib import Page5, exp, sqrt

P = Page5(__file__)
r2 = sqrt(2)
L = P.L
TEX = 'x-tex">{\\displaystyle '
ALT = 'alt="{\\displaystyle '


def alt(prefix, *nums):
    """the same numbers again in the fallback image's alt text"""
    k = P.src.find(ALT + prefix, P.pos)
    assert k >= 0, prefix
    P.pos = k + len(ALT)
    for t in nums:
        P.mention(t, "alt text of the fallback image (repeats the TeX)")


P.mention("2017", "year of a paper, in a hatnote")
P.mention("1", "citation [1]", after='<span class="cite-bracket">[</span>')
P.mention("2", "citation [2]", after='<span class="cite-bracket">[</span>')
for k in "1234":
    P.mention(k, "table of contents number", after='<span class="tocnumber">')
P.mention("3", "citation [3]", after='<span class="cite-bracket">[</span>')
P.mention("1", "variance near 1: a property of random vectors, not the lesson's", after="variance of the dot products near ")
P.mention("0", "mean 0 (a property, not a result)", after="independent with mean ")
P.mention("1", "variance 1", after="and variance ")
P.ok("2", "shape.d_k", "d_k = 2", after=TEX + "d_{k}=")
alt("d_{k}=", "2")
P.matrix("Q", after=TEX + "Q=")
P.matrix("K", after="K={\\begin{bmatrix}")
P.matrix("V", after="V={\\begin{bmatrix}")
P.mentions(*(["1", "1", "0", "1"] + ["1", "0", "1", "1", "0", "2"] + ["1", "0", "0", "1", "1", "1"]),
           why="alt text of the fallback image")
P.pos = P.src.find(TEX + "(1,2,2)") + len(TEX)
P.passes("(1,2,2)", "scores[1]", note="dot products")
alt("(1", "(1,2,2)")
P.formula(r"e^{1/{\sqrt {2}}}", "e^scaled[1][1]", lambda: exp(1 / r2), after=TEX + "s_{1,1}=")
P.passes("2.028", "e^scaled[1][1]", note="the page's similarity s_{1,1} is e^{scaled}")
P.formula(r"e^{\sqrt {2}}", "e^scaled[1][2]", lambda: exp(r2))
P.passes("4.113", "e^scaled[1][2]")
alt("s_{1,1}=", "2.028", "4.113")
P.passes("2.028", "e^scaled[1][1]", after=TEX + "Z_{1}=", note="operand")
P.ok("2", None, "the count of tied keys in 2(4.113)")
P.passes("4.113", "e^scaled[1][2]", note="operand")
P.fail("10.254", "Z[1]", "rounded intermediates: 2.028 + 2(4.113)")
alt("Z_{1}=", "2.028", "2", "4.113", "10.254")
P.formula(r"{\frac {s_{1,1}}{s_{1,1}+s_{1,2}+s_{1,3}}}", "weights[1][1]",
          lambda: exp(1 / r2) / (exp(1 / r2) + 2 * exp(r2)), after=TEX + "\\alpha _{1,1}=")
P.formula(r"{\frac {e^{1/{\sqrt {2}}}}{e^{1/{\sqrt {2}}}+2e^{\sqrt {2}}}}", "weights[1][1]",
          lambda: exp(1 / r2) / (exp(1 / r2) + 2 * exp(r2)))
P.passes("0.1978", "weights[1][1]")
alt("\\alpha _{1,1}=", "0.1978")
P.passes("0.4011", "weights[1][2]", after=TEX + "\\alpha _{1,2}=")
alt("\\alpha _{1,2}=", "0.4011")
P.fail("(0.5989,0.8023)", "output[1]", "the last digit off by one in the second coordinate (0.8022)", after=TEX + "o_{1}=")
alt("o_{1}=", "(0.5989,0.8023)")
P.pos = P.src.find(TEX + "(0,1,2)") + len(TEX)
P.passes("(0,1,2)", "scores[2]", note="dot products")
alt("(0", "(0,1,2)")
# the page's s_{2,1} is e^{0} = 1: right in its own terms
P.formula(r"e^{0}", "e^scaled[2][1]", lambda: exp(0), after=TEX + "s_{2,1}=")
P.passes("1", "e^scaled[2][1]", note="the page's similarity s_{2,1} = e^0 = 1")
alt("s_{2,1}=", "1")
P.formula(r"e^{1/{\sqrt {2}}}", "e^scaled[2][2]", lambda: exp(1 / r2), after=TEX + "s_{2,2}=")
P.formula(r"e^{\sqrt {2}}", "e^scaled[2][3]", lambda: exp(r2), after=TEX + "s_{2,3}=")
P.formula(r"{\frac {s_{2,3}}{s_{2,1}+s_{2,2}+s_{2,3}}}", "weights[2][3]",
          lambda: exp(r2) / (1 + exp(1 / r2) + exp(r2)), after=TEX + "\\alpha _{2,3}=")
P.passes("0.5760", "weights[2][3]")
alt("\\alpha _{2,3}=", "0.5760")
# missing term: s_{2,1} left out of the denominator
P.formula(r"{\frac {s_{2,2}}{s_{2,2}+s_{2,3}}}", "weights[2][2]",
          lambda: exp(1 / r2) / (exp(1 / r2) + exp(r2)), after=TEX + "\\alpha _{2,2}=")
P.passes("0.2840", "weights[2][2]", note="the right weight after a wrong form")
alt("\\alpha _{2,2}=", "0.2840")
P.wording("0.1400", "weights[2][1]", "'exactly' before a rounding of e^0/Z_2")
P.fail("(0.7160,0.8599)", "output[2]", "truncation in the second coordinate (0.859971 rounds to 0.8600)",
       after=TEX + "o_{2}")
alt("o_{2}", "(0.7160,0.8599)")
P.mention("512", "d_model of the base Transformer (another model)", after=TEX + "d_{\\text{model}}=")
alt("d_{\\text{model}}=", "512")
P.mention("8", "h = 8 heads of another model", after=TEX + "h=")
alt("h=", "8")
P.mention("64", "d_k = 64 of another model: the lesson's symbol with another value", after=TEX + "d_{k}=")
alt("d_{k}=64", "64")
P.mention("1", "citation [1]", after='<span class="cite-bracket">[</span>')
P.mention("12", "BERT-base layers")
P.mention("768", "BERT-base hidden size")
P.mention("4", "citation [4]", after='<span class="cite-bracket">[</span>')
P.mention("5", "citation [5]", after='<span class="cite-bracket">[</span>')
P.mention("2014", "year")
P.mention("2017", "year of a reference", after="Vaswani, Ashish; et al. (")
P.mention("30", "volume")
P.mention("5998", "page range")
P.mention("6008", "page range")
P.mention("1706.03762", "arXiv identifier (link text)", after='abs/1706.03762">')
P.mention("2023", "year of a reference")
P.mention("11.3", "section of a book")
P.mention("2024", "year of a reference")
P.mention("3", "edition (3rd)", loose=True)
P.mention("9", "chapter")
P.mentions("2019", "2019", "4171", "4186", "2014", why="reference list")
P.mention("1409.0473", "arXiv identifier (link text)", after='abs/1409.0473">')
P.mention("14", "date in the footer")
P.mention("2024", "date in the footer")
P.mention("09:12", "time in the footer")
P.mention("4.0", "licence version (link text)", after='License">')
P.write(show_uncovered=False)
for line, t, ctx in P.uncovered():
    if "<mn>" not in ctx and "href" not in ctx and "style=" not in ctx:
        print("  not listed: line %d %r   ...%s..." % (line, t, ctx))
