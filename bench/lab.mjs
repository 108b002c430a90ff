// The live lab's budget (issue 28): a control change to the updated page
// in headless Chromium, for seed 002's lab and for a 16-token lesson --
// the time from the control's event to the page laid out again (the
// engine's derive of the state, the view rendered with KaTeX, the layout).
// The baseline, measured in the same run: the native command deriving
// the same states (`exattn derive --format json --show weights,output`,
// one process each, start-up included).
//
//   node bench/lab.mjs DIST EXATTN SRCDIR [CHANGES]
//
// DIST: wasm/build/dist; EXATTN: the native command; SRCDIR: the source
// tree (docs/page with its npm packages, chromium installed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [dist, exattn, src, changesArg] = process.argv.slice(2);
if (!dist || !exattn || !src) {
  console.error('usage: node bench/lab.mjs DIST EXATTN SRCDIR [CHANGES]');
  process.exit(2);
}
const CHANGES = Number(changesArg || 200);
const pageDir = path.join(src, 'docs', 'page');
const require = createRequire(path.join(pageDir, 'package.json'));
const puppeteer = (await import(pathToFileURL(
  require.resolve('puppeteer-core')).href)).default;
const { serve } = await import(pathToFileURL(path.join(pageDir,
  'serve.mjs')).href);
const { stateLessons, startState } = await import(pathToFileURL(
  path.join(pageDir, 'lab-view.mjs')).href);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'exattn-lab-'));

// A 16-token head with every control (integers from a fixed generator).
function sixteen() {
  let seed = 2026;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed >> 16) % 7 - 3;
  };
  const m = (r, c) => Array.from({ length: r },
    () => Array.from({ length: c }, next));
  const tokens = Array.from({ length: 16 }, (_, i) => `t${i + 1}`);
  const V = m(16, 2);
  const v = V[15][1];
  return {
    title: 'Sixteen tokens', tokens, Q: m(16, 4), K: m(16, 4), V,
    mask: 'causal',
    lab: { controls: {
      query: true, multiplier: { from: -2, to: 2, step: '1/4' }, causal: true,
      override: { row: 16, col: 2, from: v - 4, to: v + 4, step: '1/2' },
      block: true,
    } },
  };
}

function build(name, lessonPath) {
  const json = path.join(tmp, `${name}.json`);
  fs.writeFileSync(json, execFileSync(exattn, ['derive', lessonPath,
    '--format', 'json', '--digits', '3'], { maxBuffer: 1 << 28 }));
  const site = path.join(tmp, name);
  execFileSync('node', [path.join(pageDir, 'build.mjs'), json, site,
    '--engine', dist]);
  return { site, lab: JSON.parse(fs.readFileSync(json, 'utf8')).lab };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

// In the page: move the multiplier and the override over their positions
// (and flip the mask every tenth change), each change timed from its
// event to the page's layout.
async function pageTimes(browser, site, formsOpen) {
  const server = await serve(site);
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
  await page.waitForSelector('#lab[data-ready=true]');
  const times = await page.evaluate(async (changes, open) => {
    const out = [];
    // as the reader left the named forms: folded (the page's default) or
    // opened, which the lab keeps open from change to change
    for (const d of document.querySelectorAll('#lab-view details')) {
      d.open = open;
    }
    await new Promise((resolve) => { setTimeout(resolve, 50); });
    const sliders = ['lab-multiplier', 'lab-override']
      .map((id) => document.getElementById(id));
    const causal = document.getElementById('lab-causal');
    for (let k = 0; k < changes; k += 1) {
      const t0 = performance.now();
      if (k % 10 === 9) {
        causal.checked = !causal.checked;
        causal.dispatchEvent(new Event('change'));
      } else {
        const s = sliders[k % 2];
        s.value = String((Number(s.value) + 1) % (Number(s.max) + 1));
        s.dispatchEvent(new Event('input'));
      }
      document.body.getBoundingClientRect();   // layout, synchronously
      const lab = document.getElementById('lab').dataset;
      out.push([performance.now() - t0, Number(lab.deriveMs),
        Number(lab.renderMs)]);
    }
    return out;
  }, CHANGES, formsOpen);
  await page.close();
  server.close();
  return times;
}

// The native command on the same kind of state (the multiplier moved):
// the same two derivations a change asks for, one process each.
function cliTimes(lab, runs) {
  const s = { ...startState(lab) };
  const mult = lab.controls.find((c) => c.control === 'multiplier');
  const times = [];
  const derive = (lesson, show) => {
    const file = path.join(tmp, 'state.json');
    fs.writeFileSync(file, JSON.stringify(lesson));
    execFileSync(exattn, ['derive', file, '--format', 'json', '--digits', '3',
      '--show', show]);
  };
  for (let k = 0; k < runs; k += 1) {
    s.multiplier = mult.positions[(k % (mult.positions.length - 1)) + 1];
    if (s.multiplier === '1') s.multiplier = mult.positions[0];
    const lessons = stateLessons(lab, s);
    const t0 = process.hrtime.bigint();
    derive(lessons.state, 'weights,output');
    derive(lessons.followed, 'contrast');
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return times;
}

const sixteenPath = path.join(tmp, 'sixteen.json');
fs.writeFileSync(sixteenPath, JSON.stringify(sixteen()));
const cases = [
  ['seed 002 (3 tokens)', build('seed-002',
    path.join(src, 'docs', 'examples', '002-grid-load-rises.json')), 16],
  ['16 tokens', build('sixteen', sixteenPath), 100],
];
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
console.log(`control changes per page: ${CHANGES}`);
for (const [name, { site, lab }, budget] of cases) {
  const c = cliTimes(lab, 20);
  for (const open of [false, true]) {
    const all = await pageTimes(browser, site, open);
    const t = all.map((x) => x[0]);
    const derive = median(all.map((x) => x[1]));
    const render = median(all.map((x) => x[2]));
    console.log(`${name}${open ? ', named forms opened' : ''}: change to `
      + `updated page median ${median(t).toFixed(2)} ms (p90 `
      + `${p90(t).toFixed(2)}; derive ${derive.toFixed(2)}, view `
      + `${render.toFixed(2)}, the rest DOM and layout), budget ${budget} `
      + `ms (${(median(t) / budget).toFixed(2)} of it); native command on `
      + `the same kind of state ${median(c).toFixed(2)} ms (page/native `
      + `${(median(t) / median(c)).toFixed(2)})`);
  }
}
await browser.close();
fs.rmSync(tmp, { recursive: true, force: true });
