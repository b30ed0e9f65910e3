/* global document, window -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of "the shim trusts only itself" and of navigation targets (docs/security.md
 * "The shim trusts only itself" and "Navigation targets"). A second loopback server plays the
 * attacker's origin; it serves a `refund/remoteEntry.js` that marks the page and records every
 * request. HTML is injected into dev-host pages with `page.route`, and the pages are served
 * without their CSP, as on a host page that has none.
 */
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const http = require('http');
const { useHostAndBrowser, openPage, shimSrc } = require('./harness');
const { rewritePages } = require('./pageRewrite');
const bookings = require('../fixtures/bookings.json');
const widgets = require('../host-shim/widgets.json');

const env = useHostAndBrowser();
/** The attacker's origin: `{ origin, hits }`, every request path in `hits`. */
const attacker = { origin: '', hits: [] };
let attackerServer;

before(async () => {
  attackerServer = http.createServer((req, res) => {
    attacker.hits.push(req.url);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Content-Type', 'text/javascript');
    res.end('window.__rwAttacker = true;');
  });
  await new Promise((resolve) => attackerServer.listen(0, '127.0.0.1', resolve));
  attacker.origin = `http://127.0.0.1:${attackerServer.address().port}`;
});

after(() => new Promise((resolve) => attackerServer.close(resolve)));

const pageUrl = (route, state) =>
  `${env.host.url}${route}?BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;

/** Every element name finding 1 lists, plus the other globals the runtimes look up by name. */
function hostileElements() {
  const names = [
    ...widgets.map((w) => `__rw_remote_${w.name}`),
    ...widgets.map((w) => `webpackChunkrw_${w.name}`),
    'webpackChunkrw_host_shim',
    '_FEDERATION_RUNTIME_CORE',
    '_FEDERATION_RUNTIME_CORE_FROM',
  ];
  return [
    `<img name="currentScript" alt="" data-remotes-base="${attacker.origin}/" data-api-base="${attacker.origin}">`,
    '<a id="RefundWidgets" href="#">x</a>',
    ...names.map((name) => `<img name="${name}" alt="">`),
  ].join('');
}

/** Requests the page made to any origin but the dev host's (data: and blob: aside). */
function foreignRequests(requests) {
  return requests.map((r) => r.url).filter((url) => !url.startsWith(`${env.host.url}/`) && !/^(data|blob):/.test(url));
}

test('injected currentScript, RefundWidgets and container elements: every widget mounts, nothing loads from another origin', async () => {
  attacker.hits.length = 0;
  const { page, context, problems, requests } = await openPage(env.browser);
  await rewritePages(page, '**/Demo/TwoWidgets?*', (html) =>
    html.replace(/<body[^>]*>/, (tag) => tag + hostileElements()),
  );
  await page.goto(pageUrl('/Demo/TwoWidgets', 'instant'));
  await page.getByRole('heading', { name: /^You will receive £/ }).waitFor();
  await page.locator('#journey-summary-widget[data-rw-mounted]').waitFor();
  const state = await page.evaluate(() => ({
    api: typeof window.RefundWidgets?.mount,
    version: typeof window.RefundWidgets?.version,
    attacker: window.__rwAttacker === true,
    failed: [...document.querySelectorAll('[data-rw-state="failed"]')].map((el) => el.id),
  }));
  assert.deepEqual(state, { api: 'function', version: 'string', attacker: false, failed: [] });

  // The refund itself goes to the page's own origin.
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
  assert.ok(requests.some((r) => r.url === `${env.host.url}/api/ProcessRefund`));
  assert.deepEqual(foreignRequests(requests), [], 'no request to another origin');
  assert.deepEqual(attacker.hits, [], 'the other origin saw nothing');
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

test('RefundWidgets.mount works by hand on a page with <a id="RefundWidgets">', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await rewritePages(page, '**/JourneySummary?*', (html) =>
    html
      .replace(/<body[^>]*>/, (tag) => `${tag}<a id="RefundWidgets" href="#">x</a>`)
      .replace(`${shimSrc()}"`, `${shimSrc()}" data-auto-mount="false"`),
  );
  await page.goto(pageUrl('/JourneySummary', 'instant'));
  await page.evaluate(() =>
    window.RefundWidgets.mount('journeySummary', document.getElementById('journey-summary-widget')),
  );
  await page.locator('#journey-summary-widget[data-rw-mounted]').waitFor();
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

for (const attribute of ['data-remotes-base', 'data-api-base']) {
  test(`${attribute} on another origin is refused: console error, report, fallback text, no request there`, async () => {
    attacker.hits.length = 0;
    const { page, context, problems, requests } = await openPage(env.browser);
    const value = attribute === 'data-remotes-base' ? `${attacker.origin}/` : attacker.origin;
    await rewritePages(page, '**/ConfirmRefund?*', (html) =>
      html.replace(`${shimSrc()}"`, `${shimSrc()}" ${attribute}="${value}"`),
    );
    const report = page.waitForRequest((r) => r.url() === `${env.host.url}/report/error` && r.method() === 'POST');
    await page.goto(pageUrl('/ConfirmRefund', 'instant'));
    await page.locator('#refund-widget[data-rw-state="failed"]').waitFor();
    assert.match(
      await page.locator('#refund-widget').innerText(),
      /Sorry, this part of the page could not be loaded\. Please refresh the page or try again later\./,
    );
    assert.match((await report).postData() ?? '', /refund-widgets: /);
    assert.ok(
      problems.consoleErrors.some((text) => text.startsWith(`refund-widgets: ${attribute}`)),
      problems.consoleErrors.join('\n'),
    );
    assert.deepEqual(foreignRequests(requests), []);
    assert.deepEqual(attacker.hits, []);
    await context.close();
  });
}

test('data-action="/&#9;/<other origin>/steal" on the lookup form: refused, the form is never sent there', async () => {
  attacker.hits.length = 0;
  const { page, context, requests } = await openPage(env.browser);
  const host = attacker.origin.replace('http://', '');
  await rewritePages(page, `${env.host.url}/`, (html) =>
    html.replace('<div id="lookup-widget"', `<div id="lookup-widget" data-action="/&#9;/${host}/steal"`),
  );
  await page.goto(`${env.host.url}/`);
  await page.getByText('This page is set up incorrectly (an invalid form action). Please try again later.').waitFor();
  assert.equal(await page.getByRole('textbox', { name: 'Booking reference' }).count(), 0, 'no form to send');
  assert.deepEqual(foreignRequests(requests), []);
  assert.deepEqual(attacker.hits, []);
  await context.close();
});
