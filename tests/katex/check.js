// Render LaTeX with KaTeX in strict mode (strict: "error",
// throwOnError: true):
//   - every "latex" string of exattn's JSON outputs (*.json);
//   - every display ($$ ... $$ or \[ ... \]) of exattn's LaTeX (*.tex);
//   - every display and every inline $ ... $ of its Markdown (*.md).
// Usage: node tests/katex/check.js FILE ...   Exit 1 if any is rejected.
'use strict';
const katex = require('katex');
const fs = require('fs');

let count = 0;
let rejected = 0;

function check(file, latex) {
  count++;
  try {
    katex.renderToString(latex, {
      strict: 'error', throwOnError: true, displayMode: true,
    });
  } catch (e) {
    rejected++;
    console.log(`${file}: rejected ${JSON.stringify(latex)}: ${e.message}`);
  }
}

function walk(file, value) {
  if (Array.isArray(value)) {
    value.forEach((v) => walk(file, v));
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'latex' && typeof v === 'string') check(file, v);
      else walk(file, v);
    }
  }
}

function displays(file, text) {
  const re = /\$\$\n([\s\S]*?)\n\$\$|\\\[\n([\s\S]*?)\n\\\]/g;
  let m;
  while ((m = re.exec(text)) !== null) check(file, m[1] || m[2]);
}

// Inline math of Markdown: $ ... $ on one line, outside the displays
// (the writer never puts a literal $ in prose: it escapes it as \$).
function inline(file, text) {
  const prose = text.replace(/\$\$\n[\s\S]*?\n\$\$/g, '');
  const re = /(?<![\\$])\$([^$\n]+?)(?<!\\)\$/g;
  let m;
  while ((m = re.exec(prose)) !== null) check(file, m[1]);
}

for (const file of process.argv.slice(2)) {
  const text = fs.readFileSync(file, 'utf8');
  if (file.endsWith('.tex')) displays(file, text);
  else if (file.endsWith('.md')) {
    displays(file, text);
    inline(file, text);
  } else walk(file, JSON.parse(text));
}
console.log(`KaTeX: ${count} latex strings, ${rejected} rejected`);
process.exit(rejected || count === 0 ? 1 : 0);
