/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of every refund-page path on the dev host (docs/product-rules.md section 2 "Refund
 * page"): replacement (lookup → pick → dry run → confirm, one POST for repeated clicks), a rejected
 * replacement, lookup failures, deferral, each unavailable reason, the six-month modal, the
 * self-refunds redirect, the appeal and advance-ticket modals with real focus handling, every demo
 * booking reaching the panel it names, and axe on each state. Each test uses its own booking, so
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

const devRequests = async () => (await fetch(`${env.host.url}/__dev/requests`)).json();

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

test('replacement: lookup, pick a journey by keyboard, dry run per choice, three clicks send one POST', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  await page.goto(pageUrl('/ConfirmRefund', bookings.replacement));
  await page.getByRole('heading', { name: 'Refund with a replacement journey' }).waitFor();
  await assertAxeClean(page, 'replacement panel');
  await lookUp(page, lookups.candidates);

  const dialog = page.getByRole('dialog', { name: 'Confirm replacement' });
  await dialog.waitFor();
  const radios = dialog.getByRole('radio');
  assert.equal(await radios.count(), 2, 'the journey without a refund status is not offered');
  await dialog.getByRole('button', { name: 'Confirm £35.50 refund' }).waitFor();
  // How the chosen journey's amount is made, from its dry run (£35.50 and a £10.00 admin fee).
  await dialog.getByText('£45.50 refund, less the £10.00 admin fee = £35.50', { exact: true }).waitFor();
  await assertAxeClean(page, 'journey picker');

  // Keyboard: the first card has focus in the radio group; ArrowDown picks the second.
  await radios.first().focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await radios.nth(1).isChecked(), true);
  const confirm = dialog.getByRole('button', { name: 'Confirm £45.50 refund' });
  await confirm.waitFor();
  await dialog.getByText('£45.50 refund, with no admin fee', { exact: true }).waitFor();
  const dryRuns = requests.filter(
    (r) => r.method === 'POST' && r.url.endsWith('/api/ProcessRefundWithReplacement/DryRun'),
  );
  assert.equal(dryRuns.length, 2, 'one dry run on open, one on the change of selection');

  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/api/ProcessRefundWithReplacement', async (route) => {
    await held;
    await route.continue();
  });
  await confirm.evaluate((button) => {
    button.click();
    button.click();
    button.click();
  });
  release();
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  await page.getByText('We are refunding £45.50.', { exact: true }).waitFor();
  const posts = requests.filter((r) => r.method === 'POST' && r.url.endsWith('/api/ProcessRefundWithReplacement'));
  assert.equal(posts.length, 1, 'exactly one ProcessRefundWithReplacement request');
  const recorded = (await devRequests()).filter((r) => r.path === '/api/ProcessRefundWithReplacement');
  assert.equal(recorded.length, 1);
  assert.deepEqual(recorded[0].body, {
    protectedReference: bookings.replacement.status.replacementProtectedReference,
    journeyId: bookings.replacement.status.refundStatus.journeyID,
    replacementBookingReference: lookups.candidates.bookingReference,
    replacementJourneyId: 900102,
  });
  assert.match(await page.title(), /^Refund Complete - /);
  assertClean(problems);
  await context.close();
});

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

test('deferral: Defer replacement → one ProcessRefund with defer: true → Deferred refund request accepted', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  await page.goto(pageUrl('/ConfirmRefund', bookings['defer-only']));
  await page.getByRole('button', { name: 'Defer replacement' }).click();
  await page.getByText('A deferred refund is valid for 12 months.').waitFor();
  await page.getByText('No admin fee applies to a deferral.').waitFor();
  await page.getByRole('button', { name: 'Accept refund' }).dblclick();
  await page.getByRole('heading', { name: 'Deferred refund request accepted' }).waitFor();
  // The amount kept, for how long, and how to use it.
  await page.getByText('We are keeping £9.00 for you for 12 months, with no admin fee.', { exact: true }).waitFor();
  await page.getByText(/^To use it, book your next journey with us within 12 months/).waitFor();
  const posts = requests.filter((r) => r.method === 'POST' && r.url.endsWith('/api/ProcessRefund'));
  assert.equal(posts.length, 1);
  const recorded = (await devRequests()).filter((r) => r.path === '/api/ProcessRefund');
  assert.equal(recorded.at(-1).body.defer, true);
  assert.equal(recorded.at(-1).body.protectedReference, bookings['defer-only'].status.protectedReference);
  assertClean(problems);
  await context.close();
});

for (const [name, reason] of [
  ['cancelled', "it looks like you've already received a refund"],
  ['scanned', 'our records indicate you may have already used this ticket'],
  ['zero-value', 'no refund is available'],
  ['dry-run-failure', 'something went wrong'],
]) {
  test(`refund unavailable page: ${name} → "${reason}"`, async () => {
    const { page, context, problems } = await openPage(env.browser);
    await page.goto(pageUrl('/RefundUnavailable', bookings[name]));
    await page.getByRole('heading', { name: 'Refund unavailable' }).waitFor();
    await page.getByText(`We can't process an automatic refund for this journey because ${reason}.`).waitFor();
    const mailto = await page.getByRole('link', { name: 'appeals@example.co.uk' }).getAttribute('href');
    assert.equal(
      new URL(mailto).searchParams.get('subject'),
      `Failed automatic refund for ${bookings[name].bookingReference}`,
    );
    const disrupted = page.getByText('You can get a refund, for example, if your journey was disrupted');
    assert.equal(await disrupted.count(), name === 'cancelled' ? 0 : 1);
    assert.match(await page.title(), /^Refund Unavailable - /);
    await assertAxeClean(page, `unavailable page ${name}`);
    assertClean(problems);
    await context.close();
  });
}

test('six-month modal: opens with focus inside, Tab stays inside, Escape closes it', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await page.goto(pageUrl('/ConfirmRefund', bookings['six-months']));
  const dialog = page.getByRole('alertdialog', { name: 'Automated refunds are not available' });
  await dialog.waitFor();
  const href = await dialog.getByRole('link', { name: 'Email our support team' }).getAttribute('href');
  assert.match(href, /^mailto:support@example\.co\.uk\?subject=/);
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => Boolean(document.activeElement?.closest('dialog'))),
      true,
      'focus stays in the modal',
    );
  }
  await assertAxeClean(page, 'six-month modal');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await page.getByRole('button', { name: 'Accept refund' }).count(), 0, 'no refund is offered');
  // The page beneath agrees with the modal: the support contact, no refund, replacement or deferral.
  const widget = page.locator('#refund-widget');
  await widget.getByRole('heading', { name: 'Automated refunds are not available', level: 2 }).waitFor();
  const support = await widget.getByRole('link', { name: 'Email our support team' }).getAttribute('href');
  assert.match(support, /^mailto:support@example\.co\.uk\?subject=Refund%20request%20for%20booking%20/);
  for (const name of ['Continue', 'Defer replacement', 'Provide replacement journey']) {
    assert.equal(await page.getByRole('button', { name }).count(), 0, `no "${name}"`);
  }
  await assertAxeClean(page, 'six-month page after Close');
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
