"""dump2.py LESSON (without .json): every quantity of a lesson and of each
variant, computed by corpuslib/heldout2lib (Fractions and mpmath), not exattn."""
import json, sys
from heldout2lib import variant_dict, lesson_from_dict
import corpuslib as c


def show(L, title):
    print("==", title)
    print('Q', [[str(x) for x in r] for r in L.Q]); print('K', [[str(x) for x in r] for r in L.K]); print('V', [[str(x) for x in r] for r in L.V])
    print('allow', L.allow, 'scale', L.coef, 'sqrt', L.rad)
    for i in range(1, L.n + 1):
        print('row', i, L.qtokens[i - 1] if L.qtokens else '')
        for name in ('scores', 'scaled', 'e^scaled', 'weights'):
            print('  %-9s' % name, ['%s%s' % (c.mp.nstr(v.mp, 10), '' if v.ex is None else '(=%s)' % v.ex) for v in L.get('%s[%d]' % (name, i))])
        print('  Z', c.mp.nstr(L.q['Z[%d]' % i].mp, 12))
        for j in range(1, L.m + 1):
            print('  contrib', j, ['%s%s' % (c.mp.nstr(v.mp, 10), '' if v.ex is None else '(=%s)' % v.ex) for v in L.get('contributions[%d][%d]' % (i, j))])
        print('  output', ['%s%s' % (c.mp.nstr(v.mp, 12), '' if v.ex is None else '(=%s)' % v.ex) for v in L.get('output[%d]' % i)])


base = sys.argv[1]
L = c.Lesson(base + '.json')
show(L, 'base')
d = json.load(open(base + '.json'), parse_float=str)
for v in d.get('variants', []):
    show(lesson_from_dict(variant_dict(d, v)), 'variant ' + v['name'])
