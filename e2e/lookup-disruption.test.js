/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of the start page and the disruption funnel on the dev host (docs/product-rules.md
 * section 2; docs/decisions.md "Start page and disruption"): the start page's error summary; the No
 * path; the no-option link; the Delay Repay advice; and the whole disruption route to an accepted
 * refund with the keyboard alone. The lookup and the funnel with portions are journeys, in three
 * engines (e2e/journeys/). Each test uses its own booking, since an accepted refund changes
 * the backend.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, seriousAxeViolations, focused, tabTo } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser();

const query = (name) =>
  `BookingReference=${encodeURIComponent(bookings[name].bookingReference)}&Email=${encodeURIComponent(bookings[name].email)}`;

function assertClean(problems) {
  assert.deepEqual(problems.pageErrors, [], 'no uncaught exception');
  assert.deepEqual(problems.cspViolations, [], 'no CSP violation');
  assert.deepEqual(problems.consoleErrors, [], 'no console error');
}

/** axe-core finds no serious or critical violation on the page in this state. */
async function assertAxeClean(page, what) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe: ${what}`);
}

/** The ProcessRefund bodies the backend recorded for a protected reference. */
async function processRefundBodies(name) {
  const recorded = await (await fetch(`${env.host.url}/__dev/requests`)).json();
  return recorded
    .filter((entry) => entry.path === '/api/ProcessRefund')
    .map((entry) => entry.body)
    .filter((body) => body.protectedReference === bookings[name].status.protectedReference);
}

test('start page errors: an error summary that takes focus and links to the fields', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(`${env.host.url}/`);
  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await summary.waitFor();
  assert.equal(await summary.evaluate((element) => element === document.activeElement), true);
  await assertAxeClean(page, 'start page error summary');
  await summary.getByRole('link', { name: 'Enter your email address' }).click();
  assert.match(await focused(page), /^input\|email\|Email address/);
  assert.equal(new URL(page.url()).pathname, '/');
  assertClean(problems);
  await context.close();
});

test('the No path continues to the refund page with the same query', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(`${env.host.url}/Home/Disruption?${query('instant')}&covid19=true`);
  await page.getByRole('radio', { name: 'No, my journey was not disrupted' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${env.host.url}/ConfirmRefund?${query('instant')}&covid19=true`);
  await page.getByRole('heading', { name: /^You will receive £/ }).waitFor();
  assertClean(problems);
  await context.close();
});

test('no disruption option: a link to /ManualRefund with the Disruption flag', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(`${env.host.url}/Home/Disruption?${query('disruption-none')}`);
  await page.getByRole('radio', { name: 'My journey was affected by a storm' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'A disruption refund cannot be claimed online for this booking' }).waitFor();
  await assertAxeClean(page, 'disruption: no option');
  const link = page.getByRole('link', { name: 'Claim a disruption refund with evidence' });
  assert.equal(await link.getAttribute('href'), `/ManualRefund?${query('disruption-none')}&Disruption=true`);
  await link.click();
  await page.waitForURL(`${env.host.url}/ManualRefund?${query('disruption-none')}&Disruption=true`);
  await page.getByRole('heading', { name: 'Manual refund' }).waitFor();
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.cspViolations, []);
  await context.close();
});

test('delayed: the Finished page shows the Delay Repay advice', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(`${env.host.url}/Home/Disruption?${query('disruption-waived')}`);
  await page.getByRole('radio', { name: 'My journey was affected by a strike' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: 'My train was delayed, but I made my journey' }).check();
  await page.getByRole('button', { name: 'Save answer' }).click();
  await page.waitForURL(`${env.host.url}/Home/Disruption/Finished?${query('disruption-waived')}&Reason=delayed`);
  await page.getByRole('heading', { name: 'Claim Delay Repay from the train company' }).waitFor();
  await assertAxeClean(page, 'disruption finished: delayed');
  assertClean(problems);
  await context.close();
});

test('keyboard alone: from / through the disruption funnel to an accepted disruption refund', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(`${env.host.url}/`);
  await page.getByRole('heading', { name: 'Find your booking' }).waitFor();
  const state = bookings['disruption-outward-only'];

  await tabTo(page, /^input\|\|Booking reference/);
  await page.keyboard.type(state.bookingReference);
  await page.keyboard.press('Tab');
  await page.keyboard.type(state.email);
  await tabTo(page, /^input\|radio\|I no longer need to travel/);
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getByRole('radio', { name: 'My journey was disrupted' }).isChecked(), true);
  await page.getByRole('group', { name: 'What happened to your journey?' }).waitFor();
  await tabTo(page, /^input\|radio\|I travelled/);
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getByRole('radio', { name: /^I did not travel, or I abandoned/ }).isChecked(), true);
  await tabTo(page, /^button\|submit\|Continue/);
  await page.keyboard.press('Enter');

  await page.waitForURL(`${env.host.url}/Home/Disruption?${query('disruption-outward-only')}`);
  await page.getByRole('group', { name: 'Please pick the option which applies' }).waitFor();
  await tabTo(page, /^input\|radio\|Yes, my journey was affected/);
  await page.keyboard.press('Space');
  await tabTo(page, /^button\|submit\|Continue/);
  await page.keyboard.press('Enter');

  await page.getByRole('group', { name: 'What happened to your journey?' }).waitFor();
  await tabTo(page, /^input\|radio\|My train was delayed/);
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getByRole('radio', { name: /^I abandoned my journey/ }).isChecked(), true);
  await tabTo(page, /^button\|submit\|Save answer/);
  await page.keyboard.press('Enter');

  const portions = page.getByRole('group', { name: 'Which part of your journey did you not travel?' });
  await portions.waitFor();
  assert.equal(await portions.getByRole('radio').count(), 1, 'only the outward journey is permitted');
  await tabTo(page, /^input\|radio\|The outward journey/);
  await page.keyboard.press('Space');
  await tabTo(page, /^button\|submit\|Continue/);
  await page.keyboard.press('Enter');

  await page.waitForURL(
    `${env.host.url}/ConfirmRefund?${query('disruption-outward-only')}&disruptedOutwards=true&disruptedInwards=false`,
  );
  await page.getByRole('button', { name: 'Accept refund' }).waitFor();
  await tabTo(page, /^button\|\w*\|Accept refund/);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  const bodies = await processRefundBodies('disruption-outward-only');
  assert.equal(bodies.length, 1);
  assert.equal(bodies[0].disruptedOutwards, true);
  assert.equal(bodies[0].disruptedInwards, false);
  assertClean(problems);
  await context.close();
});
