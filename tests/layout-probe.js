// Layout probe, injected into a page by tests/layout.sh, which frames the
// page at the width under test: once the page has rendered, it reports to
// the frame what a reader at that width would lose -- the page wider than
// the screen, any element reaching past it that no scroll box of its own
// holds, KaTeX errors, SVG text smaller than 11 px -- as JSON.
(function () {
  'use strict';
  const SLACK = 1;            // px: sub-pixel rounding is not an overflow
  const MIN_SVG_TEXT = 11;    // px, the floor for a figure's text

  function scrolls(el) {
    const ox = getComputedStyle(el).overflowX;
    return ox === 'auto' || ox === 'scroll';
  }

  // What of el the reader can reach: its box cut to every ancestor that
  // clips (KaTeX hides the long tails of its radical and brace paths that
  // way), and whether a scroll box that fits holds it.
  function reach(el, width) {
    const r = el.getBoundingClientRect();
    let left = r.left, right = r.right;
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (scrolls(a)) {
        return b.right <= width + SLACK && b.left >= -SLACK
          ? null : { left: Math.max(left, b.left), right: Math.min(right, b.right) };
      }
      left = Math.max(left, b.left);
      right = Math.min(right, b.right);
    }
    return { left: left, right: right };
  }

  function describe(el) {
    const cls = typeof el.className === 'string' && el.className
      ? '.' + el.className.trim().split(/\s+/).join('.') : '';
    const text = (el.textContent || '').replace(/\s+/g, ' ').trim();
    return el.tagName.toLowerCase() + cls + ' "' + text.slice(0, 60) + '"';
  }

  function overflows(width) {
    const found = [];
    const reported = new Set();
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('.katex-mathml')) continue;   // for screen readers
      const b = el.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      if (b.right <= width + SLACK && b.left >= -SLACK) continue;
      const r = reach(el, width);
      if (!r || r.right - r.left <= 0) continue;
      if (r.right <= width + SLACK && r.left >= -SLACK) continue;
      // report the outermost element only
      let inner = false;
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (reported.has(a)) { inner = true; break; }
      }
      reported.add(el);
      if (!inner) {
        found.push(describe(el) + ' spans ' + Math.round(r.left) + '..'
          + Math.round(r.right) + ' px');
      }
    }
    return found;
  }

  function smallSvgText() {
    const found = [];
    for (const t of document.querySelectorAll('svg text')) {
      const m = t.getScreenCTM();
      if (!m) continue;
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      if (px < MIN_SVG_TEXT - 0.05) {
        found.push('"' + t.textContent.slice(0, 40) + '" at '
          + px.toFixed(1) + ' px');
      }
    }
    return found;
  }

  function report() {
    const width = document.documentElement.clientWidth;
    const out = {
      width: width,
      pageWidth: document.documentElement.scrollWidth,
      overflows: overflows(width),
      katexErrors: document.querySelectorAll('.katex-error').length,
      katex: document.querySelectorAll('.katex').length,
      svgText: document.querySelectorAll('svg text').length,
      smallSvgText: smallSvgText(),
    };
    // to the frame (headless Chromium opens no window narrower than
    // 500 px, so the page is framed at the width under test)
    parent.postMessage(JSON.stringify(out), '*');
  }

  window.addEventListener('load', function () {
    // after KaTeX's own load handlers and the fonts
    (document.fonts ? document.fonts.ready : Promise.resolve())
      .then(function () { setTimeout(report, 0); });
  });
})();
