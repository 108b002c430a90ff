// exattn in JavaScript: the library compiled to WebAssembly (wasm/build.sh),
// with the command line's results.  An ES module with no dependencies;
// exattn-core.mjs and exattn-core.wasm lie beside it.
//
//   import { derive, check, audit, evaluate } from './exattn.mjs';
//   const doc = derive(lessonText, { digits: 3 });   // exattn derive --format json
//
// Every call is synchronous once the module is loaded (the module awaits
// the WebAssembly instance itself).  A bad input throws an ExattnError
// whose message is the one the command line writes after "exattn: "
// (FILE:LINE:COLUMN: MESSAGE), with its file, line and column as fields.
// Each call releases everything it allocated before it returns.

import createCore from './exattn-core.mjs';

const FORMATS = { text: 0, json: 1, latex: 2, markdown: 3, svg: 4 };
const PAGE_FORMATS = { auto: 0, text: 1, markdown: 2, html: 3, latex: 4 };
const NO_DIGITS = -1;
const MAX_PREC = 268435456;   // EXATTN_MAX_PREC, as the command line's --max-prec
// the library's codes (include/exattn/error.h) for the errors raised here
const EINVAL = -9;
const ENOMEM = -8;

export class ExattnError extends Error {
  constructor(message, { file = '', line = 0, column = 0, code = EINVAL } = {}) {
    super(message);
    this.name = 'ExattnError';
    this.file = file;
    this.line = line;
    this.column = column;
    this.code = code;
  }
}

// In Node the .wasm is read from the disk (emscripten 3.1.6 would fetch()
// a file path); in a browser it is fetched beside this module.
async function coreOptions() {
  const url = new URL('./exattn-core.wasm', import.meta.url);
  if (typeof process !== 'undefined' && process.versions && process.versions.node) {
    const { readFile } = await import('node:fs/promises');
    return { wasmBinary: await readFile(url) };
  }
  return { locateFile: () => url.href };
}

const core = await createCore(await coreOptions());
const decoder = new TextDecoder();

// Arguments to the C side: strings (UTF-8) and byte arrays copied into
// the module's memory with a final NUL (and freed after the call), each
// passed as its pointer and length.
const encoder = new TextEncoder();

function withStrings(inputs, call) {
  const pointers = [];
  try {
    for (const input of inputs) {
      const bytes = input instanceof Uint8Array ? input : encoder.encode(input);
      const p = core._malloc(bytes.length + 1);
      if (p === 0) throw new ExattnError('out of memory', { code: ENOMEM });
      core.HEAPU8.set(bytes, p);
      core.HEAPU8[p + bytes.length] = 0;
      pointers.push([p, bytes.length]);
    }
    return call(pointers);
  } finally {
    for (const [p] of pointers) core._free(p);
  }
}

// The output of a result, or its error thrown; the result is freed.
function take(result) {
  try {
    if (core._exattn_wasm_status(result) !== 0) {
      const message = core.UTF8ToString(core._exattn_wasm_error(result));
      throw new ExattnError(message, {
        file: core.UTF8ToString(core._exattn_wasm_error_file(result)),
        line: core._exattn_wasm_error_line(result),
        column: core._exattn_wasm_error_column(result),
        code: core._exattn_wasm_error_code(result),
      });
    }
    const p = core._exattn_wasm_output(result);
    const n = core._exattn_wasm_output_length(result);
    return decoder.decode(core.HEAPU8.subarray(p, p + n));
  } finally {
    core._exattn_wasm_result_free(result);
  }
}

// A lesson or page as text, bytes (a file's, read as the command line
// reads it: Uint8Array, ArrayBuffer or another view), or for a lesson an
// object, written as JSON (numbers in it are doubles: write exact values
// such as 1/3 as strings).
function bytesOrText(input, what, objects) {
  if (typeof input === 'string' || input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (objects && input !== null && typeof input === 'object') return JSON.stringify(input);
  throw new ExattnError(`${what}: expected ${objects ? 'text, bytes or an object' : 'text or bytes'}, not ${input === null ? 'null' : typeof input}`);
}

function text(input) {
  return bytesOrText(input, 'lesson', true);
}

// A lesson may name .npy files (Q: {"npy": "Q.npy"}); the command line
// reads them beside the lesson file, a page has no such disk.  Their bytes
// come in options.files ({ "Q.npy": bytes }, names as the lesson writes
// them), put for the call's length where the library looks: beside
// options.name in the module's in-memory file system.
function withFiles(options, call) {
  const files = options.files || {};
  if (typeof files !== 'object' || Array.isArray(files))
    throw new ExattnError('files: expected an object of file names and their bytes');
  const name = options.name || 'lesson.json';
  const dir = name.includes('/') ? name.slice(0, name.lastIndexOf('/') + 1) : '';
  const placed = [];
  try {
    for (const [file, bytes] of Object.entries(files)) {
      const path = file.startsWith('/') ? file : dir + file;
      const parent = path.slice(0, path.lastIndexOf('/'));
      if (parent) core.FS.mkdirTree(parent);
      core.FS.writeFile(path, bytesOrText(bytes, `files "${file}"`, false));
      placed.push(path);
    }
    return call();
  } finally {
    for (const path of placed) core.FS.unlink(path);
  }
}

function choice(table, name, what) {
  if (!Object.prototype.hasOwnProperty.call(table, name))
    throw new ExattnError(`unknown ${what} '${name}' (one of ${Object.keys(table).join(', ')})`);
  return table[name];
}

function digitsOf(options) {
  const d = options.digits;
  if (d === undefined || d === null) return NO_DIGITS;
  if (!Number.isInteger(d) || d < 0 || d > 10000000)
    throw new ExattnError(`digits: ${d} is not a count from 0 to 10000000`);
  return d;
}

// The precision cap in bits (0: the library's default), as --max-prec.
function precOf(options) {
  const p = options.maxPrec;
  if (p === undefined || p === null) return 0;
  if (!Number.isInteger(p) || p < 0 || p > MAX_PREC)
    throw new ExattnError(`maxPrec: ${p} is not a whole number from 0 to ${MAX_PREC}`);
  return p;
}

function showOf(options) {
  const list = options.show === undefined ? '' : [].concat(options.show).join(',');
  return withStrings([list], ([[p]]) => {
    const bits = core._exattn_wasm_show(p) >>> 0;
    if (bits === 0xffffffff)
      throw new ExattnError(`show: '${list}' names a quantity that is none of scores, scaled, weights, contributions, output, contrast`);
    return bits;
  });
}

// exattn derive: the document (a parsed object for JSON, else the text).
// options: digits, show (a list or comma-separated string), format
// ('json' by default), maxPrec, name (the lesson's name in messages),
// files (the bytes of the .npy files the lesson names).
export function derive(lesson, options = {}) {
  const format = choice(FORMATS, options.format || 'json', 'format');
  const digits = digitsOf(options);
  const show = showOf(options);
  const out = withFiles(options, () => withStrings([text(lesson), options.name || 'lesson.json'],
    ([[l, n], [name]]) => take(core._exattn_wasm_derive(l, n, name, format, digits, show, precOf(options)))));
  return format === FORMATS.json && !options.raw ? JSON.parse(out) : out;
}

// exattn check --format json: the lesson's claims and their verdicts
// (options as derive's: maxPrec, name, files).
export function check(lesson, options = {}) {
  const out = withFiles(options, () => withStrings([text(lesson), options.name || 'lesson.json'],
    ([[l, n], [name]]) => take(core._exattn_wasm_check(l, n, name, precOf(options)))));
  return options.raw ? out : JSON.parse(out);
}

// exattn audit --format json: every number of the page against the lesson.
// options: format (markdown, html, latex, text; by default Markdown, or
// by the extension of options.pageName), pageName, name, maxPrec, files.
export function audit(page, lesson, options = {}) {
  const format = choice(PAGE_FORMATS, options.format || (options.pageName ? 'auto' : 'markdown'), 'page format');
  const out = withFiles(options, () => withStrings([bytesOrText(page, 'page', false), options.pageName || 'page', text(lesson), options.name || 'lesson.json'],
    ([[p, pn], [pname], [l, ln], [lname]]) =>
      take(core._exattn_wasm_audit(p, pn, pname, format, l, ln, lname, precOf(options)))));
  return options.raw ? out : JSON.parse(out);
}

// exattn eval: { named, latex, status, value, decimal, decimal_exact,
// undecided }, digits 20 by default as on the command line.
export function evaluate(expr, options = {}) {
  const digits = options.digits === undefined || options.digits === null ? 20 : digitsOf(options);
  const prec = precOf(options);
  const out = withStrings([bytesOrText(expr, 'expression', false)],
    ([[e, n]]) => take(core._exattn_wasm_evaluate(e, n, digits, prec)));
  return JSON.parse(out);
}

// Bytes the module has allocated and not freed (the tests check that a
// call leaves none behind).
export function heapInUse() {
  return core._exattn_wasm_heap_in_use();
}
