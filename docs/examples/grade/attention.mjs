// Softmax attention in plain binary64 JavaScript, the way a lab page
// computes it: Q, K and V from X and the projections, scores divided by
// sqrt(d_k), the row's maximum subtracted before Math.exp, each weight
// over the row's sum, the output a weighted sum of values.  It writes
// results files for `exattn grade` (docs/cli.md): seed 002's lab states
// (the lesson 002-grid-load-rises.json and its variants) and a random
// head with its own lesson.
//
//   node attention.mjs LESSON-002.json OUT_DIR
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const matmul = (a, b) => a.map((row) => b[0].map((_, c) =>
  row.reduce((s, x, k) => s + x * b[k][c], 0)));

// One head: every query row's weights and output, masked keys at 0.
export function attention(Q, K, V, visible, scale) {
  const weights = [];
  const output = [];
  for (let i = 0; i < Q.length; i++) {
    const s = K.map((k, j) => (visible(i, j)
      ? Q[i].reduce((t, q, c) => t + q * k[c], 0) * scale : -Infinity));
    const max = Math.max(...s);
    const e = s.map((x) => (x === -Infinity ? 0 : Math.exp(x - max)));
    const z = e.reduce((t, x) => t + x, 0);
    const w = e.map((x) => x / z);
    weights.push(w);
    output.push(V[0].map((_, c) => w.reduce((t, x, j) => t + x * V[j][c], 0)));
  }
  return { weights, output };
}

// Shortest round-trip decimals: each denotes its binary64 float exactly.
const results = (r) => JSON.stringify({
  format: 'binary64',
  values: { weights: r.weights.map((row) => row.map(String)),
            output: r.output.map((row) => row.map(String)) },
}, null, 1);

// Seed 002's lab states, as the lesson's variants name them.
const states = [
  { name: 'base' },
  { name: 'zero query', variant: 'zero query', multiply: [2, 0] },
  { name: 'value override', variant: 'value override', override: [2, 1, 4] },
  { name: 'causal off', variant: 'causal off', causal: false },
  { name: 'rises blocked', variant: 'rises blocked', block: 2 },
];

function seedStates(lesson, out) {
  const X = lesson.X;
  for (const st of states) {
    const Q = matmul(X, lesson.W_Q);
    const K = matmul(X, lesson.W_K);
    const V = matmul(X, lesson.W_V);
    if (st.multiply) Q[st.multiply[0]] = Q[st.multiply[0]].map((x) => x * st.multiply[1]);
    if (st.override) V[st.override[0]][st.override[1]] = st.override[2];
    const causal = st.causal !== false;
    const visible = (i, j) => (!causal || j <= i) && j !== st.block;
    const r = attention(Q, K, V, visible, 1 / Math.sqrt(Q[0].length));
    const file = `002-${st.name.replace(/ /g, '-')}.json`;
    writeFileSync(join(out, file), `${results(r)}\n`);
  }
}

// A random head (a fixed seed: the same files every run): six tokens,
// d_k = 3, small integers, causal.
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomHead(out) {
  const rand = mulberry32(2026);
  const int = () => Math.floor(rand() * 7) - 3;
  const m = (r, c) => Array.from({ length: r }, () => Array.from({ length: c }, int));
  const lesson = { title: 'A random head graded in binary64', Q: m(6, 3),
                   K: m(6, 3), V: m(6, 2), mask: 'causal' };
  writeFileSync(join(out, 'random-head.lesson.json'), `${JSON.stringify(lesson, null, 1)}\n`);
  const r = attention(lesson.Q, lesson.K, lesson.V, (i, j) => j <= i, 1 / Math.sqrt(3));
  writeFileSync(join(out, 'random-head.json'), `${results(r)}\n`);
}

if (process.argv[1] && process.argv[1].endsWith('attention.mjs')) {
  const [lessonFile, out] = process.argv.slice(2);
  if (!lessonFile || !out) {
    process.stderr.write('usage: node attention.mjs LESSON-002.json OUT_DIR\n');
    process.exit(2);
  }
  mkdirSync(out, { recursive: true });
  seedStates(JSON.parse(readFileSync(lessonFile, 'utf8')), out);
  randomHead(out);
}
