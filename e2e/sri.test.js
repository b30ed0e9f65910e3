/* global window, document, getComputedStyle, MutationObserver -- used inside page.addInitScript and page.evaluate, which run in the browser */
/**
 * Browser tests of docs/security.md "Every file under SRI": on the refund page every
 * script and stylesheet the shim and the runtimes create, and every preload, carries the integrity
 * `dist/manifest.json` lists, with no warning and no file fetched twice, on the page's origin and
 * from a CDN. A tampered file (the refund page's own chunk, its CSS, the remote entry, a preloaded
 * shared chunk, the shim's loader chunk) never runs: the widget shows its fallback text and one
 * error report is sent. Run after a build.
 */
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { useHostAndBrowser, openPage, DIST } = require('./harness');
const { startCdn, startSite, refundPageHtml } = require('./hostTeamSite');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser({ resetEachTest: true });
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'manifest.json'), 'utf8'));
const FALLBACK = 'Sorry, this part of the page could not be loaded. Please refresh the page or try again later.';
const state = bookings.instant;
const query = `?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;

/** The file of dist/<folder> (relative to dist/) whose name matches `pattern` and whose text includes every marker. */
function distFile(folder, pattern, ...markers) {
  const file = fs
    .readdirSync(path.join(DIST, folder))
    .filter((name) => pattern.test(name))
    .find((name) => {
      const text = fs.readFileSync(path.join(DIST, folder, name), 'utf8');
      return markers.every((marker) => text.includes(marker));
    });
  assert.ok(file, `dist/${folder} has a file matching ${pattern} with ${markers.join(', ')}`);
  return `${folder}/${file}`;
}

/** The refund page's own chunk (the exposed module's), its stylesheet, and the shim's React chunk. */
const REFUND_CHUNK = distFile('refund', /^\d+\.[0-9a-f]{8}\.js$/, 'rw-refund__preamble');
const REFUND_CSS = Object.keys(manifest.files).find(
  (file) => file.startsWith(REFUND_CHUNK.replace(/[0-9a-f]{8}\.js$/, '')) && file.endsWith('.css'),
);
const REACT_CHUNK = distFile(
  'host-shim',
  /^\d+\.[0-9a-f]{8}\.js$/,
  'react.transitional.element',
  'React.Children.only',
);

/** Records every script and link element added to the document, with its attributes at insertion. */
function recordElements(page) {
  return page.addInitScript(() => {
    window.__rwElements = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.nodeName !== 'SCRIPT' && node.nodeName !== 'LINK') continue;
          window.__rwElements.push({
            tag: node.nodeName.toLowerCase(),
            url: node.nodeName === 'SCRIPT' ? node.src : node.href,
            rel: node.getAttribute('rel'),
            integrity: node.getAttribute('integrity'),
            crossorigin: node.getAttribute('crossorigin'),
          });
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Console messages of every type (warnings included) that speak of integrity or preloads. */
function integrityMessages(page) {
  const messages = [];
  page.on('console', (message) => {
    if (/integrity|preload/i.test(message.text())) messages.push(`${message.type()}: ${message.text()}`);
  });
  return messages;
}

/**
 * Asserts that every element made for a file of the build carries its integrity from the manifest
 * (all but the host's own shim tag: the host gives it its integrity, as the ASP.NET kit does).
 */
async function assertEveryElementHasIntegrity(page, buildBase, { crossOrigin }) {
  const elements = (await page.evaluate(() => window.__rwElements))
    .filter(
      (e) => e.url.startsWith(buildBase) && !/^host-shim(\.[0-9a-f]{8})?\.js$/.test(e.url.slice(buildBase.length)),
    )
    .map((e) => ({ ...e, file: e.url.slice(buildBase.length) }));
  assert.ok(elements.length >= 10, `the shim and the runtimes made ${elements.length} script and link elements`);
  const kinds = new Set(elements.map((e) => `${e.tag}${e.rel ? `:${e.rel}` : ''}`));
  for (const kind of ['script', 'link:preload', 'link:stylesheet']) assert.ok(kinds.has(kind), `a ${kind} element`);
  const wrong = elements
    .filter((e) => !manifest.files[e.file] || e.integrity !== manifest.files[e.file].integrity)
    .map((e) => `${e.tag} ${e.rel ?? ''} ${e.file}: ${e.integrity}`);
  assert.deepEqual(wrong, [], 'every script, stylesheet and preload carries the manifest integrity');
  assert.ok(
    elements.some((e) => e.tag === 'script' && e.file === 'refund/remoteEntry.js'),
    'the remote entry came through a script element',
  );
  if (crossOrigin) {
    assert.deepEqual(
      elements.filter((e) => e.crossorigin !== 'anonymous').map((e) => e.file),
      [],
      'from a CDN, every element carries crossorigin="anonymous"',
    );
  }
}

/** The requests a page sent, counted by method and URL; those sent more than once. */
function repeated(requests) {
  const counts = requests.reduce(
    (m, r) => m.set(`${r.method} ${r.url}`, (m.get(`${r.method} ${r.url}`) || 0) + 1),
    new Map(),
  );
  return [...counts].filter(([, n]) => n > 1).map(([key, n]) => `${key} ×${n}`);
}

test('refund page: every script, stylesheet and preload carries the manifest integrity; no warning, each file once', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  await recordElements(page);
  const messages = integrityMessages(page);
  await page.goto(`${env.host.url}/ConfirmRefund${query}`);
  await page
    .locator('#refund-widget')
    .getByRole('heading', { name: /^You will receive/ })
    .waitFor();
  await page.waitForLoadState('networkidle');
  // The lazily loaded chunks (axios) load on idle; Accept refund uses them.
  await page.locator('#refund-widget').getByRole('button', { name: 'Accept refund' }).click();
  await page.locator('#refund-widget').getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  await page.waitForLoadState('networkidle');
  await assertEveryElementHasIntegrity(page, `${env.host.url}/static/refund-widgets/`, { crossOrigin: false });
  assert.deepEqual(repeated(requests), [], 'no file fetched twice (every preload was used)');
  assert.deepEqual(messages, [], 'no integrity or preload message');
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.cspViolations, []);
  await context.close();
});

/** Waits until the refund mount point shows either the fallback text or the widget's first panel. */
async function settled(page) {
  const widget = page.locator('#refund-widget');
  await widget
    .getByText(FALLBACK)
    .or(widget.getByRole('heading', { name: /^You will receive/ }))
    .waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** Asserts that the refund mount point shows the fallback text. */
async function assertFallback(page) {
  assert.equal(await page.locator('#refund-widget').innerText(), FALLBACK, 'the fallback text, not the widget');
}

/**
 * Opens the refund page with `file` (relative to dist/) served tampered: `tamper(body)` on its
 * first response only (`firstOnly`) or on every one. Returns what happened, once settled.
 */
async function openTampered(file, tamper, { firstOnly = false } = {}) {
  const opened = await openPage(env.browser);
  const { page } = opened;
  let served = 0;
  await page.route(`**/static/refund-widgets/${file}`, async (route) => {
    served += 1;
    const response = await route.fetch();
    const body = await response.text();
    await route.fulfill({ response, body: firstOnly && served > 1 ? body : tamper(body) });
  });
  await page.goto(`${env.host.url}/ConfirmRefund${query}`);
  await settled(page);
  const reports = opened.requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/report/error');
  return { ...opened, served, reports };
}

const appendScript = (body) => `${body}\n;window.__tampered = 1;`;

for (const [what, file, firstOnly] of [
  ["the refund page's own chunk", REFUND_CHUNK, false],
  ['the refund remote entry', 'refund/remoteEntry.js', false],
  ["a preloaded shared chunk (the shim's React), its first response only", REACT_CHUNK, true],
]) {
  test(`${what} tampered: nothing of it runs; the widget shows its fallback and one report is sent`, async () => {
    const { page, context, served, reports, problems } = await openTampered(file, appendScript, { firstOnly });
    assert.ok(served >= 1, `${file} was requested`);
    assert.equal(await page.evaluate(() => window.__tampered), undefined, 'the tampered code never ran');
    await assertFallback(page);
    assert.equal(reports.length, 1, 'one error report');
    assert.ok(
      problems.consoleErrors.some((text) => text.includes('integrity') && text.includes(file)),
      `the browser blocked ${file} for its integrity`,
    );
    assert.deepEqual(problems.cspViolations, []);
    await context.close();
  });
}

test("the refund page's stylesheet tampered: it never applies; the widget shows its fallback and one report is sent", async () => {
  const { page, context, reports, problems } = await openTampered(
    REFUND_CSS,
    (body) => `${body}\nhtml{--rw-tampered:1}`,
  );
  const applied = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--rw-tampered'),
  );
  assert.equal(applied, '', 'the tampered rule never applied');
  await assertFallback(page);
  assert.equal(reports.length, 1, 'one error report');
  assert.ok(problems.consoleErrors.some((text) => text.includes('integrity') && text.includes(REFUND_CSS)));
  assert.deepEqual(problems.cspViolations, []);
  await context.close();
});

test("the shim's own loader chunk tampered: nothing of it runs; every mount point shows the fallback", async () => {
  const loader = distFile('host-shim', /^loader\.[0-9a-f]{8}\.js$/, 'initializeSharing');
  const { page, context, requests, problems } = await openPage(env.browser);
  await page.route(`**/static/refund-widgets/${loader}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: appendScript(await response.text()) });
  });
  await page.goto(`${env.host.url}/ConfirmRefund${query}`);
  await settled(page);
  assert.equal(await page.evaluate(() => window.__tampered), undefined, 'the tampered code never ran');
  await assertFallback(page);
  assert.ok(problems.consoleErrors.some((text) => text.includes('integrity') && text.includes(loader)));
  assert.equal(
    requests.filter((r) => r.url.includes('/refund/remoteEntry.js')).length,
    1,
    'the remote entry was only preloaded: nothing registered the remote',
  );
  await context.close();
});

test('from a CDN (crossorigin): every file carries its integrity, the refund page works; a tampered chunk never runs', async () => {
  const cdn = await startCdn(DIST, { cors: true });
  const site = await startSite({
    backend: true,
    csp: `default-src 'self'; script-src 'self' ${cdn.url}; style-src 'self' ${cdn.url}; img-src 'self' data: blob: ${cdn.url}; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`,
    page: (_req, _site, _res, { csrfToken }) =>
      refundPageHtml({ state, shimSrc: `${cdn.base}/host-shim.js`, csrfToken }),
  });
  try {
    const normal = await openPage(env.browser);
    await recordElements(normal.page);
    const messages = integrityMessages(normal.page);
    await normal.page.goto(`${site.url}/ConfirmRefund${query}`);
    await normal.page.getByRole('heading', { name: /^You will receive/ }).waitFor();
    await normal.page.waitForLoadState('networkidle');
    await assertEveryElementHasIntegrity(normal.page, `${cdn.base}/`, { crossOrigin: true });
    assert.deepEqual(repeated(normal.requests), []);
    assert.deepEqual(messages, []);
    assert.deepEqual(normal.problems.consoleErrors, []);
    assert.deepEqual(normal.problems.cspViolations, []);
    await normal.context.close();

    const tampered = await openPage(env.browser);
    await tampered.page.route(`${cdn.base}/${REFUND_CHUNK}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: appendScript(await response.text()) });
    });
    await tampered.page.goto(`${site.url}/ConfirmRefund${query}`);
    await settled(tampered.page);
    assert.equal(await tampered.page.evaluate(() => window.__tampered), undefined, 'the tampered code never ran');
    await assertFallback(tampered.page);
    await tampered.context.close();
  } finally {
    await site.close();
    await cdn.close();
  }
});
