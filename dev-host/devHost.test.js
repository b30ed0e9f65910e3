// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The dev host over HTTP: started on port 0 with a fresh temporary DATA_DIR and a stand-in dist/,
 * driven with global fetch.
 */
const fs = require('fs');
const path = require('path');
const bookings = require('../fixtures/bookings.json');
const stations = require('../fixtures/stations.json');
const { useTestHosts, travellerSession, confirmBody } = require('./testing');
const { CONTENT_SECURITY_POLICY } = require('./app');
const { SITE_CSS } = require('./views');
const { mountContent } = require('../build/mount-content');

/** A mount's content before the widget (docs/host-contract.md "Content before the widget"), as the pages write it. */
const content = (widget, supportEmail = 'support@example.co.uk') =>
  `\n${mountContent(widget, { supportEmail })}\n</div>`;

const HOSTILE = '</script><script>alert(1)</script>';
const { start: startHost, tempDir, fakeDist } = useTestHosts();

/** A stand-in dist/ with a shim, a remote entry and a hashed chunk. */
const distWithFiles = () =>
  fakeDist({
    'host-shim.js': '/* shim */',
    'refund/remoteEntry.js': '/* entry */',
    'refund/338.0ae689d1.js': '/* chunk */',
  });

const silentLogger = () => ({ info: jest.fn(), warn: jest.fn() });

/** Starts a dev host over the stand-in dist/ (options as for `startServer`); closed after each test. */
const start = (options = {}) => startHost({ distDir: distWithFiles(), logger: silentLogger(), ...options });

const pageUrl = (route, state) =>
  `${route}?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;

async function processRefund(server, body, key) {
  const headers = { 'Content-Type': 'application/json' };
  if (key !== undefined) headers['Idempotency-Key'] = key;
  const response = await server.fetch(`${server.url}/api/ProcessRefund`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const getJson = async (server, url) => (await server.fetch(`${server.url}${url}`)).json();

/** The content of `<script type="application/json" id="…">` in a page. */
function jsonBlockText(html, id) {
  const match = html.match(new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`));
  return match ? match[1] : null;
}

describe('reference backend: refund status and dry run', () => {
  it.each(['instant', 'replacement', 'cancelled', 'printed', 'null-status', 'null-status-literal'])(
    '%s: status and dry run are the fixture answers',
    async (name) => {
      const server = await start();
      const state = bookings[name];
      const status = await server.fetch(
        `${server.url}/Refund/Status?bookingReference=${encodeURIComponent(state.bookingReference)}`,
      );
      expect(status.status).toBe(200);
      expect(status.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await status.json()).toEqual(state.status);
      const dryRun = await server.fetch(
        `${server.url}/Refund/DryRun?bookingReference=${encodeURIComponent(state.bookingReference)}`,
      );
      expect(await dryRun.json()).toEqual(state.dryRun);
    },
  );

  it('answers an httpError state with its status and plain-text body', async () => {
    const server = await start();
    const failing = bookings['status-failure'];
    const status = await server.fetch(`${server.url}/Refund/Status?bookingReference=${failing.bookingReference}`);
    expect(status.status).toBe(500);
    expect(status.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await status.text()).toBe(failing.status.httpError.body);

    const old = bookings['six-months'];
    const dryRun = await server.fetch(`${server.url}/Refund/DryRun?bookingReference=${old.bookingReference}`);
    expect(dryRun.status).toBe(400);
    expect(await dryRun.text()).toContain('Booking is older than 6 months');

    const disabled = await server.fetch(
      `${server.url}/Refund/DryRun?bookingReference=${bookings['self-refunds-disabled'].bookingReference}`,
    );
    expect(await disabled.text()).toContain('Self refunds are disabled');
  });

  it('keeps the content type of a JSON error body', async () => {
    const server = await start();
    const response = await server.fetch(
      `${server.url}/Refund/DryRun?bookingReference=${bookings['dry-run-failure'].bookingReference}`,
    );
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('matches the reference in any letter case; an unknown one is 404 when the session holds it', async () => {
    const server = await start();
    const lower = await server.fetch(`${server.url}/Refund/Status?bookingReference=kxb7ht2n`);
    expect(lower.status).toBe(200);
    const traveller = travellerSession(server, ['WWWWWWWW']);
    const unknown = await traveller(`/Refund/Status?bookingReference=WWWWWWWW`);
    expect(unknown.status).toBe(404);
  });
});

describe('reference backend: POST /api/ProcessRefund', () => {
  it('accepts a refund once; the booking then reports isCancelled and refundValue 0', async () => {
    const server = await start();
    const state = bookings.instant;
    const first = await processRefund(server, confirmBody(state), 'key-1');
    expect(first).toEqual({ status: 200, body: { accepted: true, deferred: false } });

    const status = await getJson(server, `/Refund/Status?bookingReference=${state.bookingReference}`);
    expect(status.refundStatus.isCancelled).toBe(true);
    const dryRun = await getJson(server, `/Refund/DryRun?bookingReference=${state.bookingReference}`);
    expect(dryRun.refundValue).toBe(0);

    const again = await processRefund(server, confirmBody(state), 'key-2');
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already been refunded/);

    const recorded = await getJson(server, '/__dev/requests');
    expect(recorded).toEqual([
      { path: '/api/ProcessRefund', body: confirmBody(state), idempotencyKey: 'key-1', time: expect.any(String) },
    ]);
  });

  it('a repeated Idempotency-Key returns the first answer and records one request', async () => {
    const server = await start();
    const state = bookings['instant-tube'];
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await processRefund(server, confirmBody(state), 'same-key'));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 200, body: { accepted: true, deferred: false } });
    expect(await getJson(server, '/__dev/requests')).toHaveLength(1);

    const reused = await processRefund(server, confirmBody(state, { covid19: true }), 'same-key');
    expect(reused.status).toBe(422);
    expect(reused.body.message).toMatch(/Idempotency-Key/);
  });

  it('replays a refused answer too, without changing anything', async () => {
    const server = await start();
    const body = confirmBody(bookings.instant, { journeyId: 1 });
    const first = await processRefund(server, body, 'refused');
    expect(first.status).toBe(400);
    expect(await processRefund(server, body, 'refused')).toEqual(first);
    expect(await getJson(server, '/__dev/requests')).toEqual([]);
    expect(await processRefund(server, confirmBody(bookings.instant), 'other-key')).toMatchObject({ status: 200 });
  });

  it('accepts a deferral where the booking can be deferred', async () => {
    const server = await start();
    const state = bookings.replacement;
    expect(await processRefund(server, confirmBody(state, { defer: true }), 'defer-1')).toEqual({
      status: 200,
      body: { accepted: true, deferred: true },
    });
    const status = await getJson(server, `/Refund/Status?bookingReference=${state.bookingReference}`);
    expect(status.refundStatus.isCancelled).toBe(true);
  });

  it.each([
    ['a missing field', (body) => ({ ...body, defer: undefined }), /defer must be true or false/],
    ['a string for a boolean', (body) => ({ ...body, covid19: 'true' }), /covid19 must be true or false/],
    ['a string journeyId', (body) => ({ ...body, journeyId: String(body.journeyId) }), /journeyId must be an integer/],
    [
      'a number for protectedReference',
      (body) => ({ ...body, protectedReference: 7 }),
      /protectedReference must be a string/,
    ],
    ['an empty protectedReference', (body) => ({ ...body, protectedReference: '' }), /Unknown protected reference/],
    [
      'an unknown protectedReference',
      (body) => ({ ...body, protectedReference: 'pr_forged' }),
      /Unknown protected reference/,
    ],
    ['another journey', (body) => ({ ...body, journeyId: body.journeyId + 1 }), /journeyId does not match/],
    [
      'a deferral that is not allowed',
      (body) => ({
        ...body,
        protectedReference: bookings['instant-ship'].status.protectedReference,
        journeyId: bookings['instant-ship'].status.refundStatus.journeyID,
        defer: true,
      }),
      /cannot be deferred/,
    ],
    ['an array', () => [], /must be a JSON object/],
  ])('refuses %s with 400 and a message', async (_name, change, message) => {
    const server = await start();
    const answer = await processRefund(server, change(confirmBody(bookings.instant)), 'k');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(message);
    expect(await getJson(server, '/__dev/requests')).toEqual([]);
  });

  it('refuses malformed JSON and a body that is not JSON with 400 and a message', async () => {
    const server = await start();
    const malformed = await processRefund(server, '{"protectedReference": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
    const text = await server.fetch(`${server.url}/api/ProcessRefund`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(400);
    const { message } = /** @type {{ message: string }} */ (await text.json());
    expect(message).toMatch(/JSON object/);
  });

  it('POST /__dev/reset restores the fixtures', async () => {
    const server = await start();
    const state = bookings.instant;
    await processRefund(server, confirmBody(state), 'r1');
    expect((await server.fetch(`${server.url}/__dev/reset`, { method: 'POST' })).status).toBe(200);
    expect(await getJson(server, `/Refund/Status?bookingReference=${state.bookingReference}`)).toEqual(state.status);
    expect(await getJson(server, '/__dev/requests')).toEqual([]);
    expect((await processRefund(server, confirmBody(state), 'r1')).status).toBe(200);
  });
});

describe('reference backend: error reports', () => {
  it('POST /report/error answers 204 and lists the report at /__dev/error-reports', async () => {
    const server = await start();
    const report = {
      time: '2026-11-22T10:00:00Z',
      message: 'boom',
      source: 'x.js',
      line: 1,
      column: 2,
      ua: 'jest',
      pageUrl: '/',
      stack: 'Error: boom',
      extra: 'dropped',
    };
    const response = await server.fetch(`${server.url}/report/error`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
    });
    expect(response.status).toBe(204);
    const kept = Object.fromEntries(Object.entries(report).filter(([field]) => field !== 'extra'));
    expect(await getJson(server, '/__dev/error-reports')).toEqual([{ ...kept, receivedAt: expect.any(String) }]);
  });
});

describe('pages', () => {
  it('the refund page follows the host contract under the strict CSP', async () => {
    const server = await start();
    const state = bookings.instant;
    const response = await server.fetch(`${server.url}${pageUrl('/ConfirmRefund', state)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(CONTENT_SECURITY_POLICY).toBe(response.headers.get('content-security-policy'));
    const html = await response.text();
    expect(html).toContain('<title>Ticket refunds - Example Rail</title>');
    expect(html).toContain('<meta name="max-admin-fee" content="5">');
    expect(html).toContain(
      '<div id="refund-widget" data-refund-status-url="/Refund/Status?bookingReference=KXB7HT2N" data-dry-run-url="/Refund/DryRun?bookingReference=KXB7HT2N" data-appeals-email="appeals@example.co.uk" data-support-email="support@example.co.uk">' +
        content('refund'),
    );
    expect(html).toContain('<script src="/static/refund-widgets/host-shim.js" defer></script>');
    expect(JSON.parse(jsonBlockText(html, 'refund-details'))).toEqual(state.details);
    expect(JSON.parse(jsonBlockText(html, 'station-names'))).toEqual(stations);
  });

  it("a booking whose fixture names its page's maximum admin fee gets that meta (instant-small-fee: £10)", async () => {
    const server = await start();
    const html = await (
      await server.fetch(`${server.url}${pageUrl('/ConfirmRefund', bookings['instant-small-fee'])}`)
    ).text();
    expect(html).toContain('<meta name="max-admin-fee" content="10">');
    expect(html).not.toContain('<meta name="max-admin-fee" content="5">');
  });

  it.each([
    '/',
    '/ConfirmRefund',
    '/JourneySummary',
    '/Demo/TwoWidgets',
    '/RefundUnavailable',
    '/ManualRefund',
    '/Home/Disruption',
    '/Home/Disruption/Finished',
    '/SelfRefundsUnavailable',
    '/no/such/page',
  ])('%s has the CSP header, a stylesheet, no inline style and no inline script but JSON blocks', async (route) => {
    const server = await start();
    const response = await server.fetch(`${server.url}${pageUrl(route, bookings['instant-bus'])}`);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain(`<link rel="stylesheet" href="${SITE_CSS}">`);
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag).toMatch(/\bsrc="\/static\/refund-widgets\/host-shim\.js"|type="application\/json"/);
    }
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
  });

  it.each([
    '/',
    '/ConfirmRefund',
    '/RefundUnavailable',
    '/ManualRefund',
    '/Home/Disruption',
    '/SelfRefundsUnavailable',
  ])(
    '%s links the host stylesheet in its head with the manifest integrity (docs/host-contract.md "Reserved space")',
    async (route) => {
      const integrity = 'sha384-c3R5bGVzaGVldA==';
      const distDir = fakeDist({
        'host-shim.js': '/* shim */',
        'refund-widgets.css': '/* reserve */',
        'manifest.json': JSON.stringify({
          stylesheet: 'refund-widgets.css',
          files: { 'refund-widgets.css': { integrity } },
        }),
      });
      const server = await start({ distDir });
      const html = await (await server.fetch(`${server.url}${pageUrl(route, bookings.instant)}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
        `<link rel="stylesheet" href="${SITE_CSS}">`,
        `<link rel="stylesheet" href="/static/refund-widgets/refund-widgets.css" integrity="${integrity}">`,
      ]);
    },
  );

  it('links no host stylesheet on a page without the shim, nor from a build without one', async () => {
    const withSheet = fakeDist({
      'host-shim.js': '/* shim */',
      'manifest.json': JSON.stringify({
        stylesheet: 'refund-widgets.css',
        files: { 'refund-widgets.css': { integrity: 'sha384-x' } },
      }),
    });
    const server = await start({ distDir: withSheet });
    const notFound = await (await server.fetch(`${server.url}/no/such/page`)).text();
    expect(notFound).not.toContain('refund-widgets.css');
    const older = await start();
    const page = await (await older.fetch(`${older.url}${pageUrl('/ConfirmRefund', bookings.instant)}`)).text();
    expect(page).not.toContain('refund-widgets.css');
  });

  it('finds the booking ignoring letter case; an unknown booking or e-mail is a 404 page', async () => {
    const server = await start();
    const ok = await server.fetch(
      `${server.url}/ConfirmRefund?bookingreference=kxb7ht2n&email=TRAVELLER%40Example.com`,
    );
    expect(ok.status).toBe(200);
    for (const query of [
      'BookingReference=KXB7HT2N&Email=someone%40example.com',
      'BookingReference=WWWWWWWW&Email=traveller%40example.com',
      '',
    ]) {
      const response = await server.fetch(`${server.url}/ConfirmRefund?${query}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      const html = await response.text();
      expect(html).toContain('We could not find a booking with that reference and email address.');
      expect(html).toContain('<a href="/">');
    }
  });

  it('the start page lists every demo booking with an encoded link to its refund page', async () => {
    const server = await start();
    const html = await (await fetch(server.url)).text();
    expect(html).toContain('<title>Rail refunds - Example Rail</title>');
    for (const state of Object.values(bookings)) {
      expect(html).toContain(state.bookingReference);
      const href = `/ConfirmRefund?BookingReference=${encodeURIComponent(state.bookingReference)}&amp;Email=${encodeURIComponent(state.email)}`;
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('ferry.fan%2Biow%40example.co.uk');
  });

  it('other pages carry their mount points', async () => {
    const server = await start();
    const state = bookings.instant;
    const page = async (route) => (await server.fetch(`${server.url}${pageUrl(route, state)}`)).text();
    const summary = await page('/JourneySummary');
    expect(summary).toContain('<div id="journey-summary-widget">' + content('journeySummary', ''));
    expect(summary).not.toContain('id="refund-widget"');
    expect(jsonBlockText(summary, 'refund-details')).not.toBeNull();
    const two = await page('/Demo/TwoWidgets');
    expect(two).toContain('<div id="journey-summary-widget">' + content('journeySummary', ''));
    expect(two).toContain('<div id="refund-widget" data-refund-status-url=');
    expect(await page('/RefundUnavailable')).toContain(
      'data-support-email="support@example.co.uk" data-view="unavailable">' + content('refund'),
    );
    expect(await page('/ManualRefund')).toContain(
      `<div id="manual-claim-widget" data-journey-id="${state.status.refundStatus.journeyID}"`,
    );
    expect(await page('/Home/Disruption')).toContain(
      '<div id="disruption-widget" data-refund-status-url="/Refund/Status?bookingReference=KXB7HT2N"',
    );
    const unavailable = await (await server.fetch(`${server.url}/SelfRefundsUnavailable`)).text();
    expect(unavailable).toMatch(/Self-service refunds are currently unavailable/);
    expect(unavailable).not.toMatch(/-widget"/);
  });

  it('the start page mounts the lookup widget beside the demo bookings; the disruption pages follow the host contract', async () => {
    const server = await start();
    const home = await (await fetch(server.url)).text();
    expect(home).toContain(
      '<div id="lookup-widget" data-support-email="support@example.co.uk" data-delay-repay-url="https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/">' +
        content('lookup'),
    );
    expect(home).toContain('<h2 id="demo-bookings">Demo bookings</h2>');
    expect(home).toContain('href="/Home/Disruption?BookingReference=KXB7HT2N&amp;Email=traveller%40example.com"');
    const state = bookings['disruption-waived'];
    const disruption = await (await server.fetch(`${server.url}${pageUrl('/Home/Disruption', state)}`)).text();
    expect(disruption).toContain(
      '<div id="disruption-widget" data-refund-status-url="/Refund/Status?bookingReference=FTR6KL9B" data-support-email="support@example.co.uk" data-delay-repay-url="https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/">' +
        content('disruption'),
    );
    expect(disruption).not.toContain('Placeholder');
    expect(JSON.parse(jsonBlockText(disruption, 'refund-details'))).toEqual(state.details);
    const finished = await server.fetch(`${server.url}${pageUrl('/Home/Disruption/Finished', state)}&Reason=delayed`);
    expect(finished.status).toBe(200);
    const finishedHtml = await finished.text();
    expect(finishedHtml).toContain(
      '<div id="disruption-widget" data-view="finished" data-support-email="support@example.co.uk" data-delay-repay-url="https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/">' +
        content('disruption'),
    );
    expect(JSON.parse(jsonBlockText(finishedHtml, 'refund-details'))).toEqual(state.details);
    expect((await server.fetch(`${server.url}/Home/Disruption/Finished`)).status).toBe(404);
  });

  it('escapes hostile strings in the JSON blocks and the HTML', async () => {
    const email = `x${HOSTILE}\u2028&@example.com`;
    const evil = {
      ...bookings.instant,
      label: `Evil ${HOSTILE}`,
      email,
      details: { ...bookings.instant.details, email },
    };
    const hostileStations = { ...stations, KGX: `King's ${HOSTILE} "Cross" <!--` };
    const server = await start({ bookings: { evil }, stations: hostileStations });

    const html = await (await server.fetch(`${server.url}${pageUrl('/ConfirmRefund', evil)}`)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('\u2028');
    expect(html.match(/<script\b/g)).toHaveLength(3);
    expect(JSON.parse(jsonBlockText(html, 'refund-details')).email).toBe(email);
    expect(JSON.parse(jsonBlockText(html, 'station-names')).KGX).toBe(hostileStations.KGX);

    const start_ = await (await fetch(server.url)).text();
    expect(start_).not.toContain('<script>alert(1)');
    expect(start_).toContain('Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('static files', () => {
  it('serves dist/ at /static/refund-widgets/ with long caching only for hashed files', async () => {
    const server = await start();
    const shim = await server.fetch(`${server.url}/static/refund-widgets/host-shim.js`);
    expect(shim.status).toBe(200);
    expect(shim.headers.get('cache-control')).toBe('no-cache');
    expect(shim.headers.get('content-type')).toMatch(/javascript/);
    const entry = await server.fetch(`${server.url}/static/refund-widgets/refund/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await server.fetch(`${server.url}/static/refund-widgets/refund/338.0ae689d1.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await server.fetch(`${server.url}/static/refund-widgets/missing.js`)).status).toBe(404);
    const css = await server.fetch(`${server.url}/site.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('cache-control')).toBe('no-cache');
    expect(await css.text()).toMatch(/button\s*\{[^}]*text-transform: uppercase/);
    // The pages' versioned URL of it is kept for good.
    expect(SITE_CSS).toMatch(/^\/site\.css\?v=[0-9a-f]{8}$/);
    const versioned = await server.fetch(`${server.url}${SITE_CSS}`);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("pages name the shim's fingerprinted copy that the manifest names, with its integrity, served immutable; else host-shim.js", async () => {
    const files = { 'host-shim.js': '/* shim */', 'host-shim.0123abcd.js': '/* shim */' };
    const manifest = (shim) => JSON.stringify({ shim, files: { [shim]: { integrity: 'sha384-x"y' } } });
    const route = pageUrl('/ConfirmRefund', bookings.instant);
    const server = await start({ distDir: fakeDist({ ...files, 'manifest.json': manifest('host-shim.0123abcd.js') }) });
    const html = await (await server.fetch(`${server.url}${route}`)).text();
    expect(html.match(/<script src="[^>]*>/g)).toEqual([
      '<script src="/static/refund-widgets/host-shim.0123abcd.js" integrity="sha384-x&quot;y" crossorigin="anonymous" defer>',
    ]);
    const copy = await server.fetch(`${server.url}/static/refund-widgets/host-shim.0123abcd.js`);
    expect(copy.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A manifest naming something else is not followed.
    for (const shim of ['https://evil.example/host-shim.0123abcd.js', '../host-shim.0123abcd.js', 'host-shim.js']) {
      const other = await start({ distDir: fakeDist({ ...files, 'manifest.json': manifest(shim) }) });
      const page = await (await other.fetch(`${other.url}${route}`)).text();
      expect(page.match(/<script src="[^>]*>/g)).toEqual(['<script src="/static/refund-widgets/host-shim.js" defer>']);
    }
  });

  it('without dist/host-shim.js pages still render and a hint is logged', async () => {
    const logger = silentLogger();
    const server = await start({ distDir: tempDir('rw-empty-dist-'), logger });
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('npm run build'));
    const response = await server.fetch(`${server.url}${pageUrl('/ConfirmRefund', bookings.instant)}`);
    expect(response.status).toBe(200);
    expect((await server.fetch(`${server.url}/static/refund-widgets/host-shim.js`)).status).toBe(404);
  });
});

describe('persistence', () => {
  it('a restart with the same DATA_DIR keeps refunds, idempotency answers and recorded requests', async () => {
    const dataDir = tempDir('rw-restart-');
    const state = bookings['instant-ship'];
    const first = await start({ dataDir });
    const accepted = await processRefund(first, confirmBody(state), 'persisted-key');
    expect(accepted.status).toBe(200);
    await first.close();

    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, 'state.json'), 'utf8'));
    expect(Object.keys(saved.refunded)).toEqual([state.bookingReference]);
    expect(saved.idempotency).toEqual([
      {
        scope: expect.any(String),
        path: '/api/ProcessRefund',
        key: 'persisted-key',
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
        status: 200,
        body: accepted.body,
        savedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      },
    ]);
    expect(fs.readdirSync(dataDir).filter((file) => file.endsWith('.tmp'))).toEqual([]);

    const second = await start({ dataDir });
    expect(second.app.locals.store.idempotency.toJSON()).toEqual(saved.idempotency);
    const status = await getJson(second, `/Refund/Status?bookingReference=${state.bookingReference}`);
    expect(status.refundStatus.isCancelled).toBe(true);
    // Sessions live in memory: after a restart the traveller has a new session, where the key is
    // new; the booking is refunded already, so nothing is refunded twice.
    expect(await processRefund(second, confirmBody(state), 'persisted-key')).toEqual({
      status: 400,
      body: { message: 'This booking has already been refunded.' },
    });
    expect(await getJson(second, '/__dev/requests')).toHaveLength(1);
  });

  it('a state.json of the older shape (idempotency answers without a session) still loads', async () => {
    const dataDir = tempDir('rw-old-state-');
    const state = bookings['instant-ship'];
    fs.writeFileSync(
      path.join(dataDir, 'state.json'),
      JSON.stringify({
        version: 1,
        refunded: { [state.bookingReference]: { time: '2026-01-01T00:00:00.000Z', deferred: false, journeyId: 1 } },
        idempotency: { '/api/ProcessRefund old-key': { fingerprint: 'f', status: 200, body: { accepted: true } } },
        requests: [
          { path: '/api/ProcessRefund', body: {}, idempotencyKey: 'old-key', time: '2026-01-01T00:00:00.000Z' },
        ],
      }),
    );
    const logger = silentLogger();
    const server = await start({ dataDir, logger });
    expect(logger.warn).not.toHaveBeenCalled();
    expect(server.app.locals.store.isRefunded(state.bookingReference)).toBe(true);
    expect(server.app.locals.store.idempotency.size).toBe(0);
    expect(await getJson(server, '/__dev/requests')).toHaveLength(1);
    expect((await processRefund(server, confirmBody(bookings.instant), 'old-key')).status).toBe(200);
  });

  it('a state.json whose answers have no savedAt (written before answers expired) loads them, kept from the load', async () => {
    const dataDir = tempDir('rw-untimed-state-');
    const entry = { scope: 's', path: '/api/ProcessRefund', key: 'k', fingerprint: 'f', status: 200, body: {} };
    fs.writeFileSync(
      path.join(dataDir, 'state.json'),
      JSON.stringify({ version: 1, refunded: {}, idempotency: [entry], requests: [] }),
    );
    const logger = silentLogger();
    const before = Date.now();
    const server = await start({ dataDir, logger });
    expect(logger.warn).not.toHaveBeenCalled();
    const [loaded] = server.app.locals.store.idempotency.toJSON();
    expect(loaded).toEqual({ ...entry, savedAt: expect.any(String) });
    expect(Date.parse(loaded.savedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(loaded.savedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('an unreadable state.json is ignored with a warning', async () => {
    const dataDir = tempDir('rw-corrupt-');
    fs.writeFileSync(path.join(dataDir, 'state.json'), '{ not json');
    const logger = silentLogger();
    const server = await start({ dataDir, logger });
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('ignoring unreadable'));
    expect(await getJson(server, `/Refund/Status?bookingReference=${bookings.instant.bookingReference}`)).toEqual(
      bookings.instant.status,
    );
  });
});

describe('options', () => {
  it('latencyMs delays backend answers', async () => {
    const server = await start({ latencyMs: 120 });
    const started = Date.now();
    await server.fetch(`${server.url}/Refund/Status?bookingReference=${bookings.instant.bookingReference}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('refuses bookings that share a reference', async () => {
    await expect(start({ bookings: { a: bookings.instant, b: { ...bookings.instant } } })).rejects.toThrow(
      /used by two states/,
    );
  });
});
