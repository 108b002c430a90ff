// The live lab of seed 002 in headless Chromium (TAP), as a reader uses
// it: the built page served on the loopback interface, its controls
// moved with the keyboard and the menus, and what the page then shows
// compared with expectations computed here in binary64 (the softmax of
// the seed's scores; for the exact values, the fractions themselves).
//
//   node test-lab.mjs SITE_DIR XSS_SITE_DIR OUT_DIR
//
// SITE_DIR: the page of docs/examples/002-grid-load-rises.json with its
// lab; XSS_SITE_DIR: a page whose labels are HTML; OUT_DIR receives the
// screenshots (lab-{0,override}-{390,1200}.png) and the update times.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { serve } from './serve.mjs';

const [siteDir, xssDir, outDir] = process.argv.slice(2);
if (!siteDir || !xssDir || !outDir) {
  console.error('usage: node test-lab.mjs SITE_DIR XSS_SITE_DIR OUT_DIR');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });

// tests/lab-page.sh numbers its own tests first (LAB_TAP_AFTER of them)
const after = Number(process.env.LAB_TAP_AFTER || 0);
let n = after;
let failed = 0;
function ok(cond, what, detail = '') {
  n += 1;
  if (!cond) failed += 1;
  console.log(`${cond ? 'ok' : 'not ok'} ${n} - ${what}`);
  if (!cond && detail) console.log(`# ${String(detail).replace(/\n/g, '\n# ')}`);
}

// The seed's numbers, independently: scores of "rises" against grid, load
// and rises are 2, 1, 3 over sqrt(2); its values (1,0), (0,2), (1,2).
const scaled = [2, 1, 3].map((s) => s / Math.SQRT2);
const z = scaled.reduce((a, s) => a + Math.exp(s), 0);
const weights = scaled.map((s) => Math.exp(s) / z);
const d3 = (x) => x.toFixed(3);

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const errors = [];

async function open(dir, width) {
  const server = await serve(dir);
  const page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewport({ width, height: 900 });
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
  await page.waitForSelector('#lab[data-ready=true]', { timeout: 20000 });
  return { page, server };
}

const text = (page, sel) => page.$eval(sel, (e) => e.innerText);
// what KaTeX rendered, by its TeX source
const annotations = (page, sel) => page.$$eval(`${sel} annotation`,
  (a) => a.map((x) => x.textContent));

async function weightsTable(page) {
  return page.$$eval('#lab-view table.keys tbody tr', (rows) => rows.map((r) => ({
    key: r.querySelector('th').textContent,
    text: r.querySelector('td').innerText.replace(/\s+/g, ' ').trim(),
    tex: [...r.querySelectorAll('annotation')].map((a) => a.textContent),
    exact: !!r.querySelector('.q.exact'),
    blocked: r.classList.contains('blocked'),
  })));
}

async function press(page, sel, key, times) {
  await page.focus(sel);
  for (let k = 0; k < times; k += 1) await page.keyboard.press(key);
}

async function shoot(page, name) {
  await page.$eval('#lab', (e) => e.scrollIntoView());
  for (const width of [390, 1200]) {
    await page.setViewport({ width, height: 1000 });
    await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`) });
  }
}

const { page, server } = await open(siteDir, 1200);

// ---- the lesson as written -------------------------------------------------
ok((await page.$$('.katex-error')).length === 0, 'no .katex-error on the page');
ok((await text(page, '#lab-status')).startsWith('Live'),
  'the engine loaded: the status says the lab is live');
let w = await weightsTable(page);
ok(w.length === 3 && w.every((r, j) => !r.exact
  && r.text.includes(`≈ ${d3(weights[j])}`) && r.text.includes('NAMED')),
'the lesson as written: rises\'s three weights named, ≈ '
  + `${weights.map(d3).join(', ')}`, JSON.stringify(w));

// the reader opens the named weights written out
await page.click('#lab-view details[data-forms=weights] summary');

// ---- the multiplier to 0, with the keyboard --------------------------------
await press(page, '#lab-multiplier', 'ArrowLeft', 4);
ok(await text(page, '#lab-multiplier-value') === '0',
  'four steps of 1/4 down from 1: the multiplier reads exactly 0');
w = await weightsTable(page);
ok(w.length === 3 && w.every((r) => r.exact && r.tex.includes('\\frac{1}{3}')),
  'multiplier 0: every weight is exactly 1/3 (EXACT, \\frac{1}{3})',
  JSON.stringify(w));
let out = await annotations(page, '#lab-view .lab-output');
ok(out.join(' ') === '\\frac{2}{3} \\frac{4}{3}',
  'multiplier 0: the output is exactly [2/3, 4/3]', out.join(' '));
ok((await text(page, '.lab-changed')).includes('multiplied by 0'),
  'the line naming what changed says the query was multiplied by 0');
await shoot(page, 'lab-0');

// ---- back to the lesson, then the override 2 -> 4 --------------------------
await page.click('#lab-reset');
const forms = await page.$$eval('#lab-view details[data-forms=weights][open] '
  + 'annotation', (a) => a.map((x) => x.textContent));
ok(forms.length === 3 && forms.every((f) => /^\\frac\{e\^\{/.test(f)),
  'the named weights opened before the exact state are open again after it, '
  + 'each written out in KaTeX', forms.join(' | '));
await press(page, '#lab-override', 'ArrowRight', 4);
ok(await text(page, '#lab-override-value') === '4',
  'four steps of 1/2 up from 2: the override reads exactly 4');
const contrast = await text(page, '#lab-view ul.contrast');
const twoA3 = 2 * weights[2];
ok(/output coordinate 2 increases by[\s\S]*≈ ?1\.152/.test(contrast)
  && d3(twoA3) === '1.152',
`the override: output coordinate 2 increases by 2a3 ≈ ${d3(twoA3)}`, contrast);
ok(/output coordinate 1 unchanged \(proved\)/.test(contrast)
  && !/weight of/.test(contrast),
'the override: output coordinate 1 and every weight proved unchanged',
contrast);
await shoot(page, 'lab-override');

// ---- the causal mask, with "grid" followed ---------------------------------
await page.setViewport({ width: 1200, height: 900 });
await page.click('#lab-reset');
await page.select('#lab-query', '0');
w = await weightsTable(page);
ok(w.length === 3 && w[0].exact && w[0].tex.includes('1')
  && w[1].blocked && w[2].blocked,
'grid under the causal mask: weight exactly 1 on itself, the others blocked',
JSON.stringify(w));
out = await annotations(page, '#lab-view .lab-output');
ok(out.join(' ') === '1 0', 'grid under the causal mask: output exactly [1, 0]',
  out.join(' '));
await press(page, '#lab-causal', 'Space', 1);
w = await weightsTable(page);
ok(!(await page.$eval('#lab-causal', (e) => e.checked)) && w.length === 3
  && w.every((r) => !r.exact && !r.blocked && r.text.includes('NAMED')),
'the causal mask off (Space on the checkbox): grid sees all three keys, '
  + 'named weights', JSON.stringify(w));

// ---- a blocked key ---------------------------------------------------------
await page.click('#lab-reset');
const offered = await page.$$eval('#lab-block option', (o) => o.map((x) => (
  { key: x.textContent, disabled: x.disabled })));
ok(JSON.stringify(offered.map((o) => o.disabled))
  === JSON.stringify([false, true, false, false]),
'under the causal mask "grid" cannot be blocked (it is the first row\'s '
  + 'only key): its option is disabled', JSON.stringify(offered));
await press(page, '#lab-causal', 'Space', 1);
ok(!(await page.$eval('#lab-block option[value="0"]', (o) => o.disabled)),
  'with the causal mask off, "grid" can be blocked');
await page.select('#lab-block', '0');
await press(page, '#lab-causal', 'Space', 1);
const refusal = await text(page, '#lab-view .lab-error');
ok(/^exattn refuses this state: row 1: every key is blocked/.test(refusal),
  '"grid" blocked, then the causal mask on: refused with exattn\'s message, '
  + 'without a position in a lesson the reader never saw', refusal);
await page.click('#lab-reset');
await page.select('#lab-block', '2');
const blocked = await text(page, '#lab-view .lab-output');
await press(page, '#lab-override', 'ArrowRight', 4);
const blockedOverride = await text(page, '#lab-view .lab-output');
const changed = await text(page, '#lab-view .lab-changed');
ok(blocked === blockedOverride && blocked.length > 0
  && await text(page, '#lab-override-value') === '4'
  && changed.includes('V[rises] coordinate 2 set to 4')
  && changed.includes('key rises blocked'),
'rises blocked: the override 2 -> 4 (applied) leaves the output as it was',
`${blocked} / ${blockedOverride} / ${changed}`);

// ---- a phone's width -------------------------------------------------------
await page.setViewport({ width: 390, height: 900 });
const wide = await page.evaluate(() => document.documentElement.scrollWidth);
ok(wide <= 390, `390 px: the page is not wider than the screen (${wide} px)`);
ok(errors.length === 0, 'no script error', errors.join('\n'));

const times = await page.$eval('#lab', (e) => e.dataset.updateMs);
fs.writeFileSync(path.join(outDir, 'last-update-ms.txt'), `${times}\n`);
await page.close();
server.close();

// ---- labels that are HTML --------------------------------------------------
const hostileLabel = '<img src=x onerror=window.__xss=1>';
const x = await open(xssDir, 1200);
await x.page.select('#lab-block', '1');
await new Promise((resolve) => { setTimeout(resolve, 300); });
const injected = await x.page.evaluate(() => ({
  images: document.querySelectorAll('img').length,
  handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes]
    .some((a) => a.name.startsWith('on'))).length,
  scripts: document.querySelectorAll('script').length,
  fired: window.__xss === 1,
  heading: document.querySelector('#lab h2').textContent,
  option: document.querySelector('#lab-query option').textContent,
  map: document.querySelector('#lab-view .labmap thead').innerText,
  title: document.querySelector('#lab-view .labmap td[title]').title,
  data: JSON.parse(document.getElementById('lab-data').textContent).labels,
}));
ok(injected.images === 0 && injected.handlers === 0 && !injected.fired
  && injected.scripts === 2
  && injected.heading === 'Lab: <b onmouseover=window.__xss=1>lab</b>'
  && injected.option === hostileLabel && injected.map.includes(hostileLabel)
  && injected.title.startsWith(`${hostileLabel} → ${hostileLabel}`)
  && injected.data.keys[1] === '</script><script>window.__xss=1</script>',
'labels and a title written as HTML (<img onerror>, </script>, <b '
  + 'onmouseover>) stay text in the heading, the menus, the map and its '
  + 'tooltips, after a change too; no element gains a handler',
JSON.stringify(injected));
await x.page.close();
x.server.close();

await browser.close();
console.log(`1..${n}`);  // the plan last: a run that dies has none
process.exit(failed ? 1 : 0);
