// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Test helpers for the dev host: start a dev host on port 0 with a fresh temporary DATA_DIR and a
 * stand-in dist/, close every host and remove every folder after the tests (Jest:
 * `useTestHosts()` once per test file), a traveller's session for calling the API directly
 * (`travellerSession`, also used by the browser tests), and small fetch wrappers.
 */
/* global afterEach, afterAll -- Jest globals: this module is only required by Jest test files */
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { randomBytes } = require('crypto');
const fixtureLookups = require('../fixtures/lookups.json');
const { startServer } = require('./server');
const { SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER } = require('./auth');

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * A traveller's browser on a running dev host, as the pages of their bookings leave it: a session
 * (cookie `rw_session`) holding `references` and an antiforgery token (cookie `rw_csrf`, docs/security.md).
 *
 * @param {{ url: string, app: import('express').Express }} server a dev host from `startServer`
 * @param {string[]} [references] booking references of the session; default every booking of the
 *   host's fixtures and every replacement booking of fixtures/lookups.json
 * @returns {((route: string, init?: RequestInit) => Promise<Response>) & { session: string, token: string, cookie: string }}
 *   fetch for a route (`/api/…`) or a full URL: sends both cookies (unless `init.headers` has a
 *   Cookie) and, on a state-changing method, the `RequestVerificationToken` header (unless given)
 */
function travellerSession(server, references) {
  const { sessions, store } = server.app.locals;
  const all = [...Object.values(store.bookings), ...Object.values(fixtureLookups)].map((s) => s.bookingReference);
  const session = sessions.open(references ?? all);
  const token = randomBytes(32).toString('base64url');
  const cookie = `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${token}`;
  const request = (route, init = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('Cookie')) headers.set('Cookie', cookie);
    if (!SAFE_METHODS.includes((init.method ?? 'GET').toUpperCase()) && !headers.has(CSRF_HEADER)) {
      headers.set(CSRF_HEADER, token);
    }
    return fetch(route.startsWith('/') ? `${server.url}${route}` : route, { ...init, headers });
  };
  return Object.assign(request, { session, token, cookie });
}

/**
 * Registers afterEach/afterAll hooks and returns `{ start, tempDir }`.
 * `start(options)` starts a dev host (options as for `startServer`), closed after each test; its
 * `server.fetch` is a {@link travellerSession} holding every fixture booking.
 * @returns {{ start: (options?: object) => Promise<object>, tempDir: (prefix: string) => string }}
 */
function useTestHosts() {
  const temporary = [];
  const running = [];
  const tempDir = (prefix) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    temporary.push(dir);
    return dir;
  };
  const fakeDist = () => {
    const dist = tempDir('rw-dist-');
    fs.writeFileSync(path.join(dist, 'host-shim.js'), '/* shim */');
    return dist;
  };
  const start = async (options = {}) => {
    const server = await startServer({
      port: 0,
      dataDir: options.dataDir ?? tempDir('rw-data-'),
      distDir: options.distDir ?? fakeDist(),
      logger: options.logger ?? { info: () => undefined, warn: () => undefined },
      ...options,
    });
    running.push(server);
    server.fetch = travellerSession(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  afterAll(() => {
    for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
  });
  return { start, tempDir };
}

/**
 * POSTs JSON (or a raw string) as the server's traveller (`server.fetch`, else plain fetch) and
 * reads the answer as JSON when it is JSON, else as text.
 * @returns {Promise<{ status: number, body: unknown }>}
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

/** GETs JSON from the dev host as the server's traveller (`server.fetch`, else plain fetch). */
async function getJson(server, route) {
  return (await (server.fetch ?? fetch)(`${server.url}${route}`)).json();
}

module.exports = { useTestHosts, travellerSession, postJson, getJson };
