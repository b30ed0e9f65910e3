// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Starts the dev host (app.js) on a port. Run directly: `node dev-host/server.js`,
 * with `PORT` (default 8080; `0` picks a free port), `DATA_DIR` (default `.data/` in the repo
 * root), `DIST_DIR` (default `dist/`) and `LATENCY_MS` (default 0) from the environment.
 */
'use strict';

const http = require('http');
const path = require('path');
const { createApp, DEFAULT_DATA_DIR, DEFAULT_DIST_DIR } = require('./app');

/**
 * Starts the dev host.
 *
 * @param {object} [options] also passed to `createApp` (bookings, stations, latencyMs, logger)
 * @param {number} [options.port] default 8080; 0 picks a free port
 * @param {string} [options.dataDir] default `<repo>/.data`
 * @param {string} [options.distDir] default `<repo>/dist`
 * @returns {Promise<{ url: string, port: number, app: import('express').Express, close: () => Promise<void> }>}
 */
async function startServer({ port = 8080, dataDir = DEFAULT_DATA_DIR, distDir = DEFAULT_DIST_DIR, ...options } = {}) {
  const app = createApp({ ...options, dataDir, distDir });
  const server = http.createServer(app);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  let closing;
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    app,
    close() {
      closing ??= new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Reads a non-negative integer from the environment. */
function envInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

if (require.main === module) {
  const options = {
    port: envInteger('PORT', 8080),
    dataDir: process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : DEFAULT_DATA_DIR,
    distDir: process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : DEFAULT_DIST_DIR,
    latencyMs: envInteger('LATENCY_MS', 0),
  };
  startServer(options).then(
    (running) => {
      console.log(`Dev host listening on ${running.url}`);
      const stop = () => running.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error) => {
      console.error(`Dev host failed to start: ${error.message}`);
      process.exit(1);
    },
  );
}

module.exports = { startServer };
