// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// The emulated legacy site: its pages, dist/ at /static/refund-widgets/ and the reference backend
// (docs/architecture.md "The dev host and reference backend").
'use strict';

const fs = require('fs');
const path = require('path');
const express = require('express');
const compression = require('compression');
const expressStaticGzip = require('express-static-gzip');
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

/** The strict CSP of docs/host-contract.md "The host contract". */
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** dist/ files without a content hash in their names: revalidated. */
const UNHASHED = /(^|\/)(host-shim\.js|remoteEntry\.js|[^/]*manifest[^/]*\.json)$/;
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * @typedef {{ bookings: Record<string, import('./backend/types').BookingState>, stations: Record<string, string>,
 * lookups: Record<string, import('./backend/types').LookupState>, dataDir: string, latencyMs: number,
 * logger: import('./backend/types').Logger, devTools: boolean, hostDataKey?: string,
 * trustProxy: boolean | number | string }} BackendOptions
 */

/**
 * An express app for the reference backend: `app.locals.store` and `.sessions`, `before(app)`, the
 * API behind its checks, and the dev tools' `/__dev/*` and `/host-data/*` when asked for
 * (docs/reference-backend.md "Dev tools").
 * @param {BackendOptions} options
 * @param {(app: import('express').Express) => void} before middleware and routes ahead of the API
 * @throws Error when `hostDataKey` is shorter than 16 characters
 */
function createBackendBase(options, before) {
  const { bookings, lookups, stations, dataDir, latencyMs, logger, devTools, hostDataKey, trustProxy } = options;
  if (hostDataKey !== undefined) checkHostDataKey(hostDataKey);
  const store = createBackend({ bookings, lookups, dataDir, logger });
  const sessions = createSessions();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  Object.assign(app.locals, { store, sessions });
  before(app);
  const { router, guards, claims } = createSecuredApi({ store, sessions, dataDir, bookings, latencyMs, logger });
  app.use(router);
  if (devTools || hostDataKey !== undefined) {
    app.use(createHostDataRouter(store, { stations, key: devTools ? undefined : hostDataKey }));
  }
  if (devTools) app.use(createDevToolsRouter({ store, claims }));
  return { app, store, guards };
}

/**
 * The dev host's express app; `devTools` also serves the gallery; `vitals` is the shim tags'
 * `data-vitals` as given (docs/host-contract.md "Preload hints", "POST /report/vitals").
 * @param {Partial<BackendOptions> & { distDir?: string, preloadHints?: boolean, vitals?: string }} [options]
 * @returns {import('express').Express} @throws Error when `hostDataKey` is shorter than 16 characters
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
  const backendOptions = { bookings, lookups, stations, dataDir, latencyMs, logger, devTools, hostDataKey, trustProxy };
  const { app, store, guards } = createBackendBase(backendOptions, (app) => {
    app.use(compression()); // real transfer sizes and timings
    app.use((_req, res, next) => {
      res.set({
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'same-origin',
      });
      next();
    });
    app.use(refuseUnsafePaths);
    // A versioned URL (`/site.css?v=…`, views.js) is cached for good; any other revalidates.
    app.use(
      express.static(path.join(__dirname, 'public'), {
        index: false,
        setHeaders: (res) => res.setHeader('Cache-Control', res.req.query.v ? IMMUTABLE : 'no-cache'),
      }),
    );
    app.use(
      '/static/refund-widgets',
      // The build's Brotli copy of a file to a browser that accepts br; compression() gzips the rest.
      expressStaticGzip(distDir, {
        enableBrotli: true,
        orderPreference: ['br'],
        index: false,
        serveStatic: {
          index: false,
          setHeaders(res, file) {
            const relative = path.relative(distDir, file).split(path.sep).join('/').replace(/\.br$/, '');
            const cache = !UNHASHED.test(relative) && HASHED.test(relative) ? IMMUTABLE : 'no-cache';
            res.setHeader('Cache-Control', cache);
          },
        },
      }),
    );
    app.use('/static/refund-widgets', (_req, res) => res.status(404).type('text/plain').send('Not found'));
  });
  const shim = path.join(distDir, 'host-shim.js');
  if (!fs.existsSync(shim))
    logger.warn(`Dev host: ${shim} is missing; pages render without widgets. Run \`npm run build\`.`);
  if (devTools) app.use(createGalleryRouter({ bookings, lookups, stations, dataDir, logger }));

  const base = views.SHIM_URL.slice(0, -'host-shim.js'.length);
  /**
   * What a page links from dist/manifest.json, read at each page: the host stylesheet's tag ('' without
   * one) and the shim's URL (its fingerprinted copy when the manifest names one, with its `integrity`
   * and `crossorigin` in `shimAttributes`, as docs/host-contract.md "The shim's script tag" writes it).
   * @returns {{ stylesheet: string, shimUrl: string, shimAttributes: string }}
   */
  const fromManifest = () => {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'manifest.json'), 'utf8'));
      const { stylesheet: file, shim, files } = manifest;
      const integrity = file && files?.[file]?.integrity;
      const link = `<link rel="stylesheet" href="${views.escapeHtml(`${base}${file}`)}" integrity="${views.escapeHtml(integrity)}">\n`;
      const named = typeof shim === 'string' && /^host-shim\.[0-9a-f]{8,}\.js$/.test(shim) && files?.[shim];
      const shimIntegrity = named && files[shim].integrity;
      return {
        stylesheet: integrity ? link : '',
        shimUrl: named ? `${base}${shim}` : views.SHIM_URL,
        shimAttributes: shimIntegrity ? ` integrity="${views.escapeHtml(shimIntegrity)}" crossorigin="anonymous"` : '',
      };
    } catch {
      return { stylesheet: '', shimUrl: views.SHIM_URL, shimAttributes: '' };
    }
  };

  const shimTag = `<script src="${views.SHIM_URL}"`;
  /**
   * Sends a page, never cached; a page with the shim gets the host stylesheet, the shim's
   * fingerprinted URL and `data-vitals`.
   * @param {import('express').Response} res @param {string} html @param {number} [status]
   */
  const sendPage = (res, html, status = 200) => {
    let page = html;
    if (page.includes(shimTag)) {
      const { stylesheet, shimUrl, shimAttributes } = fromManifest();
      const vitalsAttribute = vitals === undefined ? '' : ` data-vitals="${views.escapeHtml(vitals)}"`;
      page = page
        .replace('</head>', `${stylesheet}</head>`)
        .replace(`${shimTag} defer>`, `<script src="${shimUrl}"${shimAttributes}${vitalsAttribute} defer>`);
    }
    return res.status(status).set('Cache-Control', 'no-store').type('html').send(page);
  };

  /** `html` with its widgets' preload hints when asked for. @param {string} html @param {string[]} widgets @param {Record<string, string>} [values] */
  const withHints = (html, widgets, values = {}) =>
    preloadHints ? html.replace('</head>', `${hintsFor(distDir, widgets, values)}\n</head>`) : html;

  /** 429 with `Retry-After` after the delay of every refusal for a limit. @param {import('express').Response} res @param {number} seconds */
  const tooManyPage = (res, seconds) =>
    setTimeout(() => {
      if (!res.socket || res.socket.destroyed) return;
      res.set('Retry-After', String(seconds));
      const message = 'Please wait a minute, then reload the page.';
      sendPage(res, views.errorPage({ heading: 'Too many attempts', message }), 429);
    }, REFUSAL_DELAY_MS);

  /**
   * A booking's page, from the query's BookingReference and Email: a proof of the booking that
   * opens its session (docs/security.md "Sessions and antiforgery on the reference backend").
   * @param {(options: import('./backend/types').PageOptions) => string} render
   * @param {string[]} widgets the page's widgets, for their preload hints
   * @param {(state: import('./backend/types').BookingState) => Record<string, string>} [firstGets] the mount
   *   attributes its hints read: the first GETs' URLs and `data-view`
   * @returns {import('express').RequestHandler}
   */
  const bookingPage =
    (render, widgets, firstGets = () => ({})) =>
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
      return sendPage(res, withHints(html, widgets, firstGets(found.state)));
    };

  app.get('/favicon.ico', (_req, res) => res.status(204).end());
  app.get('/', (req, res) => {
    const page = views.startPage({ bookings, lookups, csrfToken: pageToken(req, res), gallery: devTools });
    sendPage(res, withHints(page, ['lookup']));
  });
  app.get('/ConfirmRefund', bookingPage(views.refundPage, ['refund'], views.firstGetUrls));
  app.get(
    '/RefundUnavailable',
    bookingPage(
      (data) => views.refundPage({ ...data, view: 'unavailable' }),
      ['refund'],
      (state) => ({ ...views.firstGetUrls(state), 'data-view': 'unavailable' }),
    ),
  );
  app.get('/JourneySummary', bookingPage(views.journeySummaryPage, ['journeySummary']));
  app.get('/Demo/TwoWidgets', bookingPage(views.twoWidgetsPage, ['refund', 'journeySummary'], views.firstGetUrls));
  app.get('/ManualRefund', bookingPage(views.manualRefundPage, ['manualClaim']));
  app.get('/Home/Disruption', bookingPage(views.disruptionPage, ['disruption'], views.firstGetUrls));
  app.get('/Home/Disruption/Finished', bookingPage(views.disruptionFinishedPage, ['disruption']));
  app.get('/SelfRefundsUnavailable', (req, res) =>
    sendPage(res, views.selfRefundsUnavailablePage({ csrfToken: pageToken(req, res) })),
  );

  app.use((_req, res) =>
    sendPage(res, views.errorPage({ heading: 'Page not found', message: 'There is no page at this address.' }), 404),
  );
  /** @param {{ stack?: string }} error @param {unknown} _req @param {import('express').Response} res @param {unknown} _next */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const onError = (error, _req, res, _next) => {
    logger.warn(`Dev host: ${error.stack ?? error}`);
    sendPage(res, views.errorPage({ heading: 'Something went wrong', message: 'The dev host failed to answer.' }), 500);
  };
  app.use(onError);
  return app;
}

module.exports = { createApp, createBackendBase, CONTENT_SECURITY_POLICY, DEFAULT_DIST_DIR, DEFAULT_DATA_DIR };
