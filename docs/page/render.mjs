// What the lesson page and its live lab share: how a value of exattn's
// derivation document is set on a page -- its LaTeX through KaTeX,
// labelled EXACT or NAMED, with the exact value beside a named form that
// is proved rational and the certified decimal beside a named value --
// and how lesson text (titles, labels) is escaped, so that it reaches the
// page as text and never as HTML.  Used by build.mjs under Node and by
// lab.mjs in the reader's browser, with whichever KaTeX each has.

export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({
    '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
  }[c]));
}

export function fracLatex(v) {
  return v.replace(/^(-?)(\d+)\/(\d+)$/, '$1\\frac{$2}{$3}');
}

// A contrast row's outcome in words.
export const outcomes = {
  unchanged: 'unchanged (proved: the same weights and the same values)',
  'unchanged-blocked': 'unchanged (proved: the same weights; the values '
    + 'differ only at blocked keys)',
  'weights-change': 'weights change',
  'weights-same': 'weights unchanged (proved equal)',
  moved: 'its output moved with its token (proved equal)',
  'not-moved': 'its output did not move with its token',
};

export function renderer(katex) {
  function tex(latex) {
    // strict errors are rendered as .katex-error elements, which the
    // browser tests look for
    return katex.renderToString(latex, {
      throwOnError: false, strict: 'error', displayMode: false,
    });
  }

  function display(latex) {
    return `<div class="display">${katex.renderToString(latex, {
      throwOnError: false, strict: 'error', displayMode: true,
    })}</div>`;
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

  // A named value where room is short (a table cell, a vector): its
  // certified decimal, its form written out in a display of its own
  // below, where a phone has the room; an exact value as itself.
  function brief(q) {
    if (q.status === 'exact') {
      return `<span class="q exact">${tex(fracLatex(q.value))}`
        + ' <span class="badge">EXACT</span></span>';
    }
    if (!q.decimal) return quantity(q);
    return `<span class="q named">≈ ${q.decimal}`
      + ' <span class="badge">NAMED</span></span>';
  }

  // Named values in full, a display line each, under their names.
  function namedForms(items) {
    const lines = items.filter(([, q]) => q && q.status === 'named'
      && q.decimal).map(([name, q]) => `<li><b>${escapeHtml(name)}</b> `
        + `<span class="decimal">≈ ${q.decimal}</span>${display(q.latex)}`
        + '</li>').join('');
    return lines ? `<ul class="forms scroll">${lines}</ul>` : '';
  }

  // One proved relation of a contrast, as a list item.
  function change(c, kept) {
    const what = c.quantity === 'weight' ? `weight of ${escapeHtml(c.key)}`
      : `output coordinate ${c.coordinate}`;
    const moved = c.relation === 'increases' || c.relation === 'decreases';
    // an output of unchanged weights: by how much, sum_j w_j (V'_j - V_j)
    if (moved && kept) {
      return `<li>${what} ${c.relation} by ${quantity(c.by)} (proved)</li>`;
    }
    if (moved) {
      // a named amount is the difference of the two values beside it: its
      // certified decimal says how much
      const by = !c.by ? '' : c.by.status === 'named'
        ? (c.by.decimal ? ` by ≈ ${c.by.decimal}` : '')
        : ` by ${quantity(c.by)}`;
      return `<li>${what}: ${brief(c.from)} → ${brief(c.to)} `
        + `(${c.relation}${by}, proved)</li>`;
    }
    if (c.relation === 'equal') return `<li>${what} unchanged (proved)</li>`;
    return `<li>${what}: ${quantity(c.from)} → ${quantity(c.to)} `
      + `(${c.relation === 'different' ? 'proved different' : 'not proved'})`
      + '</li>';
  }

  return { tex, display, quantity, brief, namedForms, change };
}
