/** @jest-environment node */
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The dev host's preload hints (preloadHints.js; docs/host-contract.md "Preload hints"): the build's
 * snippets of the page's widgets, filled in; written only when the dev host is started with them,
 * as `npm start` and `npm run serve` start it (`--preload-hints`).
 */
const fs = require('fs');
const path = require('path');
const packageJson = require('../package.json');
const { preloadHintsWanted } = require('./server');
const bookings = require('../fixtures/bookings.json');
const { preloadHints } = require('./preloadHints');
const { snippetFor } = require('../build/preload-snippets');
const { buildManifest } = require('../build/manifest-plugin');
const widgetList = require('../host-shim/widgets.json');
const { runServerProcess, useTestHosts } = require('./testing');

const { start, tempDir } = useTestHosts();

const TABLE = {
  hostProvides: [],
  remotes: {
    refund: { files: ['refund/remoteEntry.js', 'refund/908.aaaa1111.css'], consumes: [], provides: {} },
    journeySummary: { files: ['journeySummary/remoteEntry.js', 'refund/908.aaaa1111.css'], consumes: [], provides: {} },
  },
};
/** A widget as host-shim/widgets.json has it, with its first GETs. @param {string} name */
function widgetOf(name) {
  const widget = widgetList.find((w) => w.name === name);
  if (!widget) throw new Error(`host-shim/widgets.json has no ${name}`);
  return widget;
}
const REFUND = widgetOf('refund');
const SUMMARY = widgetOf('journeySummary');

/** A stand-in dist/ with a shim, the refund and journey summary snippets and manifest.json as the build writes them. */
function distWithSnippet() {
  const dist = tempDir('rw-dist-');
  fs.writeFileSync(path.join(dist, 'host-shim.js'), '/* shim */');
  fs.mkdirSync(path.join(dist, 'preload'));
  fs.writeFileSync(
    path.join(dist, 'preload', 'refund.html'),
    snippetFor(REFUND, TABLE, (file) => `sha384-${file}`, 'refund-widgets.css'),
  );
  fs.writeFileSync(
    path.join(dist, 'preload', 'journeySummary.html'),
    snippetFor(SUMMARY, TABLE, (file) => `sha384-${file}`, 'refund-widgets.css'),
  );
  const manifest = buildManifest(dist, { version: '0.0.0', widgets: [REFUND, SUMMARY] });
  fs.writeFileSync(path.join(dist, 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

describe('preloadHints', () => {
  it('fills the snippet: the folder the dev host serves dist/ from, the URLs escaped; no comment, no stylesheet', () => {
    expect(
      preloadHints(distWithSnippet(), ['refund'], {
        'data-refund-status-url': '/Refund/Status?bookingReference=A&b="x"',
        'data-dry-run-url': '/Refund/DryRun?bookingReference=A',
      }).split('\n'),
    ).toEqual([
      '<link rel="preload" href="/Refund/Status?bookingReference=A&amp;b=&quot;x&quot;" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/Refund/DryRun?bookingReference=A" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/static/refund-widgets/refund/remoteEntry.js" as="script" integrity="sha384-refund/remoteEntry.js">',
      '<link rel="preload" href="/static/refund-widgets/refund/908.aaaa1111.css" as="style" integrity="sha384-refund/908.aaaa1111.css">',
    ]);
  });

  it("with data-view (the Refund unavailable page), the refund status GET but not the dry run's", () => {
    expect(
      preloadHints(distWithSnippet(), ['refund'], {
        'data-refund-status-url': '/Refund/Status?bookingReference=A',
        'data-dry-run-url': '/Refund/DryRun?bookingReference=A',
        'data-view': 'unavailable',
      }).split('\n'),
    ).toEqual([
      '<link rel="preload" href="/Refund/Status?bookingReference=A" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/static/refund-widgets/refund/remoteEntry.js" as="script" integrity="sha384-refund/remoteEntry.js">',
      '<link rel="preload" href="/static/refund-widgets/refund/908.aaaa1111.css" as="style" integrity="sha384-refund/908.aaaa1111.css">',
    ]);
  });

  it('leaves out the GETs the page has no URL for, and writes nothing without a snippet', () => {
    const hints = preloadHints(distWithSnippet(), ['refund'], {});
    expect(hints).not.toContain('as="fetch"');
    expect(hints.split('\n')).toHaveLength(2);
    expect(preloadHints(distWithSnippet(), ['lookup'], {})).toBe('');
  });

  it('two widgets: the hints of each, a file both hint written once', () => {
    expect(preloadHints(distWithSnippet(), ['refund', 'journeySummary'], {}).split('\n')).toEqual([
      '<link rel="preload" href="/static/refund-widgets/refund/remoteEntry.js" as="script" integrity="sha384-refund/remoteEntry.js">',
      '<link rel="preload" href="/static/refund-widgets/refund/908.aaaa1111.css" as="style" integrity="sha384-refund/908.aaaa1111.css">',
      '<link rel="preload" href="/static/refund-widgets/journeySummary/remoteEntry.js" as="script" integrity="sha384-journeySummary/remoteEntry.js">',
    ]);
  });
});

describe('the pages', () => {
  const pageUrl = (route, state) =>
    `${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;
  const head = (html) => html.slice(0, html.indexOf('</head>'));

  it('with preloadHints, the refund page ends its head with the refund widget hints; its unavailable view hints the status GET only; two widgets hint both', async () => {
    const server = await start({ distDir: distWithSnippet(), preloadHints: true });
    const state = bookings.instant;
    const html = await (await server.fetch(`${server.url}${pageUrl('/ConfirmRefund', state)}`)).text();
    const ref = encodeURIComponent(state.bookingReference);
    expect(head(html)).toContain(
      `<link rel="preload" href="/Refund/Status?bookingReference=${ref}" as="fetch" crossorigin="anonymous">\n<link rel="preload" href="/Refund/DryRun?bookingReference=${ref}" as="fetch" crossorigin="anonymous">\n<link rel="preload" href="/static/refund-widgets/refund/remoteEntry.js"`,
    );
    const unavailable = await (await server.fetch(`${server.url}${pageUrl('/RefundUnavailable', state)}`)).text();
    expect(head(unavailable)).toContain(
      `<link rel="preload" href="/Refund/Status?bookingReference=${ref}" as="fetch" crossorigin="anonymous">\n<link rel="preload" href="/static/refund-widgets/refund/remoteEntry.js"`,
    );
    expect(unavailable).toContain(`data-dry-run-url="/Refund/DryRun?bookingReference=${ref}"`);
    expect(unavailable.match(/as="fetch"/g)).toHaveLength(1);
    const two = head(await (await server.fetch(`${server.url}${pageUrl('/Demo/TwoWidgets', state)}`)).text());
    expect(two).toContain('href="/static/refund-widgets/refund/remoteEntry.js"');
    expect(two).toContain('href="/static/refund-widgets/journeySummary/remoteEntry.js"');
    expect(two.match(/href="[^"]*908\.aaaa1111\.css"/g)).toHaveLength(1);
  });

  it('without it (the default), no page has a hint', async () => {
    const server = await start({ distDir: distWithSnippet() });
    const html = await (await server.fetch(`${server.url}${pageUrl('/ConfirmRefund', bookings.instant)}`)).text();
    expect(html).not.toContain('rel="preload"');
  });
});

describe('from the command line', () => {
  it('npm start and npm run serve pass --preload-hints; npm run backend and host:aspnet do not', () => {
    const { scripts } = packageJson;
    expect(scripts.start).toMatch(/node dev-host\/server\.js --dev-tools --preload-hints --vitals=1$/);
    expect(scripts.serve).toBe('node dev-host/server.js --dev-tools --preload-hints --vitals=1');
    expect(scripts.backend).not.toMatch(/preload-hints|PRELOAD_HINTS/);
    expect(scripts['host:aspnet']).not.toMatch(/preload-hints|PRELOAD_HINTS/);
  });

  it('preloadHintsWanted: the flag or PRELOAD_HINTS=1, nothing else', () => {
    expect(preloadHintsWanted(['node', 'server.js', '--preload-hints'], {})).toBe(true);
    expect(preloadHintsWanted(['node', 'server.js'], { PRELOAD_HINTS: '1' })).toBe(true);
    expect(preloadHintsWanted(['node', 'server.js'], {})).toBe(false);
    expect(preloadHintsWanted(['node', 'server.js', '--dev-tools'], { PRELOAD_HINTS: 'true' })).toBe(false);
    expect(preloadHintsWanted(['node', 'server.js', '--preload-hintsx'], { PRELOAD_HINTS: '0' })).toBe(false);
  });

  /** Runs the server with `args` over a dist/ with the refund snippet, hints and dev tools not asked by the environment. */
  const runServer = (args) =>
    runServerProcess(args, {
      DATA_DIR: tempDir('rw-cli-'),
      DIST_DIR: distWithSnippet(),
      PRELOAD_HINTS: '',
      DEV_TOOLS: '',
    });

  const refundHead = async (url) => {
    const state = bookings.instant;
    const route = `/ConfirmRefund?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;
    const html = await (await fetch(`${url}${route}`)).text();
    return html.slice(0, html.indexOf('</head>'));
  };

  it('`node dev-host/server.js --preload-hints` says so and writes the hints; without the flag it does not', async () => {
    const on = await runServer(['--preload-hints']);
    try {
      expect(on.line).toMatch(/^Dev host listening on http:\/\/127\.0\.0\.1:\d+ \(preload hints on\)$/);
      expect(await refundHead(on.url)).toContain(
        '<link rel="preload" href="/static/refund-widgets/refund/remoteEntry.js"',
      );
    } finally {
      on.child.kill('SIGTERM');
    }
    const both = await runServer(['--dev-tools', '--preload-hints']);
    try {
      expect(both.line).toMatch(
        /^Dev host listening on http:\/\/127\.0\.0\.1:\d+ \(dev tools on: \/gallery, \/__dev\/\*, \/host-data\/\*; preload hints on\)$/,
      );
    } finally {
      both.child.kill('SIGTERM');
    }
    const off = await runServer([]);
    try {
      expect(off.line).toMatch(/^Dev host listening on http:\/\/127\.0\.0\.1:\d+$/);
      expect(await refundHead(off.url)).not.toContain('rel="preload"');
    } finally {
      off.child.kill('SIGTERM');
    }
  }, 20_000);
});
