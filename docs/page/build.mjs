// Build a static lesson page from `exattn derive --format json`:
//
//   exattn derive LESSON.json --format json > lesson.json
//   node docs/page/build.mjs lesson.json OUT_DIR
//
// OUT_DIR/index.html shows the values, every query row's weights and
// output (each quantity's LaTeX rendered with KaTeX, labelled EXACT or
// NAMED, with its exact value when it has one) and the lesson's blends;
// for a lesson with a "block", every stage of the block, token by token.
// KaTeX's CSS and fonts are copied from the installed npm package, so the
// page needs no network.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const katex = require('katex');

function tex(latex) {
  // strict errors are rendered as .katex-error elements, which the browser
  // test looks for
  return katex.renderToString(latex, {
    throwOnError: false, strict: 'error', displayMode: false,
  });
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({
    '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
  }[c]));
}

function fracLatex(v) {
  return v.replace(/^(-?)(\d+)\/(\d+)$/, '$1\\frac{$2}{$3}');
}

function quantity(q) {
  const badge = q.status === 'exact' ? 'exact' : 'named';
  // the exact value beside a named form; the decimal beside a named value
  const value = q.status === 'exact' && q.latex !== fracLatex(q.value)
    ? ` <span class="value">= ${tex(fracLatex(q.value))}</span>` : '';
  const decimal = q.status === 'named' && q.decimal
    ? ` <span class="decimal">≈ ${q.decimal}</span>` : '';
  return `<span class="q ${badge}">${tex(q.latex)}${value}${decimal}`
    + ` <span class="badge">${badge.toUpperCase()}</span></span>`;
}

function rowSection(row) {
  const keys = row.keys.filter((_, j) => row.allowed[j]);
  const weights = row.weights.map((w, j) => (row.allowed[j]
    ? `<tr><td>${tex(`w_{${j + 1}}`)}</td><td>${quantity(w)}</td></tr>` : ''))
    .join('');
  const output = row.output.map((o, c) => `<tr><td>${tex(`o_{${c + 1}}`)}`
    + `</td><td>${quantity(o)}</td></tr>`).join('');
  return `<section class="row"><h2>Query ${escapeHtml(row.query)} attends `
    + `{${keys.map(escapeHtml).join(', ')}}</h2>`
    + `<p class="kind">${row.weights_status === 'exact'
      ? 'weights are EXACT' : 'weights are NAMED'}</p>`
    + `<table><tbody>${weights}</tbody></table>`
    + `<h3>Output</h3><table><tbody>${output}</tbody></table></section>`;
}

function blendSection(blend) {
  const w = blend.weights.map((q, j) => `<tr><td>${tex(`w_{${j + 1}}`)}</td>`
    + `<td>${quantity(q)}</td></tr>`).join('');
  const o = blend.output.map((q, c) => `<tr><td>${tex(`o_{${c + 1}}`)}</td>`
    + `<td>${quantity(q)}</td></tr>`).join('');
  return `<section class="blend"><h2>Assigned weights: `
    + `${escapeHtml(blend.name)}</h2><p class="kind">not a softmax; the `
    + `weights sum to exactly 1</p><table><tbody>${w}</tbody></table>`
    + `<h3>Output</h3><table><tbody>${o}</tbody></table></section>`;
}

// One stage of a block: a row per token (or key), an entry per column.
function stageSection(name, table, labels) {
  if (!table) return '';
  const rows = table.map((row, i) => {
    const cells = (Array.isArray(row) ? row : [row])
      .map((q) => `<td>${quantity(q)}</td>`).join('');
    return `<tr><td>${escapeHtml(labels[i])}</td>${cells}</tr>`;
  }).join('');
  return `<section class="stage"><h2>${escapeHtml(name)}</h2>`
    + `<table><tbody>${rows}</tbody></table></section>`;
}

function blockSections(b) {
  const positions = b.tokens.map((_, p) => `PE(${p})`);
  const out = [stageSection('Positional encoding', b.pe, positions),
    stageSection("Input x' = X + PE", b.pe && b.input, b.tokens)];
  b.heads.forEach((h, k) => {
    const name = (what) => `Head ${k + 1}: ${what}`;
    out.push(stageSection(name('queries q'), h.q, b.tokens),
      stageSection(name('keys k'), h.k, b.keys),
      stageSection(name('values v'), h.v, b.keys),
      stageSection(name('scaled scores s'), h.scores, b.tokens),
      stageSection(name('weights a'), h.weights, b.tokens),
      stageSection(name('output H'), h.output, b.tokens));
  });
  out.push(stageSection('Attention A = [H]·W_O', b.attention, b.tokens),
    stageSection("Residual z = x' + A", b.residual, b.tokens),
    stageSection('LayerNorm: mean μ', b.ln1_mean, b.tokens),
    stageSection('LayerNorm: variance σ²', b.ln1_variance, b.tokens),
    stageSection('LayerNorm u', b.ln1, b.tokens),
    stageSection('Feed-forward: h = u·W_1 + b_1', b.ffn_hidden, b.tokens),
    stageSection('Feed-forward: r = max(0, h)', b.ffn_relu, b.tokens),
    stageSection('Feed-forward: f = r·W_2 + b_2', b.ffn, b.tokens),
    stageSection("Residual z' = u + f", b.residual2, b.tokens),
    stageSection("LayerNorm: mean μ'", b.ln2_mean, b.tokens),
    stageSection("LayerNorm: variance σ'²", b.ln2_variance, b.tokens),
    stageSection('LayerNorm y (the block\'s output)', b.ln2, b.tokens));
  return out.join('\n');
}

function blockBody(doc) {
  const b = doc.block;
  return `<p>${b.attention_kind === 'cross'
    ? 'Cross-attention: queries from X, keys and values from memory'
    : 'Self-attention'}, ${tex(`n = ${b.n},\\ m = ${b.m},\\ `
    + `d_{\\mathrm{model}} = ${b.d_model}`)}</p>\n${blockSections(b)}`;
}

function lessonBody(doc) {
  return `<p>Shapes: ${tex(`n = ${doc.shape.n},\\ m = ${doc.shape.m},\\ d_k = `
    + `${doc.shape.d_k},\\ d_v = ${doc.shape.d_v}`)}</p>
<h2>The value vectors</h2>
<p>${doc.V.map((v, j) => tex(`V_{${j + 1}} = \\begin{bmatrix}`
    + `${v.map(fracLatex).join(' & ')}\\end{bmatrix}`)).join(', ')}</p>
${doc.rows.map(rowSection).join('\n')}
${doc.blends.map(blendSection).join('\n')}`;
}

function page(doc) {
  const title = escapeHtml(doc.title || 'Attention, derived by exattn');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="katex/katex.min.css">
<style>
body { font-family: sans-serif; max-width: 60em; margin: 2em auto; }
table { border-collapse: collapse; margin: 0.5em 0; }
td { padding: 0.3em 0.8em; border-bottom: 1px solid #ddd; }
.badge { font-size: 0.7em; padding: 0.1em 0.4em; border-radius: 0.3em; }
.exact .badge { background: #d4f4d4; } .named .badge { background: #f4e4c4; }
.decimal { color: #666; }
</style></head><body>
<h1>${title}</h1>
${doc.block ? blockBody(doc) : lessonBody(doc)}
</body></html>
`;
}

function copyKatexAssets(out) {
  const dist = path.dirname(require.resolve('katex/dist/katex.min.css'));
  fs.mkdirSync(path.join(out, 'katex', 'fonts'), { recursive: true });
  fs.copyFileSync(path.join(dist, 'katex.min.css'),
    path.join(out, 'katex', 'katex.min.css'));
  for (const f of fs.readdirSync(path.join(dist, 'fonts'))) {
    fs.copyFileSync(path.join(dist, 'fonts', f),
      path.join(out, 'katex', 'fonts', f));
  }
}

const [input, out] = process.argv.slice(2);
if (!input || !out) {
  console.error('usage: node build.mjs LESSON-DERIVATION.json OUT_DIR');
  process.exit(2);
}
const doc = JSON.parse(fs.readFileSync(input, 'utf8'));
fs.mkdirSync(out, { recursive: true });
copyKatexAssets(out);
fs.writeFileSync(path.join(out, 'index.html'), page(doc));
console.log(`wrote ${path.join(out, 'index.html')}`);
