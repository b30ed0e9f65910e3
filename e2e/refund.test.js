/**
 * Browser tests of the refund page on the dev host (docs/architecture.md "The refund page, as data
 * flows"): times in another zone, React loaded once with two widgets, a 404ing remote isolated, and
 * dist/ working from another path. The refund accepted once is a journey (e2e/journeys/refund.js).
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { useHostAndBrowser, openPage, shimSrc, DIST } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser();

const pageUrl = (route, state) =>
  `${env.host.url}${route}?BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;

/** JS responses that carry React DOM's client renderer. */
function trackReactDom(page) {
  const hits = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    try {
      const body = await response.text();
      if (body.includes('__reactContainer$')) hits.push(response.url());
    } catch {
      // redirects and aborted responses have no body
    }
  });
  return hits;
}

function assertClean(problems) {
  assert.deepEqual(problems.pageErrors, [], 'no uncaught exception');
  assert.deepEqual(problems.cspViolations, [], 'no CSP violation');
}

test('a browser in New York shows the journey’s London times as given', async () => {
  const { page, context, problems } = await openPage(env.browser, { timezoneId: 'America/New_York' });
  await page.goto(pageUrl('/ConfirmRefund', 'instant'));
  assert.equal(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), 'America/New_York');
  const outward = page.getByRole('region', { name: 'Outward (16/01/2027)' });
  await outward.waitFor();
  // The first leg leaves London Kings Cross at 08:00 (fixture "instant"), not 03:00 New York time.
  await outward.getByText('08:00', { exact: true }).first().waitFor();
  assert.equal(await outward.getByText('03:00', { exact: true }).count(), 0);
  await page.getByRole('region', { name: 'Return (23/01/2027)' }).waitFor();
  assertClean(problems);
  await context.close();
});

test('the other browser tests run in Europe/London', async () => {
  const { page, context } = await openPage(env.browser);
  await page.goto(`${env.host.url}/`);
  assert.equal(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), 'Europe/London');
  await context.close();
});

test('a page with two widgets loads React DOM once', async () => {
  const { page, context, problems } = await openPage(env.browser);
  const reactDom = trackReactDom(page);
  await page.goto(pageUrl('/Demo/TwoWidgets', 'instant-tube'));
  await page
    .locator('#refund-widget')
    .getByRole('heading', { name: /^You will receive £/ })
    .waitFor();
  await page
    .locator('#journey-summary-widget')
    .getByRole('heading', { name: /^Selected Journey: / })
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(reactDom.length, 1, `react-dom fetched once, got: ${reactDom.join(', ')}`);
  assert.equal(await page.locator('[data-rw-progress]').count(), 1, 'one progress bar for the page');
  assertClean(problems);
  await context.close();
});

test('a remote that 404s leaves a fallback in its own mount point; the other widget works', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.route('**/journeySummary/remoteEntry.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  const before = (await (await fetch(`${env.host.url}/__dev/error-reports`)).json()).length;
  await page.goto(pageUrl('/Demo/TwoWidgets', 'instant-ship'));
  await page
    .locator('#journey-summary-widget')
    .getByText(/could not be loaded/)
    .waitFor();
  await page.locator('#refund-widget').getByRole('button', { name: 'Accept refund' }).waitFor();
  await page.waitForLoadState('networkidle');
  const reports = await (await fetch(`${env.host.url}/__dev/error-reports`)).json();
  assert.ok(reports.length > before, 'the load failure was reported to /report/error');
  const report = reports[reports.length - 1];
  for (const field of ['time', 'message', 'source', 'line', 'column', 'ua', 'pageUrl', 'stack']) {
    assert.ok(field in report, `report has ${field}`);
  }
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('pages without a widget download nothing of the widgets', async () => {
  const { page, context, requests } = await openPage(env.browser);
  await page.goto(`${env.host.url}/SelfRefundsUnavailable`);
  await page.waitForLoadState('networkidle');
  const widgetFiles = requests.filter((r) => /\/(refund|journeySummary)\//.test(new URL(r.url).pathname));
  assert.deepEqual(
    widgetFiles.map((r) => r.url),
    [],
  );
  await context.close();
});

test('dist/ copied under another path works unchanged', async () => {
  const { page, context, problems } = await openPage(env.browser);
  const dist = DIST;
  const base = '/some/cdn/path/v1/';
  await page.route(`**${base}**`, (route) => {
    const rel = decodeURIComponent(new URL(route.request().url()).pathname.slice(base.length));
    const file = path.join(dist, rel);
    if (!file.startsWith(dist) || !fs.existsSync(file)) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ path: file });
  });
  // Rewrite the page's shim URL to the relocated copy.
  await page.route('**/ConfirmRefund*', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(shimSrc(), `${base}host-shim.js`);
    await route.fulfill({ response, body: html });
  });
  await page.goto(pageUrl('/ConfirmRefund', 'instant-bus'));
  await page.getByRole('button', { name: 'Accept refund' }).waitFor();
  assertClean(problems);
  await context.close();
});
