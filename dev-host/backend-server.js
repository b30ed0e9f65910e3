// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend alone, as a neighbour of a host team's own site (docs/cross-origin.md "The
 * reference backend as a neighbour"): the same routers as the dev host (backend.js, claims.js) with
 * no pages and no dist/. Run `npm run backend`, with `HOST` (default 127.0.0.1), `PORT` (default
 * 8081; `0` picks a free port), `DATA_DIR` (default `.data/`), `LATENCY_MS` (default 0),
 * `CORS_ORIGIN` (the one page origin allowed to call it from a browser; default none),
 * `TRUST_PROXY`, `DEV_TOOLS` (`1`, or the flag `--dev-tools`: serve /__dev/* and the page data
 * /host-data/*; off by default) and `HOST_DATA_KEY` (serve /host-data/* to requests carrying it,
 * hostData.js) from the environment. Paths holding a backslash or a dot segment are refused first
 * (pathGuard.js).
 */
'use strict';

const path = require('path');
const express = require('express');
const fixtureBookings = require('../fixtures/bookings.json');
const fixtureLookups = require('../fixtures/lookups.json');
const fixtureStations = require('../fixtures/stations.json');
const { createBackend } = require('./backend');
const { createSecuredApi, createSessions } = require('./auth');
const { createCors } = require('./cors');
const { createDevToolsRouter } = require('./devTools');
const { createHostDataRouter, checkHostDataKey } = require('./hostData');
const { refuseUnsafePaths } = require('./pathGuard');
const { DEFAULT_DATA_DIR } = require('./app');
const { listen, envInteger, envTrustProxy, devToolsWanted, runUntilStopped, DEFAULT_HOST } = require('./server');

/**
 * Creates the reference backend's express app.
 *
 * @param {object} options
 * @param {string} options.dataDir where state.json and claims.json live
 * @param {string} [options.corsOrigin] the page origin allowed cross-origin (see cors.js); none by default
 * @param {Record<string, import('./backend/types').BookingState>} [options.bookings] default fixtures/bookings.json
 * @param {Record<string, import('./backend/types').LookupState>} [options.lookups] default fixtures/lookups.json
 * @param {number} [options.latencyMs] default 0
 * @param {import('./backend/types').Logger} [options.logger] default `console`
 * @param {boolean} [options.devTools] serve the test endpoints /__dev/* (devTools.js) and the page
 *   data /host-data/* (hostData.js); default false
 * @param {string} [options.hostDataKey] serve /host-data/* also without the dev tools, to requests
 *   whose `X-Host-Data-Key` equals it (at least 16 characters)
 * @param {boolean | number | string} [options.trustProxy] express's `trust proxy` setting (default false)
 * @returns {import('express').Express} `app.locals.store` is the backend's state, `app.locals.sessions`
 *   its sessions (auth.js): hosts open them with POST /api/Session
 * @throws Error when `corsOrigin` is not an http(s) origin, or `hostDataKey` is shorter than 16 characters
 */
function createBackendApp({
  dataDir,
  corsOrigin,
  bookings = fixtureBookings,
  lookups = fixtureLookups,
  latencyMs = 0,
  logger = console,
  devTools = false,
  hostDataKey,
  trustProxy = false,
}) {
  if (hostDataKey !== undefined) checkHostDataKey(hostDataKey);
  const store = createBackend({ bookings, lookups, dataDir, logger });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.locals.store = store;
  app.use((_req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.use(refuseUnsafePaths); // before every route (pathGuard.js)
  if (corsOrigin) app.use(createCors(corsOrigin));
  const sessions = createSessions();
  app.locals.sessions = sessions;
  const { router, claims } = createSecuredApi({ store, sessions, dataDir, bookings, latencyMs, logger });
  app.use(router);
  if (devTools) app.use(createDevToolsRouter({ store, claims }));
  if (devTools || hostDataKey !== undefined) {
    app.use(createHostDataRouter(store, { stations: fixtureStations, key: devTools ? undefined : hostDataKey }));
  }
  app.use((_req, res) => res.status(404).type('text/plain').send('Not found.'));
  return app;
}

/**
 * Starts the reference backend alone.
 *
 * @param {Partial<Parameters<typeof createBackendApp>[0]> & { host?: string, port?: number }} [options] as
 *   for {@link createBackendApp}, plus `host` (default 127.0.0.1) and `port` (default 8081; 0 picks
 *   a free port); `dataDir` defaults to `<repo>/.data`
 * @returns {Promise<{ url: string, port: number, app: import('express').Express, close: () => Promise<void> }>}
 */
async function startBackend({ host = DEFAULT_HOST, port = 8081, dataDir = DEFAULT_DATA_DIR, ...options } = {}) {
  const app = createBackendApp({ ...options, dataDir });
  return { ...(await listen(app, { host, port })), app };
}

if (require.main === module) {
  const cors = process.env.CORS_ORIGIN;
  runUntilStopped(
    () =>
      startBackend({
        host: process.env.HOST || DEFAULT_HOST,
        port: envInteger('PORT', 8081),
        dataDir: process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : DEFAULT_DATA_DIR,
        latencyMs: envInteger('LATENCY_MS', 0),
        corsOrigin: cors || undefined,
        devTools: devToolsWanted(),
        hostDataKey: process.env.HOST_DATA_KEY || undefined,
        trustProxy: envTrustProxy(),
      }),
    'Reference backend',
    `${cors ? `; browsers may call it from ${cors}` : ''}${devToolsWanted() ? ' (dev tools on: /__dev/*, /host-data/*)' : ''}`,
  );
}

module.exports = { createBackendApp, startBackend };
