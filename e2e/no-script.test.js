/* global window, document, getComputedStyle, requestAnimationFrame -- used inside page.addInitScript, which runs in the browser */
/**
 * Browser tests of docs/host-contract.md "Content before the widget" on the dev host: with
 * JavaScript off, and with the shim refused by its integrity, the start page's form looks a booking
 * up and lands on its refund page, and every other mount tells the traveller what to do and how to
 * reach support; with the script working on Slow 4G, the failure text never shows. Axe is clean in
 * both states: the content's, checked with the shim refused (Chromium's renderer crashes when axe
 * runs in a page with JavaScript off), and the widgets'. Run after a build.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser, openPage, seriousAxeViolations } = require('./harness');
const { MOUNT_TEXTS } = require('../build/mount-content');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser({ resetEachTest: true });

const SUPPORT = 'support@example.co.uk';
/** The delay of host-shim/refund-widgets.css before the failure text shows. */
const DELAY_MS = 10_000;
const { PHONE } = require('./layoutShift');
/** Lighthouse "Slow 4G": 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

const query = (state) =>
  `BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;

/** Each page with a mount but the start page: its route and the mounts that show the failure text. */
const PAGES = [
  ['refund', `/ConfirmRefund?${query('instant')}`, ['#refund-widget']],
  ['Refund unavailable', `/RefundUnavailable?${query('instant')}`, ['#refund-widget']],
  ['manual claim', `/ManualRefund?${query('printed')}`, ['#manual-claim-widget']],
  ['disruption', `/Home/Disruption?${query('disruption-waived')}`, ['#disruption-widget']],
  [
    'disruption outcome',
    `/Home/Disruption/Finished?${query('disruption-waived')}&Reason=delayed`,
    ['#disruption-widget'],
  ],
  ['journey summary', `/JourneySummary?${query('instant')}`, ['#journey-summary-widget']],
  ['two widgets', `/Demo/TwoWidgets?${query('instant')}`, ['#refund-widget', '#journey-summary-widget']],
];

/**
 * Asserts that `mount` shows the failure text, what to try and the contact (the support link
 * where the mount has a support address), and no longer the preamble.
 */
async function assertFailureShown(page, mount) {
  const box = page.locator(mount);
  await box.getByText(MOUNT_TEXTS.failed).waitFor({ state: 'visible', timeout: 3000 });
  assert.equal(await box.getByText(MOUNT_TEXTS.preamble).isVisible(), false, `${mount}: the preamble gives way`);
  if (mount === '#journey-summary-widget') {
    assert.equal(await box.getByText(MOUNT_TEXTS.contactNoEmail).isVisible(), true);
  } else {
    const link = box.getByRole('link', { name: SUPPORT });
    assert.equal(await link.getAttribute('href'), `mailto:${SUPPORT}`);
    assert.equal(
      await box.getByText(`${MOUNT_TEXTS.contactBefore} ${SUPPORT} ${MOUNT_TEXTS.contactAfter}`).isVisible(),
      true,
    );
  }
}

/** Types a booking into the start page's form by its labels and presses Continue. */
async function lookUp(page, state) {
  const form = page.locator('#lookup-widget');
  await form.getByLabel('Booking reference').fill(bookings[state].bookingReference);
  await form.getByLabel('Email address').fill(bookings[state].email);
  await Promise.all([page.waitForURL(/\/ConfirmRefund\?/), form.getByRole('button', { name: 'Continue' }).click()]);
}

/**
 * Changes the shim on the way; the dev host's tag carries its integrity (dist/manifest.json), as a
 * host writes it, so the browser refuses to run it.
 */
async function breakShimIntegrity(page) {
  await page.route(/\/static\/refund-widgets\/host-shim(\.[0-9a-f]{8})?\.js$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n/* changed on the way */` });
  });
}

test('JavaScript off: the start page looks the booking up and lands on its refund page, which says what to do', async () => {
  const { page, context } = await openPage(env.browser, { ...PHONE, javaScriptEnabled: false });
  try {
    await page.goto(env.host.url);
    const form = page.locator('#lookup-widget form');
    assert.equal(await form.getAttribute('method'), 'get');
    await lookUp(page, 'instant');
    const landed = new URL(page.url());
    assert.equal(landed.searchParams.get('BookingReference'), bookings.instant.bookingReference);
    assert.equal(landed.searchParams.get('Email'), bookings.instant.email);
    await page.getByRole('heading', { name: 'Ticket refunds' }).waitFor();
    await assertFailureShown(page, '#refund-widget');
    assert.equal(await page.getByText(MOUNT_TEXTS.noScript).isVisible(), true, 'it says the page needs JavaScript');
  } finally {
    await context.close();
  }
});

test('JavaScript off: every other mount shows the failure text at once, with the support contact', async () => {
  const { page, context } = await openPage(env.browser, { ...PHONE, javaScriptEnabled: false });
  try {
    for (const [, route, mounts] of PAGES) {
      await page.goto(`${env.host.url}${route}`);
      for (const mount of mounts) await assertFailureShown(page, mount);
    }
  } finally {
    await context.close();
  }
});

test(`the shim refused by its integrity: the lookup still reaches the refund page, and each mount shows the failure text after ${DELAY_MS / 1000} s`, async () => {
  const { page, context, problems } = await openPage(env.browser, PHONE);
  try {
    await breakShimIntegrity(page);
    await page.goto(env.host.url);
    assert.deepEqual(await seriousAxeViolations(page), [], "axe: the start page's plain form");
    await lookUp(page, 'instant');
    const shownAt = Date.now();
    const refund = page.locator('#refund-widget');
    await refund.getByText(MOUNT_TEXTS.preamble).waitFor({ state: 'visible' });
    assert.equal(await refund.getByText(MOUNT_TEXTS.failed).isVisible(), false, 'not before the delay');
    await refund.getByText(MOUNT_TEXTS.failed).waitFor({ state: 'visible', timeout: DELAY_MS + 5000 });
    assert.ok(Date.now() - shownAt >= DELAY_MS - 1500, `shown after ${Date.now() - shownAt} ms`);
    await assertFailureShown(page, '#refund-widget');
    assert.equal(await page.getByText(MOUNT_TEXTS.noScript).isVisible(), false, 'scripts are on: not that line');
    assert.ok(
      problems.consoleErrors.some((message) => /integrity/i.test(message)),
      problems.consoleErrors.join('\n'),
    );
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe: the refund page once the failure text shows');
  } finally {
    await context.close();
  }
  // The other pages at once, each in its own tab: the delay runs in each.
  const tabs = await Promise.all(PAGES.map(() => openPage(env.browser, PHONE)));
  try {
    await Promise.all(
      tabs.map(async ({ page }, i) => {
        await breakShimIntegrity(page);
        // Seven tabs at once: the texts need the HTML and CSS, not every hinted file (the load event).
        await page.goto(`${env.host.url}${PAGES[i][1]}`, { waitUntil: 'domcontentloaded' });
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 1000));
    for (const [i, { page }] of tabs.entries()) {
      for (const mount of PAGES[i][2]) await assertFailureShown(page, mount);
      assert.deepEqual(await seriousAxeViolations(page), [], `axe: ${PAGES[i][0]} once the failure text shows`);
    }
  } finally {
    await Promise.all(tabs.map(({ context }) => context.close()));
  }
});

/** Records, on every frame, whether any failure text of a mount was visible. */
function watchFailureText(page) {
  return page.addInitScript(() => {
    window.__rwFailureSeen = [];
    const look = () => {
      for (const element of document.querySelectorAll('.rw-before__failed')) {
        if (getComputedStyle(element).visibility === 'visible')
          window.__rwFailureSeen.push(element.parentElement?.parentElement?.id);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

const READY = [
  ['start', '/', '#lookup-widget .rw-lookup form button'],
  ['refund', `/ConfirmRefund?${query('instant')}`, '#refund-widget h2:text-matches("^You will receive")'],
  ['manual claim', `/ManualRefund?${query('printed')}`, '#manual-claim-widget input[type=file]'],
  ['disruption', `/Home/Disruption?${query('disruption-waived')}`, '#disruption-widget fieldset'],
  [
    'journey summary',
    `/JourneySummary?${query('instant')}`,
    '#journey-summary-widget .rw-root h2, #journey-summary-widget .rw-root h3',
  ],
];

for (const [label, route, ready] of READY) {
  test(`${label}, script working on Slow 4G and 4× CPU: the failure text is never visible, the widget replaces the content, axe is clean`, async () => {
    const { page, context, problems } = await openPage(env.browser, PHONE);
    try {
      await watchFailureText(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${env.host.url}${route}`);
      await page.locator(ready).first().waitFor({ timeout: 60_000 });
      assert.deepEqual(await page.evaluate(() => window.__rwFailureSeen), []);
      assert.equal(await page.locator('.rw-before').count(), 0, 'the widget replaced the content');
      assert.equal(await page.locator('#rw-before-booking-reference, #rw-before-email').count(), 0);
      assert.deepEqual(problems.pageErrors, []);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      assert.deepEqual(await seriousAxeViolations(page), [], `axe: ${label} with the widget`);
    } finally {
      await context.close();
    }
  });
}

test('the lookup widget takes over what the traveller typed in the server form before it mounted, focus included', async () => {
  const { page, context } = await openPage(env.browser, PHONE);
  try {
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/\/static\/refund-widgets\/host-shim(\.[0-9a-f]{8})?\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(env.host.url, { waitUntil: 'commit' });
    const server = page.locator('#lookup-widget form.rw-before');
    await server.getByLabel('Booking reference').fill('kxb7ht2n');
    await server.getByLabel('Email address').fill('traveller@exa');
    release();
    const widget = page.locator('#lookup-widget .rw-lookup');
    await widget.waitFor();
    assert.equal(await widget.getByRole('textbox', { name: /^Booking reference/ }).inputValue(), 'KXB7HT2N');
    const email = widget.getByRole('textbox', { name: /^Email address/ });
    assert.equal(await email.inputValue(), 'traveller@exa');
    assert.equal(await email.evaluate((element) => element === document.activeElement), true);
    await page.keyboard.type('mple.com');
    assert.equal(await email.inputValue(), 'traveller@example.com');
  } finally {
    await context.close();
  }
});
