/* global window, document, getComputedStyle, requestAnimationFrame -- used inside page.addInitScript, which runs in the browser */
/**
 * docs/host-contract.md "Content before the widget" on the ASP.NET host, whose tag helpers write
 * each mount's content: with JavaScript off, and with the shim changed on the way (its integrity
 * refuses it), the start page's form looks a booking up and lands on its refund page, and every
 * other mount says what to do with the support contact; with the script working on Slow 4G the
 * failure text never shows. Axe is clean in both states (the content's with the shim refused: axe
 * crashes Chromium's renderer in a page with JavaScript off).
 */
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { openPage, seriousAxeViolations } = require('../../../e2e/harness');
const { useAspNetHostAndBrowser, bookingUrl } = require('./harness');
const { MOUNT_TEXTS } = require('../../../build/mount-content');
const bookings = require('../../../fixtures/bookings.json');

const env = useAspNetHostAndBrowser({ resetEachTest: true });
const url = (route, name) => bookingUrl(env.url, route, bookings[name]);

const SUPPORT = 'support@example.co.uk';
/** The delay of the host stylesheet before the failure text shows. */
const DELAY_MS = 10_000;
const { PHONE } = require('../../../e2e/layoutShift');

/** Each page with a mount but the start page: its route, booking and the mounts that show the failure text. */
const PAGES = [
  ['refund', '/ConfirmRefund', 'instant', ['#refund-widget']],
  ['manual claim', '/ManualRefund', 'printed', ['#manual-claim-widget']],
  ['disruption', '/Home/Disruption', 'disruption-waived', ['#disruption-widget']],
  ['journey summary', '/JourneySummary', 'instant', ['#journey-summary-widget']],
  ['two widgets', '/Demo/TwoWidgets', 'instant', ['#refund-widget', '#journey-summary-widget']],
];

/** Asserts that `mount` shows the failure text and its contact instead of the preamble. */
async function assertFailureShown(page, mount) {
  const box = page.locator(mount);
  await box.getByText(MOUNT_TEXTS.failed).waitFor({ state: 'visible', timeout: 3000 });
  assert.equal(await box.getByText(MOUNT_TEXTS.preamble).isVisible(), false, `${mount}: the preamble gives way`);
  if (mount === '#journey-summary-widget') {
    assert.equal(await box.getByText(MOUNT_TEXTS.contactNoEmail).isVisible(), true);
  } else {
    assert.equal(await box.getByRole('link', { name: SUPPORT }).getAttribute('href'), `mailto:${SUPPORT}`);
  }
}

/** Types the booking into the start page's form by its labels and presses Continue. */
async function lookUp(page, name) {
  const form = page.locator('#lookup-widget');
  await form.getByLabel('Booking reference').fill(bookings[name].bookingReference);
  await form.getByLabel('Email address').fill(bookings[name].email);
  await Promise.all([page.waitForURL(/\/ConfirmRefund\?/), form.getByRole('button', { name: 'Continue' }).click()]);
}

/** Changes the shim on the way: the site's tag carries the build's integrity, so the browser refuses it. */
const breakShim = (page) =>
  page.route(/\/host-shim(\.[0-9a-f]{8})?\.js$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n/* changed on the way */` });
  });

test('JavaScript off: the lookup reaches the refund page; every mount says what to do', async () => {
  const { page, context } = await openPage(env.browser, { ...PHONE, javaScriptEnabled: false });
  try {
    await page.goto(env.url);
    await lookUp(page, 'instant');
    assert.equal(new URL(page.url()).searchParams.get('BookingReference'), bookings.instant.bookingReference);
    await assertFailureShown(page, '#refund-widget');
    for (const [, route, name, mounts] of PAGES) {
      await page.goto(url(route, name));
      for (const mount of mounts) await assertFailureShown(page, mount);
    }
  } finally {
    await context.close();
  }
});

test(`the shim refused by its integrity: the lookup reaches the refund page; the failure texts show after ${DELAY_MS / 1000} s`, async () => {
  const { page, context } = await openPage(env.browser, PHONE);
  try {
    await breakShim(page);
    await page.goto(env.url);
    assert.deepEqual(await seriousAxeViolations(page), [], "axe: the start page's plain form");
    await lookUp(page, 'instant');
    const refund = page.locator('#refund-widget');
    await refund.getByText(MOUNT_TEXTS.preamble).waitFor({ state: 'visible' });
    assert.equal(await refund.getByText(MOUNT_TEXTS.failed).isVisible(), false, 'not before the delay');
  } finally {
    await context.close();
  }
  const tabs = await Promise.all(PAGES.map(() => openPage(env.browser, PHONE)));
  try {
    await Promise.all(
      tabs.map(async ({ page }, i) => {
        await breakShim(page);
        await page.goto(url(PAGES[i][1], PAGES[i][2]));
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 1000));
    for (const [i, { page }] of tabs.entries()) {
      for (const mount of PAGES[i][3]) await assertFailureShown(page, mount);
      assert.deepEqual(await seriousAxeViolations(page), [], `axe: ${PAGES[i][0]} once the failure text shows`);
    }
  } finally {
    await Promise.all(tabs.map(({ context }) => context.close()));
  }
});

test('script working on Slow 4G and 4× CPU: the refund page never shows the failure text, and the widget replaces the content', async () => {
  const { page, context, problems } = await openPage(env.browser, PHONE);
  try {
    await page.addInitScript(() => {
      window.__rwFailureSeen = [];
      const look = () => {
        for (const element of document.querySelectorAll('.rw-before__failed')) {
          if (getComputedStyle(element).visibility === 'visible') window.__rwFailureSeen.push('seen');
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url('/ConfirmRefund', 'instant'));
    await page.getByRole('heading', { name: /^You will receive £/ }).waitFor({ timeout: 60_000 });
    assert.deepEqual(await page.evaluate(() => window.__rwFailureSeen), []);
    assert.equal(await page.locator('.rw-before').count(), 0);
    assert.deepEqual(problems.pageErrors, []);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe: refund page with the widget');
  } finally {
    await context.close();
  }
});
