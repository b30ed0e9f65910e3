// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// A page's preload hints from the build's `dist/preload/<widget>.html` (docs/host-contract.md "Preload hints").
'use strict';

const fs = require('fs');
const path = require('path');
const { escapeHtml, SHIM_URL } = require('./views');

const BASE = SHIM_URL.slice(0, -'/host-shim.js'.length);

/**
 * The `unless` of each widget's first GETs in `dist/manifest.json` (host-shim/widgets.json `prefetch`).
 * @param {string} distDir @returns {Record<string, Record<string, string>>} by widget name; {} without a manifest
 */
function unlessOf(distDir) {
  try {
    /** @type {{ widgets: { name: string, prefetch?: { unless?: Record<string, string> } }[] }} */
    const { widgets } = JSON.parse(fs.readFileSync(path.join(distDir, 'manifest.json'), 'utf8'));
    return Object.fromEntries(widgets.map(({ name, prefetch }) => [name, prefetch?.unless ?? {}]));
  } catch {
    return {};
  }
}

/**
 * The hints of the page's widgets, filled in as the contract says, each line once; left out: a
 * line whose `{data-…}` has no value or whose GET the manifest skips for an attribute in `values`
 * (`unless`), the comment and the stylesheet (every shim page links it).
 * @param {string} distDir @param {string[]} widgets e.g. `['refund', 'journeySummary']`
 * @param {Record<string, string>} values mount attribute → value, `data-view` included
 * @returns {string} HTML, one `<link>` a line; '' without a snippet
 */
function preloadHints(distDir, widgets, values) {
  const unless = unlessOf(distDir);
  const lines = new Set(
    widgets.flatMap((widget) => {
      const file = path.join(distDir, 'preload', `${widget}.html`);
      if (!fs.existsSync(file)) return [];
      const skipped = Object.entries(unless[widget] ?? {})
        .filter(([, attribute]) => values[attribute] !== undefined)
        .map(([url]) => `{${url}}`);
      return fs
        .readFileSync(file, 'utf8')
        .replace(/<!--[\s\S]*?-->\n?/, '')
        .split('\n')
        .filter((line) => !skipped.some((placeholder) => line.includes(placeholder)));
    }),
  );
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
