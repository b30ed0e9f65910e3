// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// The reference backend alone, no pages and no dist/ (`npm run backend`; docs/cross-origin.md
// "The reference backend as a neighbour"), with DEV_TOOLS=1 or `--dev-tools` and HOST_DATA_KEY as for the dev host.
'use strict';

const fixtureBookings = require('../fixtures/bookings.json');
const fixtureLookups = require('../fixtures/lookups.json');
const fixtureStations = require('../fixtures/stations.json');
const { createCors } = require('./cors');
const { refuseUnsafePaths } = require('./pathGuard');
const { DEFAULT_DATA_DIR, createBackendBase } = require('./app');
const { listen, envOptions, devToolsWanted, runUntilStopped, DEFAULT_HOST } = require('./server');

/**
 * The reference backend's express app; `corsOrigin` is the one page origin allowed cross-origin.
 * @param {Partial<Omit<import('./app').BackendOptions, 'stations'>> & { dataDir: string, corsOrigin?: string }} options
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
  const options = { bookings, lookups, stations: fixtureStations, dataDir, latencyMs, logger, devTools, hostDataKey };
  const { app } = createBackendBase({ ...options, trustProxy }, (app) => {
    app.use((_req, res, next) => {
      res.set('X-Content-Type-Options', 'nosniff');
      next();
    });
    app.use(refuseUnsafePaths);
    if (corsOrigin) app.use(createCors(corsOrigin));
  });
  app.use((_req, res) => res.status(404).type('text/plain').send('Not found.'));
  return app;
}

/**
 * Starts the reference backend alone (port default 8081, 0 picks a free one).
 * @param {Partial<Parameters<typeof createBackendApp>[0]> & { host?: string, port?: number }} [options]
 */
async function startBackend({ host = DEFAULT_HOST, port = 8081, dataDir = DEFAULT_DATA_DIR, ...options } = {}) {
  const app = createBackendApp({ ...options, dataDir });
  return { ...(await listen(app, { host, port })), app };
}

if (require.main === module) {
  const cors = process.env.CORS_ORIGIN;
  runUntilStopped(
    () => startBackend({ ...envOptions(8081), corsOrigin: cors || undefined }),
    'Reference backend',
    `${cors ? `; browsers may call it from ${cors}` : ''}${devToolsWanted() ? ' (dev tools on: /__dev/*, /host-data/*)' : ''}`,
  );
}

module.exports = { createBackendApp, startBackend };
