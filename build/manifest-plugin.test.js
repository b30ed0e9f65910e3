/**
 * build/manifest-plugin.js: `dist/manifest.json` and `dist/refund-widgets.d.ts` (docs/decisions.md
 * "Serving dist/"), from a `dist/` written to a temporary folder.
 */
'use strict';

const { createHash } = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const {
  RefundWidgetsManifestPlugin,
  buildManifest,
  cacheControlFor,
  integrityOf,
  MANIFEST,
  TYPES,
  STYLESHEET,
  stylesheetForDist,
} = require('./manifest-plugin');

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A temporary `dist/` holding `files` (`{ [relative path]: content }`). */
function makeDist(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-manifest-'));
  for (const [relative, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, relative), content);
  }
  return dir;
}

/** A stand-in for a webpack compiler: its `afterEmit` hook, run by `emit()`. */
function fakeCompiler() {
  const taps = [];
  return {
    hooks: { afterEmit: { tap: (name, fn) => taps.push({ name, fn }) } },
    emit: () => taps.forEach(({ fn }) => fn()),
    taps,
  };
}

const WIDGETS = [
  { name: 'refund', mountId: 'refund-widget' },
  { name: 'lookup', mountId: 'lookup-widget' },
];

describe('integrityOf', () => {
  it('is the sha384 Subresource Integrity value of the bytes', () => {
    // echo -n abc | openssl dgst -sha384 -binary | base64
    expect(integrityOf(Buffer.from('abc'))).toBe(
      'sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn',
    );
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['refund/602.812e37ed.js', 'public, max-age=31536000, immutable'],
    ['refund/602.df0643ff.css', 'public, max-age=31536000, immutable'],
    ['host-shim/loader.0123abcd.js', 'public, max-age=31536000, immutable'],
  ])('content-hashed %s is immutable for a year', (file, rule) => {
    expect(cacheControlFor(file)).toBe(rule);
  });

  it.each(['host-shim.js', 'refund/remoteEntry.js', 'manifest.json', 'refund-widgets.d.ts', 'host-shim.js.map'])(
    '%s, whose name carries no hash, is revalidated',
    (file) => {
      expect(cacheControlFor(file)).toBe('no-cache');
    },
  );
});

describe('buildManifest', () => {
  it('lists every file but the manifest and the Brotli copies, sorted, with integrity, size and cache rule', () => {
    const dist = makeDist({
      'host-shim.js': 'shim',
      'host-shim.js.br': 'shim, compressed',
      'refund/remoteEntry.js': 'entry',
      'refund/602.812e37ed.js': 'chunk',
      'refund/602.812e37ed.js.br': 'chunk, compressed',
      [MANIFEST]: '{"old":true}',
    });
    const manifest = buildManifest(dist, { version: '9.9.9', widgets: WIDGETS });
    expect(Object.keys(manifest.files)).toEqual(['host-shim.js', 'refund/602.812e37ed.js', 'refund/remoteEntry.js']);
    expect(manifest.files['refund/602.812e37ed.js']).toEqual({
      integrity: integrityOf(Buffer.from('chunk')),
      size: 5,
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(manifest.files['host-shim.js'].cacheControl).toBe('no-cache');
  });

  it('names the version, the shim, the types and each widget with what it reads', () => {
    const manifest = buildManifest(makeDist({ 'host-shim.js': 'shim' }), { version: '9.9.9', widgets: WIDGETS });
    expect(manifest).toMatchObject({
      version: '9.9.9',
      shim: 'host-shim.js',
      types: TYPES,
      pageData: { details: 'refund-details', stations: 'station-names' },
    });
    expect(manifest.widgets).toEqual([
      {
        name: 'refund',
        mountId: 'refund-widget',
        remoteEntry: 'refund/remoteEntry.js',
        requiredAttributes: ['data-refund-status-url', 'data-dry-run-url'],
        optionalAttributes: [
          'data-appeals-email',
          'data-support-email',
          'data-view',
          'data-appeal-link',
          'data-details-id',
        ],
        pageData: ['refund-details', 'station-names'],
        meta: ['max-admin-fee'],
      },
      {
        name: 'lookup',
        mountId: 'lookup-widget',
        remoteEntry: 'lookup/remoteEntry.js',
        requiredAttributes: [],
        optionalAttributes: ['data-action', 'data-disruption-action', 'data-support-email'],
        pageData: [],
        meta: [],
      },
    ]);
  });

  it("gives each widget its first GETs and the build's first-panel table, for hosts that write preload hints", () => {
    const table = {
      hostProvides: ['react'],
      remotes: { refund: { files: ['refund/remoteEntry.js'], consumes: [], provides: {} } },
    };
    const prefetch = {
      urls: ['data-refund-status-url', 'data-dry-run-url'],
      unless: { 'data-dry-run-url': 'data-view' },
    };
    const manifest = buildManifest(makeDist({ 'host-shim.js': 'shim' }), {
      version: '9.9.9',
      widgets: [{ name: 'refund', mountId: 'refund-widget', prefetch }, WIDGETS[1]],
      firstPanel: () => table,
    });
    expect(manifest.firstPanel).toEqual(table);
    expect(manifest.widgets[0].prefetch).toEqual(prefetch);
    expect(manifest.widgets[1]).not.toHaveProperty('prefetch');
    expect(buildManifest(makeDist({}), { version: '1', widgets: [] })).not.toHaveProperty('firstPanel');
  });

  it('refuses a widget it has no contract for', () => {
    expect(() =>
      buildManifest(makeDist({}), { version: '1', widgets: [{ name: 'seatPicker', mountId: 'seat-picker' }] }),
    ).toThrow('manifest-plugin: widget "seatPicker" has no entry in WIDGET_CONTRACT');
  });
});

describe('RefundWidgetsManifestPlugin', () => {
  it('adds one shared instance to every config of the build, after its own plugins', () => {
    const own = { apply() {} };
    const configs = RefundWidgetsManifestPlugin.attach([{ name: 'a', plugins: [own] }, { name: 'b' }], {
      distDir: '/nowhere',
      version: '1',
      widgets: [],
    });
    expect(configs[0].plugins[0]).toBe(own);
    const [first] = configs[0].plugins.slice(-1);
    expect(first).toBeInstanceOf(RefundWidgetsManifestPlugin);
    expect(configs[1].plugins).toEqual([first]);
    expect(first.options.compilers).toBe(2);
  });

  it('writes the manifest and the types once the last compiler has emitted, and again on the next build', () => {
    const dist = makeDist({ 'host-shim.js': 'shim', 'host-shim.js.br': 'shim, compressed' });
    const plugin = new RefundWidgetsManifestPlugin({ distDir: dist, version: '1.2.3', widgets: WIDGETS, compilers: 2 });
    const [shim, remote] = [fakeCompiler(), fakeCompiler()];
    plugin.apply(shim);
    plugin.apply(remote);

    remote.emit();
    expect(fs.existsSync(path.join(dist, MANIFEST))).toBe(false);
    shim.emit();
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, MANIFEST), 'utf8'));
    expect(manifest.version).toBe('1.2.3');
    // The shim and the stylesheet, each also under a name that carries its content's hash.
    const shimCopy = `host-shim.${createHash('sha256').update('shim').digest('hex').slice(0, 8)}.js`;
    const stylesheetBytes = fs.readFileSync(path.join(dist, STYLESHEET));
    const stylesheetCopy = `refund-widgets.${createHash('sha256').update(stylesheetBytes).digest('hex').slice(0, 8)}.css`;
    expect(Object.keys(manifest.files)).toEqual([
      shimCopy,
      'host-shim.js',
      ...WIDGETS.map(({ name }) => `preload/${name}.mount.html`).sort(),
      stylesheetCopy,
      STYLESHEET,
      TYPES,
      // The contract's JSON Schemas, as contract/schemas/ holds them.
      ...fs
        .readdirSync(path.join(__dirname, '..', 'contract', 'schemas'))
        .sort()
        .map((file) => `schemas/${file}`),
    ]);
    expect(fs.readFileSync(path.join(dist, TYPES), 'utf8')).toBe(
      fs.readFileSync(path.join(__dirname, '..', 'types', TYPES), 'utf8'),
    );
    // A page links the copies: the same bytes, cached for good.
    expect(manifest.shim).toBe(shimCopy);
    expect(fs.readFileSync(path.join(dist, `${shimCopy}.br`), 'utf8')).toBe('shim, compressed');
    expect(manifest.files[shimCopy]).toEqual({ ...manifest.files['host-shim.js'], cacheControl: IMMUTABLE });
    expect(manifest.files[stylesheetCopy]).toEqual({ ...manifest.files[STYLESHEET], cacheControl: IMMUTABLE });
    expect(manifest.files['host-shim.js'].cacheControl).toBe('no-cache');
    // The host's stylesheet (docs/host-contract.md "Reserved space"): named, with its integrity, revalidated.
    expect(manifest.stylesheet).toBe(stylesheetCopy);
    const shipped = fs.readFileSync(path.join(dist, STYLESHEET), 'utf8');
    expect(shipped).toBe(
      stylesheetForDist(fs.readFileSync(path.join(__dirname, '..', 'host-shim', STYLESHEET), 'utf8')),
    );
    expect(shipped).not.toContain('/*');
    expect(shipped).toContain('#refund-widget');
    expect(manifest.files[STYLESHEET]).toEqual({
      integrity: integrityOf(fs.readFileSync(path.join(dist, STYLESHEET))),
      size: fs.statSync(path.join(dist, STYLESHEET)).size,
      cacheControl: 'no-cache',
    });

    fs.writeFileSync(path.join(dist, 'host-shim.js'), 'shim, rebuilt');
    shim.emit();
    remote.emit();
    const again = JSON.parse(fs.readFileSync(path.join(dist, MANIFEST), 'utf8'));
    expect(again.files['host-shim.js'].integrity).toBe(integrityOf(Buffer.from('shim, rebuilt')));
    expect(again.shim).not.toBe(shimCopy);
    expect(again.files[again.shim].integrity).toBe(integrityOf(Buffer.from('shim, rebuilt')));
  });
});

describe('the host stylesheet (docs/host-contract.md "Reserved space")', () => {
  const css = fs.readFileSync(path.join(__dirname, '..', 'host-shim', STYLESHEET), 'utf8');
  const widgets = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'host-shim', 'widgets.json'), 'utf8'));

  it.each(widgets.map((w) => w.mountId))('reserves the space of #%s while it holds no element, in rem', (mountId) => {
    const rule = new RegExp(
      `#${mountId}(?:[^{]*)?:is\\(:empty, :not\\(:has\\(\\*\\)\\)[^{]*\\) \\{\\n  min-height: \\d+(\\.\\d+)?rem;\\n\\}`,
    );
    expect(css).toMatch(rule);
  });

  it("keeps the refund widget's space while its first load's text shows (rw-first-load)", () => {
    expect(css).toContain(':is(:empty, :not(:has(*)), :has(.rw-first-load)) {\n  min-height: 40rem;');
    expect(css).toContain(
      "#refund-widget[data-view='unavailable']:is(:empty, :not(:has(*)), :has(.rw-first-load)) {\n  min-height: 20.5rem;",
    );
  });

  it('ships without its comments, the rules unchanged', () => {
    expect(stylesheetForDist('/* a\n * b */\n#x:is(:empty) {\n  min-height: 1rem; /* c */\n}\n\n/* d */\n')).toBe(
      '#x:is(:empty) {\n  min-height: 1rem; \n}\n',
    );
  });

  /** Every rule of the stylesheet, in @media or not: its selectors and its declared properties. */
  const rules = [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(
    ([, selectors, body]) => ({
      selectors: selectors.split(',').map((selector) => selector.trim()),
      properties: [...body.matchAll(/([a-z-]+):\s/g)].map(([, property]) => property),
    }),
  );

  it.each(widgets.map((w) => w.mountId))(
    "keeps the same space of #%s while it holds the host's content before the widget (.rw-before)",
    (mountId) => {
      const heightOf = (test) =>
        rules.find((rule) => rule.selectors.some(test) && rule.properties.includes('min-height'));
      const empty = css.match(new RegExp(`#${mountId}[^{,]*:is\\(:empty[^{]*\\{\\n  min-height: ([\\d.]+rem)`));
      const fallback = rules.find((rule) =>
        rule.selectors.some((selector) => selector.startsWith(`#${mountId}`) && selector.endsWith('> .rw-before')),
      );
      expect(heightOf((selector) => selector.startsWith(`#${mountId}`))).toBeDefined();
      expect(fallback).toBeDefined();
      expect(css).toMatch(
        new RegExp(`#${mountId}[^{]*> \\.rw-before[^{]*\\{\\n  min-height: ${empty[1].replace('.', '\\.')};`),
      );
    },
  );

  it("styles only the mount points' heights and the host's content before the widget, never what the widgets draw", () => {
    for (const { selectors, properties } of rules) {
      if (properties.every((property) => property === 'min-height')) continue;
      // Keyframes (`to`) are the content's own (rw-before-…).
      expect(selectors.every((selector) => selector === 'to' || selector.includes('.rw-before'))).toBe(true);
    }
    expect([...css.matchAll(/@keyframes ([\w-]+)/g)].map(([, name]) => name)).toEqual([
      'rw-before-hide',
      'rw-before-show',
    ]);
  });
});
