// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The emulated legacy site (docs/architecture.md "The dev host and reference backend"): server-rendered
 * pages at the routes of docs/product-rules.md section 2 that embed the widgets per the host contract, the
 * built `dist/` at /static/refund-widgets/, and the reference backend of backend.js. Every
 * response carries the strict Content-Security-Policy of the host contract. A path holding a
 * backslash or a dot segment, at any depth of encoding, is refused before any route (pathGuard.js).
 * The dev tools (the gallery, /__dev/* and /host-data/*) exist only when asked for
 * (docs/reference-backend.md "Dev tools").
 */
'use strict';

const fs = require('fs');
const path = require('path');
const express = require('express');
const compression = require('compression');
const fixtureBookings = require('../fixtures/bookings.json');
const fixtureStations = require('../fixtures/stations.json');
const fixtureLookups = require('../fixtures/lookups.json');
const { createBackend, queryValue } = require('./backend');
const { createSecuredApi, createSessions, pageToken } = require('./auth');
const { createDevToolsRouter } = require('./devTools');
const { createGalleryRouter } = require('./gallery');
const { createHostDataRouter, checkHostDataKey } = require('./hostData');
const { refuseUnsafePaths } = require('./pathGuard');
const views = require('./views');
const { SESSIONS_FULL_WAIT_S } = require('./backend/routes');
const { REFUSAL_DELAY_MS } = require('./backend/limits');
const { preloadHints: hintsFor } = require('./preloadHints');

const ROOT = path.resolve(__dirname, '..');
const DEFAULT_DIST_DIR = path.join(ROOT, 'dist');
const DEFAULT_DATA_DIR = path.join(ROOT, '.data');

/** The strict CSP of docs/host-contract.md "The host contract", with the ASP.NET kit's three lock-downs. */
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Files in dist/ whose names carry no content hash, so they must be revalidated. */
const UNHASHED = /(^|\/)(host-shim\.js|remoteEntry\.js|[^/]*manifest[^/]*\.json)$/;
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * `html` whose shim tag carries `data-vitals="<rate>"` (docs/host-contract.md "POST /report/vitals"),
 * or `html` as it is without a rate or a shim tag.
 *
 * @param {string} html a page of views.js
 * @param {string | undefined} rate the sample rate, as given
 * @returns {string}
 */
function withVitals(html, rate) {
  if (rate === undefined) return html;
  const tag = `<script src="${views.SHIM_URL}"`;
  return html.replace(`${tag} defer>`, `${tag} data-vitals="${views.escapeHtml(rate)}" defer>`);
}

/**
 * Creates the dev host's express app.
 *
 * @param {object} [options]
 * @param {string} [options.distDir] the build output served at /static/refund-widgets/ (default `<repo>/dist`)
 * @param {string} [options.dataDir] where the backend keeps state.json (default `<repo>/.data`)
 * @param {Record<string, import('./backend/types').BookingState>} [options.bookings] fixture states (default fixtures/bookings.json)
 * @param {Record<string, string>} [options.stations] station names (default fixtures/stations.json)
 * @param {Record<string, import('./backend/types').LookupState>} [options.lookups] replacement bookings (default fixtures/lookups.json)
 * @param {number} [options.latencyMs] delay before each backend answer, to see loading states (default 0)
 * @param {import('./backend/types').Logger} [options.logger] default `console`
 * @param {boolean} [options.devTools] serve the dev tools: the states gallery (`/gallery`,
 *   `/gallery-api/*`), the test endpoints `/__dev/*` (devTools.js) and the page data `/host-data/*`
 *   (hostData.js); default false, when none of them exist
 * @param {string} [options.hostDataKey] serve `/host-data/*` also without the dev tools, to
 *   requests whose `X-Host-Data-Key` header equals this key (at least 16 characters)
 * @param {boolean} [options.preloadHints] write the widgets' preload hints in the pages' heads, from the
 *   build's snippets (preloadHints.js; docs/host-contract.md "Preload hints"); default false: the
 *   pages as a host without hints has them, the shim preloading by itself
 * @param {string} [options.vitals] the `data-vitals` sample rate the pages' shim tags carry
 *   (docs/host-contract.md "POST /report/vitals"; written as given, HTML-escaped, so a bad value
 *   shows the shim's warning); default none: no page reports Web Vitals
 * @param {boolean | number | string} [options.trustProxy] express's `trust proxy` setting (default
 *   false): which proxies' `X-Forwarded-Proto` tells that a request came over HTTPS (auth.js cookies)
 * @returns {import('express').Express} the app; `app.locals.store` is the backend's state,
 *   `app.locals.sessions` the sessions (auth.js)
 * @throws Error when `hostDataKey` is given but shorter than 16 characters
 */
function createApp({
  distDir = DEFAULT_DIST_DIR,
  dataDir = DEFAULT_DATA_DIR,
  bookings = fixtureBookings,
  stations = fixtureStations,
  lookups = fixtureLookups,
  latencyMs = 0,
  logger = console,
  devTools = false,
  hostDataKey,
  trustProxy = false,
  preloadHints = false,
  vitals,
} = {}) {
  if (hostDataKey !== undefined) checkHostDataKey(hostDataKey);
  if (!fs.existsSync(path.join(distDir, 'host-shim.js'))) {
    logger.warn(
      `Dev host: ${path.join(distDir, 'host-shim.js')} is missing; pages render without widgets. Run \`npm run build\`.`,
    );
  }
  const store = createBackend({ bookings, lookups, dataDir, logger });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.use(compression()); // gzip like a production front end, so transfer sizes and timings are real
  app.locals.store = store;
  const sessions = createSessions();
  app.locals.sessions = sessions;

  app.use((_req, res, next) => {
    res.set({
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
    });
    next();
  });
  app.use(refuseUnsafePaths); // before every route: no path walks out of its prefix (pathGuard.js)

  app.use(express.static(path.join(__dirname, 'public'), { index: false, maxAge: 0 }));
  app.use(
    '/static/refund-widgets',
    express.static(distDir, {
      index: false,
      setHeaders(res, file) {
        const relative = path.relative(distDir, file).split(path.sep).join('/');
        const cache =
          !UNHASHED.test(relative) && HASHED.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache';
        res.set('Cache-Control', cache);
      },
    }),
  );
  app.use('/static/refund-widgets', (_req, res) => res.status(404).type('text/plain').send('Not found'));

  // Every state-changing API call carries the page's antiforgery token, except the server-to-server
  // POST /api/Session; every call about a booking needs a session holding it (docs/security.md).
  const { router: api, guards, claims } = createSecuredApi({ store, sessions, dataDir, bookings, latencyMs, logger });
  app.use(api);
  // Page data for other hosts (hosts/aspnet/): open with the dev tools, else only with the key.
  if (devTools || hostDataKey !== undefined) {
    app.use(createHostDataRouter(store, { stations, key: devTools ? undefined : hostDataKey }));
  }
  if (devTools) {
    app.use(createDevToolsRouter({ store, claims })); // /__dev/*
    app.use(createGalleryRouter({ bookings, lookups, stations, dataDir, logger })); // /gallery and /gallery-api/*
  }

  /**
   * Sends an HTML page; pages are never cached (their data changes with the backend state). A page
   * with the shim's tag gets the build's host stylesheet in its head (widgetsStylesheet).
   *
   * @param {import('express').Response} res
   * @param {string} html
   * @param {number} [status]
   */
  const sendPage = (res, html, status = 200) =>
    res
      .status(status)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(
        withVitals(
          html.includes(`<script src="${views.SHIM_URL}"`)
            ? html.replace('</head>', `${widgetsStylesheet()}</head>`)
            : html,
          vitals,
        ),
      );

  /**
   * The `<link rel="stylesheet">` of the build's host stylesheet with its integrity, as
   * dist/manifest.json names them (docs/host-contract.md "Reserved space"), read at each page so a
   * new build is used at once; '' for a build without one.
   *
   * @returns {string} HTML
   */
  const widgetsStylesheet = () => {
    let manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'manifest.json'), 'utf8'));
    } catch {
      return '';
    }
    const file = manifest.stylesheet;
    const integrity = file && manifest.files?.[file]?.integrity;
    if (!integrity) return '';
    const href = `${views.SHIM_URL.slice(0, -'host-shim.js'.length)}${file}`;
    return `<link rel="stylesheet" href="${views.escapeHtml(href)}" integrity="${views.escapeHtml(integrity)}">\n`;
  };

  /**
   * `html` with the preload hints of `widget` at the end of its head, when the dev host writes hints.
   *
   * @param {string} html a page of views.js
   * @param {string} widget the page's widget (a page with two takes the hints of one)
   * @param {Record<string, string>} [values] its mount element's first GET URLs (none for a static view)
   * @returns {string}
   */
  const withHints = (html, widget, values = {}) =>
    preloadHints ? html.replace('</head>', `${hintsFor(distDir, widget, values)}\n</head>`) : html;

  /**
   * The page of a proof refused by a limit: 429 with `Retry-After`, after the delay of every
   * refusal for a limit (backend/limits.js).
   *
   * @param {import('express').Response} res
   * @param {number} seconds
   */
  const tooManyPage = (res, seconds) =>
    setTimeout(() => {
      if (!res.socket || res.socket.destroyed) return;
      res.set('Retry-After', String(seconds));
      sendPage(
        res,
        views.errorPage({ heading: 'Too many attempts', message: 'Please wait a minute, then reload the page.' }),
        429,
      );
    }, REFUSAL_DELAY_MS);

  /**
   * A page for the booking named by the query's BookingReference and Email, or the 404 page. The
   * traveller proved the booking is theirs, so the session now holds it (auth.js; a session of
   * other bookings is not carried over); the page carries the antiforgery token. Proofs are
   * throttled per client and per booking: 429 with `Retry-After`.
   *
   * @param {(options: import('./backend/types').PageOptions) => string} render
   * @param {string} widget the page's widget, for its preload hints (a page with two takes one's)
   * @param {(state: import('./backend/types').BookingState) => Record<string, string>} [firstGets] the
   *   URLs of its first GETs by mount attribute (none for a static view)
   * @returns {import('express').RequestHandler}
   */
  const bookingPage =
    (render, widget, firstGets = () => ({})) =>
    async (req, res) => {
      const reference = queryValue(req.query, 'BookingReference');
      const wait = await guards.throttle(req, reference);
      if (wait > 0) return tooManyPage(res, wait);
      const found = store.findBooking(reference, queryValue(req.query, 'Email'));
      if (!found) return sendPage(res, views.bookingNotFoundPage(), 404);
      if (guards.grant(req, res, [found.state.bookingReference], { page: true }) === null) {
        return tooManyPage(res, SESSIONS_FULL_WAIT_S);
      }
      const html = render({ state: found.state, stations, csrfToken: pageToken(req, res) });
      return sendPage(res, withHints(html, widget, firstGets(found.state)));
    };

  // Browsers ask for a favicon; answer without a body so the console stays clean.
  app.get('/favicon.ico', (_req, res) => res.status(204).end());
  app.get('/', (req, res) =>
    sendPage(
      res,
      withHints(views.startPage({ bookings, lookups, csrfToken: pageToken(req, res), gallery: devTools }), 'lookup'),
    ),
  );
  app.get('/ConfirmRefund', bookingPage(views.refundPage, 'refund', views.firstGetUrls));
  app.get(
    '/RefundUnavailable',
    bookingPage((data) => views.refundPage({ ...data, view: 'unavailable' }), 'refund'),
  );
  app.get('/JourneySummary', bookingPage(views.journeySummaryPage, 'journeySummary'));
  app.get('/Demo/TwoWidgets', bookingPage(views.twoWidgetsPage, 'refund', views.firstGetUrls));
  app.get('/ManualRefund', bookingPage(views.manualRefundPage, 'manualClaim'));
  app.get('/Home/Disruption', bookingPage(views.disruptionPage, 'disruption', views.firstGetUrls));
  app.get('/Home/Disruption/Finished', bookingPage(views.disruptionFinishedPage, 'disruption'));
  app.get('/SelfRefundsUnavailable', (req, res) =>
    sendPage(res, views.selfRefundsUnavailablePage({ csrfToken: pageToken(req, res) })),
  );

  app.use((_req, res) =>
    sendPage(res, views.errorPage({ heading: 'Page not found', message: 'There is no page at this address.' }), 404),
  );
  /**
   * @param {{ stack?: string }} error
   * @param {import('express').Request} _req
   * @param {import('express').Response} res
   * @param {import('express').NextFunction} _next
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const onError = (error, _req, res, _next) => {
    logger.warn(`Dev host: ${error.stack ?? error}`);
    sendPage(res, views.errorPage({ heading: 'Something went wrong', message: 'The dev host failed to answer.' }), 500);
  };
  app.use(onError);
  return app;
}

module.exports = { createApp, CONTENT_SECURITY_POLICY, DEFAULT_DIST_DIR, DEFAULT_DATA_DIR };
