"""dump.py LESSON (without .json): every quantity of a lesson, exact
where exact, else 15 significant digits (computed by corpuslib, not by
exattn)."""
import sys, corpuslib as c
L = c.Lesson(sys.argv[1] + '.json')
print('Q', [[str(x) for x in r] for r in L.Q]); print('K', [[str(x) for x in r] for r in L.K]); print('V', [[str(x) for x in r] for r in L.V])
print('allow', L.allow, 'tokens', L.tokens, L.qtokens, 'scale', L.coef, 'sqrt', L.rad)
for k, v in L.q.items():
    print('%-26s %-8s %s' % (k, '' if v.ex is None else str(v.ex), c.mp.nstr(v.mp, 15)))
