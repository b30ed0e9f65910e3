/* global document, requestIdleCallback -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of Web Vitals from real page views (docs/host-contract.md "POST /report/vitals"):
 * with `data-vitals="1"` the refund page, once its first panel shows and the page is idle, loads
 * the vitals chunk and, after a click and the page being hidden, sends LCP, INP, CLS and TTFB,
 * which the reference backend keeps, with the route and nothing personal, under the strict CSP.
 * Without the attribute, or with `data-vitals="0"`, no chunk is loaded and nothing is sent; a bad
 * value is one console warning.
 */
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHost, launchBrowser, openPage } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const hosts = {};
let browser;

before(async () => {
  [hosts.sampled, hosts.none, hosts.zero, hosts.bad] = await Promise.all([
    startHost({ vitals: '1' }),
    startHost(),
    startHost({ vitals: '0' }),
    startHost({ vitals: 'often' }),
  ]);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await Promise.all(Object.values(hosts).map((host) => host.close()));
});

const STATE = bookings.instant;
const refundUrl = (host) =>
  `${host.url}/ConfirmRefund?BookingReference=${encodeURIComponent(STATE.bookingReference)}&Email=${encodeURIComponent(STATE.email)}`;
const VITALS_CHUNK = /\/static\/refund-widgets\/host-shim\/vitals\.[0-9a-f]{8}\.js$/;
const isVitalsPost = (r) => r.method === 'POST' && new URL(r.url).pathname === '/report/vitals';

/**
 * Opens the refund page of `host`, waits for its first panel, then for the page to be idle (an
 * idle callback queued after the shim's) and half a second more for the chunk to load and start.
 */
async function openRefundPage(host) {
  const opened = await openPage(browser);
  const warnings = [];
  opened.page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await opened.page.goto(refundUrl(host));
  await opened.page
    .locator('#refund-widget')
    .getByRole('heading', { name: /^You will receive/ })
    .waitFor();
  await opened.page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 6000 })),
  );
  return { ...opened, warnings };
}

/** A click on the refund panel's heading (an interaction for INP), then the page hidden, as when the traveller switches tabs. */
async function clickThenHide(page) {
  await page
    .locator('#refund-widget')
    .getByRole('heading', { name: /^You will receive/ })
    .click();
  // The browser times an interaction once the frame after it is painted.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** The vitals reports the host's backend keeps. */
const storedReports = async (host) => (await fetch(`${host.url}/__dev/vitals-reports`)).json();

/** Polls the backend until it keeps `count` reports (or 10 s have passed); returns them. */
async function reportsOnceStored(host, count) {
  const until = Date.now() + 10_000;
  let reports = await storedReports(host);
  while (reports.length < count && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    reports = await storedReports(host);
  }
  return reports;
}

test('data-vitals="1": LCP, INP, CLS and TTFB of the refund page reach the backend, with the route and nothing personal', async () => {
  const { page, context, problems, requests, warnings } = await openRefundPage(hosts.sampled);
  assert.equal(requests.filter((r) => VITALS_CHUNK.test(r.url)).length, 1, 'the vitals chunk is loaded once');
  await clickThenHide(page);
  const reports = await reportsOnceStored(hosts.sampled, 4);
  await context.close();

  assert.deepEqual(reports.map((r) => r.name).sort(), ['CLS', 'INP', 'LCP', 'TTFB']);
  for (const report of reports) {
    assert.equal(report.route, '/ConfirmRefund');
    assert.ok(['good', 'needs-improvement', 'poor'].includes(report.rating), `rating ${report.rating}`);
    assert.ok(typeof report.value === 'number' && report.value >= 0, `${report.name} ${report.value}`);
    assert.deepEqual(Object.keys(report).sort(), ['name', 'rating', 'receivedAt', 'route', 'value', 'widget']);
  }
  const byName = Object.fromEntries(reports.map((r) => [r.name, r]));
  assert.equal(byName.INP.widget, 'refund', 'the click was inside the refund widget');
  assert.equal(byName.TTFB.widget, null, 'TTFB belongs to no widget');
  assert.ok([null, 'refund'].includes(byName.LCP.widget), `LCP widget ${byName.LCP.widget}`);

  const text = JSON.stringify(reports).toLowerCase();
  for (const secret of [STATE.bookingReference, STATE.email, encodeURIComponent(STATE.email), '?', '#'])
    assert.ok(!text.includes(secret.toLowerCase()), `no ${secret} in the reports`);
  const posts = requests.filter(isVitalsPost);
  assert.equal(posts.length, 4, 'one POST per metric');
  for (const post of posts) assert.equal(post.url, `${hosts.sampled.url}/report/vitals`);
  assert.deepEqual(problems, { pageErrors: [], consoleErrors: [], cspViolations: [] });
  assert.deepEqual(warnings, []);
});

for (const [name, host, attribute] of [
  ['no data-vitals', 'none', null],
  ['data-vitals="0"', 'zero', '0'],
]) {
  test(`${name}: no vitals chunk is requested and nothing is sent, even after a click and a hidden page`, async () => {
    const { page, context, problems, requests, warnings } = await openRefundPage(hosts[host]);
    const tag = await page.locator('script[src*="/host-shim."]').getAttribute('data-vitals');
    assert.equal(tag, attribute);
    await clickThenHide(page);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await context.close();
    assert.deepEqual(
      requests.filter((r) => VITALS_CHUNK.test(r.url) || isVitalsPost(r)),
      [],
    );
    assert.deepEqual(await storedReports(hosts[host]), []);
    assert.deepEqual(problems, { pageErrors: [], consoleErrors: [], cspViolations: [] });
    assert.deepEqual(warnings, []);
  });
}

test('data-vitals="often": one console warning, the page works, nothing is loaded or sent', async () => {
  const { page, context, problems, requests, warnings } = await openRefundPage(hosts.bad);
  await clickThenHide(page);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await context.close();
  assert.deepEqual(warnings, [
    'refund-widgets: data-vitals "often" ignored: a sample rate is a number from 0 to 1, such as 0.1; no Web Vitals are sent',
  ]);
  assert.deepEqual(
    requests.filter((r) => VITALS_CHUNK.test(r.url) || isVitalsPost(r)),
    [],
  );
  assert.deepEqual(await storedReports(hosts.bad), []);
  assert.deepEqual(problems, { pageErrors: [], consoleErrors: [], cspViolations: [] });
});
