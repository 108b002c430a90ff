// The WebAssembly module against the command line (make check-wasm), TAP:
//   node wasm/test.mjs DIST_DIR EXATTN TOP
// - derive: every shipped example's JSON byte for byte as `exattn derive
//   --format json`, with and without --digits 3 and a --show list;
// - check, audit and evaluate: the same results as check --format json, audit
//   --format json and eval;
// - errors: every bad lesson of tests/bad thrown with the message, line
//   and column the command line writes;
// - memory: 10,000 derives leave the heap in use where it was.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const [dist, exattn, top] = process.argv.slice(2);
const api = await import(join(dist, 'exattn.mjs'));
const results = [];

function ok(pass, what) {
  results.push([pass, what]);
}

function cli(args, input) {
  return spawnSync(exattn, args, { cwd: top, input, encoding: 'utf8', maxBuffer: 1 << 30 });
}

const examples = readdirSync(join(top, 'docs/examples'))
  .filter((f) => f.endsWith('.json')).sort();

// derive, byte for byte
for (const f of examples) {
  const path = join('docs/examples', f);
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

// errors: message, line and column as the command line's
for (const f of readdirSync(join(top, 'tests/bad')).filter((b) => b.endsWith('.json')).sort()) {
  const path = join('tests/bad', f);
  const want = cli(['derive', path]);
  const message = want.stderr.trim().replace(/^exattn: /, '');
  let got = null;
  try {
    api.derive(new Uint8Array(readFileSync(join(top, path))), { name: path });
  } catch (e) {
    got = e;
  }
  const pos = message.match(/^[^:]*:(\d+):(\d+):/);
  ok(want.status === 2 && got instanceof api.ExattnError && got.message === message
     && (!pos || (got.line === Number(pos[1]) && got.column === Number(pos[2]))),
     `bad lesson ${f}: throws "${got ? got.message : 'nothing'}"`);
}

// memory: a derive releases what it allocated
{
  const lesson = readFileSync(join(top, 'docs/examples/002-grid-load-rises.json'), 'utf8');
  api.derive(lesson, { digits: 3 });
  const before = api.heapInUse();
  for (let i = 0; i < 10000; i++) api.derive(lesson, { digits: 3 });
  const after = api.heapInUse();
  ok(after === before, `10,000 derives: heap in use ${before} -> ${after} bytes`);
}

console.log(`1..${results.length}`);
results.forEach(([pass, what], i) => console.log(`${pass ? '' : 'not '}ok ${i + 1} - ${what}`));
process.exitCode = results.every(([pass]) => pass) ? 0 : 1;
