// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// A page's preload hints from the build's `dist/preload/<widget>.html` (docs/host-contract.md "Preload hints").
'use strict';

const fs = require('fs');
const path = require('path');
const { escapeHtml, SHIM_URL } = require('./views');

const BASE = SHIM_URL.slice(0, -'/host-shim.js'.length);

/**
 * The hints of the page's widgets, filled in as the contract says, each line once; a line whose
 * `{data-…}` has no value, the comment and the stylesheet (every shim page links it) are left out.
 * @param {string} distDir @param {string[]} widgets e.g. `['refund', 'journeySummary']`
 * @param {Record<string, string>} values mount attribute → value
 * @returns {string} HTML, one `<link>` a line; '' without a snippet
 */
function preloadHints(distDir, widgets, values) {
  const snippets = widgets
    .map((widget) => path.join(distDir, 'preload', `${widget}.html`))
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file, 'utf8').replace(/<!--[\s\S]*?-->\n?/, ''));
  const lines = new Set(snippets.join('\n').split('\n'));
  return [...lines]
    .filter((line) => line.startsWith('<link') && !line.startsWith('<link rel="stylesheet"'))
    .filter((line) => [...line.matchAll(/\{(data-[a-z-]+)\}/g)].every(([, attribute]) => values[attribute]))
    .map((line) =>
      line
        .replaceAll('{base}', escapeHtml(BASE))
        .replace(/\{(data-[a-z-]+)\}/g, (_, attribute) => escapeHtml(values[attribute])),
    )
    .join('\n');
}

module.exports = { preloadHints };
