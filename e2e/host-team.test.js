/* global window, document -- used inside page.evaluate, which runs in the browser */
/**
 * Browser tests of a host team's first day, on a site written from docs/: an error thrown in
 * widget code served from a CDN reaches /report/error readable and symbolicates to source lines
 * (docs/error-reports.md "Source lines: `npm run symbolicate`"); reports carry no booking
 * reference or e-mail (docs/error-reports.md "What a report never contains"); a page on one origin
 * with the API on another accepts a refund (docs/cross-origin.md "The API on another origin"); the
 * refund page works under Trusted Types (docs/cross-origin.md "Trusted Types").
 */
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { randomBytes } = require('crypto');
const fs = require('fs');
const path = require('path');
const { launchBrowser, openPage, startHost, DIST } = require('./harness');
const { startCdn, startSite, refundPageHtml, eventually, tempDir, WIDGETS_PATH } = require('./hostTeamSite');
const { startBackend } = require('../dev-host/backend-server');
const { main: symbolicate } = require('../dev-host/symbolicate');
const bookings = require('../fixtures/bookings.json');

/** The build's manifest: the CDN page names the shim's fingerprinted copy, as the kit does. */
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'manifest.json'), 'utf8'));

const state = bookings.instant;
const query = `?BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;
const env = {};

before(async () => {
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
});

/**
 * A CDN serving dist/ with CORS headers, and a host site (pages and reference backend on one
 * origin) whose refund page loads the shim from the CDN.
 */
async function startCdnAndSite() {
  const cdn = await startCdn(DIST, { cors: true });
  const site = await startSite({
    backend: true,
    csp: `default-src 'self'; script-src 'self' ${cdn.url}; style-src 'self' ${cdn.url}; img-src 'self' data: blob: ${cdn.url}; connect-src 'self'`,
    page: (_req, _site, _res, { csrfToken }) =>
      refundPageHtml({ state, shimSrc: `${cdn.base}/${manifest.shim}`, csrfToken }),
  });
  return { cdn, site };
}

/** Accepts the refund on an open refund page and waits for the finished view. */
async function acceptRefund(page) {
  await page.getByRole('heading', { name: /^You will receive £/ }).waitFor();
  await page.getByRole('button', { name: 'Accept refund' }).click();
  await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
}

/**
 * Throws from inside the refund widget's own code (its `mount`, given no element), in a task of
 * its own, as an uncaught error would: the call comes from the page, the throw from the remote.
 */
function throwFromWidget(page) {
  return page.evaluate(async () => {
    const factory = await window.__rw_remote_refund.get('./mount');
    setTimeout(factory().mount, 0, null);
  });
}

test('Details with journeyPlannerResults in lower case: one refund-widgets: console line, one report, mount() rejects', async () => {
  const { jsonForScript } = require('../dev-host/views');
  const site = await startSite({
    dist: DIST,
    backend: true,
    csp: "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'",
    page: () =>
      refundPageHtml({
        state,
        shimSrc: `${WIDGETS_PATH}/host-shim.js`,
        autoMount: false,
        detailsText: jsonForScript(state.details).replace('"JourneyPlannerResults"', '"journeyPlannerResults"'),
      }),
  });
  try {
    const { page, context, problems } = await openPage(env.browser);
    await page.goto(`${site.url}/ConfirmRefund${query}`);
    const rejection = await page.evaluate(() =>
      window.RefundWidgets.mount('refund-widget', document.getElementById('refund-widget')).then(
        () => null,
        (error) => ({ ...error, name: error.name, message: error.message }),
      ),
    );
    const detail =
      'Invalid Details in "#refund-details": JourneyPlannerResults: required (JourneyPlannerResults is a required field)';
    const line = `refund-widgets: widget "refund", mount #refund-widget: ${detail}`;
    assert.deepEqual(rejection, {
      name: 'SetupError',
      message: line,
      code: 'MISSING_DETAILS',
      widget: 'refund',
      mountId: 'refund-widget',
      detail,
    });
    assert.equal(await page.locator('#refund-widget').innerText(), 'Missing JSON data from DOM');
    assert.deepEqual(problems.consoleErrors, [line]);
    const report = await eventually(() => site.store.errorReports[0]);
    assert.equal(site.store.errorReports.length, 1);
    assert.equal(report.message, line);
    if (process.env.HOSTTEAM_NOTE_DIR) {
      fs.writeFileSync(
        path.join(process.env.HOSTTEAM_NOTE_DIR, 'setup-error.txt'),
        `console.error: ${problems.consoleErrors[0]}\n\nreport:\n${JSON.stringify(report, null, 2)}\n`,
      );
    }
    await context.close();
  } finally {
    await site.close();
  }
});

test('an error thrown in widget code from a CDN reaches /report/error with message, line and stack, and symbolicates', async () => {
  const { cdn, site } = await startCdnAndSite();
  const folder = tempDir();
  try {
    const { page, context, problems } = await openPage(env.browser);
    await page.goto(`${site.url}/ConfirmRefund${query}`);
    await page.getByRole('heading', { name: /^You will receive £/ }).waitFor();
    await throwFromWidget(page);
    const report = await eventually(() =>
      site.store.errorReports.find((r) => /mount element is missing/.test(r.message)),
    );
    assert.match(report.message, /^\w*Error: mount\(refund\): the mount element is missing$/);
    assert.notEqual(report.message, 'Script error.');
    assert.ok(report.line > 0, `a line number (${report.line})`);
    assert.ok(report.column > 0, `a column number (${report.column})`);
    assert.ok(report.source.startsWith(`${cdn.base}/refund/`), `thrown in the remote from the CDN (${report.source})`);
    assert.match(report.stack, new RegExp(`${cdn.base.replace(/[.:/]/g, '\\$&')}/refund/[^:]+\\.js:\\d+:\\d+`));
    assert.deepEqual(problems.cspViolations, []);
    await context.close();

    const file = path.join(folder, 'report.json');
    fs.writeFileSync(file, JSON.stringify(report, null, 2));
    const text = await symbolicate([file, `--dist=${DIST}`]);
    assert.match(text, /thrown at shared\/mount\/createMount\.tsx:\d+:\d+/);
    assert.match(text, /^ {4}at (\S+ \()?shared\/mount\/createMount\.tsx:\d+:\d+\)?$/m);
    assert.doesNotMatch(text.split('\n').slice(2).join('\n'), /\.js:\d+:\d+/, 'every frame of the CDN code is mapped');
    fs.writeFileSync(path.join(folder, 'symbolicated.txt'), text);
    if (process.env.HOSTTEAM_NOTE_DIR) {
      fs.copyFileSync(file, path.join(process.env.HOSTTEAM_NOTE_DIR, 'cdn-report.json'));
      fs.writeFileSync(path.join(process.env.HOSTTEAM_NOTE_DIR, 'cdn-symbolicated.txt'), text);
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
    await site.close();
    await cdn.close();
  }
});

test('the shim tag and every script the widgets load carry crossorigin="anonymous"', async () => {
  const { cdn, site } = await startCdnAndSite();
  try {
    const { page, context, requests } = await openPage(env.browser);
    await page.goto(`${site.url}/ConfirmRefund${query}`);
    await page.getByRole('heading', { name: /^You will receive £/ }).waitFor();
    const scripts = requests.filter((r) => r.url.startsWith(cdn.url) && r.url.endsWith('.js'));
    assert.ok(
      scripts.some((r) => r.url.endsWith('/refund/remoteEntry.js')),
      'the remote entry came from the CDN',
    );
    assert.ok(scripts.length >= 4, `shim, loader, remote entry and chunks (${scripts.length})`);
    const notCors = [];
    for (const { url, request } of scripts) {
      // A crossorigin script is fetched in CORS mode: the browser sends Origin and Sec-Fetch-Mode: cors.
      const headers = await request.allHeaders();
      if (headers['sec-fetch-mode'] !== 'cors') notCors.push(url);
    }
    assert.deepEqual(notCors, []);
    await context.close();
  } finally {
    await site.close();
    await cdn.close();
  }
});

test('a report sent from /ConfirmRefund?BookingReference=…&Email=… carries neither value, raw or URL-encoded', async () => {
  const host = await startHost();
  try {
    const { page, context } = await openPage(env.browser);
    await page.goto(`${host.url}/ConfirmRefund${query}`);
    await page.getByRole('heading', { name: /^You will receive £/ }).waitFor();
    await page.evaluate(
      ({ ref, email }) =>
        setTimeout(() => {
          throw new Error(`No refund for ${ref} (${email}, ${encodeURIComponent(email)})`);
        }),
      { ref: state.bookingReference, email: state.email },
    );
    const reports = await eventually(async () => {
      const all = await (await fetch(`${host.url}/__dev/error-reports`)).json();
      return all.length > 0 && all;
    });
    assert.equal(reports.length, 1);
    const [report] = reports;
    const text = JSON.stringify(report);
    const secrets = [state.bookingReference, state.email, encodeURIComponent(state.email)];
    for (const secret of [...secrets, ...secrets.map((s) => s.toLowerCase())]) {
      assert.equal(text.toLowerCase().includes(secret.toLowerCase()), false, `${secret} is not in the report`);
    }
    assert.equal(report.pageUrl, `${host.url}/ConfirmRefund?BookingReference=REDACTED&Email=REDACTED`);
    assert.equal(report.message, 'Error: No refund for REDACTED (REDACTED, REDACTED)');
    if (process.env.HOSTTEAM_NOTE_DIR) {
      fs.writeFileSync(
        path.join(process.env.HOSTTEAM_NOTE_DIR, 'redacted-report.json'),
        JSON.stringify(report, null, 2),
      );
    }
    await context.close();
  } finally {
    await host.close();
  }
});

/**
 * The cross-origin arrangement of docs/cross-origin.md: the page on `http://www.rail.test`, the
 * API on `http://api.rail.test` (the origin the e2e build lists in API_ORIGINS), both names
 * mapped by Chromium to servers on free ports of 127.0.0.1.
 */
const PAGE_ORIGIN = 'http://www.rail.test';
const API_ORIGIN = 'http://api.rail.test';

test('a page on one origin with the API on another (data-api-base) accepts a refund', async () => {
  const dataDir = tempDir();
  const backend = await startBackend({ port: 0, dataDir, corsOrigin: PAGE_ORIGIN, logger: { info() {}, warn() {} } });
  const site = await startSite({
    dist: DIST,
    csp: `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self' ${API_ORIGIN}`,
    // As docs/cross-origin.md says: the host's server opens the session server to server, and sets
    // it and an antiforgery token as cookies for the whole site, so the browser sends both to the API.
    page: async (req, _site, res) => {
      const opened = await fetch(`${backend.url}/api/Session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ bookingReference: state.bookingReference, email: state.email }),
      });
      const { session } = await opened.json();
      const token = randomBytes(32).toString('base64url');
      res.append('Set-Cookie', `rw_session=${session}; Domain=rail.test; Path=/; HttpOnly; SameSite=Lax`);
      res.append('Set-Cookie', `rw_csrf=${token}; Domain=rail.test; Path=/; HttpOnly; SameSite=Lax`);
      return refundPageHtml({
        state,
        shimSrc: `${WIDGETS_PATH}/host-shim.js`,
        apiBase: API_ORIGIN,
        head: `<meta name="request-verification-token" content="${token}">`,
      });
    },
  });
  const browser = await launchBrowser([
    `--host-resolver-rules=MAP www.rail.test:80 127.0.0.1:${site.port}, MAP api.rail.test:80 127.0.0.1:${backend.port}`,
  ]);
  try {
    const { page, context, problems, requests } = await openPage(browser);
    await page.goto(`${PAGE_ORIGIN}/ConfirmRefund${query}`);
    await acceptRefund(page);
    const posts = requests.filter((r) => r.method === 'POST' && r.url === `${API_ORIGIN}/api/ProcessRefund`);
    assert.equal(posts.length, 1, 'one ProcessRefund, to the API origin');
    assert.equal((await posts[0].request.allHeaders()).origin, PAGE_ORIGIN);
    assert.equal(backend.app.locals.store.requests.filter((r) => r.path === '/api/ProcessRefund').length, 1);
    assert.deepEqual(problems.pageErrors, []);
    assert.deepEqual(problems.cspViolations, []);
    assert.deepEqual(problems.consoleErrors, []);
    await context.close();
  } finally {
    await browser.close();
    await site.close();
    await backend.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the refund page works under Trusted Types with the documented policy names, with no violation', async () => {
  const widgets = require('../host-shim/widgets.json');
  const policies = [
    'refund-widgets-host-shim',
    'refund-widgets-federation',
    ...widgets.map((w) => `refund-widgets-${w.name}`),
  ];
  const site = await startSite({
    dist: DIST,
    backend: true,
    csp:
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; " +
      `require-trusted-types-for 'script'; trusted-types ${policies.join(' ')}`,
    page: (_req, _site, _res, { csrfToken }) =>
      refundPageHtml({ state, shimSrc: `${WIDGETS_PATH}/host-shim.js`, csrfToken }),
  });
  try {
    const { page, context, problems } = await openPage(env.browser);
    const violations = [];
    page.on('console', (message) => {
      if (/trusted/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${site.url}/ConfirmRefund${query}`);
    assert.equal(await page.evaluate(() => typeof window.trustedTypes?.createPolicy), 'function');
    await acceptRefund(page);
    assert.equal(site.store.requests.filter((r) => r.path === '/api/ProcessRefund').length, 1);
    assert.deepEqual(violations, []);
    assert.deepEqual(problems.cspViolations, []);
    assert.deepEqual(problems.pageErrors, []);
    assert.deepEqual(problems.consoleErrors, []);
    assert.deepEqual(site.store.errorReports, []);
    await context.close();
  } finally {
    await site.close();
  }
});
