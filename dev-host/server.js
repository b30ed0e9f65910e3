// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// Starts the dev host (app.js): `node dev-host/server.js [--dev-tools] [--preload-hints] [--vitals=<rate>]`,
// with HOST (127.0.0.1), PORT (8080; 0 picks a free one), DATA_DIR, DIST_DIR, LATENCY_MS, DEV_TOOLS=1,
// PRELOAD_HINTS=1, VITALS, HOST_DATA_KEY and TRUST_PROXY (docs/reference-backend.md "Dev tools").
'use strict';

const http = require('http');
const path = require('path');
const { once } = require('events');
const { promisify } = require('util');
const { createApp, DEFAULT_DATA_DIR, DEFAULT_DIST_DIR } = require('./app');

const DEFAULT_HOST = '127.0.0.1';

/**
 * Serves an express app over HTTP; port 0 picks a free one. `close` also flushes `app.locals.store`.
 * @param {import('express').Express} app @param {{ host?: string, port?: number }} [options]
 */
async function listen(app, { host = DEFAULT_HOST, port = 0 } = {}) {
  const server = http.createServer(app).listen(port, host);
  await once(server, 'listening');
  const actualPort = /** @type {import('net').AddressInfo} */ (server.address()).port;
  /** @type {Promise<void> | undefined} */
  let closing;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    close() {
      closing ??= promisify(server.close.bind(server))().then(() => app.locals.store?.flush?.());
      server.closeAllConnections();
      return closing;
    },
  };
}

/**
 * Starts the dev host (port default 8080, 0 picks a free one).
 * @param {Parameters<typeof createApp>[0] & { host?: string, port?: number }} [options]
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
 * Runs a server until SIGINT or SIGTERM, logging `<name> listening on <url><suffix>`, or
 * `<name> failed to start: …` and exiting 1.
 * @param {() => Promise<{ url: string, close: () => Promise<void> }>} start @param {string} name
 * @param {string} [suffix]
 */
async function runUntilStopped(start, name, suffix = '') {
  try {
    const running = await start();
    console.log(`${name} listening on ${running.url}${suffix}`);
    const stop = () => running.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    console.error(`${name} failed to start: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}

/**
 * Whether the command line has `--<name>` or the environment `<variable>=1`.
 * @param {string} name @param {string} variable @returns {(argv?: string[], env?: NodeJS.ProcessEnv) => boolean}
 */
const switchWanted =
  (name, variable) =>
  (argv = process.argv, env = process.env) =>
    argv.includes(`--${name}`) || env[variable] === '1';
const devToolsWanted = switchWanted('dev-tools', 'DEV_TOOLS');
const preloadHintsWanted = switchWanted('preload-hints', 'PRELOAD_HINTS');

/**
 * The pages' `data-vitals` rate: the last `--vitals=<rate>`, else `VITALS`; undefined for none.
 * @param {string[]} [argv] @param {NodeJS.ProcessEnv} [env] @returns {string | undefined}
 */
function vitalsWanted(argv = process.argv, env = process.env) {
  const flag = [...argv].reverse().find((arg) => arg.startsWith('--vitals='));
  if (flag !== undefined) return flag.slice('--vitals='.length);
  return env.VITALS || undefined;
}

/**
 * Express's `trust proxy` from `TRUST_PROXY`: unset or empty false, `true`/`false`, a whole number
 * of hops, else the text as is.
 * @param {NodeJS.ProcessEnv} [env] @returns {boolean | number | string}
 */
function envTrustProxy(env = process.env) {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/**
 * A non-negative integer from the environment, `fallback` when unset or empty.
 * @param {string} name @param {number} fallback @throws Error when set to anything else
 */
function envInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/**
 * The options both servers read from the environment: HOST, PORT (default `port`), DATA_DIR,
 * LATENCY_MS, DEV_TOOLS (or `--dev-tools`), HOST_DATA_KEY and TRUST_PROXY.
 * @param {number} port
 */
const envOptions = (port) => ({
  host: process.env.HOST || DEFAULT_HOST,
  port: envInteger('PORT', port),
  dataDir: process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : DEFAULT_DATA_DIR,
  latencyMs: envInteger('LATENCY_MS', 0),
  devTools: devToolsWanted(),
  hostDataKey: process.env.HOST_DATA_KEY || undefined,
  trustProxy: envTrustProxy(),
});

if (require.main === module) {
  const options = {
    ...envOptions(8080),
    distDir: process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : DEFAULT_DIST_DIR,
    preloadHints: preloadHintsWanted(),
    vitals: vitalsWanted(),
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
  envOptions,
  envTrustProxy,
  devToolsWanted,
  preloadHintsWanted,
  vitalsWanted,
  runUntilStopped,
  DEFAULT_HOST,
};
