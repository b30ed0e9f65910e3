/* global document, window -- inside page.evaluateOnNewDocument and page.evaluate */
/**
 * Firefox ESR uses every widget preload (docs/browser-support.md): walking from page to page, with
 * the build's hints and with the shim's own preloads alone, no `<link rel="preload">` of a widget
 * file fires `error`, and no widget file is fetched twice (once by its preload, once by its script).
 */
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const puppeteer = require('puppeteer-core');
const { startHost } = require('./harness');
const { bookingQuery } = require('../bench/lib');

const WALK = [
  '/',
  `/ConfirmRefund?${bookingQuery('instant')}`,
  `/ManualRefund?${bookingQuery('printed')}`,
  `/Home/Disruption?${bookingQuery('instant')}`,
  `/ConfirmRefund?${bookingQuery('instant')}`,
];

let browser;
before(async () => {
  browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr',
    headless: true,
  });
});
after(() => browser?.close());

/** Walks WALK in one tab; per page, the failed preloads and the widget files fetched more than once. */
async function walk(host) {
  const page = await (await browser.createBrowserContext()).newPage();
  await page.evaluateOnNewDocument(() => {
    window.__rwFailedPreloads = [];
    document.addEventListener(
      'error',
      (event) => {
        const link = event.target;
        if (link.tagName === 'LINK' && link.rel === 'preload') window.__rwFailedPreloads.push(link.href);
      },
      true,
    );
  });
  const seen = [];
  for (const path of WALK) {
    await page.goto(`${host.url}${path}`, { waitUntil: 'load' });
    await page.waitForNetworkIdle({ idleTime: 500 });
    seen.push(
      await page.evaluate(() => {
        const fetched = window.performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => /\/static\/refund-widgets\/.+\.(js|css)$/.test(name));
        return {
          path: window.location.pathname,
          widgetFiles: fetched.length,
          failed: window.__rwFailedPreloads,
          twice: fetched.filter((name, i) => fetched.indexOf(name) !== i),
        };
      }),
    );
  }
  await page.browserContext().close();
  return seen;
}

for (const preloadHints of [true, false]) {
  test(`no widget preload fails in Firefox, ${preloadHints ? 'with the build\u2019s hints' : 'with the shim\u2019s preloads alone'}`, async () => {
    const host = await startHost({ preloadHints });
    try {
      const pages = await walk(host);
      assert.ok(
        pages.every((p) => p.widgetFiles > 0),
        JSON.stringify(pages),
      );
      assert.deepEqual(
        pages.map(({ path, failed, twice }) => ({ path, failed, twice })),
        pages.map(({ path }) => ({ path, failed: [], twice: [] })),
      );
    } finally {
      await host.close();
    }
  });
}
