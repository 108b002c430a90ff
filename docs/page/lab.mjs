// The live lab in the reader's browser: each change of a control is a
// state, derived again by exattn in WebAssembly (exattn.mjs beside this
// file) and shown by the same functions that built the page's baseline
// (lab-view.mjs), so every number on the screen is the engine's: exact,
// named with its certified decimal, or a proved relation.

import * as exattn from './exattn.mjs';
import katex from './katex/katex.mjs';
import { renderer } from './render.mjs';
import {
  blockable, controlOf, deriveState, startState, view,
} from './lab-view.mjs';

const r = renderer(katex);
const root = document.getElementById('lab');
const lab = JSON.parse(document.getElementById('lab-data').textContent);
const el = (id) => document.getElementById(id);
const viewEl = el('lab-view');
const status = el('lab-status');

function control(kind) {
  return controlOf(lab, kind);
}

// The state the controls are in.
function readState() {
  const s = startState(lab);
  const query = control('query');
  if (query) s.query = query.choices[Number(el('lab-query').value)];
  for (const kind of ['multiplier', 'override']) {
    const c = control(kind);
    if (c) s[kind] = c.positions[Number(el(`lab-${kind}`).value)];
  }
  if (control('causal')) s.causal = el('lab-causal').checked;
  const block = control('block');
  if (block && el('lab-block').value !== '') {
    s.blocked = block.choices[Number(el('lab-block').value)];
  }
  return s;
}

// A slider says its exact position, to the eye and to a screen reader.
function showPositions() {
  for (const kind of ['multiplier', 'override']) {
    const c = control(kind);
    if (!c) continue;
    const input = el(`lab-${kind}`);
    const value = c.positions[Number(input.value)];
    el(`lab-${kind}-value`).textContent = value;
    input.setAttribute('aria-valuetext', value);
  }
  for (const span of root.querySelectorAll('.lab-follow')) {
    span.textContent = readState().query;
  }
  // only the keys whose blocking leaves every row a key, under the mask
  // the causal control is at (a key blocked before the mask changed
  // stays selected, and the engine says why that state has no softmax)
  const select = el('lab-block');
  if (select) {
    const can = blockable(lab, readState().causal);
    for (const option of select.options) {
      if (option.value !== '') option.disabled = !can[Number(option.value)];
    }
  }
}

// The named forms the reader opened stay open from state to state (a
// state with exact weights has none to show, and the next one does).
const openForms = new Set();
viewEl.addEventListener('toggle', (e) => {
  if (e.target.open) openForms.add(e.target.dataset.forms);
  else openForms.delete(e.target.dataset.forms);
}, true);

function update() {
  const t0 = performance.now();
  showPositions();
  const state = readState();
  let docs = null;
  let error = null;
  try {
    docs = deriveState(exattn, lab, state);
  } catch (e) {
    if (!(e instanceof exattn.ExattnError)) throw e;
    error = e;
  }
  const t1 = performance.now();
  const html = view(r, lab, state, docs, error);
  const t2 = performance.now();
  viewEl.innerHTML = html;
  for (const d of viewEl.querySelectorAll('details')) {
    d.open = openForms.has(d.dataset.forms);
  }
  // where the time of a change goes, for bench/lab.mjs
  root.dataset.deriveMs = (t1 - t0).toFixed(2);
  root.dataset.renderMs = (t2 - t1).toFixed(2);
  root.dataset.updateMs = (performance.now() - t0).toFixed(2);
}

function reset() {
  const s = startState(lab);
  const query = control('query');
  if (query) el('lab-query').value = String(query.choices.indexOf(s.query));
  for (const kind of ['multiplier', 'override']) {
    const c = control(kind);
    if (c) el(`lab-${kind}`).value = String(c.positions.indexOf(c.start));
  }
  if (control('causal')) el('lab-causal').checked = s.causal;
  if (control('block')) el('lab-block').value = '';
  update();
}

for (const input of root.querySelectorAll('input, select, button')) {
  input.disabled = false;
  if (input.id === 'lab-reset') input.addEventListener('click', reset);
  else input.addEventListener(input.type === 'range' ? 'input' : 'change', update);
}
status.textContent = 'Live: every change is derived again, exactly, by exattn '
  + 'running in this page.';
root.dataset.ready = 'true';
