"""Values for pandoc-bank-river.md (lesson pandoc-bank-river.json): three
tokens bank, river, money, d_k = 2, no mask.
Re-run: python3 pandoc-bank-river.py (writes pandoc-bank-river.expect)."""
from mpmath import exp, sqrt
from corpuslib import Page

P = Page(__file__)
M = P.mention
M("4", "chapter number in the YAML title")
M("2025", "YAML author line '2025 edition'")
M("4.2", "section number in a heading")
M("2", "cross-reference 'Chapter 2'")
M("4.2.1", "section number in a heading")
P.passes("2", "shape.d_k", after="$d_k = ")
M("4.1", "cross-reference 'Table 4.1'")
for tok in ("bank", "river", "money"):
    for name, col in (("Q", "q"), ("K", "k"), ("V", "v")):
        P.ok(P.vtext("%s[%s]" % (name, tok), "(", ")"), "%s[%s]" % (name, tok), "table column $%s$" % col)
M("4.1", "caption numbering 'Table 4.1:'")
M("4.2.2", "section number in a heading")
P.passes("(1.414, 1.414, 0)", "scaled[bank]")
P.passes("4.113", "e^scaled[bank][bank]")
P.passes("4.113", "e^scaled[bank][river]")
P.passes("1", "e^scaled[bank][money]", note="e^0 = 1 exactly")
M("4", "equation reference 'Eq. (4)'")
P.passes("(0.4458, 0.4458, 0.1084)", "weights[bank]")
P.passes("9.2265", "Z[bank]")
P.passes("(0.4458, 0.4458)", "contributions[bank][bank]")
P.passes("(0, 0.8916)", "contributions[bank][river]")
P.passes("(0.2168, 0)", "contributions[bank][money]")
P.passes("(0.6626, 1.3374)", "output[bank]")
M("4.2.3", "section number in a heading")
P.passes("(1, 2, -1)", "scores[river]")
P.passes("6.6344", "Z[river]")
P.fail("(0.3057, 0.6200, 0.0734)", "weights[river]", "transposed digits in the last entry (0.0743 written 0.0734)")
P.passes("(0.4543, 1.5457)", "output[river]")
P.passes("(1, 0, 1)", "scores[money]")
P.formula(r"\frac{1}{2e^{1/\sqrt{2}} + 1}", "weights[money][river]", lambda: 1 / (2 * exp(1 / sqrt(2)) + 1))
P.passes("0.1978", "weights[money][river]")
P.passes("0.4011", "weights[money][bank]")
P.passes("(1.2033, 0.7967)", "output[money]")
M("4.2.4", "section number in a heading")
P.fail("1/2", "weights[bank][bank]",
       "wrong exact fraction: the tie is between bank and river, but money still takes 0.1084; each tied weight is 0.4458, not 1/2")
M("24", "BERT-large layers (another model)")
M("16", "BERT-large heads")
M("1024", "BERT-large d_model")
M("1e-4", "learning rate of another model")
M("4.3", "cross-reference 'Section 4.3'")
M("1", "cross-reference 'Table 1' in a footnote")
M("12", "BERT-base layers (another model)")
P.write()
