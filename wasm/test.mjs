// The WebAssembly module against the command line (make check-wasm), TAP:
//   node wasm/test.mjs DIST_DIR EXATTN TOP
// - derive: every shipped example's JSON byte for byte as `exattn derive
//   --format json`, with and without --digits 3 and a --show list;
// - check, audit and evaluate: the same results as check --format json, audit
//   --format json and eval;
// - errors: every bad lesson of tests/bad thrown with the message, line
//   and column the command line writes;
// - memory: 10,000 derives leave the heap in use where it was.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [distArg, exattn, top] = process.argv.slice(2);
const dist = resolve(distArg);
const api = await import(pathToFileURL(join(dist, 'exattn.mjs')).href);
const results = [];

function ok(pass, what) {
  results.push([pass, what]);
}

function cli(args, input) {
  return spawnSync(exattn, args, { cwd: top, input, encoding: 'utf8', maxBuffer: 1 << 30 });
}

const examples = readdirSync(join(top, 'docs/examples'))
  .filter((f) => f.endsWith('.json')).sort();

// derive, byte for byte: the examples, and integer views past 32 bits
// (long is 32 bits in wasm32: a 64-bit entry once lost its upper half),
// of rationals and of matrices held as 64-bit words (two 32-bit limbs)
for (const path of [...examples.map((f) => join('docs/examples', f)),
  'tests/data/wide-integer-views.json', 'tests/data/wide-integer-matrices.json']) {
  const f = path.split('/').pop();
  const lesson = readFileSync(join(top, path), 'utf8');
  for (const [opts, args] of [
    [{}, []],
    [{ digits: 3 }, ['--digits', '3']],
    [{ digits: 12, show: ['weights', 'output'] }, ['--digits', '12', '--show', 'weights,output']],
  ]) {
    const want = cli(['derive', path, '--format', 'json', ...args]).stdout;
    let got;
    try {
      got = api.derive(lesson, { ...opts, name: path, raw: true });
    } catch (e) {
      got = `threw ${e.message}`;
    }
    ok(got === want, `derive ${f} ${args.join(' ')}: byte-identical (${want.length} bytes)`);
  }
}

// check and audit, as their --format json
for (const f of examples) {
  const path = join('docs/examples', f);
  const lesson = readFileSync(join(top, path), 'utf8');
  const want = cli(['check', path, '--format', 'json']);
  let got;
  try {
    got = api.check(lesson, { name: path, raw: true });
  } catch (e) {
    got = `threw ${e.message}`;
  }
  ok(got === want.stdout, `check ${f}: as check --format json`);
}
// each page against the lesson of its name (the grid page's variants are
// 002-complete's: against its own lesson it is an error) and the grid
// page against 002-complete
const pairs = readdirSync(join(top, 'docs/examples/pages')).filter((p) => p.endsWith('.md')).sort()
  .map((page) => [page, page.replace(/\.md$/, '.json')]);
pairs.push(['002-grid-load-rises.md', '002-complete.json']);
for (const [page, lesson] of pairs) {
  const pagePath = join('docs/examples/pages', page);
  const text = readFileSync(join(top, pagePath), 'utf8');
  const lessonPath = join('docs/examples', lesson);
  const want = cli(['audit', pagePath, '--lesson', lessonPath, '--format', 'json']);
  // a report, or (exit 2) the error the command line reports
  const expected = want.status === 2
    ? `threw ${want.stderr.trim().replace(/^exattn: /, '')}` : want.stdout;
  let got;
  try {
    got = api.audit(text, readFileSync(join(top, lessonPath), 'utf8'),
      { pageName: pagePath, name: lessonPath, raw: true });
  } catch (e) {
    got = `threw ${e.message}`;
  }
  ok(got === expected, `audit ${page} against ${lessonPath}: as audit --format json (exit ${want.status})`);
}

// evaluate, as eval prints it
for (const [expr, digits] of [['sin(1)^2+cos(1)^2', 5], ['e^(1/sqrt(2))/(1+e^(1/sqrt(2)))', 30], ['1/3', 3], ['sqrt(8)/sqrt(2)', 0]]) {
  const out = cli(['eval', expr, '--digits', String(digits)]).stdout;
  const field = (name) => (out.match(new RegExp(`^${name}: +(.*)$`, 'm')) || [])[1];
  const got = api.evaluate(expr, { digits });
  const decimal = field('decimal').split(' ')[0];
  ok(got.named === field('named') && got.latex === field('latex')
     && got.status.toUpperCase() === field('status')
     && (got.value ?? undefined) === field('value') && got.decimal === decimal,
     `evaluate ${expr} at ${digits} digits: as eval (${got.status} ${got.value ?? got.decimal})`);
}

// the .npy files of tests/bad, as a page hands them over (options.files)
const badNpy = Object.fromEntries(readdirSync(join(top, 'tests/bad'))
  .filter((f) => f.endsWith('.npy'))
  .map((f) => [f, new Uint8Array(readFileSync(join(top, 'tests/bad', f)))]));

// a lesson naming .npy files: derived from the bytes given in files as
// the command line derives it from the disk; without them, refused
{
  const dir = mkdtempSync(join(tmpdir(), 'exattn-npy-'));
  const lesson = '{"floats": "binary32", "Q": {"npy": "grade-matrix32.npy"},\n'
    + ' "K": {"npy": "grade-matrix32.npy"}, "V": [["0x1.8p-3", "1/3"]]}\n';
  writeFileSync(join(dir, 'lesson.json'), lesson);
  copyFileSync(join(top, 'tests/bad/grade-matrix32.npy'), join(dir, 'grade-matrix32.npy'));
  const want = spawnSync(resolve(top, exattn), ['derive', 'lesson.json', '--format', 'json', '--digits', '3'],
    { cwd: dir, encoding: 'utf8' });
  rmSync(dir, { recursive: true });
  let got;
  try {
    got = api.derive(lesson, { name: 'lesson.json', digits: 3, raw: true, files: badNpy });
  } catch (e) {
    got = `threw ${e.message}`;
  }
  ok(want.status === 0 && got === want.stdout, 'a lesson naming .npy files, given in options.files: as derive reads them from the disk');
  let refused = null;
  try {
    api.derive(lesson, { name: 'lesson.json' });
  } catch (e) {
    refused = e;
  }
  ok(refused instanceof api.ExattnError && refused.message.startsWith('lesson.json:1:37: Q: grade-matrix32.npy: cannot open it'),
     `a lesson naming .npy files, without them: ${refused ? refused.message : 'not refused'}`);
}

// errors: message, line and column as the command line's
for (const f of readdirSync(join(top, 'tests/bad')).filter((b) => b.endsWith('.json')).sort()) {
  const path = join('tests/bad', f);
  const want = cli(['derive', path]);
  const message = want.stderr.trim().replace(/^exattn: /, '');
  let got = null;
  try {
    api.derive(new Uint8Array(readFileSync(join(top, path))), { name: path, files: badNpy });
  } catch (e) {
    got = e;
  }
  const pos = message.match(/^[^:]*:(\d+):(\d+):/);
  ok(want.status === 2 && got instanceof api.ExattnError && got.message === message
     && (!pos || (got.line === Number(pos[1]) && got.column === Number(pos[2]))),
     `bad lesson ${f}: throws "${got ? got.message : 'nothing'}"`);
}

// memory: a derive releases what it allocated (seed 004's lesson, a
// millisecond each: the loop is the test, not the lesson's size)
{
  const lesson = readFileSync(join(top, 'docs/examples/004-value-weighting.json'), 'utf8');
  // the first calls may allocate once and keep it (a cache: 8 bytes in
  // the second call); what must not happen is growth with every call
  for (let i = 0; i < 10; i++) api.derive(lesson, { digits: 3 });
  const before = api.heapInUse();
  for (let i = 0; i < 10000; i++) api.derive(lesson, { digits: 3 });
  const after = api.heapInUse();
  ok(after === before, `10,000 derives: heap in use ${before} -> ${after} bytes`);
}

// options the command line would refuse are refused, not passed on
{
  const lesson = readFileSync(join(top, 'docs/examples/004-value-weighting.json'), 'utf8');
  for (const [what, call] of [
    ['maxPrec -5', () => api.evaluate('e', { maxPrec: -5 })],
    ['maxPrec 2^31', () => api.derive(lesson, { digits: 3, maxPrec: 2 ** 31 })],
    ['maxPrec 1.5', () => api.check(lesson, { maxPrec: 1.5 })],
    ['digits -1', () => api.derive(lesson, { digits: -1 })],
    ['show "weight"', () => api.derive(lesson, { show: 'weight' })],
    ['format "pdf"', () => api.derive(lesson, { format: 'pdf' })],
    ['a lesson that is a number', () => api.derive(42)],
  ]) {
    let got = null;
    try {
      call();
    } catch (e) {
      got = e;
    }
    ok(got instanceof api.ExattnError && got.code === -9, `${what}: refused (${got && got.message})`);
  }
  const twenty = api.evaluate('1/3', { digits: null });
  ok(twenty.decimal === '0.33333333333333333333', `evaluate with digits null: 20 digits as eval (${twenty.decimal})`);
}

// the seed-002 companion (docs/page/model.mjs), from a site folder: the
// lab's three experiments with their exact values, and `node model.mjs`
{
  copyFileSync(join(top, 'docs/page/model.mjs'), join(dist, 'model.mjs'));
  const model = await import(pathToFileURL(join(dist, 'model.mjs')).href);
  const exact = (qs) => qs.map((q) => (q.status === 'exact' ? q.value : `named ${q.decimal}`)).join(' ');
  const zero = model.compute({ multiplier: 0 });
  ok(exact(zero.weights) === '1/3 1/3 1/3' && exact(zero.output) === '2/3 4/3',
     `model: multiplier 0 gives weights ${exact(zero.weights)}, output ${exact(zero.output)}`);
  const grid = model.compute({ query: 'grid' });
  ok(exact(grid.output) === '1 0', `model: "grid" under the causal mask gives output ${exact(grid.output)}`);
  const open = model.compute({ query: 'grid', causal: false });
  ok(open.output.every((q) => q.status === 'named'), 'model: "grid" without the mask mixes all three values (named)');
  // +2a3 with a3 = e^{3/√2}/(e^{2/√2}+e^{1/√2}+e^{3/√2}), in doubles here
  const [e1, e2, e3] = [2, 1, 3].map((s) => Math.exp(s / Math.SQRT2));
  const twoA3 = (2 * e3 / (e1 + e2 + e3)).toFixed(3);
  const override = model.compute({ valueY: 4 }).contrast.rows[2].changes;
  ok(override.length === 2 && override[0].relation === 'equal'
     && override[1].relation === 'increases' && override[1].by.decimal === twoA3,
     `model: valueY 4 leaves output[1] equal and raises output[2] by ${override[1] && override[1].by.decimal} (2a3 = ${twoA3})`);
  const blocked = model.compare({ blocked: 'rises' }, { blocked: 'rises', valueY: 4 }).rows[2];
  ok(blocked.outcome.startsWith('unchanged') && blocked.changes.length === 0,
     `model: with "rises" blocked the override changes nothing (${blocked.outcome})`);
  let refused = null;
  try {
    model.compute({ blocked: 'grid' });
  } catch (e) {
    refused = e;
  }
  ok(refused instanceof api.ExattnError && /every key is blocked/.test(refused.message),
     `model: every key of "grid" blocked is refused: ${refused && refused.message}`);
  const printed = spawnSync(process.execPath, [join(dist, 'model.mjs')], { encoding: 'utf8' });
  ok(printed.status === 0 && /weights of rises: \[1\/3, 1\/3, 1\/3\]/.test(printed.stdout)
     && /output of rises: +\[2\/3, 4\/3\]/.test(printed.stdout)
     && /output of grid: +\[1, 0\]/.test(printed.stdout)
     && new RegExp(`increases by ≈ ${twoA3.replace('.', '\\.')}`).test(printed.stdout)
     && /rises: no change/.test(printed.stdout),
     'node model.mjs: the baseline and the three experiments');
}

console.log(`1..${results.length}`);
results.forEach(([pass, what], i) => console.log(`${pass ? '' : 'not '}ok ${i + 1} - ${what}`));
process.exitCode = results.every(([pass]) => pass) ? 0 : 1;
