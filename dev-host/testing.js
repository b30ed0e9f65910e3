// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Test helpers for the dev host: start a dev host on port 0 with a fresh temporary DATA_DIR, a
 * stand-in dist/ and its dev tools on, close every host and remove every folder after the tests
 * (Jest: `useTestHosts()` once per test file), a traveller's session for calling the API directly
 * (`travellerSession`, also used by the browser tests), and small fetch wrappers.
 */
/* global afterEach, afterAll -- Jest globals: this module is only required by Jest test files */
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { randomBytes } = require('crypto');
const zlib = require('zlib');
const fixtureLookups = require('../fixtures/lookups.json');
const { spawn } = require('child_process');
const { startServer } = require('./server');
const { SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER } = require('./auth');

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** @typedef {((route: string, init?: RequestInit) => Promise<Response>) & { session: string, token: string, cookie: string }} Traveller */
/**
 * A dev host started by `useTestHosts().start`.
 * @typedef {Awaited<ReturnType<typeof startServer>> & { fetch: Traveller }} TestHost
 */

/**
 * A traveller's browser on a running dev host, as the pages of their bookings leave it: a session
 * (cookie `rw_session`) holding `references` and an antiforgery token (cookie `rw_csrf`, docs/security.md).
 *
 * @param {{ url: string, app: import('express').Express }} server a dev host from `startServer`
 * @param {string[]} [references] booking references of the session; default every booking of the
 *   host's fixtures and every replacement booking of fixtures/lookups.json
 * @returns {Traveller} fetch for a route (`/api/…`) or a full URL: sends both cookies (unless `init.headers` has a
 *   Cookie) and, on a state-changing method, the `RequestVerificationToken` header (unless given).
 *   Like a browser, it keeps the new session token an answer sets (the token rotates when a page
 *   or a lookup proves a booking); `session` and `cookie` are the current ones.
 */
function travellerSession(server, references) {
  const { sessions, store } = server.app.locals;
  const all = [...Object.values(store.bookings), ...Object.values(fixtureLookups)].map((s) => s.bookingReference);
  const token = randomBytes(32).toString('base64url');
  const jar = { session: sessions.open(references ?? all) };
  const cookieOf = () => `${SESSION_COOKIE}=${jar.session}; ${CSRF_COOKIE}=${token}`;
  /**
   * @param {string} route
   * @param {RequestInit} [init]
   */
  const request = async (route, init = {}) => {
    const headers = new Headers(init.headers);
    const ownCookie = !headers.has('Cookie');
    if (ownCookie) headers.set('Cookie', cookieOf());
    if (!SAFE_METHODS.includes((init.method ?? 'GET').toUpperCase()) && !headers.has(CSRF_HEADER)) {
      headers.set(CSRF_HEADER, token);
    }
    const response = await fetch(route.startsWith('/') ? `${server.url}${route}` : route, { ...init, headers });
    const rotated = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
    if (ownCookie && rotated) jar.session = rotated.slice(SESSION_COOKIE.length + 1);
    return response;
  };
  return /** @type {Traveller} */ (
    Object.defineProperties(request, {
      session: { get: () => jar.session, enumerable: true },
      token: { value: token, enumerable: true },
      cookie: { get: cookieOf, enumerable: true },
    })
  );
}

/**
 * Registers afterEach/afterAll hooks and returns `{ start, tempDir, fakeDist }`.
 * `start(options)` starts a dev host (options as for `startServer`; `devTools` defaults to true
 * here, since tests read /__dev/*), closed after each test; its `server.fetch` is a
 * {@link travellerSession} holding every fixture booking. `tempDir(prefix)` makes a folder and
 * `fakeDist(files)` a stand-in dist/ with the given files; both are removed after the tests.
 * @returns {{ start: (options?: Parameters<typeof startServer>[0]) => Promise<TestHost>, tempDir: (prefix: string) => string,
 *   fakeDist: (files?: Record<string, string>) => string }}
 */
function useTestHosts() {
  /** @type {string[]} */
  const temporary = [];
  /** @type {TestHost[]} */
  const running = [];
  /** @param {string} prefix */
  const tempDir = (prefix) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    temporary.push(dir);
    return dir;
  };
  /**
   * A stand-in dist/ in a new temporary folder: each file's path (folders made as needed) and text.
   * @param {Record<string, string>} [files] default a shim alone
   */
  const fakeDist = (files = { 'host-shim.js': '/* shim */' }) => {
    const dist = tempDir('rw-dist-');
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      fs.writeFileSync(path.join(dist, name), text);
    }
    return dist;
  };
  /** @param {Parameters<typeof startServer>[0]} [options] */
  const start = async (options = {}) => {
    const started = await startServer({
      port: 0,
      dataDir: options.dataDir ?? tempDir('rw-data-'),
      distDir: options.distDir ?? fakeDist(),
      logger: options.logger ?? { info: () => undefined, warn: () => undefined },
      devTools: true,
      ...options,
    });
    const server = Object.assign(started, { fetch: travellerSession(started) });
    running.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  afterAll(() => {
    for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
  });
  return { start, tempDir, fakeDist };
}

/**
 * POSTs JSON (or a raw string) as the server's traveller (`server.fetch`, else plain fetch) and
 * reads the answer as JSON when it is JSON, else as text.
 * @param {{ url: string, fetch?: Traveller }} server
 * @param {string} route
 * @param {unknown} body a value sent as JSON, or a string sent as it is
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, body: any }>}
 */
async function postJson(server, route, body, headers = {}) {
  const response = await (server.fetch ?? fetch)(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: isJson ? JSON.parse(text) : text };
}

/**
 * GETs JSON from the dev host as the server's traveller (`server.fetch`, else plain fetch).
 * @param {{ url: string, fetch?: Traveller }} server
 * @param {string} route
 * @returns {Promise<any>}
 */
async function getJson(server, route) {
  return (await (server.fetch ?? fetch)(`${server.url}${route}`)).json();
}

/**
 * The confirm refund request (docs/product-rules.md section 3) for a fixture state: its protectedReference and
 * journeyID, every flag false unless `overrides` says otherwise.
 * @param {{ status: any }} state a fixture state with a status answer
 * @param {Record<string, unknown>} [overrides]
 * @returns {Record<string, unknown>}
 */
function confirmBody(state, overrides = {}) {
  return {
    protectedReference: state.status.protectedReference,
    journeyId: state.status.refundStatus.journeyID,
    covid19: false,
    defer: false,
    disruptedOutwards: false,
    disruptedInwards: false,
    ...overrides,
  };
}

/**
 * A real PNG of the given size (grey pixels), built with zlib.
 * @param {number} width
 * @param {number} height
 * @returns {Buffer}
 */
function png(width, height) {
  /**
   * @param {string} type
   * @param {Buffer} data
   */
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y += 1) raw[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The request of `POST /tickets/upload` with one PNG photo (multipart field `file`) for a journey.
 * @param {string | number} journeyId sent as the `Journey-Id` header
 * @param {{ width?: number, key?: string }} [options] the photo's width in pixels (default 2: photos
 *   of other widths are other photos); an `Idempotency-Key`
 * @returns {RequestInit}
 */
function uploadInit(journeyId, { width = 2, key } = {}) {
  const form = new FormData();
  form.append('file', new Blob([png(width, 2)], { type: 'image/png' }), 'ticket.png');
  /** @type {Record<string, string>} */
  const headers = { 'Journey-Id': String(journeyId) };
  if (key !== undefined) headers['Idempotency-Key'] = key;
  return { method: 'POST', body: form, headers };
}

/**
 * Runs `node dev-host/server.js …args` on a free port of 127.0.0.1 until it prints its first line
 * (the command line of docs/reference-backend.md); the caller stops it with `child.kill()`.
 *
 * @param {string[]} args the command line's arguments
 * @param {Record<string, string>} env added to this process's environment (DATA_DIR, DIST_DIR…)
 * @returns {Promise<{ line: string, url: string, child: import('child_process').ChildProcess }>}
 *   the first line, the URL in it, and the process
 * @throws Error when the server exits before its first line
 */
async function runServerProcess(args, env) {
  const child = spawn(process.execPath, [path.join(__dirname, 'server.js'), ...args], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const line = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0].trim());
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(String(line));
  if (!url) throw new Error(`no URL in "${line}"`);
  return { line: String(line), url: url[0], child };
}

module.exports = {
  useTestHosts,
  travellerSession,
  postJson,
  getJson,
  confirmBody,
  png,
  uploadInit,
  runServerProcess,
};
