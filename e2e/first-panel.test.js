/* global window, document -- used inside page.waitForFunction and page.evaluate, which run in the browser */
/**
 * Browser tests of the first panel's head start (docs/performance.md "First panel"): on the refund page the shim starts the refund status and dry run GETs before the refund
 * remote's exposed module has finished downloading (on the Refund unavailable page the status GET
 * alone), and every request is sent once; the files of
 * absent widgets are not fetched; the manual claim's upload area loads after its first panel; a hand-mounted widget fetches for itself; a failing prefetch or a
 * 404ing remote still leaves a working page (and one error report), under the strict CSP.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { useHostAndBrowser, openPage, twoWidgetPageScripts, shimSrc, DIST } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser({ resetEachTest: true });

const pageUrl = (route, state) =>
  `${env.host.url}${route}?BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;
/** Lighthouse Slow 4G, so that downloads take long enough to order requests by. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** The refund remote's chunk holding its exposed `./mount` (the refund page's code). */
function refundExposeChunk() {
  const folder = path.join(DIST, 'refund');
  const file = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.js') && f !== 'remoteEntry.js')
    .find((f) => fs.readFileSync(path.join(folder, f), 'utf8').includes('rw-refund__preamble'));
  assert.ok(file, 'the refund remote has a chunk with the refund page');
  return `/refund/${file}`;
}

/** Requests with their start and end (epoch ms), once finished. */
function trackTimings(page) {
  const done = [];
  page.on('requestfinished', (request) => {
    const timing = request.timing();
    done.push({
      url: request.url(),
      method: request.method(),
      type: request.resourceType(),
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
    });
  });
  return done;
}

const pathOf = (url) => new URL(url).pathname;
const countBy = (list, key) => list.reduce((m, r) => m.set(key(r), (m.get(key(r)) || 0) + 1), new Map());

test('refund page: status and dry run start before the exposed module has downloaded; every request once', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const timings = trackTimings(page);
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  await page
    .locator('#refund-widget')
    .getByRole('heading', { name: /^You will receive/ })
    .waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');

  const expose = refundExposeChunk();
  const chunk = timings.find((r) => pathOf(r.url).endsWith(expose));
  const status = timings.find((r) => pathOf(r.url) === '/Refund/Status');
  const dryRun = timings.find((r) => pathOf(r.url) === '/Refund/DryRun');
  assert.ok(chunk && status && dryRun, 'the exposed module, status and dry run were fetched');
  assert.ok(
    status.start < chunk.end,
    `status started ${Math.round(chunk.end - status.start)} ms before the module finished`,
  );
  assert.ok(
    dryRun.start < chunk.end,
    `dry run started ${Math.round(chunk.end - dryRun.start)} ms before the module finished`,
  );

  // Each request once: the preloaded files are not fetched again when the runtime runs them,
  // and the widget takes the prefetched answers instead of sending its own GETs.
  const counts = countBy(requests, (r) => `${r.method} ${r.url}`);
  const repeated = [...counts].filter(([, n]) => n > 1).map(([key, n]) => `${key} ×${n}`);
  assert.deepEqual(repeated, [], 'no request sent twice');
  assert.equal(requests.filter((r) => pathOf(r.url) === '/Refund/Status').length, 1);
  assert.equal(requests.filter((r) => pathOf(r.url) === '/Refund/DryRun').length, 1);
  assert.equal(
    (await page.locator('link[rel=preload][data-rw-preload]').count()) > 0,
    true,
    'the shim preloaded the first-panel files',
  );
  // Nothing for the widgets absent from the page.
  const others = requests.filter((r) => /\/(lookup|manualClaim|disruption|journeySummary)\//.test(pathOf(r.url)));
  assert.deepEqual(
    others.map((r) => r.url),
    [],
  );
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.cspViolations, []);
  await context.close();
});

test('Refund unavailable page (data-view): its status starts before the exposed module has downloaded; no dry run', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const timings = trackTimings(page);
  await page.goto(pageUrl('/RefundUnavailable', 'instant'));
  await page.locator('#refund-widget .rw-refund__unavailable-page h3').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');

  const expose = refundExposeChunk();
  const chunk = timings.find((r) => pathOf(r.url).endsWith(expose));
  const status = timings.find((r) => pathOf(r.url) === '/Refund/Status');
  assert.ok(chunk && status, 'the exposed module and the status were fetched');
  assert.ok(
    status.start < chunk.end,
    `status started ${Math.round(chunk.end - status.start)} ms before the module finished`,
  );
  assert.equal(requests.filter((r) => pathOf(r.url) === '/Refund/Status').length, 1);
  assert.equal(requests.filter((r) => pathOf(r.url) === '/Refund/DryRun').length, 0, 'no dry run');
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.cspViolations, []);
  await context.close();
});

/** The chunks holding axios, the shim's and the refund remote's (found by one of its error codes). */
function refundAxiosChunks() {
  return ['host-shim', 'refund'].flatMap((name) =>
    fs
      .readdirSync(path.join(DIST, name))
      .filter(
        (f) => f.endsWith('.js') && fs.readFileSync(path.join(DIST, name, f), 'utf8').includes('ERR_BAD_RESPONSE'),
      )
      .map((f) => `/${name}/${f}`),
  );
}

test("refund page: axios is not on the first panel's path; it loads when idle after it, and Accept refund sends one POST", async () => {
  const axiosChunks = refundAxiosChunks();
  assert.ok(axiosChunks.length > 0, 'the refund remote has a chunk with axios');
  const { page, context, problems, requests } = await openPage(env.browser);
  // The page's idle callbacks are held until the test runs them, so that "before the first
  // panel" does not depend on how fast this machine renders.
  await page.addInitScript(() => {
    window.__rwIdle = [];
    window.requestIdleCallback = (run) => window.__rwIdle.push(run);
  });
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  const heading = page.locator('#refund-widget').getByRole('heading', { name: /^You will receive/ });
  await heading.waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const isAxios = (url) => axiosChunks.some((chunk) => pathOf(url).endsWith(chunk));
  assert.deepEqual(
    requests.filter((r) => isAxios(r.url)).map((r) => pathOf(r.url)),
    [],
    'no axios chunk requested by the first panel',
  );
  // Loaded when the page is idle after the first panel, before any action needs it. Two idle
  // callbacks: axios's (2 s after the first answer) and the device clean-up's (shared/mount/deviceCleanup.ts).
  await page.waitForFunction(() => window.__rwIdle.length === 2, null, { timeout: 10_000 });
  assert.deepEqual(
    requests.filter((r) => isAxios(r.url)).map((r) => pathOf(r.url)),
    [],
    'no axios chunk requested before the page is idle',
  );
  const loaded = page.waitForResponse((response) => isAxios(response.url()));
  await page.evaluate(() => window.__rwIdle.forEach((run) => run()));
  await loaded;
  await page.locator('#refund-widget').getByRole('button', { name: 'Accept refund' }).click();
  await page.locator('#refund-widget').getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  assert.equal(requests.filter((r) => r.method === 'POST' && pathOf(r.url) === '/api/ProcessRefund').length, 1);
  const counts = countBy(requests, (r) => `${r.method} ${r.url}`);
  assert.deepEqual(
    [...counts].filter(([, n]) => n > 1),
    [],
    'no request sent twice',
  );
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.cspViolations, []);
  await context.close();
});

test("manual claim: the upload area's chunk loads only after the first panel has painted", async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  // Animation frames are held until the test runs them: the widget waits for one after its first render.
  await page.addInitScript(() => {
    window.__rwFrames = [];
    window.requestAnimationFrame = (run) => window.__rwFrames.push(run);
  });
  await page.goto(pageUrl('/ManualRefund', 'printed'));
  const widget = page.locator('#manual-claim-widget');
  await widget.getByRole('heading', { name: 'What to do' }).waitFor({ timeout: 60_000 });
  await widget.getByText('Loading the photo upload…').waitFor();
  await page.waitForLoadState('networkidle');
  const isUploadArea = (url) => /\/manualClaim\/upload-area\.[0-9a-f]{8}\.(js|css)$/.test(pathOf(url));
  assert.deepEqual(
    requests.filter((r) => isUploadArea(r.url)).map((r) => pathOf(r.url)),
    [],
    'no upload-area file before the first frame after the first panel',
  );
  await page.evaluate(() => window.__rwFrames.splice(0).forEach((run) => run(performance.now())));
  await widget.getByLabel('Choose photos of your tickets').waitFor({ state: 'attached' });
  assert.ok(requests.some((r) => isUploadArea(r.url)));
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.cspViolations, []);
  await context.close();
});

test('two widgets: React DOM is fetched once and no file twice', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  const scripts = await twoWidgetPageScripts(page, pageUrl('/Demo/TwoWidgets', 'instant'));
  const bodies = scripts.filter(({ body }) => body.includes('__reactContainer$')).map(({ url }) => url);
  assert.equal(bodies.length, 1, `react-dom fetched once (${bodies.join(', ')})`);
  const counts = countBy(requests, (r) => `${r.method} ${r.url}`);
  assert.deepEqual(
    [...counts].filter(([, n]) => n > 1),
    [],
  );
  assert.deepEqual(problems.cspViolations, []);
  await context.close();
});

test('a widget mounted by hand fetches its data itself, once', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  const url = pageUrl('/ConfirmRefund', 'instant');
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(`${shimSrc()}"`, `${shimSrc()}" data-auto-mount="false"`);
    await route.fulfill({ response, body });
  });
  await page.goto(url);
  await page.waitForFunction(() => Boolean(window.RefundWidgets));
  await page.waitForLoadState('networkidle');
  assert.equal(requests.filter((r) => pathOf(r.url) === '/Refund/Status').length, 0, 'nothing prefetched');
  await page.evaluate(() => window.RefundWidgets.mount('refund', document.getElementById('refund-widget')));
  await page
    .locator('#refund-widget')
    .getByRole('heading', { name: /^You will receive/ })
    .waitFor();
  assert.equal(requests.filter((r) => pathOf(r.url) === '/Refund/Status').length, 1);
  assert.equal(requests.filter((r) => pathOf(r.url) === '/Refund/DryRun').length, 1);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('a failing prefetch leaves a working page: the widget retries once for itself', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  let failed = 0;
  await page.route('**/Refund/Status?*', (route) => {
    if (failed === 0) {
      failed += 1;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  await page
    .locator('#refund-widget')
    .getByRole('heading', { name: /^You will receive/ })
    .waitFor();
  assert.equal(failed, 1);
  assert.equal(requests.filter((r) => pathOf(r.url) === '/Refund/Status').length, 2, 'the prefetch, then one retry');
  assert.equal(requests.filter((r) => pathOf(r.url) === '/Refund/DryRun').length, 1);
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.cspViolations, []);
  await context.close();
});

test('a 404ing refund remote: its fallback, one error report, and the prefetched data unused', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.route('**/refund/remoteEntry.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  const before = (await (await fetch(`${env.host.url}/__dev/error-reports`)).json()).length;
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  await page
    .locator('#refund-widget')
    .getByText(/could not be loaded/)
    .waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const reports = await (await fetch(`${env.host.url}/__dev/error-reports`)).json();
  assert.equal(reports.length - before, 1, 'one error report');
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.cspViolations, []);
  await context.close();
});
