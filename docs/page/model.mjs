// The seed-002 lab as a pure function: grid, load and rises, one head,
// and the four things a reader may change -- which query row is
// followed, a multiplier on its query, the causal mask, the second
// coordinate of the third value, and one blocked key.  Every number comes
// from exattn (wasm/exattn.mjs, the library in WebAssembly): exact where
// the mathematics makes it exact (1/3 at multiplier 0), named otherwise,
// with certified decimals; the changes against the baseline are the
// engine's proved contrast.
//
//   import { compute } from './model.mjs';
//   const before = compute();
//   const after = compute({ valueY: 4 });
//
// Run as `node model.mjs` it prints the baseline and the lab's three
// experiments.  It looks for exattn.mjs beside itself (a built site) and
// else in the repository's WebAssembly build (wasm/build/dist).

const exattn = await import('./exattn.mjs').catch((e) => {
  if (e.code !== 'ERR_MODULE_NOT_FOUND') throw e;   // a real error
  return import('../../wasm/build/dist/exattn.mjs');
});

// The lab's lesson: invented states for three tokens, the identity as
// W_Q, and the projections of seed 002.
const TOKENS = ['grid', 'load', 'rises'];
const BASE = {
  title: 'Grid, load, rises: the live lab (seed lesson 002)',
  tokens: TOKENS,
  X: [[1, 0], [0, 1], [1, 1]],
  W_Q: [[1, 0], [0, 1]],
  W_K: [[1, 1], [0, 1]],
  W_V: [[1, 0], [0, 2]],
  mask: 'causal',
};

// The baseline: "rises" followed, its query as projected, the causal
// mask, the third value [1, 2], no key blocked.
export const BASELINE = Object.freeze({
  query: 'rises', multiplier: 1, causal: true, valueY: 2, blocked: null,
});

const DIGITS = 3;

function state(overrides = {}) {
  for (const key of Object.keys(overrides))
    if (!Object.prototype.hasOwnProperty.call(BASELINE, key))
      throw new exattn.ExattnError(`"${key}" is none of ${Object.keys(BASELINE).join(', ')}`);
  const s = { ...BASELINE, ...overrides };
  if (!TOKENS.includes(s.query))
    throw new exattn.ExattnError(`query: "${s.query}" is none of ${TOKENS.join(', ')}`);
  if (s.blocked !== null && !TOKENS.includes(s.blocked))
    throw new exattn.ExattnError(`blocked: "${s.blocked}" is none of ${TOKENS.join(', ')}`);
  return s;
}

// The mask of a state: the causal triangle or every key, less the
// blocked key's column (a row left with no key is refused by exattn).
function maskOf(s) {
  if (s.blocked === null) return s.causal ? 'causal' : 'none';
  const blocked = TOKENS.indexOf(s.blocked);
  return TOKENS.map((_, i) => TOKENS.map((__, j) =>
    (j === blocked || (s.causal && j > i)) ? 0 : 1));
}

// A state as a lesson variant: only what differs from the baseline.  The
// numbers are written as text so that 0.1 is the exact 1/10 (a string
// such as "1/3" is exact too; the double 1/3 is its 16-digit decimal).
function variantOf(name, s, against) {
  const v = { name };
  if (String(s.multiplier) !== '1')
    v.query_multiplier = { query: s.query, by: String(s.multiplier) };
  if (String(s.valueY) !== '2')
    v.value_override = { row: 'rises', col: 2, value: String(s.valueY) };
  if (s.causal !== BASELINE.causal || s.blocked !== null) v.mask = maskOf(s);
  if (against) v.contrast = against;
  return v;
}

function isBaseline(s) {
  return Object.keys(variantOf('', s)).length === 1;
}

function rowOf(doc, variantDoc, query) {
  const i = TOKENS.indexOf(query);
  const row = variantDoc ? variantDoc.rows[i] : doc.rows[i];
  // a row the contrast proved unchanged is written once, in the base
  return row.unchanged ? doc.rows[i] : row;
}

// One state of the lab: the followed row's weights and output (exattn's
// values: status, exact value or named form, certified decimal), the
// contrast against the baseline (null at the baseline) and the whole
// derivation document.
export function compute(overrides = {}) {
  const s = state(overrides);
  const lesson = { ...BASE };
  if (!isBaseline(s)) lesson.variants = [variantOf('this state', s)];
  const doc = exattn.derive(lesson, { digits: DIGITS });
  const v = doc.variants ? doc.variants[0] : null;
  const row = rowOf(doc, v, s.query);
  return {
    state: s,
    weights: row.weights,
    output: row.output,
    contrast: v ? v.contrast : null,
    document: doc,
  };
}

// Two states, the second's contrast against the first (as "the override
// has no effect once the third key is blocked").
export function compare(first, second) {
  const a = state(first), b = state(second);
  const lesson = { ...BASE, variants: [variantOf('first', a), variantOf('second', b, 'first')] };
  if (isBaseline(a)) lesson.variants[1].contrast = undefined;
  const doc = exattn.derive(lesson, { digits: DIGITS });
  return doc.variants[1].contrast;
}

// ---- node model.mjs -------------------------------------------------------

function value(q) {
  if (q.status === 'exact') return q.value;
  return q.decimal ? `≈ ${q.decimal}` : q.text;
}

function vector(qs) {
  return `[${qs.map(value).join(', ')}]`;
}

function describe(title, result) {
  const lines = [`${title}`,
    `  weights of ${result.state.query}: ${vector(result.weights)}`,
    `  output of ${result.state.query}:  ${vector(result.output)}`];
  if (result.contrast) lines.push(`  ${result.contrast.summary.text}`);
  return lines.join('\n');
}

function changes(contrast, query) {
  const row = contrast.rows.find((r) => r.query === query);
  if (!row || row.changes.length === 0)
    return [`  ${query}: no change${row && row.outcome === 'unchanged-blocked'
      ? ' (what changed is at a blocked key)' : ''}`];
  return row.changes.map((c) => {
    const what = c.quantity === 'weight' ? `weight of ${c.key}` : `output[${c.coordinate}]`;
    if (c.relation === 'equal') return `  ${what}: ${value(c.from)}, unchanged (proved equal)`;
    const by = c.by ? ` (${c.relation} by ${value(c.by)})` : ` (${c.relation})`;
    return `  ${what}: ${value(c.from)} -> ${value(c.to)}${by}`;
  });
}

function main() {
  const out = [describe('Baseline: "rises", multiplier 1, causal mask, v3 = [1, 2]', compute())];
  const zero = compute({ multiplier: 0 });
  out.push(describe('1. Query multiplier 0: equal scores, equal weights', zero));
  out.push(...changes(zero.contrast, 'rises'));
  out.push(describe('2. Select "grid" under the causal mask: only its own value', compute({ query: 'grid' })));
  const open = compute({ query: 'grid', causal: false });
  out.push(describe('   ... and with causal visibility off', open));
  const override = compute({ valueY: 4 });
  out.push(describe('3. The third value\'s second coordinate 2 -> 4', override));
  out.push(...changes(override.contrast, 'rises'));
  out.push('   ... and with the third key blocked, the override against the blocked state:');
  out.push(...changes(compare({ blocked: 'rises' }, { blocked: 'rises', valueY: 4 }), 'rises'));
  console.log(out.join('\n'));
}

// run as a program (not imported): this file is the one node was given
async function isMain() {
  if (typeof process === 'undefined' || !process.argv || !process.argv[1]) return false;
  try {
    const { pathToFileURL } = await import('node:url');
    const { realpathSync } = await import('node:fs');
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}

if (await isMain()) main();
