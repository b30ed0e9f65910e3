/**
 * A host team's own site for browser tests (docs/host-contract.md, docs/cross-origin.md): pages
 * written from scratch as docs/ describes (not the dev host's views), with their own
 * Content-Security-Policy, the build served from any origin (a CDN: a second server, optionally
 * with CORS headers) and the reference backend either beside the pages (same origin) or on another
 * origin.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const express = require('express');
const { listen } = require('../dev-host/server');
const { createBackendApp } = require('../dev-host/backend-server');
const { grantBookings, pageToken } = require('../dev-host/auth');
const { escapeHtml, jsonForScript } = require('../dev-host/views');
const stations = require('../fixtures/stations.json');

/** Where the site and the CDN serve the build. */
const WIDGETS_PATH = '/static/widgets/v1';

/** A fresh temporary folder, removed by the returned `close`. */
function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'rw-hostteam-'));
}

/**
 * Serves `dist` under /static/widgets/v1/ on a free port of 127.0.0.1: a stand-in CDN.
 * @param {string} dist the build folder
 * @param {{ cors?: boolean }} [options] `cors`: answer `Access-Control-Allow-Origin: *`
 * @returns {Promise<{ url: string, base: string, close: () => Promise<void> }>} `base` is the
 *   build's URL, ending in /static/widgets/v1
 */
async function startCdn(dist, { cors = false } = {}) {
  const app = express();
  app.disable('x-powered-by');
  if (cors) {
    app.use((_req, res, next) => {
      res.set('Access-Control-Allow-Origin', '*');
      next();
    });
  }
  app.use(WIDGETS_PATH, express.static(dist, { index: false }));
  const running = await listen(app, { port: 0 });
  return { ...running, base: `${running.url}${WIDGETS_PATH}` };
}

/**
 * The refund page a host team writes: the refund mount point with its attributes, the Details and
 * station-name blocks, and the shim tag with `crossorigin="anonymous"`.
 *
 * @param {object} options
 * @param {object} options.state a fixture state (fixtures/bookings.json)
 * @param {string} options.shimSrc the URL of host-shim.js
 * @param {string} [options.apiBase] the shim's `data-api-base` ('' = the page's origin)
 * @param {string} [options.head] extra markup for the head (meta tags)
 * @param {string} [options.csrfToken] the antiforgery token, put in `<meta name="request-verification-token">`
 * @param {string} [options.detailsText] the Details block's text (default: the state's Details as JSON)
 * @param {boolean} [options.autoMount] false adds `data-auto-mount="false"`
 * @returns {string} HTML
 */
function refundPageHtml({ state, shimSrc, apiBase = '', head = '', csrfToken, detailsText, autoMount = true }) {
  const meta = csrfToken ? `<meta name="request-verification-token" content="${escapeHtml(csrfToken)}">` : '';
  const ref = encodeURIComponent(state.bookingReference);
  const block = (id, value) => `<script type="application/json" id="${id}">${jsonForScript(value)}</script>`;
  return `<!DOCTYPE html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>Refunds - Host team</title>${meta}${head}</head>
<body>
<main>
<h1>Refunds</h1>
<div id="refund-widget"
  data-refund-status-url="${escapeHtml(`${apiBase}/Refund/Status?bookingReference=${ref}`)}"
  data-dry-run-url="${escapeHtml(`${apiBase}/Refund/DryRun?bookingReference=${ref}`)}"
  data-appeals-email="appeals@host.example" data-support-email="support@host.example"></div>
</main>
${detailsText === undefined ? block('refund-details', state.details) : `<script type="application/json" id="refund-details">${detailsText}</script>`}
${block('station-names', stations)}
<script src="${escapeHtml(shimSrc)}" crossorigin="anonymous"${apiBase ? ` data-api-base="${escapeHtml(apiBase)}"` : ''}${autoMount ? '' : ' data-auto-mount="false"'} defer></script>
</body>
</html>
`;
}

/**
 * Starts a host team's site on a free port of 127.0.0.1.
 *
 * @param {object} options
 * @param {(req: import('express').Request, site: { url: string }, res: import('express').Response, context: { csrfToken?: string }) => string | Promise<string>} options.page
 *   renders the page at /ConfirmRefund (it may set cookies on `res`). With `backend`, the site
 *   first opens the session for the query's booking and sets the antiforgery cookie, as the dev
 *   host does, and passes the token as `context.csrfToken`
 * @param {string | (() => string)} options.csp the page's Content-Security-Policy (a function is
 *   called for each page)
 * @param {string} [options.dist] serve this build under /static/widgets/v1/ (same origin)
 * @param {boolean} [options.backend] serve the reference backend on the same origin
 * @returns {Promise<{ url: string, store?: object, close: () => Promise<void> }>}
 */
async function startSite({ page, csp, dist, backend = false }) {
  const dataDir = tempDir();
  const app = express();
  const site = { url: '' };
  app.disable('x-powered-by');
  app.get('/favicon.ico', (_req, res) => res.status(204).end());
  app.get('/ConfirmRefund', async (req, res, next) => {
    try {
      res
        .set({ 'Content-Security-Policy': typeof csp === 'function' ? csp() : csp, 'Cache-Control': 'no-store' })
        .type('html')
        .send(await page(req, site, res, backend ? signIn(req, res) : {}));
    } catch (error) {
      next(error);
    }
  });
  if (dist) app.use(WIDGETS_PATH, express.static(dist, { index: false }));
  let store;
  let signIn = () => ({});
  if (backend) {
    const api = createBackendApp({ dataDir, logger: { info() {}, warn() {} } });
    store = api.locals.store;
    signIn = (req, res) => {
      const found = store.findBooking(req.query.BookingReference, req.query.Email);
      if (found) grantBookings(req, res, api.locals.sessions, [found.state.bookingReference]);
      return { csrfToken: pageToken(req, res) };
    };
    app.use(api);
  }
  const running = await listen(app, { port: 0 });
  site.url = running.url;
  return {
    ...running,
    store,
    async close() {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `read()` returns a truthy value (every 50 ms, at most `ms`). */
async function eventually(read, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`nothing came within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

module.exports = { startCdn, startSite, refundPageHtml, eventually, tempDir, WIDGETS_PATH };
