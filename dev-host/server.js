// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Starts the dev host (app.js) on a port. Run directly: `node dev-host/server.js`,
 * with `HOST` (default 127.0.0.1: this machine only), `PORT` (default 8080; `0` picks a free
 * port), `DATA_DIR` (default `.data/` in the repo root), `DIST_DIR` (default `dist/`) and
 * `LATENCY_MS` (default 0) from the environment.
 */
'use strict';

const http = require('http');
const path = require('path');
const { createApp, DEFAULT_DATA_DIR, DEFAULT_DIST_DIR } = require('./app');

/** The address servers listen on unless told otherwise: this machine only. */
const DEFAULT_HOST = '127.0.0.1';

/**
 * Serves an express app over HTTP.
 *
 * @param {import('express').Express} app
 * @param {{ host?: string, port?: number }} [options] host default 127.0.0.1; port 0 picks a free one
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>} `url` is
 *   `http://<host>:<port>` (IPv6 hosts in brackets)
 */
async function listen(app, { host = DEFAULT_HOST, port = 0 } = {}) {
  const server = http.createServer(app);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  let closing;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    close() {
      closing ??= new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/**
 * Starts the dev host.
 *
 * @param {object} [options] also passed to `createApp` (bookings, stations, latencyMs, logger)
 * @param {string} [options.host] default 127.0.0.1
 * @param {number} [options.port] default 8080; 0 picks a free port
 * @param {string} [options.dataDir] default `<repo>/.data`
 * @param {string} [options.distDir] default `<repo>/dist`
 * @returns {Promise<{ url: string, port: number, app: import('express').Express, close: () => Promise<void> }>}
 */
async function startServer({
  host = DEFAULT_HOST,
  port = 8080,
  dataDir = DEFAULT_DATA_DIR,
  distDir = DEFAULT_DIST_DIR,
  ...options
} = {}) {
  const app = createApp({ ...options, dataDir, distDir });
  return { ...(await listen(app, { host, port })), app };
}

/**
 * Runs a server started from the command line until SIGINT or SIGTERM: logs
 * `<name> listening on <url><suffix>`, or `<name> failed to start: …` and exits 1.
 *
 * @param {() => Promise<{ url: string, close: () => Promise<void> }>} start
 * @param {string} name e.g. `Dev host`
 * @param {string} [suffix] appended to the listening line
 */
function runUntilStopped(start, name, suffix = '') {
  Promise.resolve()
    .then(start)
    .then(
      (running) => {
        console.log(`${name} listening on ${running.url}${suffix}`);
        const stop = () => running.close().then(() => process.exit(0));
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      },
      (error) => {
        console.error(`${name} failed to start: ${error.message}`);
        process.exit(1);
      },
    );
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
    host: process.env.HOST || DEFAULT_HOST,
    port: envInteger('PORT', 8080),
    dataDir: process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : DEFAULT_DATA_DIR,
    distDir: process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : DEFAULT_DIST_DIR,
    latencyMs: envInteger('LATENCY_MS', 0),
  };
  runUntilStopped(() => startServer(options), 'Dev host');
}

module.exports = { startServer, listen, envInteger, runUntilStopped, DEFAULT_HOST };
