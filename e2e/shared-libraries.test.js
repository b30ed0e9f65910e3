/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * Browser test of the shared libraries' one file per build (docs/performance.md "Shared
 * libraries"): a traveller going from the start page to the refund page gets React DOM and moment
 * from the same URL on both, so the second page takes them from the HTTP cache. Without hints the
 * shim preloads its own chunks with their integrity; a library no widget on the page needs yet
 * (axios, on the start page) is not loaded. The shim and the stylesheets are named by their content, so
 * the second page takes them from the cache too.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { useHostAndBrowser, openPage, DIST } = require('./harness');
const { SHIM_URL } = require('../dev-host/views');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser({ resetEachTest: true });

/** Text only React DOM's and only moment's code holds. */
const MARKERS = { 'React DOM': '__reactContainer$', moment: 'moment construction falls back to js Date()' };
/** Text only axios's code holds. */
const AXIOS = 'formSerializer';

/** Where the dev host serves dist/. */
const DIST_PATH = SHIM_URL.slice(0, -'host-shim.js'.length);

/** The built file behind a script URL of the dev host, or '' for one outside dist/. */
function bodyOf(url) {
  const { pathname } = new URL(url);
  if (!pathname.startsWith(DIST_PATH)) return '';
  const file = path.join(DIST, decodeURIComponent(pathname.slice(DIST_PATH.length)));
  return file.startsWith(DIST) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

test('start page then refund page: React DOM and moment come from one URL, the second time from the cache', async () => {
  const { page, context, problems } = await openPage(env.browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  /** The scripts and stylesheets of the page being loaded: URL, and whether the browser's cache served it. */
  let scripts = [];
  const byId = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (!/\.(js|css)$/.test(new URL(request.url).pathname)) return;
    const script = { url: request.url, cached: false };
    byId.set(requestId, script);
    scripts.push(script);
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    if (byId.has(requestId)) byId.get(requestId).cached = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (byId.has(requestId) && (response.fromDiskCache || response.fromPrefetchCache))
      byId.get(requestId).cached = true;
  });
  const holding = (list, marker) => [...new Set(list.filter((s) => bodyOf(s.url).includes(marker)).map((s) => s.url))];

  await page.goto(`${env.host.url}/`);
  await page.locator('#lookup-widget form button').first().waitFor();
  await page.waitForLoadState('networkidle');
  const start = scripts;
  // Without hints in the page, the shim preloads its own React DOM chunk, with its integrity.
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="preload"][data-rw-preload]')].map((link) => [
      link.href,
      link.getAttribute('integrity'),
    ]),
  );
  const [reactDom] = holding(start, MARKERS['React DOM']);
  const hint = preloaded.find(([href]) => href === reactDom);
  assert.ok(hint, `the shim preloads ${reactDom}: ${preloaded.map(([href]) => href).join(', ')}`);
  assert.match(hint[1], /^sha384-[A-Za-z0-9+/]{64}$/);
  // The lookup's first panel needs no axios: the shim provides it but does not load it.
  assert.deepEqual(holding(start, AXIOS), [], 'the start page loads no axios before it sends a request');

  scripts = [];
  const { bookingReference, email } = bookings.instant;
  await page.goto(
    `${env.host.url}/ConfirmRefund?BookingReference=${encodeURIComponent(bookingReference)}&Email=${encodeURIComponent(email)}`,
  );
  await page
    .locator('#refund-widget')
    .getByRole('heading', { name: /^You will receive/ })
    .waitFor();
  await page.waitForLoadState('networkidle');
  const refund = scripts;

  for (const [library, marker] of Object.entries(MARKERS)) {
    const first = holding(start, marker);
    assert.equal(first.length, 1, `the start page loads ${library} from one file: ${first.join(', ')}`);
    assert.deepEqual(holding(refund, marker), first, `the refund page loads ${library} from the start page's file`);
    assert.ok(
      refund.filter((s) => s.url === first[0]).every((s) => s.cached),
      `the refund page takes ${library} (${first[0]}) from the cache`,
    );
  }
  // The shim, the host stylesheet and the site's stylesheet: named by content, taken from the cache
  // without asking the server (docs/performance.md "A journey's second page").
  const named = [/\/host-shim\.[0-9a-f]{8}\.js$/, /\/refund-widgets\.[0-9a-f]{8}\.css$/, /\/site\.css\?v=[0-9a-f]{8}$/];
  for (const name of named) {
    const files = refund.filter((s) => name.test(s.url));
    assert.equal(files.length, 1, `the refund page loads one ${name}: ${refund.map((s) => s.url).join(', ')}`);
    assert.ok(files[0].cached, `the refund page takes ${files[0].url} from the cache`);
    assert.ok(
      start.some((s) => s.url === files[0].url),
      `the start page loaded ${files[0].url} too`,
    );
  }
  assert.deepEqual(problems, { pageErrors: [], consoleErrors: [], cspViolations: [] });
  await context.close();
});
