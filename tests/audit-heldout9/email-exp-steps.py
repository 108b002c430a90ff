"""email-exp-steps.txt: a plain-text e-mail reply (headers, numbered steps
"1." to "4.", an indented setup, a score table aligned with spaces whose
rows are queries and columns keys, closed forms in ASCII such as
exp(1)/(exp(1)+exp(0)), e/(e + 1 + e^2) and 1/(1+e^-1), symbols w_21,
Z_3, o_2 with run-on indices, a two-entry vector [0.73, 0.27]).
Q/K/V: queries 2, 1, 1 over keys 1, 0, 2 (d_k = 1, scale 1), values
(1, 0), (0, 1), (1, 1), causal.  Row 1 sees one key: weight 1 exactly.
Planted: a wrong closed form (w_32 = 1/(e + e^2), the e^0 term of key
chase missing), rounded intermediates in o_3, a truncation (0.244)."""
from heldout9lib import Page9, exp, e

P = Page9(__file__)
P.check_close()
Z3 = e + 1 + exp(2)

P.mentions_until("Hi Tom", "mail headers: date, time, time zone")
P.passes("0.731", "weights[2][1]", note="'your 0.731 is right': three significant digits a quantity rounds to "
         "(weights[2][1], also output[2][1])")
P.ok("1", "shape.d_k", "d_k = 1 (prose)")
P.ok("(2, 1, 1)", None, "q = (2, 1, 1): the three one-dimensional queries (the column of Q); "
     "no quantity is this vector, nor near it; must not fail")
P.ok("(1, 0, 2)", None, "k = (1, 0, 2): the keys (the column of K); equals scores[2] and scores[3] "
     "by coincidence (a query of 1): pass or mention, never fail")
P.ok("(1, 0)", "V[1]", "v_dogs")
P.ok("(0, 1)", "V[2]", "v_chase")
P.ok("(1, 1)", "V[3]", "v_cats")
P.mention("1", "step number '1.'", after="\n\n")
for i, row in enumerate(("2", "0", "4", "1", "0", "2", "1", "0", "2")):
    r, c = divmod(i, 3)
    P.passes(row, "scores[%d][%d]" % (r + 1, c + 1),
             after="dogs   chase   cats\n" if i == 0 else None,
             note="score table (rows queries, columns keys; d_k = 1, so raw = scaled)")
P.mention("2", "step number '2.'", after="\n\n")
P.mentions("1", "2", "3", why="'Row 1', 'row 2', 'row 3': row indices")
P.mention("3", "step number '3.'", after="\n\n")
P.passes("1", "weights[1][1]", after="w_11 = ", note="'w_11 = 1 exactly'")
P.formula("exp(1)/(exp(1)+exp(0))", "weights[2][1]", lambda: e / (e + 1))
P.passes("0.731", "weights[2][1]")
P.formula("exp(0)/(exp(1)+exp(0))", "weights[2][2]", lambda: 1 / (e + 1))
P.passes("0.269", "weights[2][2]")
P.ok("[0.73, 0.27]", "output[2]", "row 2's weights over its two visible keys (0.7311, 0.2689); a two-entry "
     "vector: no weights row has two entries, output[2] = (0.7311, 0.2689) has; pass or mention, never fail")
P.formula("1/(1+e^-1)", "weights[2][1]", lambda: 1 / (1 + exp(-1)))
P.formula("e + 1 + e^2", "Z[3]", lambda: Z3)
P.passes("11.107", "Z[3]")
P.formula("e/(e + 1 + e^2)", "weights[3][1]", lambda: e / Z3)
P.passes("0.2447", "weights[3][1]")
# planted: the e^0 of key chase is missing from the denominator
P.formula("1/(e + e^2)", "weights[3][2]", lambda: 1 / (e + exp(2)))
P.passes("0.0900", "weights[3][2]", note="the decimal is right; the form before it drops the e^0 term")
P.formula("e^2/(e + 1 + e^2)", "weights[3][3]", lambda: exp(2) / Z3)
P.passes("0.6652", "weights[3][3]")
P.mention("4", "step number '4.'", after="\n\n")
P.passes("(1, 0)", "output[1]", after="o_1 = ", note="o_1 = v_dogs exactly")
P.passes("0.731", "weights[2][1]", note="a decimal multiplying a vector is a weight")
P.ok("(1, 0)", "V[1]", "a value written against its weight: part of the form")
P.passes("0.269", "weights[2][2]")
P.ok("(0, 1)", "V[2]", "a value written against its weight")
P.passes("(0.731, 0.269)", "output[2]", note="also what the rounded weights give")
P.passes("0.2447", "weights[3][1]")
P.ok("(1, 0)", "V[1]", "a value written against its weight")
P.passes("0.0900", "weights[3][2]")
P.ok("(0, 1)", "V[2]", "a value written against its weight")
P.passes("0.6652", "weights[3][3]")
P.ok("(1, 1)", "V[3]", "a value written against its weight")
P.fail("(0.9099, 0.7552)", "output[3]",
       "rounded intermediates: 0.2447 + 0.6652 = 0.9099 and 0.0900 + 0.6652 = 0.7552 from the rounded weights "
       "(true 0.909969, 0.755272)")
P.passes("0.665", "weights[3][3]", note="'cats gives weight 0.665 to itself'")
P.fail("0.244", "weights[3][1]", "truncation instead of rounding (0.244728 rounds to 0.245)")
P.passes("0.090", "weights[3][2]")
P.mention("3", "'step 3': a step number")
P.mentions("1", "2", "3", why="'rows 1 and 2', 'row 3': row indices")
P.mention("2.14", "a room number")
P.write()
