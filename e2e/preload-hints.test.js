/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * The dev host's pages with the build's preload hints (dev-host/preloadHints.js, started with
 * `preloadHints`; docs/host-contract.md "Preload hints"), in Chromium under the strict CSP: the
 * shim is hinted right after the GETs, as its tag loads it; each hinted GET and file is fetched once
 * (the shim's tag, its GETs and the federation runtime take the preloaded answers) and Chromium does
 * not warn that a preload went unused; the Refund unavailable page hints
 * and fetches its status GET, not its dry run. The dev host without the option is the page without
 * hints that the other browser tests use.
 */
'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHost, launchBrowser, openPage, shimSrc } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const env = {};
/** Chromium warns about an unused preload a few seconds after the load event. */
const UNUSED_PRELOAD_DELAY_MS = 4500;

before(async () => {
  env.host = await startHost({ preloadHints: true });
  env.browser = await launchBrowser();
});

after(async () => {
  await env.browser?.close();
  await env.host?.close();
});

const acceptRefund = (page) => page.getByRole('button', { name: 'Accept refund' }).waitFor();
for (const [route, gets, ready] of [
  ['/ConfirmRefund', ['Status', 'DryRun'], acceptRefund],
  ['/Demo/TwoWidgets', ['Status', 'DryRun'], acceptRefund],
  // The Refund unavailable page (data-view) reads the status only: its dry run is neither hinted nor fetched.
  [
    '/RefundUnavailable',
    ['Status'],
    (page) => page.locator('#refund-widget .rw-refund__unavailable-page h3').waitFor(),
  ],
]) {
  test(`${route} with the refund snippet's hints: its GETs (${gets.join(', ')}) and each hinted file fetched once; no unused preload`, async () => {
    const state = bookings.instant;
    const { page, context, problems, requests } = await openPage(env.browser);
    const messages = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    await page.goto(
      `${env.host.url}${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`,
    );
    await ready(page);
    await page.waitForTimeout(UNUSED_PRELOAD_DELAY_MS);
    const hinted = await page.evaluate(() =>
      [...document.head.querySelectorAll('link[rel=preload]:not([data-rw-preload])')].map((link) => link.href),
    );
    const ref = encodeURIComponent(state.bookingReference);
    const getUrls = gets.map((get) => `${env.host.url}/Refund/${get}?bookingReference=${ref}`);
    assert.deepEqual(
      hinted.filter((url) => url.includes('/Refund/')),
      getUrls,
    );
    assert.deepEqual(hinted.slice(0, gets.length), getUrls);
    const shimUrl = `${env.host.url}${shimSrc()}`;
    assert.equal(hinted[gets.length], shimUrl);
    assert.equal(await page.locator(`script[src="${shimSrc()}"][integrity][crossorigin="anonymous"]`).count(), 1);
    for (const get of ['Status', 'DryRun']) {
      const sent = requests.filter((request) => new URL(request.url).pathname === `/Refund/${get}`).length;
      assert.equal(sent, gets.includes(get) ? 1 : 0, `/Refund/${get} requests`);
    }
    assert.ok(hinted.includes(`${env.host.url}/static/refund-widgets/refund/remoteEntry.js`));
    for (const url of hinted) {
      assert.equal(requests.filter((request) => request.url === url).length, 1, `${url} is fetched once`);
    }
    assert.deepEqual(
      messages.filter((message) => /preload/i.test(message)),
      [],
    );
    assert.deepEqual(problems.pageErrors, []);
    assert.deepEqual(problems.cspViolations, []);
    await context.close();
  });
}
