"""Values for study-notes-dv3.md (lesson study-notes-dv3.json): two tokens,
d_k = 2, values of width d_v = 3.
Re-run: python3 study-notes-dv3.py (writes study-notes-dv3.expect)."""
from corpuslib import Page

P = Page(__file__)
M = P.mention
M("2024-05-20", "front matter: creation date")
M("9", "'chapter 9'")
M("2024", "'(2024 draft)'")
M("12", "page reference 'p. 12'")
M("1.5", "link text '[Section 1.5](intro.md)'")
M("3.1", "section number in a heading")
M("4", "equation reference 'Eq. (4)'")
M("2.1", "figure number in image alt text 'Figure 2.1'")
M("3.2", "section number in a heading")
P.passes("2", "shape.d_k", after="$d_k = ")
P.passes("3", "shape.d_v", after="$d_v = ")
for name in ("Q", "K", "V"):
    for tok in ("hello", "world"):
        P.passes(P.vtext("%s[%s]" % (name, tok)), "%s[%s]" % (name, tok))
P.passes("[1, 1]", "scores[hello]", after="Scores $")
P.passes("[1/2, 1/2]", "weights[hello]", note="tied scores: exactly 1/2 each")
P.wording("[0.5, 1.5, 1.5]", "output[hello]", "'≈' before a vector that is exactly [1/2, 3/2, 3/2]")
P.passes("[2, -1]", "scores[world]")
P.passes("1.414", "sqrt(d_k)")
P.passes("[1.414, -0.707]", "scaled[world]")
P.ok("1.414", "scaled[world][hello]", "exponent of e^{1.414}")
P.passes("4.113", "e^scaled[world][hello]")
P.ok("-0.707", "scaled[world][world]", "exponent of e^{-0.707}")
P.passes("0.493", "e^scaled[world][world]")
P.passes("4.606", "Z[world]")
P.fail("[0.8929, 0.1070]", "weights[world]", "truncation in the first entry (0.892958... cut to 0.8929)")
P.passes("[0.8930, 0, 1.7859]", "contributions[world][hello]")
P.passes("[0, 0.3211, 0.1070]", "contributions[world][world]")
P.fail("[0.8930, 0.3210, 1.8930]", "output[world]",
       "one wrong coordinate, from the rounded weight: 3 x 0.1070 = 0.3210")
M("3.3", "section number in a heading")
M("1", "list numbering '1.'", after="look up\n\n")
M("768", "nanoGPT n_embd (another model)")
M("12", "nanoGPT n_head")
M("1024", "nanoGPT block size")
M("0.0", "nanoGPT dropout")
M("2", "list numbering '2.'")
M("3.2.2", "section reference '§3.2.2'")
M("3", "list numbering '3.'")
M("6", "ordinal '6th section'")
P.write()
