import sys, corpuslib as c
L = c.Lesson(sys.argv[1] + '.json')
print('Q', [[str(x) for x in r] for r in L.Q]); print('K', [[str(x) for x in r] for r in L.K]); print('V', [[str(x) for x in r] for r in L.V]); print('allow', L.allow, 'tokens', L.tokens, L.qtokens)
for i in range(1, L.n + 1):
    print('row', i)
    for name in ('scores', 'scaled', 'e^scaled', 'weights'):
        print('  %-9s' % name, ['%s%s' % (c.mp.nstr(v.mp, 8), '' if v.ex is None else '(=%s)' % v.ex) for v in L.get('%s[%d]' % (name, i))])
    print('  Z', c.mp.nstr(L.q['Z[%d]' % i].mp, 10))
    for j in range(1, L.m + 1):
        print('  contrib', j, ['%s%s' % (c.mp.nstr(v.mp, 8), '' if v.ex is None else '(=%s)' % v.ex) for v in L.get('contributions[%d][%d]' % (i, j))])
    print('  output', ['%s%s' % (c.mp.nstr(v.mp, 10), '' if v.ex is None else '(=%s)' % v.ex) for v in L.get('output[%d]' % i)])
print('sqrt', c.mp.nstr(L.q['sqrt(d_k)'].mp, 10), c.mp.nstr(L.q['1/sqrt(d_k)'].mp, 10))
