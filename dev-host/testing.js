// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Jest helpers for the dev host's own tests: start a dev host on port 0 with a fresh temporary
 * DATA_DIR and a stand-in dist/, close every host and remove every folder after the tests, and
 * small fetch wrappers. Use `useTestHosts()` once per test file.
 */
/* global afterEach, afterAll -- Jest globals: this module is only required by Jest test files */
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { startServer } = require('./server');

/**
 * Registers afterEach/afterAll hooks and returns `{ start, tempDir }`.
 * `start(options)` starts a dev host (options as for `startServer`), closed after each test.
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
 * POSTs JSON (or a raw string) and reads the answer as JSON when it is JSON, else as text.
 * @returns {Promise<{ status: number, body: unknown }>}
 */
async function postJson(server, route, body, headers = {}) {
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: isJson ? JSON.parse(text) : text };
}

/** GETs JSON from the dev host. */
async function getJson(server, route) {
  return (await fetch(`${server.url}${route}`)).json();
}

module.exports = { useTestHosts, postJson, getJson };
