// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
// Test helpers: dev hosts on port 0 with temporary folders (`useTestHosts()` once per Jest file), a
// traveller's session for calling the API, fetch wrappers and test files.
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
const { SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER, parseCookies } = require('./auth');

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** @typedef {((route: string, init?: RequestInit) => Promise<Response>) & { session: string, token: string, cookie: string }} Traveller */
/** @typedef {Awaited<ReturnType<typeof startServer>> & { fetch: Traveller }} TestHost */

/**
 * A traveller's browser after their bookings' pages: a fetch for a route or URL sending the session
 * and antiforgery cookies (unless given a Cookie) and, on a state-changing method, the token header;
 * it keeps a rotated session token as a browser does.
 * @param {{ url: string, app: import('express').Express }} server
 * @param {string[]} [references] default every fixture booking and replacement booking @returns {Traveller}
 */
function travellerSession(server, references) {
  const { sessions, store } = server.app.locals;
  const all = [...Object.values(store.bookings), ...Object.values(fixtureLookups)].map((s) => s.bookingReference);
  const token = randomBytes(32).toString('base64url');
  const jar = { session: sessions.open(references ?? all) };
  const cookieOf = () => `${SESSION_COOKIE}=${jar.session}; ${CSRF_COOKIE}=${token}`;
  /** @param {string} route @param {RequestInit} [init] */
  const request = async (route, init = {}) => {
    const headers = new Headers(init.headers);
    const ownCookie = !headers.has('Cookie');
    if (ownCookie) headers.set('Cookie', cookieOf());
    if (!SAFE_METHODS.includes((init.method ?? 'GET').toUpperCase()) && !headers.has(CSRF_HEADER)) {
      headers.set(CSRF_HEADER, token);
    }
    const response = await fetch(route.startsWith('/') ? `${server.url}${route}` : route, { ...init, headers });
    const set = response.headers.getSetCookie().map((line) => line.split(';')[0]);
    const rotated = parseCookies(set.join('; '))[SESSION_COOKIE];
    if (ownCookie && rotated) jar.session = rotated;
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
 * `start(options)` starts a dev host (dev tools on by default; `server.fetch` holds every fixture
 * booking), closed after each test; `tempDir` and `fakeDist(files)` folders are removed after all.
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
  /** A stand-in dist/ of `files` (path → text or bytes; default a shim alone). @param {Record<string, string | Buffer>} [files] */
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
 * POSTs JSON (a string as it is) as `server.fetch`, else plain fetch; reads a JSON answer as JSON.
 * @param {{ url: string, fetch?: Traveller }} server @param {string} route
 * @param {unknown} body a value sent as JSON, or a string sent as it is @param {Record<string, string>} [headers]
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
 * GETs JSON as `server.fetch`, else plain fetch.
 * @param {{ url: string, fetch?: Traveller }} server @param {string} route @returns {Promise<any>}
 */
async function getJson(server, route) {
  return (await (server.fetch ?? fetch)(`${server.url}${route}`)).json();
}

/**
 * The ProcessRefund body of a fixture state (docs/host-contract.md "POST /api/ProcessRefund"), flags false.
 * @param {{ status: any }} state a fixture state with a status answer @param {Record<string, unknown>} [overrides]
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

/** A grey PNG. @param {number} width @param {number} height @returns {Buffer} */
function png(width, height) {
  /** @param {string} type @param {Buffer} data */
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
 * A `POST /tickets/upload` of one PNG (its width tells photos apart) for a journey.
 * @param {string | number} journeyId @param {{ width?: number, key?: string }} [options] `key`: an Idempotency-Key
 * @returns {RequestInit}
 */
function uploadInit(journeyId, { width = 2, key } = {}) {
  const form = new FormData();
  form.append('file', new Blob([png(width, 2)], { type: 'image/png' }), 'ticket.png');
  const headers = { 'Journey-Id': String(journeyId), ...(key === undefined ? {} : { 'Idempotency-Key': key }) };
  return { method: 'POST', body: form, headers };
}

/**
 * Runs `node dev-host/server.js …args` on a free port until its first line; stop it with `child.kill()`.
 * @param {string[]} args @param {Record<string, string>} env added to this process's @throws Error when it exits first
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
