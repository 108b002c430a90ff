// Render every "latex" string of exattn's JSON outputs with KaTeX in
// strict mode (strict: "error", throwOnError: true).  Usage:
//   node tests/katex/check.js OUT.json ...
// Exit status 1 if any string is rejected.
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

for (const file of process.argv.slice(2)) {
  walk(file, JSON.parse(fs.readFileSync(file, 'utf8')));
}
console.log(`KaTeX: ${count} latex strings, ${rejected} rejected`);
process.exit(rejected || count === 0 ? 1 : 0);
