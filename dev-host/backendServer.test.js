/** @jest-environment node */
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend alone (`npm run backend`, backend-server.js) and its CORS for one page
 * origin (cors.js): docs/cross-origin.md "The reference backend as a neighbour".
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const bookings = require('../fixtures/bookings.json');
const { startBackend } = require('./backend-server');
const { parseOrigin } = require('./cors');

const PAGE_ORIGIN = 'http://127.0.0.1:5001';
/** A booking with a refund status that is not refunded yet. */
const state =
  /** @type {import('./backend/types').BookingState & { status: import('./backend/types').StatusAnswer }} */ (
    Object.values(bookings).find(
      (s) => s.status && 'refundStatus' in s.status && s.status.refundStatus?.isCancelled === false,
    )
  );
const silent = { info: () => undefined, warn: () => undefined };
const running = [];
const folders = [];

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-backend-'));
  folders.push(dir);
  return dir;
}

async function start(options = {}) {
  const backend = await startBackend({ port: 0, dataDir: tempDir(), logger: silent, ...options });
  running.push(backend);
  return backend;
}

const preflight = (backend, origin, headers = 'content-type,idempotency-key') =>
  fetch(`${backend.url}/api/ProcessRefund`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': headers },
  });

afterEach(async () => {
  await Promise.all(running.splice(0).map((backend) => backend.close()));
});
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the reference backend alone', () => {
  it('listens on 127.0.0.1 by default and answers the API, with no pages', async () => {
    const backend = await start();
    expect(backend.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const status = await fetch(`${backend.url}/Refund/Status?bookingReference=${state.bookingReference}`);
    expect(status.status).toBe(403); // no session yet
    expect((await fetch(`${backend.url}/ConfirmRefund`)).status).toBe(404);
    // A host opens a session server to server (docs/cross-origin.md); status calls then pass.
    const opened = await fetch(`${backend.url}/api/Session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ bookingReference: state.bookingReference, email: state.email }),
    });
    expect(opened.status).toBe(200);
    const { session } = /** @type {{ session: string }} */ (await opened.json());
    const withSession = await fetch(`${backend.url}/Refund/Status?bookingReference=${state.bookingReference}`, {
      headers: { Cookie: `rw_session=${session}` },
    });
    expect(withSession.status).toBe(200);
    expect((await fetch(`${backend.url}/static/refund-widgets/host-shim.js`)).status).toBe(404);
  });

  it('`npm run backend` starts it from HOST and PORT and says where', async () => {
    const child = spawn(process.execPath, [path.join(__dirname, 'backend-server.js')], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDir(), CORS_ORIGIN: PAGE_ORIGIN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('\n')) resolve(out.trim());
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      expect(line).toMatch(
        /^Reference backend listening on http:\/\/127\.0\.0\.1:\d+; browsers may call it from http:\/\/127\.0\.0\.1:5001$/,
      );
      const url = line.match(/http:\/\/127\.0\.0\.1:\d+/)[0];
      expect((await preflight({ url }, PAGE_ORIGIN)).status).toBe(204);
    } finally {
      child.kill('SIGTERM');
    }
  }, 20_000);

  it('serves the page data and /__dev/reset with the dev tools, and neither without them', async () => {
    const query = `bookingReference=${state.bookingReference}&email=${encodeURIComponent(state.email)}`;
    const off = await start();
    expect((await fetch(`${off.url}/host-data/booking?${query}`)).status).toBe(404);
    expect((await fetch(`${off.url}/__dev/reset`, { method: 'POST' })).status).toBe(404);
    const on = await start({ devTools: true });
    const page = await fetch(`${on.url}/host-data/booking?${query}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ bookingReference: state.bookingReference, email: state.email });
    expect((await fetch(`${on.url}/host-data/stations`)).status).toBe(200);
    expect((await fetch(`${on.url}/__dev/reset`, { method: 'POST' })).status).toBeLessThan(300);
  });

  it('serves the page data without the dev tools only with HOST_DATA_KEY', async () => {
    const key = 'a-page-data-key-of-32-characters';
    const backend = await start({ hostDataKey: key });
    expect((await fetch(`${backend.url}/host-data/stations`)).status).toBe(404);
    expect((await fetch(`${backend.url}/host-data/stations`, { headers: { 'X-Host-Data-Key': key } })).status).toBe(
      200,
    );
    expect(() => require('./backend-server').createBackendApp({ dataDir: tempDir(), hostDataKey: 'short' })).toThrow(
      'HOST_DATA_KEY',
    );
  });

  it('refuses a CORS_ORIGIN that is not an origin', () => {
    expect(() => parseOrigin('http://127.0.0.1:5001/page')).toThrow('CORS_ORIGIN must be an http(s) origin');
    expect(() => parseOrigin('javascript:alert(1)')).toThrow('CORS_ORIGIN');
    expect(() => parseOrigin('nonsense')).toThrow('CORS_ORIGIN must be an origin');
    expect(parseOrigin('https://www.rail.example/')).toBe('https://www.rail.example');
  });
});

describe('CORS for the one configured page origin', () => {
  it('answers its preflight with the methods and headers the widgets send, and credentials', async () => {
    const backend = await start({ corsOrigin: PAGE_ORIGIN });
    const answer = await preflight(
      backend,
      PAGE_ORIGIN,
      'content-type,idempotency-key,journey-id,requestverificationtoken,x-requested-with',
    );
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(PAGE_ORIGIN);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe(
      'Content-Type, Idempotency-Key, Journey-Id, RequestVerificationToken, X-Requested-With',
    );
    expect(answer.headers.get('vary')).toMatch(/Origin/);
  });

  it('marks its actual answers as readable by that origin', async () => {
    const backend = await start({ corsOrigin: PAGE_ORIGIN });
    const answer = await fetch(`${backend.url}/Refund/DryRun?bookingReference=${state.bookingReference}`, {
      headers: { Origin: PAGE_ORIGIN },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe(PAGE_ORIGIN);
  });

  it.each(['http://127.0.0.1:5002', 'http://evil.example', 'null', 'http://127.0.0.1:5001.evil.example'])(
    'gives no other origin (%s) anything: preflight 403, no CORS headers',
    async (origin) => {
      const backend = await start({ corsOrigin: PAGE_ORIGIN });
      const answer = await preflight(backend, origin);
      expect(answer.status).toBe(403);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      const get = await fetch(`${backend.url}/Refund/DryRun?bookingReference=${state.bookingReference}`, {
        headers: { Origin: origin },
      });
      expect(get.headers.get('access-control-allow-origin')).toBeNull();
      expect(get.headers.get('access-control-allow-credentials')).toBeNull();
    },
  );

  it('sends no CORS headers at all without CORS_ORIGIN', async () => {
    const backend = await start();
    const answer = await preflight(backend, PAGE_ORIGIN);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});
