/* global document, getComputedStyle -- used inside page.evaluate and page.waitForFunction, which run in the browser */
/**
 * The start page's demo tables at a 375 px wide phone show each booking as a card, so neither
 * scrolls sideways (docs/demo-bookings.md). That no dev-host page scrolls sideways at 375 px is a
 * journey, in three engines (e2e/journeys/phone.js); sizes and the measure are
 * e2e/sizes-and-measure.test.js.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, seriousAxeViolations } = require('./harness');

const PHONE = { width: 375, height: 812 };
const env = useHostAndBrowser();

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
