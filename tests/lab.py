"""The lab section of `exattn derive --format json`, checked against
arithmetic of its own (TAP).

1. Positions: random ranges (from, to, step as fractions) and value
   lists; exattn's positions must be from + k*step exactly, its start the
   lesson's own value, and a range that is not a whole number of steps, or
   more than 1000, or a start that is not a position, must be refused with
   exit status 2 and the file:line:column of the lab.
2. The lab's "lesson": for every shipped example that is not a block,
   plus random heads, derive(lab.lesson) gives the same rows (scores,
   weights, outputs) as the lesson itself.
3. States: a state built as a page builds it (lab.lesson with the
   state's fields, rows by index, the mask from "masks" less a column)
   gives the same weights and outputs as the same change written by hand
   as a variant of the original lesson (labels, "causal"/"none", an
   explicit mask computed here), over the keys the lab offers to block
   (each checked: no row's only visible key); and the followed row alone, contrasted
   as the page contrasts it, gives exactly that row of the hand-written
   variant's whole contrast (every relation and amount).

Usage: lab.py EXATTN SRCDIR
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from fractions import Fraction

EXATTN, SRC = sys.argv[1], sys.argv[2]
TMP = tempfile.mkdtemp()
results = []


def ok(cond, what, detail=''):
    results.append((bool(cond), what))
    if not cond and detail:
        print(f'# {what}: {detail}'[:2000], file=sys.stderr)


def run(lesson, *args):
    path = os.path.join(TMP, 'lesson.json')
    with open(path, 'w') as f:
        json.dump(lesson, f)
    p = subprocess.run([EXATTN, 'derive', path, *args], capture_output=True,
                       text=True)
    return p.returncode, p.stdout, p.stderr


def derive(lesson):
    code, out, err = run(lesson, '--format', 'json', '--show',
                         'scores,weights,output')
    if code != 0:
        raise RuntimeError(err)
    return json.loads(out)


def frac(s):
    return Fraction(s)


def head(rng, n, d):
    def m(r, c):
        return [[rng.randint(-3, 3) for _ in range(c)] for _ in range(r)]
    labels = [f't{i}' for i in range(n)]
    return {'tokens': labels, 'Q': m(n, d), 'K': m(n, d), 'V': m(n, 2),
            'mask': rng.choice(['causal', 'none'])}


# ---- 1. positions ----------------------------------------------------------

def check_range(rng, case):
    lesson = head(rng, 3, 2)
    den = rng.choice([1, 2, 3, 4, 10])
    step = Fraction(rng.randint(1, 7), den)
    from_ = Fraction(rng.randint(-8, 2), rng.choice([1, 2, 4]))
    steps = rng.choice([rng.randint(1, 30), Fraction(rng.randint(1, 60), 7),
                        1000, 1001])
    to = from_ + step * steps
    lesson['lab'] = {'controls': {'multiplier': {
        'from': str(from_), 'to': str(to), 'step': str(step)}}}
    code, out, err = run(lesson, '--format', 'json')
    whole = Fraction(steps).denominator == 1 and 1 <= steps <= 1000
    positions = [from_ + k * step for k in range(int(steps) + 1)] \
        if whole else []
    starts = Fraction(1) in positions
    if whole and starts:
        lab = json.loads(out)['lab']
        c = lab['controls'][0]
        ok(code == 0 and [frac(p) for p in c['positions']] == positions
           and frac(c['start']) == 1 and frac(c['step']) == step
           and all(p == str(frac(p)) for p in c['positions']),
           f'range {case}: {from_}..{to} by {step}, {len(positions)} exact '
           'positions, start 1')
    else:
        ok(code == 2 and out == ''
           and re.match(r'exattn: .*lesson\.json:1:\d+: lab "multiplier": ',
                        err),
           f'range {case}: {from_}..{to} by {step} refused at the lab '
           f'({"no start" if whole else "not whole or too many"})')


def check_values(rng, case):
    lesson = head(rng, 3, 2)
    v = lesson['V'][2][1]
    values = sorted({Fraction(rng.randint(-9, 9), rng.choice([1, 2, 3]))
                     for _ in range(rng.randint(2, 8))} | {Fraction(v)})
    if len(values) < 2:
        values.append(values[0] + 1)
    shuffled = rng.random() < 0.3
    written = values[:]
    if shuffled:
        written.reverse()
    lesson['lab'] = {'controls': {'override': {
        'row': 3, 'col': 2, 'values': [str(x) for x in written]}}}
    code, out, err = run(lesson, '--format', 'json')
    if shuffled:
        ok(code == 2 and 'the values must increase' in err,
           f'values {case}: decreasing values refused')
        return
    c = json.loads(out)['lab']['controls'][0]
    ok(code == 0 and [frac(p) for p in c['positions']] == values
       and frac(c['start']) == v and 'step' not in c,
       f'values {case}: the override starts at V[3][2] = {v}')


# ---- 2. the lab's lesson reproduces the lesson -----------------------------

def rows_of(doc, variant=False):
    """Each row's query, rule, weights (by key index) and output."""
    rows = doc['variants'][0]['rows'] if variant else doc['rows']
    out = []
    for i, r in enumerate(rows):
        if r.get('unchanged'):
            r = doc['rows'][i]
        keys = r.get('allowed_keys') or range(1, len(r['weights']) + 1)
        value = lambda q: (q['status'], q.get('value'), q['text'])
        out.append((r['query'], r['rule'],
                    tuple((k, value(q)) for k, q in zip(keys, r['weights'])),
                    tuple(value(q) for q in r['output'])))
    return out


def check_lesson(lesson, what):
    lesson = {k: v for k, v in lesson.items()
              if k not in ('variants', 'claims', 'lab')}
    lesson['lab'] = {'controls': {'query': True}}
    doc = derive(lesson)
    again = derive(doc['lab']['lesson'])
    ok(rows_of(doc) == rows_of(again),
       f'{what}: the lab\'s lesson derives the same rows')


# ---- 3. states built as the page builds them -------------------------------

def page_state(lab, query, mult, causal, override, blocked):
    """The two lessons a page derives for a state (docs/page/lab-view.mjs
    stateLessons): the lab's lesson as the state makes it, and the
    followed row alone with the state as its variant (None at the
    start)."""
    v = {}
    ctl = {c['control']: c for c in lab['controls']}
    i = ctl['query']['choices'].index(query)
    if mult != ctl['multiplier']['start']:
        v['query_multiplier'] = {'query': i + 1, 'by': mult}
    if override != ctl['override']['start']:
        v['value_override'] = {'row': ctl['override']['row_index'],
                               'col': ctl['override']['col'],
                               'value': override}
    if causal != ctl['causal']['start'] or blocked is not None:
        base = lab['masks']['causal' if causal else 'none']
        j = -1 if blocked is None else ctl['block']['choices'].index(blocked)
        v['mask'] = [[0 if k == j else a for k, a in enumerate(r)]
                     for r in base]
    if not v:
        return lab['lesson'], None
    one = dict(lab['lesson'])
    one.update({'query_tokens': [query], 'Q': [one['Q'][i]],
                'mask': [one['mask'][i]]})
    variant = {'name': 'this state'}
    if 'query_multiplier' in v:
        variant['query_multiplier'] = {'query': 1, 'by': mult}
    if 'value_override' in v:
        variant['value_override'] = v['value_override']
    if 'mask' in v:
        variant['mask'] = [v['mask'][i]]
    one['variants'] = [variant]
    return dict(lab['lesson'], **v), one


def hand_state(lesson, query, mult, causal, override, blocked, row, col):
    """The same change as an author writes it, with labels."""
    v = {'name': 'by hand', 'query_multiplier': {'query': query, 'by': mult},
         'value_override': {'row': row, 'col': col, 'value': override}}
    n = len(lesson['tokens'])
    if blocked is None:
        v['mask'] = 'causal' if causal else 'none'
    else:
        j = lesson['tokens'].index(blocked)
        v['mask'] = [[0 if (k == j or (causal and k > i)) else 1
                      for k in range(n)] for i in range(n)]
    out = {k: x for k, x in lesson.items() if k not in ('lab',)}
    out['variants'] = [v]
    return out


def check_states(rng, case):
    n = rng.randint(2, 5)
    lesson = head(rng, n, rng.randint(1, 3))
    row = lesson['tokens'][rng.randrange(n)]
    col = rng.randint(1, 2)
    v = lesson['V'][lesson['tokens'].index(row)][col - 1]
    lesson['lab'] = {'controls': {
        'query': True, 'multiplier': {'from': -2, 'to': 2, 'step': '1/2'},
        'causal': True,
        'override': {'row': row, 'col': col, 'from': v - 3, 'to': v + 3,
                     'step': 1},
        'block': True}}
    doc = json.loads(run(lesson, '--format', 'json')[1])
    lab = doc['lab']
    ctl = {c['control']: c for c in lab['controls']}
    query = rng.choice(ctl['query']['choices'])
    mult = rng.choice(ctl['multiplier']['positions'])
    causal = rng.random() < 0.5
    override = rng.choice(ctl['override']['positions'])
    # the keys the page offers to block: those that are no row's only
    # visible key, under each mask (computed here from the masks)
    for name, on in (('causal', True), ('none', False)):
        mask = lab['masks'][name]
        mine = [not any(sum(r) == 1 and r[j] for r in mask)
                for j in range(n)]
        ok(ctl['block']['blockable'][name] == mine,
           f'state {case}: the keys blockable with the causal mask '
           f'{"on" if on else "off"} are those that are no row\'s only key')
    offered = [k for k, b in zip(ctl['block']['choices'],
               ctl['block']['blockable']['causal' if causal else 'none'])
               if b]
    blocked = rng.choice([None] + offered)
    page, followed = page_state(lab, query, mult, causal, override,
                                blocked)
    hand = hand_state(lesson, query, mult, causal, override, blocked, row,
                      col)
    show = ('--format', 'json', '--digits', '3')
    pc, pout, perr = run(page, *show, '--show', 'weights,output')
    hc, hout, herr = run(hand, *show)
    if hc != 0 or pc != 0:
        ok(False, f'state {case}: an offered state is derived', perr + herr)
        return
    p, h = json.loads(pout), json.loads(hout)
    ok(pc == 0 and rows_of(p) == rows_of(h, True),
       f'state {case}: {query} x{mult}, causal {causal}, override '
       f'{override}, blocked {blocked}: the page\'s lesson is the author\'s')
    if followed is None:
        return
    # the followed row's contrast alone is the whole contrast's row
    fc, fout, ferr = run(followed, *show, '--show', 'contrast')
    whole = next(r for r in h['variants'][0]['contrast']['rows']
                 if r['query'] == query)
    one = json.loads(fout)['variants'][0]['contrast']['rows'][0] \
        if fc == 0 else None
    strip = lambda r: {k: x for k, x in r.items() if k != 'index'}
    ok(one is not None and strip(one) == strip(whole),
       f'state {case}: the contrast of row {query} alone is its row of the '
       'whole contrast', f'{one} / {whole}')


def main():
    rng = random.Random(2026)
    for case in range(40):
        check_range(rng, case)
    for case in range(15):
        check_values(rng, case)
    examples = os.path.join(SRC, 'docs', 'examples')
    for name in sorted(os.listdir(examples)):
        if not name.endswith('.json'):
            continue
        with open(os.path.join(examples, name)) as f:
            lesson = json.load(f)
        if 'block' not in lesson:
            check_lesson(lesson, name)
    for case in range(10):
        check_lesson(head(rng, rng.randint(2, 6), rng.randint(1, 3)),
                     f'random head {case}')
    for case in range(40):
        check_states(rng, case)
    print(f'1..{len(results)}')
    for k, (good, what) in enumerate(results, 1):
        print(f'{"ok" if good else "not ok"} {k} - {what}')
    return 0 if all(g for g, _ in results) else 1


sys.exit(main())
