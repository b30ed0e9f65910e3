// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Dev-only routes behind a flag (docs/reference-backend.md "Dev tools"; docs/security.md "Sessions
 * and antiforgery on the reference backend"): the states gallery, /__dev/* and /host-data/*
 * exist only with the dev tools on, which `npm start` and `npm run serve` turn on and `npm run
 * backend` and the ASP.NET launcher do not; /host-data/* also answers a request carrying the
 * page-data key the launcher gives the ASP.NET site.
 */
const fs = require('fs');
const path = require('path');
const bookings = require('../fixtures/bookings.json');
const packageJson = require('../package.json');
const { runServerProcess, useTestHosts } = require('./testing');
const { startBackend } = require('./backend-server');
const { devToolsWanted, envTrustProxy } = require('./server');
const { startReferenceBackend } = require('../hosts/aspnet/run');

const { start, tempDir } = useTestHosts();
const instant = bookings.instant;
const silent = { info: () => undefined, warn: () => undefined };
const KEY = 'k'.repeat(20) + '-host-data-key';

/** Every dev-only route, with the method it answers. */
const DEV_ROUTES = [
  ['GET', '/gallery'],
  ['GET', `/gallery-api/Refund/Status?bookingReference=${instant.bookingReference}`],
  ['GET', `/gallery-api/Refund/DryRun?bookingReference=${instant.bookingReference}`],
  ['GET', '/gallery-api/error-reports'],
  ['GET', '/__dev/requests'],
  ['GET', '/__dev/error-reports'],
  ['GET', '/__dev/vitals-reports'],
  ['GET', '/__dev/claims'],
  ['GET', '/__dev/uploads'],
  ['POST', '/__dev/reset'],
  ['GET', '/host-data/bookings'],
  ['GET', '/host-data/stations'],
  ['GET', `/host-data/booking?bookingReference=${instant.bookingReference}&email=${encodeURIComponent(instant.email)}`],
];
const HOST_DATA = DEV_ROUTES.filter(([, route]) => route.startsWith('/host-data/'));

/** Status and body of a request (fetch with no cookies: the routes need none). */
async function call(url, method, route, headers = {}) {
  const response = await fetch(`${url}${route}`, { method, headers });
  return { status: response.status, body: await response.text() };
}

describe('the dev host without its dev tools (the default)', () => {
  it.each(DEV_ROUTES)('%s %s does not exist: answered as any unknown path', async (method, route) => {
    const server = await start({ devTools: false });
    const unknown = await call(server.url, method, '/no-such-page');
    expect(unknown.status).toBe(404);
    expect(await call(server.url, method, route)).toEqual(unknown);
  });

  it('its start page does not link the gallery; its booking pages and API still work', async () => {
    const server = await start({ devTools: false });
    expect(await (await fetch(server.url)).text()).not.toContain('href="/gallery"');
    const page = await server.fetch(
      `/ConfirmRefund?BookingReference=${instant.bookingReference}&Email=${encodeURIComponent(instant.email)}`,
    );
    expect(page.status).toBe(200);
    expect((await server.fetch(`/Refund/Status?bookingReference=${instant.bookingReference}`)).status).toBe(200);
  });

  it('startServer and createApp default to no dev tools', async () => {
    const server = await start({ devTools: undefined });
    expect((await call(server.url, 'GET', '/__dev/requests')).status).toBe(404);
    expect((await call(server.url, 'GET', '/gallery')).status).toBe(404);
  });
});

describe('the dev host with its dev tools on', () => {
  it.each(DEV_ROUTES)('%s %s answers', async (method, route) => {
    const server = await start({ devTools: true });
    expect((await call(server.url, method, route)).status).toBe(200);
  });

  it('its start page links the gallery', async () => {
    const server = await start({ devTools: true });
    expect(await (await fetch(server.url)).text()).toContain('<a href="/gallery">States gallery</a>');
  });
});

describe('/host-data/* with a key and no dev tools (the ASP.NET launcher)', () => {
  it.each(HOST_DATA)('%s %s answers the request carrying X-Host-Data-Key', async (method, route) => {
    const server = await start({ devTools: false, hostDataKey: KEY });
    expect((await call(server.url, method, route, { 'X-Host-Data-Key': KEY })).status).toBe(200);
  });

  it.each([
    ['no key', {}],
    ['an empty key', { 'X-Host-Data-Key': '' }],
    ['another key of the same length', { 'X-Host-Data-Key': KEY.replace(/^k/, 'K') }],
    ['the key and more', { 'X-Host-Data-Key': `${KEY}x` }],
    ['a prefix of the key', { 'X-Host-Data-Key': KEY.slice(0, -1) }],
  ])('does not exist for a request with %s', async (_name, headers) => {
    const server = await start({ devTools: false, hostDataKey: KEY });
    const unknown = await call(server.url, 'GET', '/no-such-page', headers);
    for (const [method, route] of HOST_DATA) {
      expect(await call(server.url, method, route, headers)).toEqual(unknown);
    }
  });

  it('the key opens nothing else: the gallery and /__dev/* still do not exist', async () => {
    const server = await start({ devTools: false, hostDataKey: KEY });
    for (const [method, route] of DEV_ROUTES.filter(([, r]) => !r.startsWith('/host-data/'))) {
      expect([route, (await call(server.url, method, route, { 'X-Host-Data-Key': KEY })).status]).toEqual([route, 404]);
    }
  });

  it('refuses a key shorter than 16 characters', async () => {
    await expect(start({ devTools: false, hostDataKey: 'short' })).rejects.toThrow(
      'HOST_DATA_KEY must be at least 16 characters',
    );
    await expect(start({ devTools: false, hostDataKey: '' })).rejects.toThrow('HOST_DATA_KEY');
  });
});

describe('the reference backend alone (`npm run backend`)', () => {
  const running = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((backend) => backend.close()));
  });
  const backend = async (options) => {
    const started = await startBackend({ port: 0, dataDir: tempDir('rw-backend-'), logger: silent, ...options });
    running.push(started);
    return started;
  };

  it('has no /__dev/* by default, and no gallery or page data at all', async () => {
    const server = await backend();
    const unknown = await call(server.url, 'GET', '/no-such-page');
    for (const [method, route] of DEV_ROUTES) expect(await call(server.url, method, route)).toEqual(unknown);
  });

  it('serves /__dev/* with devTools', async () => {
    const server = await backend({ devTools: true });
    for (const route of [
      '/__dev/requests',
      '/__dev/error-reports',
      '/__dev/vitals-reports',
      '/__dev/claims',
      '/__dev/uploads',
    ]) {
      expect((await call(server.url, 'GET', route)).status).toBe(200);
    }
    expect((await call(server.url, 'POST', '/__dev/reset')).status).toBe(200);
  });
});

describe('the ASP.NET launcher (hosts/aspnet/run.js) starts the backend with its dev tools off', () => {
  it('no gallery, no /__dev/*; /host-data/* only with the key it gives the site', async () => {
    const distDir = tempDir('rw-dist-');
    fs.writeFileSync(path.join(distDir, 'host-shim.js'), '/* shim */');
    const { backend, hostDataKey } = await startReferenceBackend({ distDir, dataDir: tempDir('rw-data-') });
    try {
      expect(hostDataKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      for (const [method, route] of DEV_ROUTES) {
        expect([route, (await call(backend.url, method, route)).status]).toEqual([route, 404]);
      }
      for (const [method, route] of HOST_DATA) {
        const answer = await call(backend.url, method, route, { 'X-Host-Data-Key': hostDataKey });
        expect([route, answer.status]).toEqual([route, 200]);
      }
    } finally {
      await backend.close();
    }
  });
});

describe('which commands turn the dev tools on', () => {
  it('npm start and npm run serve pass --dev-tools; npm run backend and host:aspnet do not', () => {
    const { scripts } = packageJson;
    expect(scripts.start).toMatch(/node dev-host\/server\.js --dev-tools( |$)/);
    expect(scripts.serve).toMatch(/^node dev-host\/server\.js --dev-tools( |$)/);
    expect(scripts.backend).not.toMatch(/dev-tools|DEV_TOOLS/);
    expect(scripts['host:aspnet']).not.toMatch(/dev-tools|DEV_TOOLS/);
  });

  it('devToolsWanted: the flag or DEV_TOOLS=1, nothing else', () => {
    expect(devToolsWanted(['node', 'server.js', '--dev-tools'], {})).toBe(true);
    expect(devToolsWanted(['node', 'server.js'], { DEV_TOOLS: '1' })).toBe(true);
    expect(devToolsWanted(['node', 'server.js'], {})).toBe(false);
    expect(devToolsWanted(['node', 'server.js'], { DEV_TOOLS: '0' })).toBe(false);
    expect(devToolsWanted(['node', 'server.js', '--dev-toolsx'], { DEV_TOOLS: 'true' })).toBe(false);
  });

  it('envTrustProxy: off unless TRUST_PROXY says which proxies to trust', () => {
    expect(envTrustProxy({})).toBe(false);
    expect(envTrustProxy({ TRUST_PROXY: '' })).toBe(false);
    expect(envTrustProxy({ TRUST_PROXY: 'false' })).toBe(false);
    expect(envTrustProxy({ TRUST_PROXY: 'true' })).toBe(true);
    expect(envTrustProxy({ TRUST_PROXY: '1' })).toBe(1);
    expect(envTrustProxy({ TRUST_PROXY: ' loopback ' })).toBe('loopback');
  });

  /** Runs the server with `args` over an empty data folder and dist/ (and `env`), until its first line. */
  const runServer = (args, env = {}) =>
    runServerProcess(args, { DATA_DIR: tempDir('rw-cli-'), DIST_DIR: tempDir('rw-dist-'), ...env });

  it('`node dev-host/server.js --dev-tools` says so and serves them; without the flag it does not', async () => {
    const on = await runServer(['--dev-tools']);
    try {
      expect(on.line).toMatch(
        /^Dev host listening on http:\/\/127\.0\.0\.1:\d+ \(dev tools on: \/gallery, \/__dev\/\*, \/host-data\/\*\)$/,
      );
      expect((await call(on.url, 'GET', '/__dev/requests')).status).toBe(200);
    } finally {
      on.child.kill('SIGTERM');
    }
    const off = await runServer([], { HOST_DATA_KEY: KEY });
    try {
      expect(off.line).toMatch(/^Dev host listening on http:\/\/127\.0\.0\.1:\d+$/);
      expect((await call(off.url, 'GET', '/__dev/requests')).status).toBe(404);
      expect((await call(off.url, 'GET', '/host-data/stations')).status).toBe(404);
      expect((await call(off.url, 'GET', '/host-data/stations', { 'X-Host-Data-Key': KEY })).status).toBe(200);
    } finally {
      off.child.kill('SIGTERM');
    }
  }, 20_000);
});
