/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * The dev host's pages with the build's preload hints (dev-host/preloadHints.js, started with
 * `preloadHints`; docs/host-contract.md "Preload hints"), in Chromium under the strict CSP: each
 * hinted GET and file is fetched once (the shim's GETs and the federation runtime take the preloaded
 * answers) and Chromium does not warn that a preload went unused. The dev host without the option
 * is the page without hints that the other browser tests use.
 */
'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startHost, launchBrowser, openPage } = require('./harness');
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

for (const route of ['/ConfirmRefund', '/Demo/TwoWidgets']) {
  test(`${route} with the refund snippet's hints: each hinted GET and file is fetched once; no unused preload`, async () => {
    const state = bookings.instant;
    const { page, context, problems, requests } = await openPage(env.browser);
    const messages = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    await page.goto(
      `${env.host.url}${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`,
    );
    await page.getByRole('button', { name: 'Accept refund' }).waitFor();
    await page.waitForTimeout(UNUSED_PRELOAD_DELAY_MS);
    const hinted = await page.evaluate(() =>
      [...document.head.querySelectorAll('link[rel=preload]:not([data-rw-preload])')].map((link) => link.href),
    );
    const ref = encodeURIComponent(state.bookingReference);
    assert.deepEqual(hinted.slice(0, 2), [
      `${env.host.url}/Refund/Status?bookingReference=${ref}`,
      `${env.host.url}/Refund/DryRun?bookingReference=${ref}`,
    ]);
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
