/* global window, document, DOMParser  -- used inside page.addInitScript and page.evaluate, which run in the browser */
/**
 * Browser-test helper for docs/host-contract.md "Reserved space": a page's layout shifts on a
 * 412 px phone under Lighthouse's mobile throttling (Slow 4G, 4× CPU), on the host's own layout
 * or on a minimal host page (a heading, the mount point and a footer).
 */

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

/**
 * The minimal host page of `html`: its head, then only a heading, the mount point `mountId` (with
 * its content), the body's scripts (page data, the shim) and a footer. Rewritten by the browser's
 * own HTML parser, in `helper` (a blank page).
 */
function minimalPage(helper, html, mountId) {
  return helper.evaluate(
    ([source, id]) => {
      const doc = new DOMParser().parseFromString(source, 'text/html');
      const heading = doc.createElement('h1');
      heading.textContent = 'Your booking';
      const footer = doc.createElement('footer');
      footer.className = 'minimal-footer';
      footer.textContent = 'Questions? Contact us.';
      doc.body.replaceChildren(heading, doc.getElementById(id), ...doc.body.querySelectorAll('script'), footer);
      return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`;
    },
    [html, mountId],
  );
}

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
 * Loads `url` on the phone, throttled (`minimalFor`: as the minimal host page of that mount id;
 * `withoutStylesheet`: with the head's link to the host stylesheet taken out), until `ready` (a selector inside the mount point) shows and
 * the network is quiet; returns the shifts and their sum (shifts after input left out, as CLS does).
 */
async function loadAndMeasure(browser, url, ready, { withoutStylesheet = false, minimalFor = null } = {}) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await recordShifts(page);
    if (minimalFor) {
      const helper = await context.newPage();
      await page.route(url, async (routeRequest) => {
        const response = await routeRequest.fetch();
        await routeRequest.fulfill({ response, body: await minimalPage(helper, await response.text(), minimalFor) });
      });
    }
    if (withoutStylesheet) {
      // A page from before the stylesheet: its head names none.
      await page.route(url, async (routeRequest) => {
        const response = await routeRequest.fetch();
        const html = (await response.text()).replace(
          /<link rel="stylesheet" href="[^"]*refund-widgets(\.[0-9a-f]{8})?\.css"[^>]*>\n?/,
          '',
        );
        await routeRequest.fulfill({ response, body: html });
      });
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    // A quiet network, or 20 s at most: the shifts are measured either way.
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
    const shifts = await page.evaluate(() => window.__rwShifts);
    const cls = shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
    const stylesheetLinked = await page.evaluate(
      () => document.querySelectorAll('head link[rel="stylesheet"][href*="/refund-widgets."][href$=".css"]').length,
    );
    return { cls, shifts, stylesheetLinked };
  } finally {
    await context.close();
  }
}

const describeShifts = (shifts) => shifts.map((s) => `${s.value.toFixed(4)}: ${s.sources.join('; ')}`).join('\n');

module.exports = { PHONE, GOOD_CLS, loadAndMeasure, describeShifts };
