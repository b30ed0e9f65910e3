/**
 * `npm run bench:load`: a bounded load run of the reference backend on loopback
 * (docs/reference-backend.md "Limits"). It starts `node dev-host/backend-server.js` with a fresh
 * DATA_DIR; one client (127.0.0.2) floods `POST /report/vitals` (2000-character routes) and
 * `POST /api/Session` proofs of its own booking on 8 connections for 10 s, while a second client
 * (127.0.0.1) opens a session for another booking and makes refund status calls one after
 * another (for 3 s before the flood too, for comparison). It prints the load average before the run, what each client got, the second client's
 * latencies and the size of state.json, and exits 1 when a goal is missed: p95 under 50 ms, no
 * session of the second client lost, state.json under 1 MB.
 *
 * Options: --seconds=N (default 10), --connections=N (default 8), --root=<folder> (the checkout
 * whose `dev-host/backend-server.js` runs; default this one).
 */
const { fork, spawn } = require('child_process');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const bookings = require('../fixtures/bookings.json');

const ATTACKER = '127.0.0.2';
const TRAVELLER = '127.0.0.1';
const GOALS = { p95Ms: 50, lostSessions: 0, stateBytes: 1024 * 1024 };
/** Status calls before the flood, for the machine's own latency. */
const QUIET_SECONDS = 3;
const victim = bookings.instant;
const own = bookings['fee-free'];

/** `--name=value` options. */
const option = (name, fallback) => {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return given ? given.slice(name.length + 3) : fallback;
};

/**
 * One request; resolves with the status and body (never rejects: a failed connection is status 0).
 *
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string, from: string, agent?: http.Agent }} init
 */
function request(url, { method = 'GET', headers = {}, body, from, agent }) {
  return new Promise((resolve) => {
    const req = http.request(url, { method, headers, localAddress: from, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.setTimeout(30_000, () => req.destroy());
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body);
  });
}

const json = (body, headers = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The flooding client (a child process, so its work never delays the measured client). */
async function flood(url, seconds, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const report = json({ name: 'LCP', value: 1840, rating: 'good', widget: 'refund', route: `/${'a'.repeat(1999)}` });
  const proof = json({ bookingReference: own.bookingReference, email: own.email });
  const until = Date.now() + seconds * 1000;
  /** @type {Record<string, number>} */
  const tally = {};
  let sent = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const vitals = sent % 2 === 0;
      sent += 1;
      const answer = await request(`${url}${vitals ? '/report/vitals' : '/api/Session'}`, {
        ...(vitals ? report : proof),
        from: ATTACKER,
        agent,
      });
      const key = `${vitals ? 'vitals' : 'proof'} ${answer.status}`;
      tally[key] = (tally[key] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return { sent, tally };
}

/** Starts the backend of `root` on a free port with `dataDir`; resolves with its URL and process. */
function startBackend(root, dataDir) {
  const child = spawn(process.execPath, [path.join(root, 'dev-host/backend-server.js')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: TRAVELLER, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = out.match(/listening on (http:\/\/[^\s;]+)/)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`the backend exited (${code}): ${out}`)));
  });
}

/** The nearest-rank percentile of sorted values. */
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((sorted.length * p) / 100) - 1)];

async function main() {
  const seconds = Math.min(60, Math.max(1, Number(option('seconds', '10')) || 10));
  const connections = Math.min(64, Math.max(1, Number(option('connections', '8')) || 8));
  const root = path.resolve(option('root', path.join(__dirname, '..')));
  const load = os.loadavg().map((value) => value.toFixed(2));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-load-'));
  const { url, child } = await startBackend(root, dataDir);
  try {
    const opened = await request(`${url}/api/Session`, {
      ...json({ bookingReference: victim.bookingReference, email: victim.email }),
      from: TRAVELLER,
    });
    if (opened.status !== 200) throw new Error(`the traveller's session was not opened: ${opened.status}`);
    const cookie = `rw_session=${JSON.parse(opened.text).session}`;

    const statusCalls = async (during) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const latencies = [];
      /** @type {Record<number, number>} */
      const statuses = {};
      const until = Date.now() + during * 1000;
      while (Date.now() < until) {
        const started = process.hrtime.bigint();
        const answer = await request(`${url}/Refund/Status?bookingReference=${victim.bookingReference}`, {
          headers: { Cookie: cookie },
          from: TRAVELLER,
          agent,
        });
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
      agent.destroy();
      return { latencies, statuses };
    };
    const quiet = await statusCalls(QUIET_SECONDS);
    const flooder = fork(__filename, [
      '--role=flood',
      `--url=${url}`,
      `--seconds=${seconds}`,
      `--connections=${connections}`,
    ]);
    const flooded = new Promise((resolve) => flooder.once('message', resolve));
    const { latencies, statuses } = await statusCalls(seconds);
    const { sent, tally } = /** @type {{ sent: number, tally: Record<string, number> }} */ (await flooded);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    const stateFile = path.join(dataDir, 'state.json');
    const stateBytes = fs.existsSync(stateFile) ? fs.statSync(stateFile).size : 0;

    const sorted = [...latencies].sort((a, b) => a - b);
    const quietSorted = [...quiet.latencies].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    const lost = latencies.length - (statuses[200] ?? 0) + quiet.latencies.length - (quiet.statuses[200] ?? 0);
    const ms = (value) => `${value.toFixed(1)} ms`;
    const lines = [
      `Load run of ${path.relative(process.cwd(), root) || '.'}: ${seconds} s, ${connections} connections`,
      `load average before: ${load.join(' ')} (${os.cpus().length} CPUs)`,
      `flooding client ${ATTACKER}: ${sent} requests (${Math.round(sent / seconds)}/s): ${Object.entries(tally)
        .sort()
        .map(([key, count]) => `${key}: ${count}`)
        .join(', ')}`,
      `traveller ${TRAVELLER}, ${QUIET_SECONDS} s before the flood: ${quiet.latencies.length} status calls, p50 ${ms(
        percentile(quietSorted, 50),
      )}, p95 ${ms(percentile(quietSorted, 95))}`,
      `traveller ${TRAVELLER} during the flood: ${latencies.length} status calls: ${Object.entries(statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ')}`,
      `  latency p50 ${ms(percentile(sorted, 50))}, p90 ${ms(percentile(sorted, 90))}, p95 ${ms(p95)}, p99 ${ms(
        percentile(sorted, 99),
      )}, max ${ms(sorted.at(-1))}`,
      `state.json: ${stateBytes} bytes`,
      '',
      `goal p95 < ${GOALS.p95Ms} ms: ${p95 < GOALS.p95Ms ? 'met' : 'MISSED'}`,
      `goal no session lost: ${lost === GOALS.lostSessions ? 'met' : `MISSED (${lost} calls not 200)`}`,
      `goal state.json < 1 MB: ${stateBytes < GOALS.stateBytes ? 'met' : 'MISSED'}`,
    ];
    console.log(lines.join('\n'));
    process.exitCode = p95 < GOALS.p95Ms && lost === GOALS.lostSessions && stateBytes < GOALS.stateBytes ? 0 : 1;
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (option('role', '') === 'flood') {
  flood(option('url', ''), Number(option('seconds', '10')), Number(option('connections', '8'))).then((result) =>
    process.send?.(result, () => process.exit(0)),
  );
} else {
  main().catch((error) => {
    console.error(`bench:load failed: ${error.message}`);
    process.exitCode = 1;
  });
}
