/**
 * Lighthouse in the bench (docs/performance.md "Lighthouse (mobile)"): Lighthouse 12.2.3 with its
 * default mobile preset (simulated throttling: Slow 4G and 4× CPU, a Moto G Power's screen),
 * performance category only, in headless Debian Chromium (`/usr/bin/chromium`, or CHROME_PATH /
 * CHROMIUM_PATH), started here with a remote-debugging port: no browser is ever downloaded.
 *
 * The pages: the dev host's start, refund, manual claim, disruption and Refund unavailable pages
 * as a host following the contract serves them by default (with the build's preload hints, as
 * `npm start` and the ASP.NET kit's `<refund-widgets-head />` do: the bench's `hinted` server), and
 * the ASP.NET example site's refund page (only when the site was started: `--aspnet`).
 *
 * `npm run lighthouse` (this file) measures them over a build, prints the table and checks each
 * page's best run (score, LCP, TBT) and median CLS against the `lighthouse` section of
 * bench/budgets.json (exit 1 when a page is past its budget by more than the noise margin);
 * `npm run bench` runs the same measurement at its end.
 *
 * Options: --dist=DIR (reuse the build in DIR; default: build production into DIST_DIR or a
 * temporary folder), --runs=N (Lighthouse runs per page, default 3), --pages=start,unavailable
 * (ids of LIGHTHOUSE_PAGES, default all), --aspnet (pack the kit from the build, build the ASP.NET
 * example site and measure its refund page), --aspnet-built (start the site as already built, e.g.
 * by `npm run test:e2e:aspnet`, without packing or building it), --write (store the measurement as
 * `lighthouse` in bench/results.json, keeping the rest of the file), --update (rewrite the budgets
 * from this measurement, see budgetsFrom).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const lib = require('./lib');
const { startHttpsFront } = require('./httpsFront');

const BUDGETS_FILE = path.join(__dirname, 'budgets.json');
const RESULTS_FILE = path.join(__dirname, 'results.json');
/** Debian's chromium, as the browser tests use it (e2e/harness.js). */
const CHROMIUM = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Lighthouse runs per page: the printed figure is their median, the spread their min–max. */
const DEFAULT_RUNS = 3;

/**
 * The pages Lighthouse measures. `site`: the bench's server the page comes from (lib.startBench
 * `sites`); `widgets`: the widgets it mounts (a page whose widget is not built is n/a); `benchPage`:
 * the id of lib.PAGES this page belongs to, so `npm run bench -- --pages=refund` measures both
 * refund pages.
 */
const LIGHTHOUSE_PAGES = [
  ...['start', 'refund', 'manualClaim', 'disruption'].map((id) => {
    const page = lib.PAGES.find((p) => p.id === id);
    return { id, benchPage: id, label: page.label, site: 'hinted', path: page.path, widgets: [page.panels[0].widget] };
  }),
  {
    // The cancelled booking: already refunded, the page's first reason (docs/product-rules.md
    // "Reasons on the Refund unavailable page").
    id: 'unavailable',
    benchPage: 'unavailable',
    label: 'Refund unavailable /RefundUnavailable',
    site: 'hinted',
    path: `/RefundUnavailable?${lib.bookingQuery('cancelled')}`,
    widgets: ['refund'],
  },
  {
    id: 'aspnetRefund',
    benchPage: 'refund',
    label: 'ASP.NET refund /ConfirmRefund',
    site: 'aspnet',
    path: lib.PAGES.find((p) => p.id === 'refund').path,
    widgets: ['refund'],
  },
];

/** Why a page cannot be measured in this run (see LIGHTHOUSE_PAGES), or null. */
function pageUnavailable(page, sites, distDir) {
  if (!sites[page.site]) {
    return page.site === 'aspnet'
      ? 'the ASP.NET example site is measured with --aspnet (npm run bench -- --aspnet, npm run lighthouse -- --aspnet)'
      : `no ${page.site} server in this run`;
  }
  return lib.unavailableReason({ panels: page.widgets.map((widget) => ({ widget })) }, distDir, {
    hinted: page.site === 'hinted',
  });
}

/**
 * Starts headless Chromium with a remote-debugging port for Lighthouse (its own profile in a
 * temporary folder, the flags this machine needs: `--headless=new --no-sandbox`).
 *
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 * @throws Error when Chromium is missing or does not open its port within 30 s
 */
async function launchChromium() {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium)`);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-lighthouse-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--ignore-certificate-errors', // the bench's HTTPS front has a self-signed certificate
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--disable-default-apps',
      '--mute-audio',
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      '--password-store=basic',
      '--use-mock-keychain',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true }, // its own process group, killed whole by close()
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async () => {
    if (child.exitCode == null && child.signalCode == null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    try {
      process.kill(-child.pid, 'SIGKILL'); // Chromium's helper processes, which may still write to the profile
    } catch {
      // the group is gone already
    }
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
    } catch (error) {
      console.warn(`lighthouse: the Chromium profile ${profile} is left behind (${error.code})`);
    }
  };
  try {
    const port = await new Promise((resolve, reject) => {
      let stderr = '';
      const timer = setTimeout(() => reject(new Error(`Chromium opened no debugging port in 30 s: ${stderr}`)), 30_000);
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}) before opening its port: ${stderr.slice(-500)}`));
      });
    });
    child.stderr.resume(); // keep draining, so Chromium never blocks on a full pipe
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

let configPromise = null;

/**
 * Lighthouse's default config (the mobile preset) with the performance category only, and its
 * trace gatherer adapted to this Chromium: Chromium 156 names the `PipelineReporter` trace event's
 * frame data `frame_reporter` where Lighthouse 12.2.3's trace engine reads `chrome_frame_reporter`,
 * and without the old name the trace engine throws, so the LCP element, the layout shifts'
 * elements and the filmstrip are lost. The data is copied to the old name; nothing else changes.
 */
function lighthouseConfig() {
  configPromise ??= import('lighthouse/core/gather/gatherers/trace.js').then(({ default: Trace }) => {
    class FrameReporterTrace extends Trace {
      getArtifact() {
        const trace = super.getArtifact();
        for (const event of trace.traceEvents) {
          const args = event.name === 'PipelineReporter' ? event.args : null;
          if (args?.frame_reporter && !args.chrome_frame_reporter) args.chrome_frame_reporter = args.frame_reporter;
        }
        return trace;
      }
    }
    return {
      extends: 'lighthouse:default',
      settings: { onlyCategories: ['performance'] },
      artifacts: [{ id: 'Trace', gatherer: FrameReporterTrace }],
    };
  });
  return configPromise;
}

const round = (value, digits) => (value == null ? null : Number(value.toFixed(digits)));

/** A node of an audit's details as `{ selector, snippet, label }`. */
const nodeOf = (node) =>
  node ? { selector: node.selector ?? null, snippet: node.snippet ?? null, label: node.nodeLabel ?? null } : null;

/**
 * The figures of one Lighthouse report (an `lhr`): performance score 0–100, LCP, TBT, FCP and
 * Speed Index in ms, CLS, the LCP element and the elements that shifted (largest first), and the
 * preset it ran with.
 *
 * @param {object} lhr Lighthouse's result
 * @returns {object} `{ score, lcpMs, tbtMs, cls, fcpMs, speedIndexMs, lcpElement, layoutShifts, warnings, settings }`
 * @throws Error when Lighthouse could not score the page (its runtime error)
 */
function summariseLhr(lhr) {
  const audits = lhr.audits || {};
  const score = lhr.categories?.performance?.score;
  if (score == null) {
    throw new Error(`Lighthouse could not score the page: ${lhr.runtimeError?.message || 'no performance score'}`);
  }
  const value = (id) => audits[id]?.numericValue ?? null;
  const lcpTable = (audits['largest-contentful-paint-element']?.details?.items || []).find((i) => i.type === 'table');
  const shifts = audits['layout-shifts']?.details?.items || [];
  const settings = lhr.configSettings || {};
  return {
    score: Math.round(score * 100),
    lcpMs: round(value('largest-contentful-paint'), 0),
    tbtMs: round(value('total-blocking-time'), 0),
    cls: round(value('cumulative-layout-shift'), 4),
    fcpMs: round(value('first-contentful-paint'), 0),
    speedIndexMs: round(value('speed-index'), 0),
    lcpElement: nodeOf(lcpTable?.items?.[0]?.node),
    layoutShifts: shifts.slice(0, 3).map((s) => ({ ...nodeOf(s.node), score: round(s.score, 4) })),
    warnings: lhr.runWarnings || [],
    settings: {
      formFactor: settings.formFactor,
      throttlingMethod: settings.throttlingMethod,
      throttling: settings.throttling,
      screenEmulation: settings.screenEmulation,
    },
  };
}

/**
 * How much longer the page's main-thread tasks took than the CPU they got: Σ wall time ÷ Σ thread
 * time of the top-level tasks (`RunTask`). It grows when other processes take the CPU from the page
 * (docs/performance.md "Lighthouse (mobile)").
 *
 * @param {object[]} events the trace events of the page's main thread (Lighthouse's `mainThreadEvents`)
 * @returns {number | null} two decimals; null when no task has a thread time
 */
function wallPerCpu(events) {
  let wall = 0;
  let cpu = 0;
  for (const event of events) {
    if (event.ph !== 'X' || event.name !== 'RunTask' || !(event.dur > 0) || !(event.tdur > 0)) continue;
    wall += event.dur;
    cpu += event.tdur;
  }
  return cpu > 0 ? round(wall / cpu, 2) : null;
}

/** wallPerCpu of a saved Lighthouse trace (`file`), or null when Lighthouse finds no page in it. */
async function wallPerCpuOfTrace(file) {
  const { TraceProcessor } = await import('lighthouse/core/lib/tracehouse/trace-processor.js');
  try {
    return wallPerCpu(TraceProcessor.processTrace(JSON.parse(fs.readFileSync(file, 'utf8'))).mainThreadEvents);
  } catch {
    return null;
  }
}

/**
 * One Lighthouse run (mobile preset, performance only) of `url` in the Chromium listening on
 * `port` (launchChromium). Reusable: the bench, `npm run lighthouse` and anyone measuring a page
 * as Lighthouse does call it.
 *
 * With `referenceWallPerCpu`, Lighthouse gathers first, and audits with the CPU slowdown scaled by
 * `referenceWallPerCpu ÷ wallPerCpu(trace)`, so CPU time another process took is not counted as
 * the page's (docs/performance.md "Lighthouse (mobile)").
 *
 * @param {string} url the page
 * @param {{ port: number, cpuSlowdownMultiplier?: number, referenceWallPerCpu?: number | null }} options
 * @returns {Promise<object>} summariseLhr's figures, plus `benchmarkIndex`, `wallPerCpu` and `lighthouseVersion`
 * @throws Error when Lighthouse fails or cannot score the page
 */
async function runLighthouse(url, { port, cpuSlowdownMultiplier, referenceWallPerCpu = null }) {
  const { default: lighthouse } = await import('lighthouse');
  const config = await lighthouseConfig();
  const flags = { port, output: 'json', logLevel: 'error' };
  if (cpuSlowdownMultiplier != null) {
    const { throttling } = await import('lighthouse/core/config/constants.js');
    flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier };
  }
  let result;
  let ratio = null;
  if (referenceWallPerCpu > 0 && flags.throttling) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-lighthouse-artifacts-'));
    try {
      await lighthouse(url, { ...flags, gatherMode: dir }, config);
      ratio = await wallPerCpuOfTrace(path.join(dir, 'defaultPass.trace.json'));
      const multiplier = ratio
        ? clampSlowdown((cpuSlowdownMultiplier * referenceWallPerCpu) / ratio)
        : cpuSlowdownMultiplier;
      // Lighthouse audits only with the settings it gathered with.
      const file = path.join(dir, 'artifacts.json');
      const artifacts = JSON.parse(fs.readFileSync(file, 'utf8'));
      artifacts.settings.throttling.cpuSlowdownMultiplier = multiplier;
      fs.writeFileSync(file, JSON.stringify(artifacts));
      const throttling = { ...flags.throttling, cpuSlowdownMultiplier: multiplier };
      result = await lighthouse(url, { ...flags, throttling, auditMode: dir }, config);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } else {
    result = await lighthouse(url, flags, config);
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return {
    ...summariseLhr(result.lhr),
    benchmarkIndex: round(result.lhr.environment?.benchmarkIndex ?? null, 0),
    wallPerCpu: ratio,
    lighthouseVersion: result.lhr.lighthouseVersion,
  };
}

/** Lighthouse's default CPU slowdown (its mobile preset). */
const PRESET_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown for a machine whose BenchmarkIndex is `benchmarkIndex`, so that it emulates the
 * same phone as 4× on the machine the budgets were set on (`referenceIndex`): a slower machine
 * applies less (https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md,
 * "Calibrating multipliers"). Clamped to 1–8.
 *
 * @param {number | null} benchmarkIndex this machine's index now
 * @param {number | null} referenceIndex bench/budgets.json `lighthouse.referenceBenchmarkIndex`
 * @returns {number} the multiplier, two decimals (4 when either index is unknown)
 */
function cpuSlowdownFor(benchmarkIndex, referenceIndex) {
  if (!(benchmarkIndex > 0) || !(referenceIndex > 0)) return PRESET_CPU_SLOWDOWN;
  return clampSlowdown((PRESET_CPU_SLOWDOWN * benchmarkIndex) / referenceIndex);
}

/** A CPU slowdown within 1–8, two decimals. */
const clampSlowdown = (multiplier) => round(Math.min(8, Math.max(1, multiplier)), 2);

/**
 * Starts a Chromium that measures this machine's BenchmarkIndex with Lighthouse's own page
 * function, as Lighthouse does before each run, and the same index per CPU second the page got:
 * index × wall time ÷ main-thread CPU time (Chromium's `ThreadTime`), which a CPU hog beside it
 * does not lower (docs/performance.md "Lighthouse (mobile)").
 *
 * @returns {Promise<{ measure: () => Promise<{ benchmarkIndex: number, cpuIndex: number }>, close: () => Promise<void> }>}
 *   `measure` gives the median of 3 samples of each, after one discarded at the start
 */
async function benchmarkIndexProbe() {
  const { chromium } = require('playwright-core');
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadTime = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value;
  const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
  const sample = async () => {
    const [cpuBefore, wallBefore] = [await threadTime(), performance.now()];
    const index = await page.evaluate(source);
    const [cpu, wall] = [(await threadTime()) - cpuBefore, (performance.now() - wallBefore) / 1000];
    return { index, cpuIndex: cpu > 0 ? (index * wall) / cpu : index };
  };
  await sample(); // a fresh page's first sample runs before the JIT has warmed up: about half
  const median = (values) => Math.round(values.sort((a, b) => a - b)[1]);
  return {
    async measure() {
      const samples = [];
      for (let i = 0; i < 3; i += 1) samples.push(await sample());
      return { benchmarkIndex: median(samples.map((s) => s.index)), cpuIndex: median(samples.map((s) => s.cpuIndex)) };
    },
    close: () => browser.close(),
  };
}

const METRICS = ['score', 'lcpMs', 'tbtMs', 'cls'];

/**
 * A page's figures over its runs: the median of each metric, its min–max (`spread`), every run's
 * figures, the LCP element most runs found, and `gate`, the figures the budget check reads: the
 * best run's score, LCP and TBT (a busy machine only ever adds main-thread time, so the best run is
 * the nearest to what the page itself costs) and the median CLS (a shift happens or not depending
 * on whether the widget paints before the first frame: no side is the noise).
 */
function aggregateRuns(runs) {
  const medianOf = (key) => {
    const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : round((sorted[mid - 1] + sorted[mid]) / 2, key === 'cls' ? 4 : 0);
  };
  const entry = {};
  const spread = {};
  for (const key of [...METRICS, 'fcpMs', 'speedIndexMs']) {
    entry[key] = medianOf(key);
    spread[key] = [Math.min(...runs.map((r) => r[key])), Math.max(...runs.map((r) => r[key]))];
  }
  const counts = new Map();
  for (const run of runs) {
    const key = run.lcpElement?.selector ?? '';
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const commonest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  entry.lcpElement = runs.find((r) => (r.lcpElement?.selector ?? '') === commonest).lcpElement;
  entry.lcpElements = [...counts.keys()].filter(Boolean);
  entry.layoutShifts = runs.find((r) => r.cls === entry.cls)?.layoutShifts ?? runs[0].layoutShifts;
  entry.spread = spread;
  // What the budget check reads (checkLighthouseBudgets): the best run's score, LCP and TBT, the
  // median CLS.
  entry.gate = { score: spread.score[1], lcpMs: spread.lcpMs[0], tbtMs: spread.tbtMs[0], cls: entry.cls };
  entry.runs = runs.map(
    ({ score, lcpMs, tbtMs, cls, fcpMs, speedIndexMs, benchmarkIndex, probeIndex, wallPerCpu, settings }) => ({
      score,
      lcpMs,
      tbtMs,
      cls,
      fcpMs,
      speedIndexMs,
      benchmarkIndex: benchmarkIndex ?? null,
      probeIndex: probeIndex ?? null,
      wallPerCpu: wallPerCpu ?? null,
      cpuSlowdownMultiplier: settings?.throttling?.cpuSlowdownMultiplier ?? null,
    }),
  );
  const indexes = runs.map((r) => r.benchmarkIndex).filter((v) => v != null);
  entry.benchmarkIndex = indexes.length ? [Math.min(...indexes), Math.max(...indexes)] : null;
  return entry;
}

/**
 * Measures `pages` (default LIGHTHOUSE_PAGES) from the bench's servers (`bench.sites`,
 * lib.startBench), each behind an HTTPS front with HTTP/2 (httpsFront.js), `runs` Lighthouse runs each, round-robin (every page once, then again), so a
 * burst of load on the machine spreads over the pages. A page that cannot be measured in this run
 * is `{ na }`; one whose runs failed is `{ error }`.
 *
 * @param {{ sites: object }} bench
 * @param {{ distDir: string, runs?: number, pages?: object[], log?: (line: string) => void }} options
 * @returns {Promise<object>} `{ lighthouseVersion, preset, runs, loadAverage, pages }` as bench/results.json keeps it
 */
async function measureLighthouse(
  bench,
  {
    distDir,
    runs = DEFAULT_RUNS,
    pages = LIGHTHOUSE_PAGES,
    referenceIndex = null,
    referenceWallPerCpu = null,
    log = () => {},
  },
) {
  const loadBefore = os.loadavg();
  const started = Date.now();
  const entries = pages.map((page) => {
    const na = pageUnavailable(page, bench.sites, distDir);
    return { id: page.id, label: page.label, path: page.path, site: page.site, ...(na ? { na } : {}), results: [] };
  });
  let version = null;
  let settings = null;
  const chromium = await launchChromium();
  const probe = referenceIndex ? await benchmarkIndexProbe() : null;
  const fronts = new Map();
  const frontOf = async (site) => {
    if (!fronts.has(site)) fronts.set(site, await startHttpsFront(bench.sites[site].url));
    return fronts.get(site);
  };
  try {
    for (let round_ = 0; round_ < runs; round_ += 1) {
      for (const [i, page] of pages.entries()) {
        const entry = entries[i];
        if (entry.na || entry.error) continue;
        try {
          const probed = probe ? await probe.measure() : null;
          const cpuSlowdownMultiplier = cpuSlowdownFor(probed?.cpuIndex, referenceIndex);
          log(
            `Lighthouse ${page.label}, run ${round_ + 1}/${runs}, CPU ${cpuSlowdownMultiplier}× (BenchmarkIndex ${probed?.benchmarkIndex ?? 'n/a'}, per CPU second ${probed?.cpuIndex ?? 'n/a'}) …`,
          );
          const front = await frontOf(page.site);
          const run = await runLighthouse(`${front.url}${page.path}`, {
            port: chromium.port,
            cpuSlowdownMultiplier,
            referenceWallPerCpu,
          });
          run.probeIndex = probed?.cpuIndex ?? null;
          if (run.wallPerCpu != null) {
            log(
              `  wall ÷ CPU ${run.wallPerCpu}, audited at CPU ${run.settings.throttling.cpuSlowdownMultiplier}×: score ${run.score}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms`,
            );
          }
          version = run.lighthouseVersion;
          settings = run.settings;
          entry.results.push(run);
        } catch (error) {
          entry.error = error.message.split('\n')[0];
        }
      }
    }
  } finally {
    await probe?.close();
    await chromium.close();
    await Promise.all([...fronts.values()].map((front) => front.close()));
  }
  return {
    lighthouseVersion: version,
    referenceBenchmarkIndex: referenceIndex,
    referenceWallPerCpu,
    preset: settings,
    runs,
    loadAverage: { before: loadBefore.map((l) => round(l, 2)), after: os.loadavg().map((l) => round(l, 2)) },
    seconds: Math.round((Date.now() - started) / 1000),
    pages: entries.map(({ results, ...entry }) =>
      entry.na || entry.error || !results.length ? entry : { ...entry, ...aggregateRuns(results) },
    ),
  };
}

const fmtRange = (value, [min, max] = [], unit = '', digits = 0) => {
  if (value == null) return 'n/a';
  const f = (v) => `${v.toFixed(digits)}${unit}`;
  return min == null || min === max ? f(value) : `${f(value)} (${f(min)}–${f(max)})`;
};

/** An element for the table: its selector's last part and Lighthouse's label, shortened. */
function elementText(element) {
  if (!element) return 'n/a';
  const last = (element.selector || '').split(' > ').pop();
  const label = (element.label || '').replace(/\s+/g, ' ').slice(0, 40);
  return label ? `${last} "${label}${element.label.length > 40 ? '…' : ''}"` : last;
}

/**
 * The printed Lighthouse table: per page the median score, LCP, TBT and CLS with the runs'
 * min–max, and the LCP element; then pages that could not be measured, with the reason.
 *
 * @param {object} lighthouse what measureLighthouse returns (bench/results.json `lighthouse`)
 * @returns {string}
 */
function lighthouseTable(lighthouse) {
  if (lighthouse.error) return `Lighthouse could not run: ${lighthouse.error}`;
  const rows = [['page', 'score', 'LCP', 'TBT', 'CLS', 'LCP element']];
  const notes = [];
  for (const p of lighthouse.pages) {
    if (p.na || p.error) {
      rows.push([p.label, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a']);
      notes.push(`  n/a ${p.label}: ${p.na || `could not measure: ${p.error}`}`);
      continue;
    }
    const s = p.spread || {};
    rows.push([
      p.label,
      fmtRange(p.score, s.score),
      fmtRange(p.lcpMs, s.lcpMs, ' ms'),
      fmtRange(p.tbtMs, s.tbtMs, ' ms'),
      fmtRange(p.cls, s.cls, '', 3),
      elementText(p.lcpElement),
    ]);
  }
  const load = lighthouse.loadAverage;
  const multipliers = lighthouse.pages.flatMap((p) => (p.runs || []).map((r) => r.cpuSlowdownMultiplier ?? 4));
  const indexes = lighthouse.pages.flatMap((p) => (p.runs || []).map((r) => r.benchmarkIndex).filter((v) => v != null));
  const span = (values, unit = '') =>
    values.length ? `${Math.min(...values)}${unit}–${Math.max(...values)}${unit}` : `4${unit}`;
  const ratios = lighthouse.pages.flatMap((p) => (p.runs || []).map((r) => r.wallPerCpu).filter((v) => v != null));
  const cpu = lighthouse.referenceBenchmarkIndex
    ? `${span(multipliers, '×')} CPU from each run's BenchmarkIndex (reference ${lighthouse.referenceBenchmarkIndex})` +
      (ratios.length
        ? ` and its main thread's wall ÷ CPU time ${span(ratios)} (reference ${lighthouse.referenceWallPerCpu})`
        : '')
    : '4× CPU';
  const head =
    `Lighthouse ${lighthouse.lighthouseVersion || ''}, mobile preset (simulated Slow 4G, ${cpu}, Moto G Power screen), ` +
    `performance only: median of ${lighthouse.runs} run(s) per page (min–max)` +
    (indexes.length ? `; Lighthouse's BenchmarkIndex ${span(indexes)}` : '') +
    (load ? `; load average ${load.before[0]} before, ${load.after[0]} after (1 min)` : '');
  return [head, lib.table(rows), ...notes].join('\n');
}

/** What each budget key limits: the figure it reads, and whether the figure must stay above (min) or below (max). */
const LIMITS = [
  { key: 'minScore', metric: 'score', min: true, fmt: (v) => String(v) },
  { key: 'maxLcpMs', metric: 'lcpMs', fmt: (v) => `${v} ms` },
  { key: 'maxTbtMs', metric: 'tbtMs', fmt: (v) => `${v} ms` },
  { key: 'maxCls', metric: 'cls', fmt: (v) => v.toFixed(3) },
];

/**
 * Checks each measured page's `gate` figures (aggregateRuns: the best run's score, LCP and TBT, the
 * median CLS; a page without them, its own figures) against the `lighthouse` section of
 * bench/budgets.json:
 * `pages[id]` gives `minScore`, `maxLcpMs`, `maxTbtMs`, `maxCls` (any may be left out), `margin`
 * the noise allowed past them (`score`, `lcpMs`, `tbtMs`, `cls`). A figure past its limit by more
 * than the margin fails the page; past it but within the margin passes, flagged. A page that could
 * not be measured because it is not in this run (no ASP.NET site, widget not built) is n/a, never a
 * failure; a page in the budgets missing from the measurement is n/a too; a page whose Lighthouse
 * runs failed fails.
 *
 * @param {object} lighthouse what measureLighthouse returns
 * @param {object} [budgets] bench/budgets.json's `lighthouse` section
 * @returns {{ failed: boolean, rows: Array<{ id: string, status: string, notes: string[] }> }}
 */
function checkLighthouseBudgets(lighthouse, budgets = {}) {
  const limits = budgets.pages || {};
  const margin = budgets.margin || {};
  const measured = new Map((lighthouse?.pages || []).map((p) => [p.id, p]));
  const ids = [...new Set([...measured.keys(), ...Object.keys(limits)])];
  const rows = ids.map((id) => {
    const page = measured.get(id);
    const budget = limits[id];
    if (!page) return { id, status: 'n/a', notes: ['not measured in this run'] };
    if (page.na) return { id, status: 'n/a', notes: [page.na] };
    if (page.error) return { id, status: 'FAIL', notes: [`could not measure: ${page.error}`] };
    if (!budget) return { id, status: 'no budget', notes: [] };
    const notes = [];
    let worst = 'ok';
    for (const limit of LIMITS) {
      const bound = budget[limit.key];
      const value = page.gate?.[limit.metric] ?? page[limit.metric];
      if (bound == null || value == null) continue;
      const allowed = margin[limit.metric] || 0;
      const past = limit.min ? bound - value : value - bound;
      if (past <= 1e-9) continue;
      const name = limit.metric === 'score' ? 'score' : limit.metric.replace(/Ms$/, '').toUpperCase();
      const which = page.gate && page.runs?.length > 1 ? (limit.metric === 'cls' ? ' (median)' : ' (best run)') : '';
      const text = `${name} ${limit.fmt(value)}${which}, budget ${limit.min ? '≥' : '≤'} ${limit.fmt(bound)}`;
      if (past > allowed + 1e-9) {
        worst = 'FAIL';
        notes.push(`${text}, past the noise margin (${limit.fmt(allowed)})`);
      } else {
        if (worst === 'ok') worst = 'ok, within margin';
        notes.push(`${text}, within the noise margin (${limit.fmt(allowed)})`);
      }
    }
    return { id, status: worst, notes };
  });
  return { failed: rows.some((r) => r.status === 'FAIL'), rows };
}

/**
 * Budgets from a measurement (`npm run lighthouse -- --update`): per measured page, the figures
 * the check reads (`gate`: best run's score, LCP and TBT, median CLS) rounded outwards (score down
 * to a whole point, LCP and TBT up to 50 ms, CLS up to 0.01), so this measurement passes without
 * its margin; the margin is kept as it is.
 *
 * @param {object} lighthouse what measureLighthouse returns
 * @returns {Record<string, { minScore: number, maxLcpMs: number, maxTbtMs: number, maxCls: number }>}
 */
function budgetsFrom(lighthouse) {
  const up = (value, step) => Math.ceil(value / step - 1e-9) * step;
  const pages = {};
  for (const p of lighthouse.pages) {
    if (p.na || p.error || !p.gate) continue;
    pages[p.id] = {
      minScore: p.gate.score,
      maxLcpMs: up(p.gate.lcpMs, 50),
      maxTbtMs: up(p.gate.tbtMs, 50),
      maxCls: round(up(p.gate.cls, 0.01), 2),
    };
  }
  return pages;
}

/** The budget check's lines, as `npm run size` prints its own. */
function budgetLines(check) {
  return check.rows.map((r) => `lighthouse ${r.status.padEnd(17)} ${r.id.padEnd(12)} ${r.notes.join('; ')}`.trimEnd());
}

/**
 * The options of `npm run lighthouse` (see the file's header).
 *
 * @param {string[]} argv
 * @returns {{ dist: string | null, runs: number, pages: string[] | null, aspnet: false | 'build' | 'built', write: boolean, update: boolean }}
 * @throws Error naming an unknown option
 */
function parseLighthouseArgs(argv) {
  const args = { dist: null, runs: DEFAULT_RUNS, pages: null, aspnet: false, write: false, update: false };
  for (const arg of argv) {
    if (arg.startsWith('--dist=')) args.dist = arg.slice(7);
    else if (arg.startsWith('--runs=')) args.runs = Math.max(1, Number(arg.slice(7)) || DEFAULT_RUNS);
    else if (arg.startsWith('--pages=')) args.pages = arg.slice(8).split(',');
    else if (arg === '--aspnet') args.aspnet = 'build';
    else if (arg === '--aspnet-built') args.aspnet = 'built';
    else if (arg === '--write') args.write = true;
    else if (arg === '--update') args.update = true;
    else throw new Error(`unknown option ${arg}`);
  }
  return args;
}

/**
 * The pages of LIGHTHOUSE_PAGES a `--pages` list selects (by their id or their bench page's id).
 *
 * @param {string[] | null} ids
 * @returns {object[]}
 * @throws Error when an id matches no page
 */
function selectPages(ids) {
  if (!ids) return LIGHTHOUSE_PAGES;
  const known = new Set(LIGHTHOUSE_PAGES.flatMap((p) => [p.id, p.benchPage]));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw new Error(`unknown page(s) ${unknown.join(', ')}: one of ${[...known].join(', ')}`);
  return LIGHTHOUSE_PAGES.filter((p) => ids.includes(p.id) || ids.includes(p.benchPage));
}

async function main() {
  const args = parseLighthouseArgs(process.argv.slice(2));
  const pages = selectPages(args.pages);
  const started = Date.now();
  const distDir = args.dist ? path.resolve(args.dist) : lib.benchDist();
  if (!args.dist) {
    console.log(`lighthouse: building production into ${distDir} …`);
    lib.buildFederated(distDir);
  } else if (!fs.existsSync(path.join(distDir, 'host-shim.js'))) {
    throw new Error(`${distDir}/host-shim.js is missing: build first (npm run build) or drop --dist`);
  }
  const wantsAspNet = pages.some((p) => p.site === 'aspnet');
  if (args.aspnet === 'build' && wantsAspNet) {
    console.log('lighthouse: packing the ASP.NET kit and building the example site from its feed …');
    lib.buildAspNet(distDir);
  }
  const bench = await lib.startBench(distDir, {
    hinted: true,
    aspnet: Boolean(args.aspnet) && wantsAspNet,
    browser: false,
  });
  const budgetsJson = JSON.parse(fs.readFileSync(BUDGETS_FILE, 'utf8'));
  let lighthouse;
  try {
    lighthouse = await measureLighthouse(bench, {
      distDir,
      runs: args.runs,
      pages,
      referenceIndex: budgetsJson.lighthouse?.referenceBenchmarkIndex ?? null,
      referenceWallPerCpu: budgetsJson.lighthouse?.referenceWallPerCpu ?? null,
      log: console.log,
    });
  } finally {
    await bench.close();
  }
  const check = checkLighthouseBudgets(lighthouse, budgetsJson.lighthouse);
  lighthouse.budgets = check.rows;
  console.log(`\n${lighthouseTable(lighthouse)}\n`);
  for (const line of budgetLines(check)) console.log(line);
  if (args.write) {
    const results = fs.existsSync(RESULTS_FILE) ? JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) : {};
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...results, lighthouse }, null, 2)}\n`);
    console.log(`lighthouse: wrote ${path.relative(process.cwd(), RESULTS_FILE)} (lighthouse)`);
  }
  if (args.update) {
    const section = budgetsJson.lighthouse || {};
    const next = { ...section, pages: { ...section.pages, ...budgetsFrom(lighthouse) } };
    fs.writeFileSync(BUDGETS_FILE, `${JSON.stringify({ ...budgetsJson, lighthouse: next }, null, 2)}\n`);
    console.log(`lighthouse: wrote ${path.relative(process.cwd(), BUDGETS_FILE)} (lighthouse.pages: the worst runs)`);
    return;
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`lighthouse: ${check.failed ? 'budget exceeded' : 'all within budget'} (${seconds} s)`);
  if (check.failed) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error) => {
    console.error(`lighthouse: ${error.stack || error.message}`);
    process.exitCode = 1;
  });
}

module.exports = {
  LIGHTHOUSE_PAGES,
  cpuSlowdownFor,
  wallPerCpu,
  DEFAULT_RUNS,
  launchChromium,
  runLighthouse,
  summariseLhr,
  aggregateRuns,
  measureLighthouse,
  lighthouseTable,
  checkLighthouseBudgets,
  budgetsFrom,
  budgetLines,
  parseLighthouseArgs,
  selectPages,
};
