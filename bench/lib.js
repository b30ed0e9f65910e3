/* global document -- used inside page.waitForFunction and page.evaluate, which run in the browser */
/**
 * Bench helpers shared by bench/run.js (the full benchmark) and bench/check-size.js (the size
 * gate): the production builds (federated, and plain for comparison), the dev host, the pages
 * measured, and one page load measured in headless Debian Chromium.
 *
 * Byte figures are gzip sizes (zlib level 6, the `compression` middleware's default) of the bodies
 * of the JS and CSS files the page fetched from the widgets' static folder
 * (`/static/refund-widgets/`), so they are exact and repeatable whatever the server sends; the
 * host site's own stylesheet and the HTML are not counted.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { spawnSync } = require('child_process');
const { launchBrowser } = require('../e2e/harness');
const { startServer } = require('../dev-host/server');
const bookings = require('../fixtures/bookings.json');

const ROOT = path.resolve(__dirname, '..');
const STATIC_PREFIX = '/static/refund-widgets/';
const PLAIN_FOLDER = '__plain';
/** Where the ASP.NET kit's package serves the widgets' files (docs/aspnet.md "The package"). */
const ASPNET_PREFIX = '/_content/RefundWidgets.AspNetCore/';
/**
 * The variants of a page: `federated`, the dev host's page as a host without hints has it (the shim
 * preloads by itself); `hinted`, the same page from a second dev host started with `preloadHints`
 * (its head carries the build's hints, docs/host-contract.md "Preload hints"); `plain`, the
 * federated page with the shim swapped for plain bundles; `aspnet`, the ASP.NET example site's page
 * (hosts/aspnet, the kit from its package: hints from `<refund-widgets-head />`), with `--aspnet`.
 */
const VARIANTS = ['federated', 'hinted', 'bare', 'plain', 'aspnet'];
/** Lighthouse "Slow 4G" as nominal figures: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** The build folder: `DIST_DIR` (as for `npm run build`), else a temporary folder of the bench's own. */
function benchDist() {
  return path.resolve(ROOT, process.env.DIST_DIR || path.join(os.tmpdir(), 'rw-bench', 'dist'));
}

function widgetsJson() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'host-shim', 'widgets.json'), 'utf8'));
}

/** The query string of a booking's pages (BookingReference and Email) for a state of fixtures/bookings.json. */
const bookingQuery = (state) =>
  `BookingReference=${encodeURIComponent(bookings[state].bookingReference)}&Email=${encodeURIComponent(bookings[state].email)}`;

/**
 * The pages measured. `panels`: what "first panel" means per mount point: an element matching
 * `selector` inside the mount id (whose text matches `text` when given), i.e. the widget's first
 * meaningful content, never its loading preamble.
 */
const PAGES = [
  {
    id: 'start',
    label: 'start /',
    path: '/',
    panels: [{ widget: 'lookup', mountId: 'lookup-widget', selector: 'form input, form button' }],
  },
  {
    id: 'refund',
    label: 'refund /ConfirmRefund',
    path: `/ConfirmRefund?${bookingQuery('instant')}`,
    panels: [{ widget: 'refund', mountId: 'refund-widget', selector: 'h1, h2, h3', text: '^You will receive' }],
  },
  {
    id: 'manualClaim',
    label: 'manual claim /ManualRefund',
    path: `/ManualRefund?${bookingQuery('printed')}`,
    panels: [{ widget: 'manualClaim', mountId: 'manual-claim-widget', selector: 'h1, h2, h3', text: '^What to do$' }],
  },
  {
    id: 'disruption',
    label: 'disruption /Home/Disruption',
    path: `/Home/Disruption?${bookingQuery('disruption-waived' in bookings ? 'disruption-waived' : 'instant')}`,
    panels: [{ widget: 'disruption', mountId: 'disruption-widget', selector: 'fieldset, form, input, button' }],
  },
  {
    id: 'twoWidgets',
    label: 'two widgets /Demo/TwoWidgets',
    path: `/Demo/TwoWidgets?${bookingQuery('instant')}`,
    panels: [
      { widget: 'refund', mountId: 'refund-widget', selector: 'h1, h2, h3', text: '^You will receive' },
      { widget: 'journeySummary', mountId: 'journey-summary-widget', selector: 'h1, h2, h3' },
    ],
  },
];

/**
 * Why a page cannot be measured in this build (its widget is not in widgets.json or not built;
 * for the `hinted` variant, the build has no preload snippet for it), or null when it can.
 */
function unavailableReason(pageSpec, distDir, { plain = false, hinted = false } = {}) {
  const listed = new Set(widgetsJson().map((w) => w.name));
  for (const { widget } of pageSpec.panels) {
    if (!listed.has(widget)) return `widget "${widget}" is not in host-shim/widgets.json yet`;
    const file = plain
      ? path.join(distDir, PLAIN_FOLDER, widget, 'widget.js')
      : path.join(distDir, widget, 'remoteEntry.js');
    if (!fs.existsSync(file)) return `widget "${widget}" was not built (${path.relative(distDir, file)} missing)`;
  }
  // The dev host hints a page from the snippets of its widgets (dev-host/app.js).
  for (const { widget } of hinted ? pageSpec.panels : []) {
    const snippet = path.join(distDir, 'preload', `${widget}.html`);
    if (!fs.existsSync(snippet)) return `the build wrote no ${path.relative(distDir, snippet)}`;
  }
  return null;
}

/** Runs a command in the repository, inheriting stderr; throws when it fails. */
function run(command, args, env) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    // webpack reports compile errors on stdout: show them.
    const errors = String(result.stdout || '')
      .split('\n')
      .filter((line) => /error/i.test(line) || /^\s{2,}\S/.test(line))
      .slice(-40);
    console.error(errors.join('\n'));
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
  }
}

const WEBPACK = path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');

/** Production build of the shim and every remote into `distDir` (removed first, as `npm run build` does). */
function buildFederated(distDir) {
  fs.rmSync(distDir, { recursive: true, force: true });
  run(process.execPath, [WEBPACK, '--mode', 'production'], { DIST_DIR: distDir });
}

/** Plain bundles (bench/webpack.plain.js) into `distDir/__plain/`, served by the dev host beside the federated build. */
function buildPlain(distDir) {
  const out = path.join(distDir, PLAIN_FOLDER);
  fs.rmSync(out, { recursive: true, force: true });
  run(process.execPath, [WEBPACK, '--config', path.join(__dirname, 'webpack.plain.js'), '--mode', 'production'], {
    BENCH_PLAIN_DIR: out,
  });
}

/**
 * Starts the dev host on a free port over `distDir` with a fresh data folder, and the browser; with
 * `hinted`, a second dev host over the same build started with `preloadHints` (its own port and
 * data folder, so each page's session and state stay on the server that rendered it); with
 * `aspnet`, the ASP.NET example site built from `distDir`'s package (hosts/aspnet/run.js) in front of
 * a reference backend of its own. `browser: false` starts no Playwright browser (Lighthouse starts
 * its own Chromium, bench/lighthouse.js).
 *
 * @returns {Promise<object>} `{ url, browser, sites, close }`: `url` is the plain dev host's,
 *   `sites[variant]` `{ url, prefix }` the server and the widgets' folder each variant loads from
 */
async function startBench(distDir, { hinted = false, aspnet = false, browser: withBrowser = true } = {}) {
  const folders = [];
  const closers = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-bench-data-'));
    folders.push(dir);
    return dir;
  };
  const logger = { info() {}, warn: (m) => console.warn(m) };
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => undefined);
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const server = await startServer({ port: 0, dataDir: dataDir(), distDir, logger, devTools: true }); // bench/run.js reads /__dev/uploads
    closers.push(() => server.close());
    const sites = {
      federated: { url: server.url, prefix: STATIC_PREFIX },
      plain: { url: server.url, prefix: STATIC_PREFIX },
    };
    if (hinted) {
      const withHints = await startServer({ port: 0, dataDir: dataDir(), distDir, logger, preloadHints: true });
      closers.push(() => withHints.close());
      sites.hinted = { url: withHints.url, prefix: STATIC_PREFIX };
      sites.bare = sites.hinted;
    }
    if (aspnet) {
      const { startAspNetHost, startReferenceBackend } = require('../hosts/aspnet/run');
      const { backend, hostDataKey } = await startReferenceBackend({ distDir, dataDir: dataDir() });
      closers.push(() => backend.close());
      const site = await startAspNetHost({ backendUrl: backend.url, distDir, hostDataKey });
      closers.push(() => site.close());
      sites.aspnet = { url: site.url, prefix: ASPNET_PREFIX };
    }
    const browser = withBrowser ? await launchBrowser() : null;
    if (browser) closers.push(() => browser.close());
    return { url: server.url, server, browser, sites, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Packs `distDir` into the ASP.NET kit's package and builds the example site from its feed, as
 * `npm run host:aspnet` does (hosts/aspnet/pack.js, run.js); throws when either fails.
 */
function buildAspNet(distDir) {
  const { pack } = require('../hosts/aspnet/pack');
  const { buildSite } = require('../hosts/aspnet/run');
  pack({ distDir });
  buildSite();
}

/**
 * Rewrites a host page for the plain variant: the shim's script tag becomes one deferred script
 * per widget on the page (its plain bundle) and its stylesheet goes into the head.
 */
function plainHtml(html, pageSpec, distDir) {
  const shimTag = new RegExp(`<script src="${STATIC_PREFIX}host-shim(\\.[0-9a-f]{8,})?\\.js"[^>]*></script>`);
  const widgets = [...new Set(pageSpec.panels.map((p) => p.widget))];
  const links = widgets
    .filter((w) => fs.existsSync(path.join(distDir, PLAIN_FOLDER, w, 'widget.css')))
    .map((w) => `<link rel="stylesheet" href="${STATIC_PREFIX}${PLAIN_FOLDER}/${w}/widget.css">\n`)
    .join('');
  const scripts = widgets.map((w) => `<script src="${STATIC_PREFIX}${PLAIN_FOLDER}/${w}/widget.js" defer></script>`);
  if (!shimTag.test(html)) throw new Error(`no shim script tag in the page ${pageSpec.path}`);
  return html.replace('</head>', `${links}</head>`).replace(shimTag, scripts.join('\n'));
}

/**
 * Empties every mount point of a host page for the `bare` variant: the server-rendered content
 * (build/mount-content.js) goes, so the page is as a host without it writes it.
 * Throws when the page has no such content.
 */
function bareHtml(html) {
  const bare = html
    .replace(/<form class="rw-before"[\s\S]*?<\/form>/g, '')
    .replace(/<div class="rw-before">[\s\S]*?<\/div>\s*<\/div>/g, '');
  if (bare === html || bare.includes('rw-before')) throw new Error('the page has no mount content to remove');
  return bare;
}

/**
 * In-page check (run by waitForFunction): every panel is shown → performance.now(), else false.
 * The server-rendered mount content (`.rw-before`) is not the widget's panel.
 */
function panelsShown(panels) {
  for (const panel of panels) {
    const root = document.getElementById(panel.mountId);
    if (!root) return false;
    const pattern = panel.text ? new RegExp(panel.text) : null;
    const found = [...root.querySelectorAll(panel.selector)].some(
      (el) => !el.closest('.rw-before') && (!pattern || pattern.test((el.textContent || '').trim())),
    );
    if (!found) return false;
  }
  return performance.now();
}

const gzipSize = (body) => zlib.gzipSync(body, { level: 6 }).length;

/**
 * Short name of a request for tables and charts: the path under the widgets' folder of `site`
 * (`{ url, prefix }`), else path + query.
 */
function shortName(url, site) {
  const u = new URL(url);
  if (u.href.startsWith(site.url) && u.pathname.startsWith(site.prefix)) return u.pathname.slice(site.prefix.length);
  return `${u.pathname}${u.search}`.slice(0, 80);
}

/** Kind of a request for the chart's colours: html, js, css, api, other. */
function requestKind(url, cdpType) {
  const { pathname } = new URL(url);
  if (cdpType === 'Document') return 'html';
  if (/\.js$/.test(pathname)) return 'js';
  if (/\.css$/.test(pathname)) return 'css';
  if (cdpType === 'XHR' || cdpType === 'Fetch') return 'api';
  return 'other';
}

/** Every script URL on a CDP initiator (its own URL, its stack frames and their async parents). */
function initiatorUrls(initiator) {
  const urls = new Set();
  if (initiator?.url) urls.add(initiator.url);
  for (let stack = initiator?.stack; stack; stack = stack.parent) {
    for (const frame of stack.callFrames || []) if (frame.url) urls.add(frame.url);
  }
  return [...urls];
}

/**
 * Records every network request of a page through the Chrome DevTools Protocol: start and end (ms
 * since the document request was sent), kind, and the request's generation: the document is
 * generation 0, a request is one more than the latest generation among the scripts that caused it
 * (the initiator's URL and every script on its stack, async parents included), so a chain
 * shim → loader → remote entry → chunk → API call counts 5. A URL requested again (a preload
 * then used) keeps its first request's generation; only the first is listed.
 */
async function recordRequests(cdp, { stacks }) {
  const byId = new Map();
  const list = [];
  if (stacks) {
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 32 });
  }
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.redirectResponse || byId.has(event.requestId)) return;
    const url = event.request.url;
    if (!/^https?:/.test(url)) return;
    const entry = {
      id: event.requestId,
      url,
      method: event.request.method,
      cdpType: event.type,
      initiatorType: event.initiator?.type,
      causes: initiatorUrls(event.initiator),
      t0: event.timestamp,
      t1: null,
      failed: false,
      status: null,
    };
    byId.set(event.requestId, entry);
    list.push(entry);
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = byId.get(event.requestId);
    if (entry) {
      entry.status = event.response.status;
      if (!entry.cdpType) entry.cdpType = event.type;
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = byId.get(event.requestId);
    if (entry) entry.t1 = event.timestamp;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const entry = byId.get(event.requestId);
    if (entry) {
      entry.t1 = event.timestamp;
      entry.failed = true;
    }
  });
  await cdp.send('Network.enable');
  return list;
}

/**
 * Turns recorded CDP requests into rows `{ name, kind, method, start, end, gen, status }` (ms since
 * the document request), one per URL and method, and computes generations (see recordRequests).
 */
function requestRows(list, site) {
  const doc = list.find((r) => r.cdpType === 'Document') || list[0];
  if (!doc) return [];
  const origin = doc.t0;
  const genByUrl = new Map();
  const rows = [];
  const seen = new Set();
  for (const r of list) {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let gen = 0;
    if (r !== doc) {
      const parents = r.causes.map((u) => genByUrl.get(u)).filter((g) => g != null);
      gen = 1 + (parents.length ? Math.max(...parents) : 0);
    }
    if (!genByUrl.has(r.url)) genByUrl.set(r.url, gen);
    rows.push({
      name: shortName(r.url, site),
      kind: requestKind(r.url, r.cdpType),
      method: r.method,
      initiator: r.initiatorType,
      start: Math.round((r.t0 - origin) * 1000),
      end: r.t1 == null ? null : Math.round((r.t1 - origin) * 1000),
      gen,
      status: r.failed ? 'failed' : r.status,
    });
  }
  return rows;
}

/**
 * The critical-path depth: the deepest generation among the requests that ended by the first
 * panel (`panelMs`, same clock as the rows), the document not counted. 2 means "the shim, then
 * everything else at once".
 */
function criticalPathDepth(rows, panelMs) {
  const done = rows.filter((r) => r.end != null && r.end <= panelMs + 1 && r.gen > 0);
  return done.length ? Math.max(...done.map((r) => r.gen)) : 0;
}

/**
 * One cold load of a page (new browser context, empty cache) in a variant of VARIANTS, from the
 * server `bench.sites[variant]` (the plain variant's is the federated one's).
 * The HTML document goes through `page.route` in both variants (the plain variant swaps the shim's
 * script tag there), so both get it the same way; every other request goes to the dev host,
 * throttled when `throttle` is true (Slow 4G), the CPU slowed `cpu` times when given (Lighthouse's
 * mobile setting is 4). `stacks` records async initiator stacks (for generations; it slows
 * scripts, so timing loads leave it off).
 *
 * @returns {Promise<object>} `{ ms, atPanel, settled, requests, depth }` where `ms` is the time
 *   from navigation start to the first panel (performance.now() in the page), `atPanel` /
 *   `settled` describe what was fetched by the first panel / once the network was idle:
 *   `{ jsGz, cssGz, jsRaw, cssRaw, requests, reactDom, files: [{ file, type, raw, gz }] }`,
 *   `requests` every request `{ name, kind, method, start, end, gen, status }` (ms from the
 *   document request) and `depth` the critical-path depth.
 */
async function measureLoad(
  bench,
  pageSpec,
  { variant, distDir, throttle = false, cpu = 1, stacks = false, timeoutMs = 60_000 },
) {
  const context = await bench.browser.newContext();
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    const recorded = await recordRequests(cdp, { stacks });
    if (throttle) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const site = bench.sites[variant];
    if (!site) throw new Error(`no server for the ${variant} variant in this run`);
    const url = `${site.url}${pageSpec.path}`;
    await page.route(url, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      let body = await response.text();
      if (variant === 'plain') body = plainHtml(body, pageSpec, distDir);
      if (variant === 'bare') body = bareHtml(body);
      await route.fulfill({ status: response.status(), headers, body });
    });

    const finished = [];
    const pageErrors = [];
    page.on('requestfinished', (request) => finished.push(request));
    page.on('requestfailed', (request) => finished.push(request));
    page.on('pageerror', (error) => pageErrors.push(String(error)));

    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    let ms;
    try {
      const handle = await page.waitForFunction(panelsShown, pageSpec.panels, { polling: 'raf', timeout: timeoutMs });
      ms = await handle.jsonValue();
    } catch (error) {
      const states = await page
        .evaluate(
          (ids) => ids.map((id) => `#${id}: ${(document.getElementById(id)?.textContent || '').trim().slice(0, 120)}`),
          pageSpec.panels.map((p) => p.mountId),
        )
        .catch(() => []);
      throw new Error(
        `first panel not shown on ${pageSpec.path} (${variant}): ${error.message.split('\n')[0]}; ${states.join('; ')}` +
          (pageErrors.length ? `; page errors: ${pageErrors.join(' | ')}` : ''),
      );
    }
    // performance.now() counts from the navigation's time origin, a little before the document
    // request: the panel time on the rows' clock subtracts that gap.
    const gapMs = await page
      .evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        return nav ? nav.requestStart || nav.fetchStart || 0 : 0;
      })
      .catch(() => 0);
    const atPanelRequests = finished.slice();
    // With hints, Playwright may never see the network idle though no request is open: wait 10 s at most.
    await page.waitForLoadState('networkidle', { timeout: Math.min(timeoutMs, 10_000) }).catch(() => undefined);
    await page.waitForTimeout(200);
    const settledRequests = finished.slice();
    const requests = requestRows(recorded, site);
    const panelOnRows = Math.round(ms - gapMs);

    const bodies = new Map();
    for (const request of settledRequests) bodies.set(request, await describe(request, site));
    const summarise = (list) => {
      const files = list.map((r) => bodies.get(r)).filter((f) => f && (f.type === 'js' || f.type === 'css'));
      const sum = (type, key) => files.filter((f) => f.type === type).reduce((n, f) => n + f[key], 0);
      return {
        jsGz: sum('js', 'gz'),
        cssGz: sum('css', 'gz'),
        jsRaw: sum('js', 'raw'),
        cssRaw: sum('css', 'raw'),
        requests: list.length + 1, // + the document
        reactDom: files.filter((f) => f.reactDom).length,
        files: files.map(({ file, type, raw, gz }) => ({ file, type, raw, gz })),
      };
    };
    return {
      ms: Math.round(ms),
      panelOnRows,
      atPanel: summarise(atPanelRequests),
      settled: summarise(settledRequests),
      requests,
      depth: criticalPathDepth(requests, panelOnRows),
      pageErrors,
    };
  } finally {
    await context.close();
  }
}

/**
 * A finished request's widget JS/CSS body (a file of `site`'s widgets' folder):
 * `{ file, type, raw, gz, reactDom }`, or `{ type: 'other' }`.
 */
async function describe(request, site) {
  const url = new URL(request.url());
  if (!url.href.startsWith(site.url) || !url.pathname.startsWith(site.prefix)) return { type: 'other' };
  const type = /\.js$/.test(url.pathname) ? 'js' : /\.css$/.test(url.pathname) ? 'css' : 'other';
  if (type === 'other') return { type };
  const response = await request.response();
  const body = response ? await response.body().catch(() => null) : null;
  if (!body) return { type: 'other' };
  return {
    file: url.pathname.slice(site.prefix.length),
    type,
    raw: body.length,
    gz: gzipSize(body),
    reactDom: type === 'js' && body.includes('__reactContainer$'),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

const kb = (bytes) => (bytes == null ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`);

/** Rows of cells as a text table, columns padded and split by ` | `, no trailing spaces. @param {unknown[][]} rows */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => String(cell).padEnd(widths[i]))
        .join(' | ')
        .trimEnd(),
    )
    .join('\n');
}

module.exports = {
  ROOT,
  PAGES,
  bookingQuery,
  SLOW_4G,
  VARIANTS,
  bareHtml,
  plainHtml,
  panelsShown,
  buildAspNet,
  benchDist,
  widgetsJson,
  unavailableReason,
  buildFederated,
  buildPlain,
  startBench,
  measureLoad,
  criticalPathDepth,
  requestRows,
  median,
  kb,
  table,
  gzipSize,
};
