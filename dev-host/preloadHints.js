// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The preload hints of a dev host page (docs/host-contract.md "Preload hints"), when the dev host is
 * started with `preloadHints`: the build's snippet of the page's widget, `dist/preload/<widget>.html`,
 * filled in as the contract tells a host to: `{base}` with the folder the shim is served from, each
 * `{data-…}` with the mount element's value (HTML-escaped). A line whose attribute the page has no
 * value for (the refund widget's static views, the disruption outcome page) is left out, and so are
 * the snippet's comment and its host stylesheet (the dev host links that on every page with the shim).
 */
'use strict';

const fs = require('fs');
const path = require('path');
const { escapeHtml, SHIM_URL } = require('./views');

/** The folder the dev host serves dist/ from, as in the shim's `src`. */
const BASE = SHIM_URL.slice(0, -'/host-shim.js'.length);

/**
 * The hints of `widget` for a page whose mount element has `values`.
 *
 * @param {string} distDir the build the dev host serves
 * @param {string} widget the widget's remote name, e.g. `refund`
 * @param {Record<string, string>} values mount attribute → value, e.g. the first GETs' URLs
 * @returns {string} HTML, one `<link>` per line; '' when the build has no snippet for the widget
 */
function preloadHints(distDir, widget, values) {
  const file = path.join(distDir, 'preload', `${widget}.html`);
  if (!fs.existsSync(file)) return '';
  return (
    fs
      .readFileSync(file, 'utf8')
      .replace(/<!--[\s\S]*?-->\n?/, '')
      .split('\n')
      // The host stylesheet's line: every page with the shim has it already (app.js sendPage).
      .filter((line) => line.startsWith('<link') && !line.startsWith('<link rel="stylesheet"'))
      .flatMap((line) => {
        const attributes = [...line.matchAll(/\{(data-[a-z-]+)\}/g)].map(([, attribute]) => attribute);
        if (attributes.some((attribute) => !values[attribute])) return [];
        return [
          line
            .replaceAll('{base}', escapeHtml(BASE))
            .replace(/\{(data-[a-z-]+)\}/g, (_, attribute) => escapeHtml(values[attribute])),
        ];
      })
      .join('\n')
  );
}

module.exports = { preloadHints };
