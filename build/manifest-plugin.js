/**
 * Writes `dist/manifest.json`, `dist/refund-widgets.d.ts`, `dist/refund-widgets.css` (the host's
 * stylesheet that reserves the mount points' space, docs/host-contract.md "Reserved space") and, given the first-panel table, the preload
 * snippets `dist/preload/<widget>.html` (build/preload-snippets.js), and the mount content
 * `dist/preload/<widget>.mount.html` (build/mount-content.js) once every compiler of the build has
 * emitted (docs/decisions.md "Serving dist/"): the version, each widget with its mount id, remote entry,
 * page data and required/optional mount attributes, and every file of `dist/` with its `sha384`
 * integrity and cache rule. Hosts take the shim tag's `integrity` from it (the ASP.NET kit does);
 * CDNs and hosts take the cache rule.
 *
 * One instance is shared by all the compilers of the multi-compiler build (`attach`); it writes
 * after the last one's `afterEmit`, by reading `dist/` from disk, so it sees every compiler's files.
 */
'use strict';

const { createHash } = require('crypto');
const fs = require('fs');
const path = require('path');
const { writePreloadSnippets } = require('./preload-snippets');
const { writeMountSnippets } = require('./mount-content');

const MANIFEST = 'manifest.json';
const TYPES = 'refund-widgets.d.ts';
/** The public type declarations, kept with the other declarations in `types/`. */
const TYPES_SOURCE = path.join(__dirname, '..', 'types', TYPES);
/** The host contract's JSON Schemas (contract/schemas/, written by `npm run docs:schemas`), shipped as dist/schemas/. */
const SCHEMAS_SOURCE = path.join(__dirname, '..', 'contract', 'schemas');
const SCHEMAS = 'schemas';
/** The host's stylesheet, for the page's head (docs/host-contract.md "Reserved space"). */
const STYLESHEET = 'refund-widgets.css';
const STYLESHEET_SOURCE = path.join(__dirname, '..', 'host-shim', STYLESHEET);

/** Files whose names carry no content hash: served to revalidate (`no-cache` + ETag). */
const REVALIDATE = /(^|\/)(host-shim\.js|remoteEntry\.js|manifest\.json|refund-widgets\.d\.ts|refund-widgets\.css)$/;
/** Content-hashed names: `name.0123abcd.ext`. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
/** The shim's file, under the name a host may write (docs/host-contract.md "The shim's script tag"). */
const SHIM = 'host-shim.js';

/** Cache-Control for a file of dist/ by its path relative to dist/ (`/` separators). */
function cacheControlFor(relative) {
  return !REVALIDATE.test(relative) && HASHED.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const PAGE_DATA = { details: 'refund-details', stations: 'station-names' };

/**
 * What each widget reads from its mount element and the page (docs/host-contract.md "The widgets"), by remote
 * name. `required` attributes must be present (else the widget shows a set-up message); `pageData`
 * names the JSON blocks it needs.
 */
const WIDGET_CONTRACT = {
  refund: {
    required: ['data-refund-status-url', 'data-dry-run-url'],
    optional: ['data-appeals-email', 'data-support-email', 'data-view', 'data-appeal-link', 'data-details-id'],
    pageData: PAGE_DATA,
    meta: ['max-admin-fee'],
  },
  journeySummary: { required: [], optional: ['data-details-id'], pageData: PAGE_DATA, meta: [] },
  manualClaim: {
    required: ['data-journey-id'],
    optional: ['data-support-email', 'data-details-id'],
    pageData: PAGE_DATA,
    meta: [],
  },
  lookup: { required: [], optional: ['data-action', 'data-disruption-action', 'data-support-email'], meta: [] },
  disruption: {
    required: ['data-refund-status-url'],
    optional: [
      'data-support-email',
      'data-view',
      'data-action',
      'data-manual-action',
      'data-finished-action',
      'data-questions-action',
      'data-details-id',
    ],
    pageData: PAGE_DATA,
    meta: [],
  },
};

/**
 * The host stylesheet as dist/ ships it: its rules without the comments, which every page would
 * otherwise download (the source, host-shim/refund-widgets.css, explains them).
 *
 * @param {string} css the source
 * @returns {string} the rules, one per line as written, ending with a newline
 */
function stylesheetForDist(css) {
  return `${css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n')}\n`;
}

/** `sha384-<base64>` of a buffer: the Subresource Integrity value. */
function integrityOf(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * Writes a copy of `dist/<file>` named by its content (`host-shim.js` → `host-shim.0123abcd.js`),
 * and of its Brotli copy if any, so a page can name a file it may cache for good
 * (docs/decisions.md "Serving dist/").
 * @param {string} distDir @param {string} file a file at dist/'s root
 * @returns {string} the copy's name
 */
function writeFingerprinted(distDir, file) {
  const source = path.join(distDir, file);
  const hash = createHash('sha256').update(fs.readFileSync(source)).digest('hex').slice(0, 8);
  const ext = path.extname(file);
  const copy = `${path.basename(file, ext)}.${hash}${ext}`;
  fs.copyFileSync(source, path.join(distDir, copy));
  if (fs.existsSync(`${source}.br`)) fs.copyFileSync(`${source}.br`, path.join(distDir, `${copy}.br`));
  return copy;
}

/** Every file under `dir` but the Brotli copies (`*.br`), relative, with `/` separators, sorted. */
function listFiles(dir, prefix = '') {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .filter((entry) => !entry.name.endsWith('.br'))
    .flatMap((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? listFiles(dir, relative) : [relative];
    })
    .sort();
}

/**
 * Builds the manifest object for a built `dist/`.
 *
 * @param {string} distDir the build output folder
 * @param {{ version: string, widgets: { name: string, mountId: string, prefetch?: object }[],
 *   firstPanel?: () => object, shim?: string, stylesheet?: string }} build `firstPanel`: the first-panel
 *   table the shim bakes in (build/first-panel-plugin.js), for hosts that write the preload hints
 *   themselves (docs/aspnet.md "Preload hints"); `shim`, `stylesheet`: the names a page links
 *   (default `host-shim.js`, `refund-widgets.css`)
 * @returns {object} `{ version, shim, types, stylesheet?, pageData, widgets: [...], firstPanel?, files: { [path]: { integrity, size, cacheControl } } }`;
 *   `stylesheet` when `dist/refund-widgets.css` exists
 * @throws Error when a widget has no entry in WIDGET_CONTRACT
 */
function buildManifest(distDir, { version, widgets, firstPanel, shim = SHIM, stylesheet = STYLESHEET }) {
  const files = {};
  for (const relative of listFiles(distDir)) {
    if (relative === MANIFEST) continue;
    const bytes = fs.readFileSync(path.join(distDir, relative));
    files[relative] = { integrity: integrityOf(bytes), size: bytes.length, cacheControl: cacheControlFor(relative) };
  }
  return {
    version,
    shim,
    types: TYPES,
    ...(files[stylesheet] ? { stylesheet } : {}),
    pageData: PAGE_DATA,
    widgets: widgets.map(({ name, mountId, prefetch }) => {
      const contract = WIDGET_CONTRACT[name];
      if (!contract) throw new Error(`manifest-plugin: widget "${name}" has no entry in WIDGET_CONTRACT`);
      return {
        name,
        mountId,
        remoteEntry: `${name}/remoteEntry.js`,
        requiredAttributes: contract.required,
        optionalAttributes: contract.optional,
        pageData: contract.pageData ? Object.values(contract.pageData) : [],
        meta: contract.meta,
        ...(prefetch ? { prefetch } : {}),
      };
    }),
    ...(firstPanel ? { firstPanel: firstPanel() } : {}),
    files,
  };
}

/** Webpack plugin; see the file's comment. */
class RefundWidgetsManifestPlugin {
  /**
   * @param {{ distDir: string, version: string, widgets: { name: string, mountId: string }[], firstPanel?: () => object,
   *   compilers: number }} options
   *   `compilers`: how many compilers share this instance (it writes after that many have emitted)
   */
  constructor(options) {
    this.options = options;
    this.emitted = 0;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('RefundWidgetsManifestPlugin', () => {
      this.emitted += 1;
      if (this.emitted < this.options.compilers) return;
      this.emitted = 0;
      const { distDir } = this.options;
      fs.copyFileSync(TYPES_SOURCE, path.join(distDir, TYPES));
      fs.cpSync(SCHEMAS_SOURCE, path.join(distDir, SCHEMAS), { recursive: true });
      fs.writeFileSync(path.join(distDir, STYLESHEET), stylesheetForDist(fs.readFileSync(STYLESHEET_SOURCE, 'utf8')));
      const stylesheet = writeFingerprinted(distDir, STYLESHEET);
      const shimBuilt = fs.existsSync(path.join(distDir, SHIM));
      const shim = shimBuilt ? writeFingerprinted(distDir, SHIM) : SHIM;
      if (this.options.firstPanel) {
        writePreloadSnippets(
          distDir,
          this.options.widgets,
          this.options.firstPanel(),
          integrityOf,
          stylesheet,
          shimBuilt ? shim : undefined,
        );
      }
      writeMountSnippets(distDir, this.options.widgets);
      const manifest = buildManifest(distDir, { ...this.options, shim, stylesheet });
      fs.writeFileSync(path.join(distDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    });
  }

  /**
   * Adds one shared instance to every config of a multi-compiler array; returns the array.
   * @param {object[]} configs webpack configs
   * @param {{ distDir: string, version: string, widgets: { name: string, mountId: string }[] }} options
   */
  static attach(configs, options) {
    const plugin = new RefundWidgetsManifestPlugin({ ...options, compilers: configs.length });
    return configs.map((config) => ({ ...config, plugins: [...(config.plugins ?? []), plugin] }));
  }
}

module.exports = {
  RefundWidgetsManifestPlugin,
  buildManifest,
  cacheControlFor,
  integrityOf,
  WIDGET_CONTRACT,
  MANIFEST,
  TYPES,
  STYLESHEET,
  stylesheetForDist,
};
