// Build a static lesson page from `exattn derive --format json`:
//
//   exattn derive LESSON.json --format json > lesson.json
//   node docs/page/build.mjs lesson.json OUT_DIR
//
//   exattn derive LESSON.json --format svg > map.svg      (optional)
//   node docs/page/build.mjs lesson.json OUT_DIR map.svg
//
// OUT_DIR/index.html shows the whole derivation: the shapes, Q, K and V,
// the attention map, then every query row -- each key's score, scaled
// score and weight (blocked keys shown as blocked, weight exactly 0), the
// contributions, the output, the proof notes --, the blends, and each
// variant with its contrast and rows (each quantity's LaTeX rendered with
// KaTeX, labelled EXACT or NAMED, with its exact value when it has one and
// its certified decimal); for a lesson with a "block", every stage of the
// block, token by token (a decoder's cross-attention too).
// KaTeX's CSS and fonts are copied from the installed npm package, so the
// page needs no network.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  escapeHtml, fracLatex, outcomes, renderer,
} from './render.mjs';
import {
  controlsHtml, deriveState, startState, view,
} from './lab-view.mjs';

const require = createRequire(import.meta.url);
const katex = require('katex');
const render = renderer(katex);
const {
  tex, display, quantity, brief, namedForms, change,
} = render;

// A table cell's formula: scrolls sideways on a narrow screen rather than
// widening the page.
function cell(q) {
  return `<td class="m">${quantity(q)}</td>`;
}

function vector(qs) {
  return qs.map((q) => quantity(q)).join('<span class="sep">,</span> ');
}

const rules = {
  'single-key': 'one allowed key: its weight is exactly 1',
  'equal-scores': 'equal allowed scores: every weight is exactly 1/|A|',
  softmax: 'scores not all equal (proved): the weights are named',
};

// A compact row (docs/output-formats.md) lists its allowed keys only, by
// index: read as a full row of those keys.
function fullRow(row, keyLabels) {
  if (row.keys) return row;
  const keys = row.allowed_keys.map((k) => keyLabels[k - 1] ?? String(k));
  return { ...row, keys, allowed: keys.map(() => true) };
}

function weightCell(q) {
  return `<td class="m">${brief(q)}</td>`;
}

function rowSection(row, depth = 2) {
  const label = (j) => escapeHtml(row.keys[j]);
  const allowed = row.keys.filter((_, j) => row.allowed[j]);
  const lines = row.keys.map((_, j) => {
    const blocked = !row.allowed[j];
    const cells = [row.scores, row.scaled].map((t) => (t && t[j]
      ? cell(t[j]) : '<td></td>')).join('')
      + (row.weights && row.weights[j] ? weightCell(row.weights[j])
        : '<td></td>');
    return `<tr${blocked ? ' class="blocked"' : ''}><th>${label(j)}`
      + `${blocked ? ' <span class="blk">blocked (removed from the '
        + 'softmax; weight exactly 0)</span>' : ''}</th>${cells}</tr>`;
  }).join('');
  // one per key; a blocked key contributes exactly 0 and is left out
  const contributions = (row.contributions || []).map((c, j) => (c
    && row.allowed[j] ? `<tr><th>${label(j)}</th><td class="m">`
      + `${c.map(brief).join('<span class="sep">,</span> ')}</td></tr>`
    : '')).join('');
  const notes = (row.notes || []).map((n) => `<li>Output coordinate `
    + `${n.coordinate} is exactly ${tex(fracLatex(n.value))}: each group of `
    + 'keys with equal scores has that mean there'
    + `${n.groups ? ` (${n.groups.map((g) => `{${g.keys.map(escapeHtml)
      .join(', ')}} at ${tex(g.scaled_latex)}`).join('; ')})` : ''}.</li>`)
    .join('');
  return `<section class="row"><h${depth}>Query ${escapeHtml(row.query)}`
    + `</h${depth}>`
    + `<p class="kind">attends to {${allowed.map(escapeHtml).join(', ')}}`
    + ` — ${escapeHtml(rules[row.rule] || row.rule)}</p>`
    + '<div class="scroll"><table class="keys"><thead><tr><th>key</th>'
    + '<th>score q·k</th><th>scaled score</th><th>weight</th></tr></thead>'
    + `<tbody>${lines}</tbody></table></div>`
    + namedForms((row.weights || []).map((q, j) => [`weight of ${row.keys[j]}`,
      q]))
    + (contributions ? `<h${depth + 1}>Contributions w·V</h${depth + 1}>`
      + '<div class="scroll">'
      + '<table><thead><tr><th>key</th><th>contribution w·v</th></tr>'
      + `</thead><tbody>${contributions}</tbody></table></div>` : '')
    + `<h${depth + 1}>Output</h${depth + 1}><p class="m">`
    + `${row.output.map(brief).join('<span class="sep">,</span> ')}</p>`
    + namedForms(row.output.map((q, c) => [`output coordinate ${c + 1}`,
      q]))
    + (notes ? `<ul class="notes">${notes}</ul>` : '')
    + '</section>';
}

// A variant's contrast: each row's outcome and every proved relation
// (outcomes: render.mjs).

function contrastSection(ct) {
  if (!ct) return '';
  const against = ct.against ? `variant “${escapeHtml(ct.against)}”`
    : 'the base lesson';
  const rows = ct.rows.map((r) => `<li><b>row ${escapeHtml(r.query)}</b>: `
    + `${escapeHtml(outcomes[r.outcome] || r.outcome)}`
    + `${r.changes.length ? `<ul>${r.changes.map((c) => change(c,
      r.outcome === 'weights-same')).join('')}</ul>`
      : ''}</li>`).join('');
  const summary = ct.summary
    ? `<p class="summary">${escapeHtml(ct.summary.text)}</p>` : '';
  return `<h3>Contrast with ${against}</h3><ul class="contrast">${rows}</ul>`
    + summary;
}

// A variant's row its contrast proved unchanged: said, not derived again.
function sameRow(row, against) {
  return `<section class="row"><h3>Query ${escapeHtml(row.query)}</h3>`
    + `<p class="kind">As in ${against}: proved unchanged, not derived `
    + 'again.</p></section>';
}

// A variant's sections stand one level under its heading, so that the
// variant names all of them (and the audit reads them as its).
function variantSection(v, keyLabels) {
  if (v.block) {
    return `<section class="variant"><h2>Variant: ${escapeHtml(v.name)}</h2>`
      + `${blockSections(v.block, 3)}</section>`;
  }
  return `<section class="variant"><h2>Variant: ${escapeHtml(v.name)}</h2>`
    + `${contrastSection(v.contrast)}`
    + `${(v.rows || []).map((r) => (r.unchanged ? sameRow(r, v.contrast && v.contrast
      .against ? `variant “${escapeHtml(v.contrast.against)}”`
      : 'the base lesson') : rowSection(fullRow(r, keyLabels), 3)))
      .join('\n')}`
    + `${(v.blends || []).map((b) => blendSection(b, 3)).join('\n')}`
    + '</section>';
}

function blendSection(blend, depth = 2) {
  const w = blend.weights.map((q, j) => `<tr><td>${tex(`w_{${j + 1}}`)}</td>`
    + `<td>${quantity(q)}</td></tr>`).join('');
  const o = blend.output.map((q, c) => `<tr><td>${tex(`o_{${c + 1}}`)}</td>`
    + `<td>${quantity(q)}</td></tr>`).join('');
  return `<section class="blend"><h${depth}>Assigned weights: `
    + `${escapeHtml(blend.name)}</h${depth}><p class="kind">not a softmax; `
    + 'the weights sum to exactly 1</p><table><thead><tr><th>key</th>'
    + `<th>assigned weight</th></tr></thead><tbody>${w}</tbody></table>`
    + `<h${depth + 1}>Output</h${depth + 1}><table><thead><tr>`
    + `<th>coordinate</th><th>output</th></tr></thead><tbody>${o}</tbody>`
    + '</table></section>';
}

// One stage of a block: a row per token (or key), an entry per column.
// The heading row names what the rows are (`rowsAre`) and each column:
// a key's label (`columns`), or the stage's symbol with its coordinate
// (h_{1}, h_{2}; the symbol alone for one value per row), so that a
// reader (and `exattn audit`) knows every cell.
function stageSection(table, labels, how) {
  if (!table) return '';
  const width = Math.max(...table.map((r) => (Array.isArray(r) ? r.length
    : 1)));
  const heads = Array.from({ length: width }, (_, c) => (how.columns
    ? escapeHtml(how.columns[c])
    : tex(width > 1 ? `${how.symbol}_{${c + 1}}` : how.symbol)));
  const head = `<thead><tr><th>${escapeHtml(how.rowsAre || 'token')}</th>`
    + `${heads.map((h) => `<th>${h}</th>`).join('')}</tr></thead>`;
  const rows = table.map((row, i) => {
    const cells = (Array.isArray(row) ? row : [row])
      .map((q) => `<td>${quantity(q)}</td>`).join('');
    return `<tr><th>${escapeHtml(labels[i])}</th>${cells}</tr>`;
  }).join('');
  return '<section class="stage">'
    + `<div class="scroll"><table>${head}<tbody>${rows}</tbody></table>`
    + '</div></section>';
}

// A block in the order of the document's outline: each part's title as
// a heading and the formula that defines it, then each stage's table, a
// row per token, key, position or memory row (a stage that repeats one
// shown before -- x' = X, A = H1 -- is not tabled again).
function blockSections(b, depth = 2) {
  const rowLabels = {
    tokens: b.tokens, keys: b.keys, memory: b.memory,
    positions: b.tokens.map((_, p) => `${p}`),
  };
  const out = [];
  let head = null;
  let part = '';
  (b.outline || []).forEach((o) => {
    if (o.title) {
      out.push(`<h${depth}>${escapeHtml(o.title)}</h${depth}>`);
      part = o.title;
    }
    if (o.latex) {
      out.push('<div class="scroll">'
        + `${display(`\\begin{gathered}${o.latex}\\end{gathered}`)}</div>`);
    }
    if (o.stage === undefined) {
      head = (o.cross ? b.cross_heads : b.heads)[o.head - 1];
      return;
    }
    const table = o.head ? head[o.stage] : b[o.stage];
    if (o.repeats || !table) return;
    const rowsAre = { tokens: 'token', keys: 'key', memory: 'memory',
      positions: 'position' }[o.rows];
    // each table under its part's name and its symbol, for the reader
    // (and for `exattn audit`, which reads what a cell is from it)
    out.push(`<h${depth + 1}>${escapeHtml(part)}: ${tex(o.symbol)}`
      + `</h${depth + 1}>`);
    out.push(stageSection(table, rowLabels[o.rows],
      { symbol: o.symbol, rowsAre, columns: o.columns }));
  });
  return out.join('\n');
}

function mapFigure(svg) {
  return svg ? `<h2>The attention map</h2><figure class="map">${svg}</figure>`
    : '';
}

function blockBody(doc, svg) {
  const b = doc.block;
  if (b.attention_kind === 'decoder') {
    return `<p>A decoder: causal self-attention, then cross-attention to `
      + `the encoder's output, ${tex(`n = ${b.n},\\ m' = ${b.memory.length},`
      + `\\ d_{\\mathrm{model}} = ${b.d_model}`)}</p>\n${mapFigure(svg)}`
      + `${blockSections(b)}`;
  }
  return `<p>${b.attention_kind === 'cross'
    ? 'Cross-attention: queries from X, keys and values from memory'
    : 'Self-attention'}, ${tex(`n = ${b.n},\\ m = ${b.m},\\ `
    + `d_{\\mathrm{model}} = ${b.d_model}`)}</p>\n${mapFigure(svg)}`
    + `${blockSections(b)}`;
}

function matrix(m) {
  return `\\begin{bmatrix}${m.map((r) => r.map(fracLatex).join(' & '))
    .join(' \\\\ ')}\\end{bmatrix}`;
}

// The mask as the lesson wrote it, when a shorthand stood for its matrix.
function maskWritten(doc) {
  const w = doc.mask_written;
  if (!w) return '';
  const causal = w.causal ? ', and causal' : '';
  if (w.key_padding) {
    return `, written as the key padding (${w.key_padding.join(', ')})`
      + `${causal}`;
  }
  const lens = Array.isArray(w.valid_lens) ? `(${w.valid_lens.join(', ')})`
    : `${w.valid_lens}`;
  return `, written as the valid length${Array.isArray(w.valid_lens)
    ? 's' : ''} ${lens}${causal}`;
}

// What a lesson that projects X gave: X (a memory), W_Q, W_K, W_V.
function inputsSection(doc) {
  if (!doc.X) return '';
  const lines = [`X &= ${matrix(doc.X)}`];
  if (doc.memory) lines.push(`\\text{memory} &= ${matrix(doc.memory)}`);
  for (const w of ['W_Q', 'W_K', 'W_V']) {
    lines.push(`${w} &= ${matrix(doc[w])}`);
  }
  return `<h2>Inputs and projections</h2>
<div class="scroll">${display(`\\begin{aligned}${lines.join(' \\\\ ')}`
    + '\\end{aligned}')}</div>
`;
}

// What the lab changed after projecting, said before Q, K and V.
function changedNote(doc) {
  const changed = doc.interventions || [];
  if (!doc.X || changed.length === 0) return '';
  const what = changed.map((c) => (c === 'query_multiplier'
    ? 'Q is XW<sub>Q</sub> with a query row multiplied'
    : 'V is the projected V with a value overridden'));
  return `<p>${what.join('; ')} (the lab's intervention).</p>\n`;
}

// Q, K and V, each as the product it is when the lesson projects X (and
// the lab changed it after projecting, as itself).
function projections(doc) {
  const changed = doc.interventions || [];
  const src = doc.memory ? '\\text{memory}\\,' : 'X';
  const product = (name, from, change) => (doc.X && !changed.includes(change)
    ? `${from}W_${name} = ` : '');
  if (!doc.X) {
    return `Q = ${matrix(doc.Q)},\\quad K = ${matrix(doc.K)},`
      + `\\quad V = ${matrix(doc.V)}`;
  }
  return `\\begin{aligned}Q &= ${product('Q', 'X', 'query_multiplier')}`
    + `${matrix(doc.Q)} \\\\ K &= ${product('K', src, '')}${matrix(doc.K)}`
    + ` \\\\ V &= ${product('V', src, 'value_override')}${matrix(doc.V)}`
    + '\\end{aligned}';
}

// ---- the live lab -------------------------------------------------------

// The lab of a lesson that declares one: its controls, its view of the
// lesson as written (derived by the same engine and rendered by the same
// functions as every later state in the browser), and its data.
function labSection(lab, engine) {
  const start = startState(lab);
  const docs = deriveState(engine, lab, start);
  // JSON inside a script element: no "</script>" can close it early
  const data = JSON.stringify(lab).replace(/</g, '\\u003c');
  return `<section class="lab" id="lab"><h2>Lab${lab.title
    ? `: ${escapeHtml(lab.title)}` : ''}</h2>
<p class="lab-status" id="lab-status" role="status">The controls need
JavaScript and the page served over HTTP (any static server, such as
<code>python -m http.server</code> in this folder); below, the lesson as
written.</p>
${controlsHtml(lab)}
<div class="lab-view" id="lab-view">${view(render, lab, start, docs)}</div>
<script type="application/json" id="lab-data">${data}</script>
<script type="module" src="lab.mjs"></script>
</section>`;
}

function lessonBody(doc, svg, labHtml) {
  // the key labels, from a row written in full (compact rows have none)
  const keyLabels = (doc.rows.find((r) => r.keys) || { keys: [] }).keys;
  const scale = doc.scale && doc.scale.kind === '1/sqrt'
    ? `, scores divided by ${tex(`\\sqrt{${fracLatex(doc.scale.value)}}`
      + (doc.scale.root ? ` = ${fracLatex(doc.scale.root)}` : ''))}`
    : '';
  return `<p>Shapes: ${tex(`n = ${doc.shape.n},\\ m = ${doc.shape.m},\\ d_k = `
    + `${doc.shape.d_k},\\ d_v = ${doc.shape.d_v}`)}; mask: `
    + `${escapeHtml(doc.mask)}${maskWritten(doc)}${scale}</p>
${inputsSection(doc)}<h2>Queries, keys and values</h2>
${changedNote(doc)}<div class="scroll">${display(projections(doc))}</div>
${labHtml}${mapFigure(svg)}
${doc.rows.map((r) => rowSection(fullRow(r, keyLabels))).join('\n')}
${doc.blends.map((b) => blendSection(b)).join('\n')}
${(doc.variants || []).map((v) => variantSection(v, keyLabels)).join('\n')}`;
}

function page(doc, svg, labHtml) {
  const title = escapeHtml(doc.title || 'Attention, derived by exattn');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="katex/katex.min.css">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font-family: sans-serif; max-width: 60em; margin: 1em auto;
  padding: 0 0.8em; line-height: 1.4; }
table { border-collapse: collapse; margin: 0.5em 0; }
td, th { padding: 0.3em 0.8em; border-bottom: 1px solid #ddd;
  text-align: left; vertical-align: middle; }
/* a scroll box is the containing block of what KaTeX positions inside
 * it (its MathML copy), which would otherwise widen the page */
.scroll, .display, p.m { overflow-x: auto; max-width: 100%;
  position: relative; }
.blocked { color: #777; } .blk { font-size: 0.8em; font-weight: normal; }
/* the map is laid out narrow (exattn's SVG): at its own size, or scaled
 * down a little on a phone; a map of many keys scrolls */
.map { overflow-x: auto; margin: 0.5em 0; position: relative; }
.map svg { max-width: 100%; height: auto; }
.katex-display { margin: 0.4em 0; }
/* a formula keeps its line; a table too wide for a phone scrolls */
td .katex, p.m .katex { white-space: nowrap; }
.blk { display: block; white-space: normal; max-width: 12em; }
.badge { font-size: 0.7em; padding: 0.1em 0.4em; border-radius: 0.3em; }
.exact .badge { background: #d4f4d4; } .named .badge { background: #f4e4c4; }
.decimal { color: #666; }
/* the live lab: controls that wrap on a phone, a view below them */
.lab { border: 1px solid #ccc; border-radius: 0.4em; padding: 0 0.8em 0.6em;
  margin: 1em 0; }
.lab-controls { display: flex; flex-wrap: wrap; gap: 0.5em 1.5em;
  margin: 0.5em 0; }
.ctl { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3em; }
/* a slider and its value stay on one line, the slider giving way */
.ctl-slider { display: flex; align-items: center; gap: 0.3em;
  flex: 1 1 9em; max-width: 15em; }
.ctl input[type=range] { flex: 1 1 6em; min-width: 5em; max-width: 12em; }
.ctl.check { flex-wrap: nowrap; align-items: flex-start; }
.ctl output { font-weight: bold; min-width: 2.5em; }
.lab-status { color: #555; font-size: 0.9em; }
.lab-error { color: #a00; }
.labmap td { text-align: center; min-width: 3.5em;
  background: rgba(255, 140, 0, calc(var(--w, 0) * 0.8)); }
.labmap td.off { color: #999; background: #f4f4f4; }
.labmap tr.followed th { text-decoration: underline; }
.lab-forms summary { cursor: pointer; color: #345; margin: 0.3em 0; }
/* under a live lab, the static derivation is laid out when scrolled to:
 * a change of the lab then lays out the lab, not the whole lesson */
.has-lab section.row, .has-lab section.variant, .has-lab section.blend,
.has-lab figure.map { content-visibility: auto;
  contain-intrinsic-size: auto 30em; }
</style></head><body${labHtml ? ' class="has-lab"' : ''}>
<h1>${title}</h1>
${doc.block ? blockBody(doc, svg) : lessonBody(doc, svg, labHtml)}
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

// What the lab runs in the browser: this folder's modules, KaTeX's, and
// exattn in WebAssembly.
function copyLabAssets(out, engineDir) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const f of ['lab.mjs', 'lab-view.mjs', 'render.mjs']) {
    fs.copyFileSync(path.join(here, f), path.join(out, f));
  }
  fs.copyFileSync(require.resolve('katex/dist/katex.mjs'),
    path.join(out, 'katex', 'katex.mjs'));
  for (const f of ['exattn.mjs', 'exattn-core.mjs', 'exattn-core.wasm']) {
    fs.copyFileSync(path.join(engineDir, f), path.join(out, f));
  }
}

function usage(message) {
  if (message) console.error(`build.mjs: ${message}`);
  console.error('usage: node build.mjs LESSON-DERIVATION.json OUT_DIR '
    + '[ATTENTION-MAP.svg] [--engine DIR | --static]');
  process.exit(2);
}

function parseArgs(argv) {
  const args = { files: [], engine: null, static: false };
  for (let k = 0; k < argv.length; k++) {
    if (argv[k] === '--engine') {
      if (k + 1 >= argv.length) usage('--engine needs a directory');
      args.engine = argv[++k];
    } else if (argv[k] === '--static') {
      args.static = true;
    } else if (argv[k].startsWith('--')) {
      usage(`unknown option ${argv[k]}`);
    } else {
      args.files.push(argv[k]);
    }
  }
  if (args.files.length < 2 || args.files.length > 3) usage();
  return args;
}

// exattn in WebAssembly: --engine DIR, else the repository's build
// (wasm/build/dist, from `make check-wasm` or wasm/build.sh).
async function loadEngine(dir) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const engineDir = path.resolve(dir || path.join(here, '..', '..', 'wasm',
    'build', 'dist'));
  if (!fs.existsSync(path.join(engineDir, 'exattn.mjs'))) {
    console.error(`build.mjs: the lesson declares a lab, which runs exattn in `
      + `WebAssembly, and ${path.join(engineDir, 'exattn.mjs')} does not `
      + 'exist: build it with `make check-wasm` (or wasm/build.sh), give '
      + '--engine DIR, or build the page without the lab with --static');
    process.exit(2);
  }
  const engine = await import(pathToFileURL(path.join(engineDir,
    'exattn.mjs')).href);
  return { engine, engineDir };
}

const args = parseArgs(process.argv.slice(2));
const [input, out, map] = args.files;
const doc = JSON.parse(fs.readFileSync(input, 'utf8'));
// the map from `exattn derive --format svg`, inlined so that its cells'
// titles are tooltips
const svg = map ? fs.readFileSync(map, 'utf8') : '';
let labHtml = '';
let labEngine = null;
if (doc.lab && !args.static) {
  labEngine = await loadEngine(args.engine);
  // the lab shows certified decimals, as many as the page's
  if (typeof doc.digits !== 'number') {
    console.error('build.mjs: the lesson declares a lab, which shows '
      + 'certified decimals: derive it with --digits N');
    process.exit(2);
  }
  const lab = { ...doc.lab, digits: doc.digits };
  labHtml = labSection(lab, labEngine.engine);
}
fs.mkdirSync(out, { recursive: true });
copyKatexAssets(out);
if (labEngine) copyLabAssets(out, labEngine.engineDir);
fs.writeFileSync(path.join(out, 'index.html'), page(doc, svg, labHtml));
console.log(`wrote ${path.join(out, 'index.html')}`);
