/**
 * Writes `dist/preload/<widget>.html` (docs/host-contract.md "Preload hints"): for hosts that are not
 * ASP.NET, the `<link rel="preload">` hints of one widget's first panel, to put in the page's head
 * so the browser starts the widget's GETs and files with the HTML rather than after the shim. Each
 * snippet holds placeholders the host fills: `{base}`, the URL of the build's folder (the shim's
 * `src` without its file name), and `{data-…}`, the value of that mount attribute (the URL of a
 * first GET), both HTML-escaped.
 *
 * After the GETs come the shim (given its file) and its loader chunk, which run first, then the
 * files the shim preloads for a page with this widget alone (host-shim/firstPanel.ts
 * `firstPanelFiles`, `hostSharesOf`): the widget's own first-panel files, then for each share it
 * consumes the files of its provider (the shim's, `hostFiles`, for a share the shim provides; else
 * the widget's).
 * Given the build's host stylesheet (`refund-widgets.css`), each snippet starts with its
 * `<link rel="stylesheet">`, which reserves the mount points' space (docs/host-contract.md
 * "Reserved space").
 */
'use strict';

const fs = require('fs');
const path = require('path');

const FOLDER = 'preload';

/**
 * The files of the shim's loader chunk (`table.shim`), which the shim imports first on every page
 * with a widget, then the first-panel files of widget `name` alone, in the shim's order, no duplicates.
 *
 * @param {{ hostProvides: string[], remotes: Record<string, { files: string[], consumes: string[], provides: Record<string, string[]> }>, shim?: string[], hostFiles?: Record<string, string[]> }} table
 *   the first-panel table of dist/manifest.json (build/first-panel-plugin.js `manifestTable`)
 * @param {string} name a remote's name
 * @returns {string[]} paths relative to dist/
 */
function firstPanelFilesOf(table, name) {
  const remote = table.remotes[name];
  if (!remote) return [];
  const files = new Set([...(table.shim ?? []), ...remote.files]);
  for (const key of remote.consumes) {
    const provider = table.hostProvides.includes(key) ? table.hostFiles?.[key] : remote.provides[key];
    (provider ?? []).forEach((file) => files.add(file));
  }
  return [...files];
}

/**
 * Which fetch lines a host leaves out: one whose attribute the mount element lacks, and each
 * `unless` line when the mount element has its attribute.
 *
 * @param {string[]} gets the URL attributes
 * @param {Partial<Record<string, string>>} unless by URL attribute, the attribute that skips its GET
 * @returns {string} what follows "Leave out" in the comment
 */
function leaveOut(gets, unless) {
  const skipped = gets
    .filter((attribute) => unless[attribute])
    .map((attribute) => `the {${attribute}} line when it has ${unless[attribute]}`);
  return ['a line whose {data-…} the mount element lacks', ...skipped].join(', and ');
}

/**
 * The snippet of one widget.
 *
 * @param {{ name: string, prefetch?: { urls: string[], unless?: Partial<Record<string, string>> } }} widget
 * @param {object} table the first-panel table
 * @param {(file: string) => string} integrityOf the `sha384-…` of a file of dist/
 * @param {string} [stylesheet] the host stylesheet's path in dist/, linked first when given
 * @param {string} [shim] the shim's path in dist/ (the manifest's `shim`), hinted after the GETs when given
 * @returns {string} HTML: a comment saying how to fill it, then one `<link>` per line
 */
function snippetFor(widget, table, integrityOf, stylesheet, shim) {
  const gets = widget.prefetch?.urls ?? [];
  const unless = widget.prefetch?.unless ?? {};
  const lines = [
    `<!-- The ${widget.name} widget's preload hints, for the page's <head> (docs/host-contract.md "Preload hints").`,
    `     Replace {base} with the URL of this build's folder (the shim's src without its file name)${
      gets.length
        ? `, and ${gets.map((attribute) => `{${attribute}}`).join(' and ')} with the mount element's values`
        : ''
    },`,
    '     HTML-escaped. From another origin than the page, add crossorigin="anonymous" to each file\'s link.',
    ...(shim
      ? ["     The shim's line has the integrity and crossorigin of its script tag, so the tag takes its file."]
      : []),
    ...(gets.length ? [`     Leave out ${leaveOut(gets, unless)}.`] : []),
    '     A page with two widgets takes the hints of each, a line both have once.',
    ...(stylesheet
      ? [
          '     The stylesheet reserves the mount points\' space (docs/host-contract.md "Reserved space"): one per page,',
          '     whatever its widgets. -->',
          `<link rel="stylesheet" href="{base}/${stylesheet}" integrity="${integrityOf(stylesheet)}">`,
        ]
      : ['     -->']),
    ...gets.map((attribute) => `<link rel="preload" href="{${attribute}}" as="fetch" crossorigin="anonymous">`),
    ...(shim
      ? [
          `<link rel="preload" href="{base}/${shim}" as="script" integrity="${integrityOf(shim)}" crossorigin="anonymous">`,
        ]
      : []),
    ...firstPanelFilesOf(table, widget.name)
      .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
      .map(
        (file) =>
          `<link rel="preload" href="{base}/${file}" as="${file.endsWith('.css') ? 'style' : 'script'}" integrity="${integrityOf(file)}">`,
      ),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Writes one snippet per widget into `distDir/preload/`.
 *
 * @param {string} distDir the build output folder
 * @param {{ name: string, prefetch?: object }[]} widgets host-shim/widgets.json
 * @param {object} table the first-panel table
 * @param {(bytes: Buffer) => string} integrityOf the Subresource Integrity value of some bytes
 * @param {string} [stylesheet] the host stylesheet's path in dist/ (see snippetFor)
 * @param {string} [shim] the shim's path in dist/ (see snippetFor)
 * @returns {string[]} the files written, relative to dist/
 */
function writePreloadSnippets(distDir, widgets, table, integrityOf, stylesheet, shim) {
  fs.mkdirSync(path.join(distDir, FOLDER), { recursive: true });
  return widgets.map((widget) => {
    const relative = `${FOLDER}/${widget.name}.html`;
    const html = snippetFor(
      widget,
      table,
      (file) => integrityOf(fs.readFileSync(path.join(distDir, file))),
      stylesheet,
      shim,
    );
    fs.writeFileSync(path.join(distDir, relative), html);
    return relative;
  });
}

module.exports = { firstPanelFilesOf, snippetFor, writePreloadSnippets };
