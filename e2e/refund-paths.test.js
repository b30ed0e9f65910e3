/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of the refund-page paths in Chromium on the dev host (docs/product-rules.md section 2
 * "Refund page"): a rejected replacement, lookup failures, the self-refunds redirect, the appeal and
 * advance-ticket modals with real focus handling, every demo booking reaching the panel it names,
 * and axe on each state. Replacement, deferral, the unavailable reasons and the six-month modal are
 * journeys, in three engines (e2e/journeys/). Each test uses its own booking, so
 * the backend state of one does not leak into another.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, seriousAxeViolations } = require('./harness');
const bookings = require('../fixtures/bookings.json');
const lookups = require('../fixtures/lookups.json');

const env = useHostAndBrowser({ resetEachTest: true });

const pageUrl = (route, state) =>
  `${env.host.url}${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;

function assertClean(problems) {
  assert.deepEqual(problems.pageErrors, [], 'no uncaught exception');
  assert.deepEqual(problems.cspViolations, [], 'no CSP violation');
  assert.deepEqual(problems.consoleErrors, [], 'no console error');
}

async function assertAxeClean(page, what) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe finds no serious or critical violation: ${what}`);
}

/** Opens the refund page's 'Provide replacement journey' form and looks up a replacement booking. */
async function lookUp(page, lookup) {
  await page.getByRole('button', { name: 'Provide replacement journey' }).click();
  await page.getByLabel('Booking reference').fill(lookup.bookingReference);
  await page.getByLabel('Email address').fill(lookup.email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a replacement the dry run rejects: "Unable to use this journey: …" and Confirm stays disabled', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(pageUrl('/ConfirmRefund', bookings['defer-only']));
  await lookUp(page, lookups.rejected);
  const dialog = page.getByRole('dialog', { name: 'Confirm replacement' });
  await dialog
    .getByText('Unable to use this journey: the replacement was booked after your original departure time')
    .waitFor();
  assert.equal(await dialog.getByRole('button', { name: /^Confirm/ }).isDisabled(), true);
  await assertAxeClean(page, 'rejected replacement');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(
    await page.evaluate(() => document.activeElement?.textContent),
    'Continue',
    'focus returns to the button that opened the picker',
  );
  // A 400 answer is expected here; the browser logs it as a failed resource.
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.cspViolations, []);
  await context.close();
});

test('lookup with no eligible journeys, then a failing lookup in the "Lookup failed" modal', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(pageUrl('/ConfirmRefund', bookings.replacement));
  await lookUp(page, lookups['no-eligible']);
  await page
    .getByText(
      'No matching eligible journeys. Journeys must have been purchased prior to your original departure time.',
    )
    .waitFor();

  await page.getByLabel('Booking reference').fill(lookups['lookup-error'].bookingReference);
  await page.getByLabel('Email address').fill(lookups['lookup-error'].email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const modal = page.getByRole('alertdialog', { name: 'Lookup failed' });
  await modal.getByText(lookups['lookup-error'].answer.httpError.body).waitFor();
  await assertAxeClean(page, 'lookup failed modal');
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('"Self refunds are disabled" redirects to /SelfRefundsUnavailable', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(pageUrl('/ConfirmRefund', bookings['self-refunds-disabled']));
  await page.waitForURL('**/SelfRefundsUnavailable');
  await page.getByRole('heading', { name: 'Self-service refunds are currently unavailable' }).waitFor();
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('appeal modal and the host page advance-ticket link: focus moves in and returns', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(pageUrl('/ConfirmRefund', bookings['instant-bus']));
  const opener = page.getByRole('button', { name: 'How to appeal' });
  await opener.click();
  const appeal = page.getByRole('dialog', { name: 'How to appeal' });
  await appeal.getByText('Please allow up to 5 working days for a reply.').waitFor();
  const href = await appeal.getByRole('link', { name: 'appeals@example.co.uk' }).getAttribute('href');
  assert.equal(
    new URL(href).searchParams.get('subject'),
    `Appeal for booking ${bookings['instant-bus'].bookingReference}`,
  );
  await assertAxeClean(page, 'appeal modal');
  await page.keyboard.press('Escape');
  await appeal.waitFor({ state: 'hidden' });
  assert.equal(await opener.evaluate((node) => node === document.activeElement), true);

  const link = page.locator('a[data-launch="advance-info"]').first();
  await link.focus();
  await page.keyboard.press('Enter');
  const advance = page.getByRole('dialog', { name: 'About Advance tickets' });
  await advance.waitFor();
  await page.keyboard.press('Escape');
  await advance.waitFor({ state: 'hidden' });
  assert.equal(await link.evaluate((node) => node === document.activeElement), true);
  assert.doesNotMatch(page.url(), /#advance-info$/, 'the launch link does not navigate');
  assertClean(problems);
  await context.close();
});

/** How each `expect.panel` of fixtures/bookings.json shows on the refund page. */
const PANEL_PROBES = {
  instant: (page) => page.getByRole('heading', { name: /^You will receive £/ }).first(),
  replacement: (page) => page.getByRole('heading', { name: 'Refund with a replacement journey' }),
  unavailable: (page) => page.getByText('A refund is not available for the ticket and refund method you have chosen.'),
  manual: (page) => page.getByRole('heading', { name: 'Further evidence is needed for printed tickets' }),
  error: (page) => page.locator('#refund-widget [role="alert"]').first(),
  'six-months-modal': (page) => page.getByRole('alertdialog', { name: 'Automated refunds are not available' }),
  outage: (page) =>
    page.getByRole('alert').getByText("We couldn't check your refund just now. Please try again later."),
};

test('every demo booking reaches the panel it names', async () => {
  for (const [name, state] of Object.entries(bookings)) {
    const panel = state.expect?.panel;
    if (!panel) continue;
    const { page, context, problems } = await openPage(env.browser);
    await page.goto(pageUrl('/ConfirmRefund', state));
    if (panel === 'redirect') {
      await page.waitForURL(`**${state.expect.redirect ?? '/SelfRefundsUnavailable'}`);
    } else {
      // A dry run that failed for want of an answer shows why above what the status allows.
      const probe = state.expect.dryRunOutage ? PANEL_PROBES.outage : PANEL_PROBES[panel];
      assert.ok(probe, `a probe for panel ${panel} (${name})`);
      await probe(page).waitFor({ timeout: 5000 });
      if (state.expect.message) await page.getByText(state.expect.message).first().waitFor({ timeout: 5000 });
      // No developer text: no HTTP status, error code or URL in what the widget shows.
      assert.doesNotMatch(
        await page.locator('#refund-widget').innerText(),
        /HTTP \d|API_ERROR|NETWORK_ERROR|TIMEOUT|Server responded|https?:\/\//,
        `${name}: no developer text`,
      );
      await assertAxeClean(page, name);
    }
    assert.deepEqual(problems.pageErrors, [], `${name}: no uncaught exception`);
    assert.deepEqual(problems.cspViolations, [], `${name}: no CSP violation`);
    await context.close();
  }
});
