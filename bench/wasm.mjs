// Issue 28's budgets for the WebAssembly module, measured in one run:
//   node bench/wasm.mjs DIST_DIR EXATTN TOP [REPS]
// - size: exattn-core.wasm, exattn-core.mjs and exattn.mjs, gzipped
//   (-9, as a server would send them), against 450 KB;
// - speed: `derive(lesson, {digits: 3})` in Node against the native
//   `exattn derive --format json --digits 3` (its process start-up
//   included, as a user runs it), median of REPS, on every shipped
//   example, against 3x.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const [dist, exattn, top, repsArg] = process.argv.slice(2);
const reps = Number(repsArg || 5);
const api = await import(pathToFileURL(join(resolve(dist), 'exattn.mjs')).href);

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(f) {
  const ts = [];
  for (let i = 0; i < reps; i++) {
    const t0 = process.hrtime.bigint();
    f();
    ts.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(ts);
}

let total = 0;
for (const f of ['exattn-core.wasm', 'exattn-core.mjs', 'exattn.mjs']) {
  const raw = readFileSync(join(dist, f));
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  console.log(`size ${f.padEnd(18)} ${String(raw.length).padStart(8)} B  gzipped ${String(gz).padStart(7)} B`);
}
console.log(`size total gzipped ${(total / 1000).toFixed(1)} KB (budget 450 KB): ${total <= 450000 ? 'met' : 'NOT met'}`);

// the native process's start-up alone, so that the ratio without it is
// shown too (the budget is against the command as a user runs it)
const startup = time(() => spawnSync(exattn, ['eval', '1']));
console.log(`\nnative start-up (exattn eval 1): ${startup.toFixed(1)} ms`);
console.log(`${'example'.padEnd(34)} ${'native ms'.padStart(10)} ${'wasm ms'.padStart(10)} ${'ratio'.padStart(7)} ${'w/o start'.padStart(10)}`);
let worst = 0;
for (const f of readdirSync(join(top, 'docs/examples')).filter((x) => x.endsWith('.json')).sort()) {
  const path = join(top, 'docs/examples', f);
  const lesson = readFileSync(path, 'utf8');
  const native = time(() => spawnSync(exattn, ['derive', path, '--format', 'json', '--digits', '3'], { maxBuffer: 1 << 30 }));
  const wasm = time(() => api.derive(lesson, { digits: 3, raw: true }));
  const ratio = wasm / native;
  worst = Math.max(worst, ratio);
  const bare = Math.max(native - startup, 0.1);
  console.log(`${f.padEnd(34)} ${native.toFixed(1).padStart(10)} ${wasm.toFixed(1).padStart(10)} ${ratio.toFixed(2).padStart(7)} ${(wasm / bare).toFixed(2).padStart(10)}`);
}
console.log(`worst ratio ${worst.toFixed(2)} (budget 3): ${worst <= 3 ? 'met' : 'NOT met'}`);
