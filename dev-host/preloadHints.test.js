/** @jest-environment node */
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The dev host's preload hints (preloadHints.js; docs/host-contract.md "Preload hints"): the build's
 * snippet of the page's widget, filled in; written only when the dev host is started with them.
 */
const fs = require('fs');
const path = require('path');
const bookings = require('../fixtures/bookings.json');
const { preloadHints } = require('./preloadHints');
const { snippetFor } = require('../build/preload-snippets');
const { useTestHosts } = require('./testing');

const { start, tempDir } = useTestHosts();

const TABLE = {
  hostProvides: [],
  remotes: { refund: { files: ['refund/remoteEntry.js', 'refund/908.aaaa1111.css'], consumes: [], provides: {} } },
};
const REFUND = { name: 'refund', prefetch: { urls: ['data-refund-status-url', 'data-dry-run-url'] } };

/** A stand-in dist/ with a shim and the refund widget's snippet as the build writes it. */
function distWithSnippet() {
  const dist = tempDir('rw-dist-');
  fs.writeFileSync(path.join(dist, 'host-shim.js'), '/* shim */');
  fs.mkdirSync(path.join(dist, 'preload'));
  fs.writeFileSync(
    path.join(dist, 'preload', 'refund.html'),
    snippetFor(REFUND, TABLE, (file) => `sha384-${file}`),
  );
  return dist;
}

describe('preloadHints', () => {
  it('fills the snippet: the folder the dev host serves dist/ from, the URLs escaped; no comment', () => {
    expect(
      preloadHints(distWithSnippet(), 'refund', {
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

  it('leaves out the GETs the page has no URL for, and writes nothing without a snippet', () => {
    const hints = preloadHints(distWithSnippet(), 'refund', {});
    expect(hints).not.toContain('as="fetch"');
    expect(hints.split('\n')).toHaveLength(2);
    expect(preloadHints(distWithSnippet(), 'lookup', {})).toBe('');
  });
});

describe('the pages', () => {
  const pageUrl = (route, state) =>
    `${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;
  const head = (html) => html.slice(0, html.indexOf('</head>'));

  it('with preloadHints, the refund page ends its head with the refund widget hints; its static view has no GETs', async () => {
    const server = await start({ distDir: distWithSnippet(), preloadHints: true });
    const state = bookings.instant;
    const html = await (await server.fetch(`${server.url}${pageUrl('/ConfirmRefund', state)}`)).text();
    const ref = encodeURIComponent(state.bookingReference);
    expect(head(html)).toContain(
      `<link rel="preload" href="/Refund/Status?bookingReference=${ref}" as="fetch" crossorigin="anonymous">\n<link rel="preload" href="/Refund/DryRun?bookingReference=${ref}" as="fetch" crossorigin="anonymous">\n<link rel="preload" href="/static/refund-widgets/refund/remoteEntry.js"`,
    );
    const unavailable = await (await server.fetch(`${server.url}${pageUrl('/RefundUnavailable', state)}`)).text();
    expect(head(unavailable)).toContain('href="/static/refund-widgets/refund/remoteEntry.js"');
    expect(unavailable).not.toContain('as="fetch"');
  });

  it('without it (the default), no page has a hint', async () => {
    const server = await start({ distDir: distWithSnippet() });
    const html = await (await server.fetch(`${server.url}${pageUrl('/ConfirmRefund', bookings.instant)}`)).text();
    expect(html).not.toContain('rel="preload"');
  });
});
