// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Starts the dev host (app.js) on a port. Run directly:
 * `node dev-host/server.js [--dev-tools] [--preload-hints] [--vitals=<rate>]`, with `HOST` (default 127.0.0.1: this
 * machine only), `PORT` (default 8080; `0` picks a free port), `DATA_DIR` (default `.data/` in the
 * repo root), `DIST_DIR` (default `dist/`), `LATENCY_MS` (default 0), `DEV_TOOLS` (`1`: as
 * `--dev-tools`), `PRELOAD_HINTS` (`1`: as `--preload-hints`), `VITALS` (as `--vitals=`),
 * `HOST_DATA_KEY` and `TRUST_PROXY`
 * from the environment (docs/reference-backend.md "Dev tools"; docs/host-contract.md "Preload
 * hints"; "POST /report/vitals"). `npm start` and `npm run serve` pass `--dev-tools --preload-hints
 * --vitals=1`.
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
 *   `http://<host>:<port>` (IPv6 hosts in brackets); `close` also writes what the backend's
 *   store (`app.locals.store`) holds back (backend/store.js `saveSoon`)
 */
async function listen(app, { host = DEFAULT_HOST, port = 0 } = {}) {
  const server = http.createServer(app);
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    })
  );
  const actualPort = /** @type {import('net').AddressInfo} */ (server.address()).port;
  /** @type {Promise<void> | undefined} */
  let closing;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    close() {
      closing ??= /** @type {Promise<void>} */ (
        new Promise((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        })
      ).then(() => app.locals.store?.flush?.());
      return closing;
    },
  };
}

/**
 * Starts the dev host.
 *
 * @param {Parameters<typeof createApp>[0] & { host?: string, port?: number }} [options] also passed
 *   to `createApp` (bookings, stations, latencyMs, logger, devTools, hostDataKey, trustProxy);
 *   `host` default 127.0.0.1; `port` default 8080, 0 picks a free port; `dataDir` default
 *   `<repo>/.data`; `distDir` default `<repo>/dist`
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

/**
 * Whether the dev tools are asked for: the command-line flag `--dev-tools`, or `DEV_TOOLS=1`.
 *
 * @param {string[]} [argv] default `process.argv`
 * @param {NodeJS.ProcessEnv} [env] default `process.env`
 * @returns {boolean}
 */
function devToolsWanted(argv = process.argv, env = process.env) {
  return argv.includes('--dev-tools') || env.DEV_TOOLS === '1';
}

/**
 * Whether the pages should carry the build's preload hints (docs/host-contract.md "Preload hints"):
 * the command-line flag `--preload-hints`, or `PRELOAD_HINTS=1`. Without either, the pages are
 * those of a host without hints (the shim preloads by itself), as the browser tests and the bench's
 * plain pages get them.
 *
 * @param {string[]} [argv] default `process.argv`
 * @param {NodeJS.ProcessEnv} [env] default `process.env`
 * @returns {boolean}
 */
function preloadHintsWanted(argv = process.argv, env = process.env) {
  return argv.includes('--preload-hints') || env.PRELOAD_HINTS === '1';
}

/**
 * The `data-vitals` sample rate the pages should carry (docs/host-contract.md "POST /report/vitals"):
 * the command-line flag `--vitals=<rate>`, else `VITALS=<rate>`. `npm start` and `npm run serve`
 * pass `--vitals=1`: every page view of the demo reports its Web Vitals (`npm run vitals`).
 *
 * @param {string[]} [argv] default `process.argv`
 * @param {NodeJS.ProcessEnv} [env] default `process.env`
 * @returns {string | undefined} the rate as given (the shim checks it), or undefined: no attribute
 */
function vitalsWanted(argv = process.argv, env = process.env) {
  const flag = [...argv].reverse().find((arg) => arg.startsWith('--vitals='));
  if (flag !== undefined) return flag.slice('--vitals='.length);
  return env.VITALS === undefined || env.VITALS === '' ? undefined : env.VITALS;
}

/**
 * Reads express's `trust proxy` setting from `TRUST_PROXY`: unset or empty is false (no proxy is
 * trusted); `true`/`false`; a whole number is a count of proxy hops; anything else goes to express
 * as is (addresses or names such as `loopback`, comma-separated).
 *
 * @param {NodeJS.ProcessEnv} [env] default `process.env`
 * @returns {boolean | number | string}
 */
function envTrustProxy(env = process.env) {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/**
 * Reads a non-negative integer from the environment.
 *
 * @param {string} name the variable
 * @param {number} fallback its value when unset or empty
 * @returns {number}
 * @throws Error when set to anything but a non-negative integer
 */
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
    devTools: devToolsWanted(),
    preloadHints: preloadHintsWanted(),
    vitals: vitalsWanted(),
    hostDataKey: process.env.HOST_DATA_KEY || undefined,
    trustProxy: envTrustProxy(),
  };
  const notes = [
    options.devTools ? 'dev tools on: /gallery, /__dev/*, /host-data/*' : '',
    options.preloadHints ? 'preload hints on' : '',
    options.vitals === undefined ? '' : `data-vitals="${options.vitals}"`,
  ].filter(Boolean);
  runUntilStopped(() => startServer(options), 'Dev host', notes.length ? ` (${notes.join('; ')})` : '');
}

module.exports = {
  startServer,
  listen,
  envInteger,
  envTrustProxy,
  devToolsWanted,
  preloadHintsWanted,
  vitalsWanted,
  runUntilStopped,
  DEFAULT_HOST,
};
