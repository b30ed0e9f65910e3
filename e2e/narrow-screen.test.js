/* global document, window, getComputedStyle -- used inside page.evaluate and page.waitForFunction, which run in the browser */
/**
 * Every dev-host page fits a 375 px wide phone (docs/decisions.md "Sizes and
 * measure"): at a 375 × 812 viewport, once its widgets have drawn their first panel, no page
 * scrolls sideways (`document.documentElement.scrollWidth` ≤ 375). The start page's demo tables
 * show each booking as a card, so neither scrolls sideways either (docs/demo-bookings.md); sizes
 * and the measure are e2e/sizes-and-measure.test.js. The states gallery is excepted (a wall of
 * widgets for developers, not a traveller's page).
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, seriousAxeViolations } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const PHONE = { width: 375, height: 812 };
const env = useHostAndBrowser();

const bookingQuery = (state) =>
  `BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;

/** Every page of the dev host but the gallery, with bookings that reach each panel or view. */
const PAGES = [
  '/',
  ...[
    'instant',
    'instant-ship',
    'replacement',
    'cancelled',
    'printed',
    'null-status',
    'status-failure',
    'six-months',
    'dry-run-failure',
  ].map((name) => `/ConfirmRefund?${bookingQuery(bookings[name])}`),
  `/ConfirmRefund?${bookingQuery(bookings['covid-full-refund'])}&covid19=true`,
  `/RefundUnavailable?${bookingQuery(bookings.cancelled)}`,
  `/RefundUnavailable?${bookingQuery(bookings['dry-run-failure'])}`,
  `/JourneySummary?${bookingQuery(bookings['instant-ship'])}`,
  `/Demo/TwoWidgets?${bookingQuery(bookings.instant)}`,
  `/ManualRefund?${bookingQuery(bookings.printed)}`,
  `/ManualRefund?${bookingQuery(bookings['printed-advance'])}&Disruption=true`,
  `/Home/Disruption?${bookingQuery(bookings['disruption-waived'])}`,
  `/Home/Disruption?${bookingQuery(bookings['disruption-none'])}`,
  `/Home/Disruption/Finished?${bookingQuery(bookings['disruption-waived'])}&Reason=delayed`,
  '/SelfRefundsUnavailable',
  '/ConfirmRefund?BookingReference=KXB7HT2N&Email=nobody%40example.com',
  '/No/Such/Page',
];

/** Opens `route` at phone size and waits until every mount point has drawn past its loading text. */
async function openOnPhone(route) {
  const opened = await openPage(env.browser, { viewport: PHONE });
  await opened.page.goto(`${env.host.url}${route}`, { waitUntil: 'networkidle' });
  await opened.page.waitForFunction(() =>
    [...document.querySelectorAll('[id$="-widget"]')].every(
      (mount) => mount.childElementCount > 0 && !/Please wait while we load/.test(mount.textContent ?? ''),
    ),
  );
  return opened;
}

/** The page's width as scrolled, and the elements that stick out past the viewport's right edge. */
function measure(page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    sticksOut: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  }));
}

for (const route of PAGES) {
  test(`${route} never scrolls sideways at 375 px`, async () => {
    const { page, context, problems } = await openOnPhone(route);
    const { scrollWidth, innerWidth, sticksOut } = await measure(page);
    assert.equal(innerWidth, PHONE.width, 'the viewport is a 375 px phone');
    assert.ok(scrollWidth <= PHONE.width, `scrollWidth ${scrollWidth} > ${PHONE.width}; sticking out: ${sticksOut}`);
    assert.deepEqual(problems.pageErrors, [], 'no uncaught exception');
    assert.deepEqual(problems.cspViolations, [], 'no CSP violation: the narrow layout uses no inline style');
    await context.close();
  });
}

test('the start page: each demo booking is a card whose cells name their column, with no sideways scroll', async () => {
  const { page, context } = await openOnPhone('/');
  const box = page.getByRole('region', { name: 'Demo bookings table' });
  const sizes = await box.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    firstRow: [...element.querySelectorAll('tbody tr:first-child td')].map(
      (cell) => `${getComputedStyle(cell, '::before').content}|${getComputedStyle(cell).display}`,
    ),
  }));
  assert.ok(sizes.clientWidth <= PHONE.width, 'the box fits the phone');
  assert.ok(sizes.scrollWidth <= sizes.clientWidth, 'nothing to scroll inside the box');
  assert.deepEqual(
    sizes.firstRow,
    ['"Booking"|block', '"Reference"|block', '"Email"|block', '"Expected"|block', '"Pages"|block'],
    'each cell is stacked under its column heading',
  );
  assert.ok(
    (await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width,
    'the page itself does not scroll sideways',
  );
  assert.deepEqual(await seriousAxeViolations(page), [], 'axe finds no serious or critical violation at 375 px');
  await context.close();
});
