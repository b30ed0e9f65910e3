/* global document -- used inside locator.evaluate, which runs in the browser */
/**
 * Browser tests of London time (docs/decisions.md "Time"; docs/performance.md "moment-timezone's
 * cost"): moment and moment-timezone are federation singletons, so a page with two widgets
 * downloads each once, and moment-timezone carries Europe/London's rules alone; the refund's
 * receipt line says London's date and time on a phone set to another zone (Playwright's
 * `timezoneId`), at the year's end and at a clock change (the page's clock fixed with `page.clock`).
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, twoWidgetPageScripts } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser({ resetEachTest: true });

const pageUrl = (route, state) =>
  `${env.host.url}${route}?BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;

/** moment's own code (its deprecation warning for non-ISO strings) and moment-timezone's London data. */
const isMoment = (body) => body.includes('moment construction falls back to js Date()');
const isLondonData = (body) => body.includes('Europe/London|GMT BST');

test('two widgets: moment and moment-timezone are each downloaded once, with London’s data alone', async () => {
  const { page, context, problems } = await openPage(env.browser);
  const scripts = await twoWidgetPageScripts(page, pageUrl('/Demo/TwoWidgets', 'instant'));
  const moments = scripts.filter(({ body }) => isMoment(body)).map(({ url }) => url);
  const zones = scripts.filter(({ body }) => isLondonData(body));
  assert.equal(moments.length, 1, `moment fetched once (${moments.join(', ')})`);
  assert.equal(zones.length, 1, `moment-timezone fetched once (${zones.map((z) => z.url).join(', ')})`);
  assert.notEqual(zones[0].url, moments[0], 'moment-timezone does not carry a moment of its own');
  assert.doesNotMatch(zones[0].body, /America\/|Asia\/|Pacific\/|Europe\/Paris/, 'no other zone ships');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

// zone, the instant the answer arrives, the phone's getTimezoneOffset() then (UTC − local, minutes), the line
for (const [zone, instant, offset, line] of [
  ['Asia/Kolkata', '2026-12-31T23:59:30Z', -330, 'Refund request accepted on 31/12/2026 at 23:59 (UK time).'],
  ['Pacific/Auckland', '2026-10-25T01:00:00Z', -780, 'Refund request accepted on 25/10/2026 at 01:00 (UK time).'],
  ['America/New_York', '2026-03-29T00:59:00Z', 240, 'Refund request accepted on 29/03/2026 at 00:59 (UK time).'],
]) {
  test(`a phone in ${zone} at ${instant}: the receipt line says London’s date and time`, async () => {
    const { page, context, problems } = await openPage(env.browser, { timezoneId: zone });
    await page.clock.setFixedTime(new Date(instant));
    await page.goto(pageUrl('/ConfirmRefund', 'instant'));
    // The phone's clock is in that zone (Kolkata: half an hour off London's minutes).
    assert.equal(await page.evaluate(() => new Date().getTimezoneOffset()), offset);
    await page.getByRole('button', { name: 'Accept refund' }).click();
    const heading = page.getByRole('heading', { name: 'Refund request accepted', exact: true });
    await heading.waitFor();
    assert.equal(await page.locator('.rw-outcome__receipt').textContent(), line);
    // The heading takes focus and its announcement carries the receipt line.
    assert.equal(await heading.evaluate((node) => node === document.activeElement), true);
    const describedBy = await heading.getAttribute('aria-describedby');
    assert.equal(await page.locator(`[id="${describedBy}"]`).textContent(), line);
    assert.deepEqual(problems.pageErrors, []);
    assert.deepEqual(problems.cspViolations, []);
    await context.close();
  });
}
