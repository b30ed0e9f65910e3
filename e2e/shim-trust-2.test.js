/* global document -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of the second security review's findings on the shim and the page data
 * (docs/security.md "The shim and the page"): an injected duplicate mount
 * point, a second shim tag, clobbered document properties, duplicate page-data blocks and
 * navigation targets on another origin. A second loopback address (127.0.0.2) plays the
 * attacker's origin and records every request. HTML is injected into dev-host pages with
 * `page.route` (e2e/pageRewrite.js).
 */
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const http = require('http');
const { useHostAndBrowser, openPage, shimSrc } = require('./harness');
const { rewritePages } = require('./pageRewrite');
const bookings = require('../fixtures/bookings.json');

const env = useHostAndBrowser();
/** The attacker's origin: `{ origin, hits }`, every request path in `hits`. */
const attacker = { origin: '', hits: [] };
let attackerServer;

before(async () => {
  attackerServer = http.createServer((req, res) => {
    attacker.hits.push(req.url);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.end('stolen');
  });
  await new Promise((resolve) => attackerServer.listen(0, '127.0.0.2', resolve));
  attacker.origin = `http://127.0.0.2:${attackerServer.address().port}`;
});

after(() => new Promise((resolve) => attackerServer.close(resolve)));

const FALLBACK = 'Sorry, this part of the page could not be loaded. Please refresh the page or try again later.';
/** How long a test waits for what the fixed code shows (the old code never shows it). */
const WAIT = { timeout: 15000 };

const query = (state) =>
  `BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;
const pageUrl = (route, state) => `${env.host.url}${route}?${query(state)}`;

/** The victim's refund page (£49.10) and the other booking whose dry run says £189.20. */
const VICTIM = 'instant-bus';
const OTHER = bookings.instant.bookingReference;

/** Requests the page made to any origin but the dev host's (data: and blob: aside). */
function foreignRequests(requests) {
  return requests.map((r) => r.url).filter((url) => !url.startsWith(`${env.host.url}/`) && !/^(data|blob):/.test(url));
}

/** The text of every element carrying `id`, in document order. */
function textsOfId(page, id) {
  return page.evaluate(
    (wanted) => [...document.querySelectorAll(`[id="${wanted}"]`)].map((el) => el.textContent.trim()),
    id,
  );
}

/** Resolves with the body of the first error report the page posts. */
function nextReport(page) {
  return page
    .waitForRequest((r) => r.url() === `${env.host.url}/report/error` && r.method() === 'POST', WAIT)
    .then((r) => r.postData() ?? '');
}

const shimErrors = (problems) => problems.consoleErrors.filter((text) => text.startsWith('refund-widgets:'));

test('an injected <div id="lookup-widget" data-action="<other origin>/steal"> before the real one: both show the fallback, the form is never sent there', async () => {
  attacker.hits.length = 0;
  const { page, context, problems, requests } = await openPage(env.browser);
  await rewritePages(page, `${env.host.url}/`, (html) =>
    html.replace(
      '<div id="lookup-widget"',
      `<div id="lookup-widget" data-action="${attacker.origin}/steal"></div><div id="lookup-widget"`,
    ),
  );
  const report = nextReport(page);
  await page.goto(`${env.host.url}/`);
  await page.locator('[id="lookup-widget"][data-rw-state="failed"] >> nth=1').waitFor(WAIT);
  assert.deepEqual(await textsOfId(page, 'lookup-widget'), [FALLBACK, FALLBACK]);
  assert.equal(await page.getByRole('textbox', { name: 'Booking reference' }).count(), 0, 'no form to send');
  assert.match(await report, /2 elements have the id \\"lookup-widget\\"/);
  assert.deepEqual(shimErrors(problems), [
    'refund-widgets: widget "lookup", mount #lookup-widget: 2 elements have the id "lookup-widget"; a mount point must be the only element with its id, so none is mounted',
  ]);
  assert.deepEqual(foreignRequests(requests), []);
  assert.deepEqual(attacker.hits, []);
  await context.close();
});

test('an injected #disruption-widget before the real one: both show the fallback', async () => {
  attacker.hits.length = 0;
  const { page, context, problems, requests } = await openPage(env.browser);
  const reference = bookings['disruption-waived'].bookingReference;
  await rewritePages(page, '**/Home/Disruption?*', (html) =>
    html.replace(
      '<div id="disruption-widget"',
      `<div id="disruption-widget" data-refund-status-url="/Refund/Status?bookingReference=${reference}" data-action="${attacker.origin}/steal" data-manual-action="${attacker.origin}/manual"></div><div id="disruption-widget"`,
    ),
  );
  await page.goto(pageUrl('/Home/Disruption', 'disruption-waived'));
  await page.locator('[id="disruption-widget"][data-rw-state="failed"] >> nth=1').waitFor(WAIT);
  assert.deepEqual(await textsOfId(page, 'disruption-widget'), [FALLBACK, FALLBACK]);
  assert.equal(shimErrors(problems).length, 1);
  assert.deepEqual(foreignRequests(requests), []);
  assert.deepEqual(attacker.hits, []);
  await context.close();
});

test("an injected #refund-widget with another booking's dry-run URL: that URL is never fetched, the fallback shows", async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  await rewritePages(page, '**/ConfirmRefund?*', (html) =>
    html.replace(
      '<div id="refund-widget"',
      `<div id="refund-widget" data-refund-status-url="/Refund/Status?bookingReference=${OTHER}" data-dry-run-url="/Refund/DryRun?bookingReference=${OTHER}" data-start-url="${attacker.origin}/start"></div><div id="refund-widget"`,
    ),
  );
  await page.goto(pageUrl('/ConfirmRefund', VICTIM));
  await page.locator('[id="refund-widget"][data-rw-state="failed"] >> nth=1').waitFor(WAIT);
  assert.deepEqual(await textsOfId(page, 'refund-widget'), [FALLBACK, FALLBACK]);
  assert.deepEqual(
    requests.filter((r) => r.url.includes(OTHER)).map((r) => r.url),
    [],
    "no GET of the other booking's status or dry run",
  );
  assert.equal(await page.getByRole('button', { name: 'Accept refund' }).count(), 0);
  assert.equal(await page.getByText('£189.20').count(), 0);
  assert.equal(shimErrors(problems).length, 1);
  await context.close();
});

test('navigation targets on an origin not built in are setup errors: data-action on the lookup, data-start-url on the refund page', async () => {
  attacker.hits.length = 0;
  const { page, context, requests } = await openPage(env.browser);
  await rewritePages(page, `${env.host.url}/`, (html) =>
    html.replace('<div id="lookup-widget"', `<div id="lookup-widget" data-action="${attacker.origin}/steal"`),
  );
  await page.goto(`${env.host.url}/`);
  await page
    .getByText('This page is set up incorrectly (an invalid form action). Please try again later.')
    .waitFor(WAIT);
  assert.equal(await page.getByRole('textbox', { name: 'Booking reference' }).count(), 0, 'no form to send');

  await rewritePages(page, '**/ConfirmRefund?*', (html) =>
    html.replace('<div id="refund-widget"', `<div id="refund-widget" data-start-url="${attacker.origin}/start"`),
  );
  await page.goto(pageUrl('/ConfirmRefund', VICTIM));
  await page
    .getByText('This refund page is set up incorrectly (invalid data-start-url). Please try again later.')
    .waitFor(WAIT);
  assert.deepEqual(foreignRequests(requests), []);
  assert.deepEqual(attacker.hits, []);
  await context.close();
});

for (const [what, attributes] of [
  ['data-api-base="/gallery-api"', 'data-api-base="/gallery-api"'],
  ['data-auto-mount="false"', 'data-auto-mount="false"'],
]) {
  test(`a second shim tag with ${what} before the real one: nothing mounts, the fallback text, one console error, one report`, async () => {
    const { page, context, problems, requests } = await openPage(env.browser);
    await rewritePages(page, '**/ConfirmRefund?*', (html) =>
      html.replace(
        `<script src="${shimSrc()}"`,
        `<script src="${shimSrc()}" ${attributes} defer></script>\n<script src="${shimSrc()}"`,
      ),
    );
    const report = nextReport(page);
    await page.goto(pageUrl('/ConfirmRefund', VICTIM));
    await page.locator('#refund-widget[data-rw-state="failed"]').waitFor(WAIT);
    assert.equal(await page.locator('#refund-widget').innerText(), FALLBACK);
    assert.match(await report, /refund-widgets: /);
    await page.waitForTimeout(300); // anything more the page would say
    assert.equal(shimErrors(problems).length, 1, shimErrors(problems).join('\n'));
    assert.equal(requests.filter((r) => r.url === `${env.host.url}/report/error`).length, 1, 'one report');
    assert.deepEqual(
      requests.filter((r) => r.url.includes('/gallery-api/') || r.url.includes('remoteEntry.js')).map((r) => r.url),
      [],
      'no widget loaded, nothing sent to /gallery-api',
    );
    await context.close();
  });
}

test('identical copies of the shim tag (a layout and a view) still mount once', async () => {
  const { page, context, problems, requests } = await openPage(env.browser);
  await rewritePages(page, '**/ConfirmRefund?*', (html) =>
    html.replace(/<script src="[^"]*host-shim[^>]*><\/script>/, (tag) => `${tag}\n${tag}`),
  );
  await page.goto(pageUrl('/ConfirmRefund', VICTIM));
  await page.getByRole('heading', { name: 'You will receive £49.10' }).waitFor(WAIT);
  assert.equal(await page.locator('[data-rw-state="failed"]').count(), 0);
  assert.equal(await page.locator('#refund-widget .rw-root').count(), 1);
  assert.equal(requests.filter((r) => r.url.endsWith('/refund/remoteEntry.js')).length, 1);
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.pageErrors, []);
  await context.close();
});

for (const name of [
  'getElementById',
  'createElement',
  'getElementsByTagName',
  'defaultView',
  'querySelector',
  'createTextNode',
]) {
  test(`<form name="${name}"> in the page: the fallback text and a report, never a blank mount point`, async () => {
    const { page, context, problems, requests } = await openPage(env.browser);
    await rewritePages(page, '**/ConfirmRefund?*', (html) =>
      html.replace(/<body[^>]*>/, (tag) => `${tag}<form name="${name}"></form>`),
    );
    const report = nextReport(page);
    await page.goto(pageUrl('/ConfirmRefund', VICTIM));
    await page.locator('#refund-widget[data-rw-state="failed"]').waitFor(WAIT);
    assert.equal(await page.locator('#refund-widget').innerText(), FALLBACK);
    assert.match(await report, new RegExp(`shadows document\\.${name};`));
    assert.deepEqual(shimErrors(problems), [
      `refund-widgets: a named element (such as <form name="${name}">) shadows document.${name}; no widget can run on this page, so none is mounted`,
    ]);
    assert.deepEqual(problems.pageErrors, []);
    assert.equal(requests.filter((r) => r.url.includes('remoteEntry.js')).length, 0, 'no widget loaded');
    await context.close();
  });
}

test('an injected <script type="application/json" id="refund-details"> before the host\'s block is a setup error, never the other booking', async () => {
  const { page, context, problems } = await openPage(env.browser);
  const other = JSON.stringify(bookings.instant.details).replace(/</g, '\\u003c');
  await rewritePages(page, '**/ConfirmRefund?*', (html) =>
    html.replace(/<body[^>]*>/, (tag) => `${tag}<script type="application/json" id="refund-details">${other}</script>`),
  );
  await page.addInitScript(() => {
    document.addEventListener('refundwidgets:complete', (event) => {
      console.error(`complete ${JSON.stringify(event.detail)}`);
    });
  });
  await page.goto(pageUrl('/ConfirmRefund', VICTIM));
  await page.locator('#refund-widget').getByText('Missing JSON data from DOM').waitFor(WAIT);
  assert.equal(await page.getByRole('button', { name: 'Accept refund' }).count(), 0);
  assert.deepEqual(shimErrors(problems), [
    'refund-widgets: widget "refund", mount #refund-widget: 2 elements have the id "refund-details"; page data must be the only element with its id',
  ]);
  assert.deepEqual(
    problems.consoleErrors.filter((text) => text.startsWith('complete ')),
    [],
  );
  await context.close();
});

test('a <div id="station-names"> with JSON text is a setup error: its text never shows as a station', async () => {
  const { page, context, problems } = await openPage(env.browser);
  await rewritePages(page, '**/ConfirmRefund?*', (html) =>
    html.replace(
      /<body[^>]*>/,
      (tag) => `${tag}<div id="station-names" hidden>{"KGX":"Attacker Street","YRK":"Attacker Street"}</div>`,
    ),
  );
  await page.goto(pageUrl('/ConfirmRefund', VICTIM));
  await page
    .locator('#refund-widget')
    .getByText('We could not load the station names for this page. Please refresh the page or try again later.')
    .waitFor(WAIT);
  assert.equal(await page.locator('#refund-widget').getByText('Attacker Street').count(), 0);
  assert.equal(shimErrors(problems).length, 1);
  assert.match(shimErrors(problems)[0], /2 elements have the id "station-names"/);
  await context.close();
});
