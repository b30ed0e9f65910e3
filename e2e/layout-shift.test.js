/* global window, document  -- used inside page.addInitScript and page.evaluate, which run in the browser */
/**
 * Browser tests of the reserved space (docs/host-contract.md "Reserved space"): on a 412 px phone
 * under Lighthouse's mobile throttling (Slow 4G, 4× CPU), the widgets' pages load with a cumulative
 * layout shift of at most 0.01, measured by the browser's own `layout-shift` entries: the host
 * stylesheet keeps each mount point's space until the first panel, so neither the loading text nor
 * the first panel moves the host's page. Without the stylesheet (a page from before it), the same
 * page still works and shifts as it did.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { useHostAndBrowser } = require('./harness');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser();

const query = (state) =>
  `BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;
/** Lighthouse "Slow 4G": 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** Lighthouse's mobile screen (Moto G Power). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const GOOD_CLS = 0.01;

/** Collects every layout shift of the page (value, recent input, what moved) from its start. */
function recordShifts(page) {
  return page.addInitScript(() => {
    window.__rwShifts = [];
    const rect = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const name = (node) =>
      !node || node.nodeType !== 1
        ? String(node?.nodeName ?? 'gone')
        : `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className ? `.${String(node.className).trim().replace(/\s+/g, '.')}` : ''}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__rwShifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: entry.sources.map((s) => `${name(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Loads `route` on the phone, throttled, until `ready` (a selector inside the mount point) shows and
 * the network is quiet; returns the shifts and their sum (shifts after input left out, as CLS does).
 */
async function loadAndMeasure(route, ready, { withoutStylesheet = false } = {}) {
  const context = await env.browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await recordShifts(page);
    if (withoutStylesheet) {
      // A page from before the stylesheet: its head names none.
      await page.route(/\/ConfirmRefund\?/, async (routeRequest) => {
        const response = await routeRequest.fetch();
        const html = (await response.text()).replace(
          /<link rel="stylesheet" href="[^"]*refund-widgets\.css"[^>]*>\n?/,
          '',
        );
        await routeRequest.fulfill({ response, body: html });
      });
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${env.host.url}${route}`);
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    // A quiet network, or 20 s at most: the shifts are measured either way.
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
    const shifts = await page.evaluate(() => window.__rwShifts);
    const cls = shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
    const stylesheetLinked = await page.evaluate(
      () => document.querySelectorAll('head link[rel="stylesheet"][href$="/refund-widgets.css"]').length,
    );
    return { cls, shifts, stylesheetLinked };
  } finally {
    await context.close();
  }
}

const describe = (shifts) => shifts.map((s) => `${s.value.toFixed(4)}: ${s.sources.join('; ')}`).join('\n');

const PAGES = [
  ['start /', '/', '#lookup-widget form button'],
  [
    'refund /ConfirmRefund',
    `/ConfirmRefund?${query('instant')}`,
    '#refund-widget h2:text-matches("^You will receive")',
  ],
  ['manual claim /ManualRefund', `/ManualRefund?${query('printed')}`, '#manual-claim-widget input[type=file]'],
  ['disruption /Home/Disruption', `/Home/Disruption?${query('disruption-waived')}`, '#disruption-widget fieldset'],
  ['Refund unavailable', `/RefundUnavailable?${query('instant')}`, '#refund-widget .rw-refund__unavailable-page h3'],
];

for (const [label, route, ready] of PAGES) {
  test(`${label}: CLS at most ${GOOD_CLS} on a phone at Slow 4G and 4× CPU (the host stylesheet reserves the space)`, async () => {
    const { cls, shifts, stylesheetLinked } = await loadAndMeasure(route, ready);
    assert.equal(stylesheetLinked, 1, 'the page links the host stylesheet once');
    assert.ok(cls <= GOOD_CLS, `CLS ${cls.toFixed(4)} > ${GOOD_CLS}; shifts:\n${describe(shifts)}`);
  });
}

test('refund page without the host stylesheet: it still loads its first panel, and the host page moves as before', async () => {
  const { cls, shifts, stylesheetLinked } = await loadAndMeasure(
    `/ConfirmRefund?${query('instant')}`,
    '#refund-widget h2:text-matches("^You will receive")',
    { withoutStylesheet: true },
  );
  assert.equal(stylesheetLinked, 0);
  // What the stylesheet prevents: the footer and the aside pushed down by the widget.
  assert.ok(cls > GOOD_CLS, `CLS ${cls.toFixed(4)} without the stylesheet`);
  assert.ok(
    shifts.some((s) => s.sources.some((source) => source.startsWith('footer.site-footer'))),
    describe(shifts),
  );
});
