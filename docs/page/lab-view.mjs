// The live lab of a lesson page: a state of the lab's controls, the lesson
// exattn derives for it, and the view of what the engine returned.  Pure
// functions of the document's "lab" section (exattn derive --format json)
// and of the engine's document for the state: build.mjs renders the
// baseline with them under Node, lab.mjs every later state in the
// reader's browser -- the same HTML either way.  No arithmetic happens
// here: the positions are the document's exact strings, the masks its
// 0/1 matrices, every value and every relation the engine's.

import { escapeHtml, outcomes } from './render.mjs';

// A lab's control of one kind, or null.
export function controlOf(lab, kind) {
  return lab.controls.find((c) => c.control === kind) || null;
}

// The state the lab starts in: the lesson as written.
export function startState(lab) {
  const of = (kind, none) => {
    const c = controlOf(lab, kind);
    return c ? c.start : none;
  };
  const override = controlOf(lab, 'override');
  return {
    query: lab.follow,
    multiplier: of('multiplier', '1'),
    causal: of('causal', null),
    override: override ? override.start : null,
    blocked: null,
  };
}

function queryIndex(lab, label) {
  const c = controlOf(lab, 'query');
  return c ? c.choices.indexOf(label) + 1 : lab.follow_index;
}

// The mask of a state: with a causal control the document's causal or
// open mask, else the lesson's, less the blocked key's column.
function maskOf(lab, state) {
  const base = state.causal === null ? lab.lesson.mask
    : lab.masks[state.causal ? 'causal' : 'none'];
  const block = controlOf(lab, 'block');
  const j = state.blocked === null ? -1 : block.choices.indexOf(state.blocked);
  return base.map((row) => row.map((a, k) => (k === j ? 0 : a)));
}

// What a state changes from the start, as the lesson format's variant
// fields (rows by their 1-based index: labels could look like indices).
function changes(lab, state) {
  const start = startState(lab);
  const v = {};
  if (state.multiplier !== start.multiplier) {
    v.query_multiplier = { query: queryIndex(lab, state.query),
      by: state.multiplier };
  }
  if (state.override !== start.override) {
    const c = controlOf(lab, 'override');
    v.value_override = { row: c.row_index, col: c.col,
      value: state.override };
  }
  if (state.causal !== start.causal || state.blocked !== null) {
    v.mask = maskOf(lab, state);
  }
  return v;
}

// What exattn derives for a state: `state`, the lab's lesson as the state
// makes it (every row: the map, the followed row's weights and output);
// and `followed`, the followed row alone as a lesson with the state as its
// variant, whose contrast proves what changed in that row (null at the
// start).  Contrasting the one row the lab follows, not every row, keeps
// a change within a frame: a 16-token lesson's whole contrast takes about
// 175 ms, its state alone 2 ms.
export function stateLessons(lab, state) {
  const v = changes(lab, state);
  if (Object.keys(v).length === 0) return { state: lab.lesson, followed: null };
  const i = queryIndex(lab, state.query) - 1;
  const base = lab.lesson;
  const variant = { name: 'this state' };
  if (v.query_multiplier) {
    variant.query_multiplier = { ...v.query_multiplier, query: 1 };
  }
  if (v.value_override) variant.value_override = v.value_override;
  if (v.mask) variant.mask = [v.mask[i]];
  return {
    state: { ...base, ...v },
    followed: {
      ...base, query_tokens: [queryLabels(lab)[i]], Q: [base.Q[i]],
      mask: [base.mask[i]], variants: [variant],
    },
  };
}

// The engine's documents for a state (build.mjs and lab.mjs both call
// this, with exattn under Node and in the browser); a state exattn
// refuses throws its ExattnError.
export function deriveState(engine, lab, state) {
  const lessons = stateLessons(lab, state);
  return {
    state: engine.derive(lessons.state, {
      digits: lab.digits, show: ['weights', 'output'],
    }),
    followed: lessons.followed && engine.derive(lessons.followed, {
      digits: lab.digits, show: ['contrast'],
    }),
  };
}

// The followed row of the state's document.
function rowOf(lab, doc, state) {
  return doc.rows[queryIndex(lab, state.query) - 1];
}

// A row's weight per key: a compact row lists its allowed keys only.
function weightsByKey(row, m) {
  if (row.keys) return row.keys.map((_, j) => (row.allowed[j] ? row.weights[j] : null));
  const w = new Array(m).fill(null);
  row.allowed_keys.forEach((k, t) => { w[k - 1] = row.weights[t]; });
  return w;
}

// A value as plain text, where a map cell has room for a few characters.
function plain(q) {
  if (q.status === 'exact') return q.value;
  return q.decimal ? `≈${q.decimal}` : q.text;
}

// How dark a map cell is: its weight's certified decimal (a shade, never
// a printed digit; the lab always asks for decimals).
function shade(q) {
  return Math.min(1, Math.max(0, Number(q.decimal ?? q.value)));
}

function keyLabels(lab) {
  return lab.labels.keys;
}

function queryLabels(lab) {
  return lab.labels.queries;
}

// Named values written out in KaTeX, in a box the reader opens: laying
// out KaTeX's displays is most of a change's time (about 10 of 20 ms for
// seed 002 in headless Chromium), and a closed box is not laid out.
// lab.mjs keeps a box open across changes once the reader opened it.
function formsBox(r, what, items) {
  const forms = r.namedForms(items);
  return forms ? `<details class="lab-forms" data-forms="${what}"><summary>`
    + `the named ${what} written out</summary>${forms}</details>` : '';
}

function weightsTable(r, row, keys) {
  const w = weightsByKey(row, keys.length);
  const lines = keys.map((k, j) => (w[j] ? `<tr><th>${escapeHtml(k)}</th>`
    + `<td class="m">${r.brief(w[j])}</td></tr>`
    : `<tr class="blocked"><th>${escapeHtml(k)}</th><td>blocked: `
      + 'weight exactly 0</td></tr>')).join('');
  return `<h3>Weights of ${escapeHtml(row.query)}</h3>`
    + '<div class="scroll"><table class="keys"><thead><tr><th>key</th>'
    + `<th>weight</th></tr></thead><tbody>${lines}</tbody>`
    + '</table></div>'
    + formsBox(r, 'weights', keys.map((k, j) => [`weight of ${k}`, w[j]]));
}

function outputLine(r, row) {
  return `<h3>Output of ${escapeHtml(row.query)}</h3><p class="m lab-output">`
    + `${row.output.map(r.brief).join('<span class="sep">,</span> ')}</p>`
    + formsBox(r, 'output coordinates', row.output.map((q, c) => [
      `output coordinate ${c + 1}`, q]));
}

function map(lab, doc, state) {
  const keys = keyLabels(lab);
  const followed = queryIndex(lab, state.query) - 1;
  const rows = doc.rows.map((row, i) => {
    const w = weightsByKey(row, keys.length);
    const cells = w.map((q, j) => (q
      ? `<td style="--w:${shade(q)}" title="${escapeHtml(`${row
        .query} → ${keys[j]}: ${q.text}`)}">${escapeHtml(plain(q))}</td>`
      : `<td class="off" title="${escapeHtml(`${row.query} → ${keys[j]}: `
        + 'blocked')}">·</td>`)).join('');
    return `<tr${i === followed ? ' class="followed"' : ''}><th>`
      + `${escapeHtml(queryLabels(lab)[i])}</th>${cells}</tr>`;
  }).join('');
  return '<h3>Attention map</h3><div class="scroll"><table class="labmap">'
    + `<thead><tr><th>query \\ key</th>${keys.map((k) => `<th>`
      + `${escapeHtml(k)}</th>`).join('')}</tr></thead><tbody>${rows}`
    + '</tbody></table></div>';
}

// What the reader changed, in words: each control against the start.
export function describeState(lab, state) {
  const start = startState(lab);
  const out = [];
  if (state.query !== start.query) out.push(`following ${state.query} (not ${start.query})`);
  if (state.multiplier !== start.multiplier) {
    out.push(`the query of ${state.query} multiplied by ${state.multiplier}`);
  }
  if (state.causal !== start.causal) {
    out.push(`the causal mask ${state.causal ? 'on' : 'off'}`);
  }
  if (state.override !== start.override) {
    const c = controlOf(lab, 'override');
    out.push(`V[${c.row}] coordinate ${c.col} set to ${state.override} `
      + `(was ${start.override})`);
  }
  if (state.blocked !== null) out.push(`key ${state.blocked} blocked`);
  return out;
}

function changeLines(r, lab, followed, state) {
  const said = describeState(lab, state);
  const head = said.length === 0
    ? '<p class="lab-changed">The lesson as written: nothing changed.</p>'
    : `<p class="lab-changed"><b>Changed:</b> ${escapeHtml(said.join('; '))}.`
      + '</p>';
  const row = followed && followed.variants[0].contrast.rows[0];
  if (!row) return head;
  const items = row.changes.map((c) => r.change(c,
    row.outcome === 'weights-same')).join('');
  return `${head}<p class="summary">Row ${escapeHtml(row.query)} against `
    + `the lesson as written: ${escapeHtml(outcomes[row.outcome]
      || row.outcome)}.</p>`
    + (items ? `<ul class="contrast">${items}</ul>` : '');
}

// The view of one state: what the lab shows, from the engine's documents
// for it (of stateLessons' two lessons), or the engine's refusal.
export function view(r, lab, state, docs, error) {
  if (error) {
    // the position is in a lesson the page wrote, which the reader never
    // sees: the engine's message alone
    const where = `${error.file}:${error.line}:${error.column}: `;
    const message = error.message.startsWith(where)
      ? error.message.slice(where.length) : error.message;
    return `<p class="lab-changed"><b>Changed:</b> ${escapeHtml(
      describeState(lab, state).join('; '))}.</p><p class="lab-error">`
      + `exattn refuses this state: ${escapeHtml(message)}</p>`;
  }
  const row = rowOf(lab, docs.state, state);
  const show = new Set(lab.show);
  return (show.has('change') ? changeLines(r, lab, docs.followed, state) : '')
    + (show.has('weights') ? weightsTable(r, row, keyLabels(lab)) : '')
    + (show.has('output') ? outputLine(r, row) : '')
    + (show.has('map') ? map(lab, docs.state, state) : '');
}

// ---- the controls (built once, with the page) ---------------------------

// The keys the block control offers under the causal mask on or off
// (null: the lab has no causal control), as the document says: blocking
// a row's only visible key would leave it no softmax.
export function blockable(lab, causal) {
  const c = controlOf(lab, 'block');
  if (!c) return [];
  return Array.isArray(c.blockable) ? c.blockable
    : c.blockable[causal ? 'causal' : 'none'];
}

function slider(id, label, c) {
  const at = c.positions.indexOf(c.start);
  return `<div class="ctl"><label for="${id}">${label}</label>`
    + '<span class="ctl-slider">'
    + `<input type="range" id="${id}" min="0" max="${c.positions.length - 1}"`
    + ` step="1" value="${at}" aria-valuetext="${escapeHtml(c.start)}"`
    + ` disabled><output id="${id}-value" for="${id}">${escapeHtml(c.start)}`
    + '</output></span></div>';
}

function options(labels, selected) {
  return labels.map((x, k) => `<option value="${k}"${x === selected
    ? ' selected' : ''}>${escapeHtml(x)}</option>`).join('');
}

const controlHtml = {
  query: (c) => '<div class="ctl"><label for="lab-query">Row followed</label>'
    + `<select id="lab-query" disabled>${options(c.choices, c.start)}`
    + '</select></div>',
  multiplier: (c, lab) => slider('lab-multiplier', 'Multiplier on the query of '
    + `<span class="lab-follow">${escapeHtml(lab.follow)}</span>`, c),
  causal: (c) => '<div class="ctl check"><input type="checkbox" id="lab-causal"'
    + `${c.start ? ' checked' : ''} disabled><label for="lab-causal">`
    + 'Causal mask (each query sees itself and the keys before it)</label>'
    + '</div>',
  override: (c) => slider('lab-override', `V[${escapeHtml(c.row)}], `
    + `coordinate ${c.col}`, c),
  block: (c, lab) => '<div class="ctl"><label for="lab-block">Key blocked '
    + 'for every query</label><select id="lab-block" disabled><option '
    + `value="">none</option>${c.choices.map((x, k) => `<option value="${k}"`
      + `${blockable(lab, startState(lab).causal)[k] ? ''
        : ' disabled'}>${escapeHtml(x)}</option>`).join('')}`
    + '</select></div>',
};

// The lab's controls, each labelled and keyboard-operable (a select, a
// range, a checkbox), disabled until the engine has loaded.
export function controlsHtml(lab) {
  return '<div class="lab-controls" role="group" aria-label="Lab controls">'
    + `${lab.controls.map((c) => controlHtml[c.control](c, lab)).join('')}`
    + '<div class="ctl"><button type="button" id="lab-reset" disabled>'
    + 'Back to the lesson</button></div></div>';
}
