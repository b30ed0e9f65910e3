/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * The preload hints of `<refund-widgets-head />` on the ASP.NET host (docs/aspnet.md "Preload
 * hints"), in Chromium under the strict CSP: the page starts the shim, the first panel's files and
 * its GETs from the HTML, the shim first of the files, hinted as its tag loads it; every hinted file
 * and GET is fetched once (the shim's tag, its GETs and the federation runtime take the preloaded
 * answers); and Chromium does not warn that a preload went unused. The Refund unavailable page hints its status GET, not its dry run. A page without widgets
 * has no hints.
 */
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { isDeepStrictEqual } = require('util');
const { openPage, DIST } = require('../../../e2e/harness');
const { useAspNetHostAndBrowser, bookingUrl } = require('./harness');
const bookings = require('../../../fixtures/bookings.json');

const env = useAspNetHostAndBrowser();
const manifest = () => JSON.parse(fs.readFileSync(path.join(DIST, 'manifest.json'), 'utf8'));
const BASE = '/_content/RefundWidgets.AspNetCore/';
/** Chromium warns about an unused preload a few seconds after the load event. */
const UNUSED_PRELOAD_DELAY_MS = 4500;

/**
 * Opens `route` for fixture state `name`, waits for `ready`, then for Chromium's unused-preload
 * check; returns the page's hints, its shim tag, how often each URL was requested, and every console message.
 */
async function visit(route, name, ready) {
  const { page, context, problems, requests } = await openPage(env.browser);
  const messages = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  await page.goto(bookingUrl(env.url, route, bookings[name]));
  await ready(page);
  await page.waitForTimeout(UNUSED_PRELOAD_DELAY_MS);
  const hints = await page.evaluate(() =>
    [...document.head.querySelectorAll('link[rel=preload]:not([data-rw-preload])')].map((link) => ({
      href: link.getAttribute('href'),
      as: link.getAttribute('as'),
      integrity: link.getAttribute('integrity'),
      crossorigin: link.getAttribute('crossorigin'),
    })),
  );
  const shimTag = await page.evaluate(() => {
    const tag = document.querySelector('script[src*="host-shim"]');
    return {
      src: tag.getAttribute('src'),
      integrity: tag.getAttribute('integrity'),
      crossorigin: tag.getAttribute('crossorigin'),
    };
  });
  const fetched = new Map();
  for (const request of requests) {
    const { pathname, search } = new URL(request.url);
    fetched.set(pathname + search, (fetched.get(pathname + search) ?? 0) + 1);
  }
  await context.close();
  return { hints, shimTag, fetched, messages, problems };
}

/** The shim's files of the shares `widgets` consume (`firstPanel.hostFiles`), without duplicates. */
function hostShareFiles(widgets) {
  const { firstPanel } = manifest();
  const keys = new Set(widgets.flatMap((name) => firstPanel.remotes[name].consumes));
  return [...new Set([...keys].flatMap((key) => firstPanel.hostFiles[key] ?? []))];
}

/**
 * The hints a page with `widgets` should carry for its files: each first-panel file, the shim's
 * loader chunk (`firstPanel.shim`) and the shim's files of the shares they use, with integrity.
 */
function expectedFileHints(widgets) {
  const { firstPanel, files } = manifest();
  const all = [...widgets.flatMap((name) => firstPanel.remotes[name].files), ...firstPanel.shim];
  return [...all, ...hostShareFiles(widgets)].map((file) => ({
    href: `${BASE}${file}`,
    as: file.endsWith('.css') ? 'style' : 'script',
    integrity: files[file].integrity,
    crossorigin: null,
  }));
}

for (const [route, widgets, ready, getNames = ['Status', 'DryRun']] of [
  ['/ConfirmRefund', ['refund'], (page) => page.getByRole('button', { name: 'Accept refund' }).waitFor()],
  [
    '/Demo/TwoWidgets',
    ['refund', 'journeySummary'],
    async (page) => {
      await page.getByRole('button', { name: 'Accept refund' }).waitFor();
      await page.locator('#journey-summary-widget').getByText('London Kings Cross').first().waitFor();
    },
  ],
  // data-view="unavailable" reads the status only: no dry run hinted, none fetched.
  [
    '/RefundUnavailable',
    ['refund'],
    (page) => page.locator('#refund-widget .rw-refund__unavailable-page h3').waitFor(),
    ['Status'],
  ],
]) {
  test(`${route}: hints in the head start the first panel's GETs and files at once; each is fetched once; no unused preload`, async () => {
    const state = bookings.instant;
    const { hints, shimTag, fetched, messages, problems } = await visit(route, 'instant', ready);
    const ref = encodeURIComponent(state.bookingReference);
    const gets = getNames.map((name) => `/Refund/${name}?bookingReference=${ref}`);
    if (!getNames.includes('DryRun')) assert.equal(fetched.get(`/Refund/DryRun?bookingReference=${ref}`), undefined);
    assert.deepEqual(
      hints.filter((hint) => hint.as === 'fetch'),
      gets.map((href) => ({ href, as: 'fetch', integrity: null, crossorigin: 'anonymous' })),
    );
    const fileHints = hints.filter((hint) => hint.as !== 'fetch');
    const { shim, files } = manifest();
    assert.deepEqual(fileHints[0], {
      href: `${BASE}${shim}`,
      as: 'script',
      integrity: files[shim].integrity,
      crossorigin: 'anonymous',
    });
    assert.equal(shimTag.src, `${BASE}${shim}`);
    assert.equal(shimTag.integrity, files[shim].integrity);
    assert.equal(shimTag.crossorigin, 'anonymous');
    for (const expected of expectedFileHints(widgets)) {
      assert.ok(
        fileHints.some((hint) => isDeepStrictEqual(hint, expected)),
        `${expected.href} is hinted with its integrity`,
      );
    }
    assert.ok(
      fileHints.every(
        (hint) =>
          widgets.some((name) => hint.href.startsWith(`${BASE}${name}/`)) ||
          [shim, ...manifest().firstPanel.shim, ...hostShareFiles(widgets)].some(
            (file) => hint.href === `${BASE}${file}`,
          ),
      ),
      'no file of another widget',
    );
    for (const href of [...gets, ...fileHints.map((hint) => hint.href)]) {
      assert.equal(fetched.get(href), 1, `${href} is fetched once`);
    }
    assert.deepEqual(
      messages.filter((message) => /preload/i.test(message)),
      [],
      'Chromium says nothing about a preload',
    );
    assert.deepEqual(problems.pageErrors, []);
    assert.deepEqual(problems.cspViolations, []);
  });
}

test('a page without widgets has no hints', async () => {
  const { page, context } = await openPage(env.browser);
  await page.goto(`${env.url}/SelfRefundsUnavailable`);
  assert.equal(await page.locator('link[rel=preload]').count(), 0);
  await context.close();
});
