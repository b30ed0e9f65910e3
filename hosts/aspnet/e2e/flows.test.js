/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * The main flows on the ASP.NET host (Razor views, the kit, API calls forwarded to the reference
 * backend), in Chromium: instant refund, replacement with the picker, deferral, manual claim with
 * uploads, disruption to refund, a page with two widgets, a 404ing remote; axe and the CSP on each.
 * Each test uses its own booking, so one accepted refund does not change another test's page.
 */
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, seriousAxeViolations, drawImage } = require('../../../e2e/harness');
const { useAspNetHostAndBrowser, bookingUrl } = require('./harness');
const bookings = require('../../../fixtures/bookings.json');
const lookups = require('../../../fixtures/lookups.json');

const env = useAspNetHostAndBrowser();
const url = (route, name) => bookingUrl(env.url, route, bookings[name]);
const recorded = async (path) =>
  (await (await fetch(`${env.backend.url}/__dev/requests`)).json()).filter((r) => r.path === path);

/** No uncaught exception, no CSP violation, and axe finds nothing serious on the page as it is. */
async function assertClean(page, problems, what) {
  assert.deepEqual(problems.pageErrors, [], `no uncaught exception: ${what}`);
  assert.deepEqual(problems.cspViolations, [], `no CSP violation: ${what}`);
  assert.deepEqual(await seriousAxeViolations(page), [], `axe: ${what}`);
}

test('instant refund: three clicks send one forwarded ProcessRefund; the backend keeps the state', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  await page.goto(url('/ConfirmRefund', 'instant'));
  assert.equal(await page.title(), 'Ticket refunds - Example Rail');
  await page.getByRole('heading', { name: 'Selected Journey: London Kings Cross to Edinburgh' }).waitFor();
  await page.getByRole('heading', { name: /^You will receive £/ }).waitFor();
  await assertClean(page, problems, 'instant panel');
  await page.getByRole('button', { name: 'Accept refund' }).evaluate((button) => {
    button.click();
    button.click();
    button.click();
  });
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  const posts = requests.filter((r) => r.method === 'POST' && r.url === `${env.url}/api/ProcessRefund`);
  assert.equal(posts.length, 1, 'one ProcessRefund, sent to the ASP.NET site');
  assert.equal((await recorded('/api/ProcessRefund')).length, 1, 'the backend received it once');
  await page.goto(url('/ConfirmRefund', 'instant'));
  await page.getByText('A refund is not available for the ticket and refund method you have chosen.').waitFor();
  await assertClean(page, problems, 'refunded booking');
  await context.close();
});

test('replacement: lookup, the picker, one forwarded ProcessRefundWithReplacement', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(url('/ConfirmRefund', 'replacement'));
  await page.getByRole('button', { name: 'Provide replacement journey' }).click();
  await page.getByLabel('Booking reference').fill(lookups.candidates.bookingReference);
  await page.getByLabel('Email address').fill(lookups.candidates.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm replacement' });
  await dialog.getByRole('button', { name: 'Confirm £35.50 refund' }).waitFor();
  await assertClean(page, problems, 'journey picker');
  await dialog.getByRole('radio').nth(1).check();
  await dialog.getByRole('button', { name: 'Confirm £45.50 refund' }).click();
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  const [replacement] = await recorded('/api/ProcessRefundWithReplacement');
  assert.equal(replacement.body.replacementBookingReference, lookups.candidates.bookingReference);
  assert.equal(replacement.body.replacementJourneyId, 900102);
  await assertClean(page, problems, 'replacement accepted');
  await context.close();
});

test('deferral: Defer replacement → ProcessRefund with defer: true', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(url('/ConfirmRefund', 'defer-only'));
  await page.getByRole('button', { name: 'Defer replacement' }).click();
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('heading', { name: 'Deferred refund request accepted' }).waitFor();
  const bodies = (await recorded('/api/ProcessRefund')).map((r) => r.body);
  assert.ok(
    bodies.some(
      (body) => body.defer === true && body.protectedReference === bookings['defer-only'].status.protectedReference,
    ),
  );
  await assertClean(page, problems, 'deferral accepted');
  await context.close();
});

test('manual claim: two photos uploaded through the site, one removed, the claim submitted once', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  await page.goto(url('/ManualRefund', 'printed'));
  assert.equal(await page.title(), 'Manual refund - Example Rail');
  const input = page.getByLabel('Choose photos of your tickets');
  await input.waitFor();
  await assertClean(page, problems, 'evidence screen');
  const first = await drawImage(page, { width: 800, height: 600, type: 'image/png' });
  const second = await drawImage(page, { width: 640, height: 480, type: 'image/jpeg' });
  await input.setInputFiles([
    { name: 'ticket.png', mimeType: 'image/png', buffer: first },
    { name: 'mistake.jpg', mimeType: 'image/jpeg', buffer: second },
  ]);
  await page.getByText('Uploaded', { exact: true }).nth(1).waitFor({ timeout: 30_000 });
  const uploads = requests.filter((r) => r.url === `${env.url}/tickets/upload`);
  assert.equal(uploads.length, 2);
  assert.equal(uploads[0].request.headers()['journey-id'], String(bookings.printed.status.refundStatus.journeyID));
  await page.getByRole('button', { name: 'Remove mistake.jpg' }).click();
  await page.getByText('mistake.jpg', { exact: true }).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Submit claim' }).dblclick();
  await page.getByRole('heading', { name: 'Claim submitted' }).waitFor();
  const claims = await (await fetch(`${env.backend.url}/__dev/claims`)).json();
  assert.equal(claims.length, 1, 'one claim reached the backend');
  assert.equal(claims[0].images.length, 1, 'it lists the photo that was kept');
  assert.equal(claims[0].bookingReference, bookings.printed.bookingReference);
  await assertClean(page, problems, 'claim submitted');
  await context.close();
});

test('disruption: the funnel leads to the refund page, whose ProcessRefund carries the flags', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(url('/Home/Disruption', 'disruption-waived'));
  assert.equal(await page.title(), 'Disruption - Example Rail');
  await page.getByRole('radio', { name: 'Yes, my journey was affected by disruption' }).check();
  await assertClean(page, problems, 'disruption question');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /^I abandoned my journey/ }).check();
  await page.getByRole('button', { name: 'Save answer' }).click();
  await page
    .getByRole('group', { name: 'Which part of your journey did you not travel?' })
    .getByRole('radio', { name: 'The outward journey' })
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${url('/ConfirmRefund', 'disruption-waived')}&disruptedOutwards=true&disruptedInwards=false`);
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  const body = (await recorded('/api/ProcessRefund'))
    .map((r) => r.body)
    .find((b) => b.protectedReference === bookings['disruption-waived'].status.protectedReference);
  assert.equal(body.disruptedOutwards, true);
  assert.equal(body.disruptedInwards, false);
  await assertClean(page, problems, 'disruption refund accepted');
  await context.close();
});

test('a page with two widgets: both mount, one shim tag, React DOM loaded once', async () => {
  const { page, context, problems } = await openPage(env.browser);
  const reactDom = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('__reactContainer$')) reactDom.push(response.url());
  });
  await page.goto(url('/Demo/TwoWidgets', 'instant-tube'));
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
  assert.equal(await page.locator('script[src*="/host-shim."]').count(), 1, 'one shim script tag');
  assert.equal(await page.locator('script#refund-details').count(), 1);
  assert.equal(await page.locator('script#station-names').count(), 1);
  assert.equal(reactDom.length, 1, `React DOM fetched once: ${reactDom.join(', ')}`);
  await assertClean(page, problems, 'two widgets');
  await context.close();
});

test('a remote that 404s leaves a fallback in its own mount point; the other widget works', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.route('**/journeySummary/remoteEntry.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.goto(url('/Demo/TwoWidgets', 'instant-ship'));
  await page
    .locator('#journey-summary-widget')
    .getByText(/could not be loaded/)
    .waitFor();
  await page.locator('#refund-widget').getByRole('button', { name: 'Accept refund' }).waitFor();
  await page.waitForLoadState('networkidle');
  const reports = await (await fetch(`${env.backend.url}/__dev/error-reports`)).json();
  assert.ok(reports.length > 0, 'the failure was reported through the site to the backend');
  assert.equal(await page.evaluate(() => document.title), 'Ticket refunds - Example Rail');
  await assertClean(page, problems, '404ing remote');
  await context.close();
});

test('the start page: the lookup widget leads to the refund page of the site', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(`${env.url}/`);
  await page.getByRole('heading', { name: 'Demo bookings' }).waitFor();
  await page.getByRole('textbox', { name: 'Booking reference' }).fill(bookings['instant-bus'].bookingReference);
  await page.getByRole('textbox', { name: 'Email address' }).fill(bookings['instant-bus'].email);
  await page
    .getByRole('group', { name: 'Why do you want a refund?' })
    .getByRole('radio', { name: 'I no longer need to travel' })
    .check();
  await assertClean(page, problems, 'start page');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(url('/ConfirmRefund', 'instant-bus'));
  await page.getByRole('button', { name: 'Accept refund' }).waitFor();
  await context.close();
});
