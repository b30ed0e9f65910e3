/**
 * `npm run bench`: builds production twice (federated, and plain bundles without federation),
 * serves both from the dev host (and the federated pages again from a second dev host that writes
 * the build's preload hints) and measures, in headless Debian Chromium, the start, refund,
 * manual claim, disruption and two-widget pages: JS and CSS bytes (gzip), requests, react-dom
 * fetches, the critical-path depth (generations of requests before the first panel, API calls
 * included) and the time to the first panel (median of N cold loads under Lighthouse Slow 4G,
 * and again with the CPU slowed 4×, Lighthouse's mobile setting).
 * Then the journeys (bench/journey.js): two pages walked in one browser, the second page's figures.
 * Also the upload bytes of a 4000 px JPEG before and after the manual claim's browser resize.
 * Prints the measurements and the goals of docs/performance.md "Goals" with verdicts, writes them
 * to bench/report.md, writes bench/results.json and one waterfall chart per page
 * (bench/waterfall-<page>.svg). With `--aspnet`, also packs the build into the ASP.NET kit's
 * package, builds and starts the example site (hosts/aspnet) and measures its pages as a fourth
 * variant, drawn in bench/waterfall-aspnet-<page>.svg. See bench/README.md.
 *
 * Last, Lighthouse's mobile preset on the dev host's pages with hints and, with `--aspnet`, the
 * site's refund page (bench/lighthouse.js): score, LCP, TBT, CLS and the LCP element per page.
 *
 * Options: --no-build (reuse the build in DIST_DIR), --runs=N (default 5), --no-timing (no
 * throttled loads, no Lighthouse), --no-lighthouse, --lighthouse-runs=N (default 3),
 * --pages=refund,twoWidgets (default all; `journeys` among them walks the journeys too),
 * --variants=hinted,bare (default all), --no-journeys, --aspnet. DIST_DIR: build folder (default a temporary
 * folder).
 */
const fs = require('fs');
const path = require('path');
const lib = require('./lib');
const { table } = lib;
const lighthouse = require('./lighthouse');
const { measureJourneys } = require('./journey');
const { waterfallSvg } = require('./waterfall');
const { drawImage } = require('../e2e/harness');

const KB = 1024;
/** The goals of docs/performance.md "Goals". */
const GOALS = {
  refundTimeRatio: 1.0,
  otherTimeRatio: 1.15,
  refundMs: 1400,
  refundDepth: 2,
  refundJsGz: 140 * KB,
  secondWidgetGz: 12 * KB,
  hintedRefundDepth: 1,
  hintedRefundTimeRatio: 0.95,
  mountContentRatio: 1.02,
  journeySecondPageRatio: 0.6,
};
/** How the table names each variant (lib.VARIANTS). */
const VARIANT_LABELS = {
  federated: 'federated',
  hinted: 'with hints',
  bare: 'hints, empty mounts',
  plain: 'plain',
  aspnet: 'ASP.NET, hints',
};
/** Lighthouse's mobile CPU setting. */
const CPU_SLOWDOWN = 4;

/**
 * The options of `npm run bench` (see the file's header).
 *
 * @param {string[]} argv the arguments after the script's name
 * @returns {{ build: boolean, runs: number, timing: boolean, lighthouse: boolean, lighthouseRuns: number, pages: string[] | null, variants: string[] | null, aspnet: boolean, journeys: boolean }}
 * @throws Error naming an unknown option
 */
function parseArgs(argv) {
  const args = {
    build: true,
    runs: 5,
    timing: true,
    lighthouse: true,
    lighthouseRuns: lighthouse.DEFAULT_RUNS,
    pages: null,
    variants: null,
    aspnet: false,
    journeys: true,
  };
  for (const arg of argv) {
    if (arg === '--no-build') args.build = false;
    else if (arg === '--aspnet') args.aspnet = true;
    else if (arg === '--no-timing') args.timing = false;
    else if (arg === '--no-lighthouse') args.lighthouse = false;
    else if (arg === '--no-journeys') args.journeys = false;
    else if (arg.startsWith('--lighthouse-runs=')) {
      args.lighthouseRuns = Math.max(1, Number(arg.slice(18)) || lighthouse.DEFAULT_RUNS);
    } else if (arg.startsWith('--runs=')) args.runs = Math.max(1, Number(arg.slice(7)) || 5);
    else if (arg.startsWith('--pages=')) args.pages = arg.slice(8).split(',');
    else if (arg.startsWith('--variants=')) args.variants = arg.slice(11).split(',');
    else throw new Error(`unknown option ${arg}`);
  }
  // Lighthouse is a timing measurement too: --no-timing is the quick run without either.
  if (!args.timing) args.lighthouse = false;
  // --pages names what to measure: the journeys run only when it names them (`journeys`).
  if (args.pages) args.journeys = args.journeys && args.pages.includes('journeys');
  return args;
}

/**
 * One variant of a page's size and structure, from one unthrottled load with async initiator
 * stacks (for the generations). `{ na }` when the variant cannot load.
 */
async function measureVariant(bench, pageSpec, variant, { distDir }) {
  const why = lib.unavailableReason(pageSpec, distDir, {
    plain: variant === 'plain',
    hinted: variant === 'hinted' || variant === 'bare',
  });
  if (why) return { na: why };
  try {
    const size = await lib.measureLoad(bench, pageSpec, { variant, distDir, stacks: true, timeoutMs: 30_000 });
    const result = { ...size.atPanel, settledJsGz: size.settled.jsGz, settledCssGz: size.settled.cssGz };
    result.jsGzipBytes = size.atPanel.jsGz;
    result.criticalPathDepth = size.depth;
    result.pageErrors = size.pageErrors;
    result.waterfallUnthrottled = size.requests;
    return result;
  } catch (error) {
    return { na: error.message };
  }
}

/**
 * The timing loads of a page: `runs` rounds, each one cold load per variant under Slow 4G, then
 * one per variant with the CPU slowed 4×, the variants in turn so that a drift of the machine
 * falls on all of them alike. Adds `times`, `ms`, `timesCpu4`, `msCpu4` (medians) and the
 * median Slow 4G load's `waterfall` to each entry; a variant that fails a load becomes `{ na }`.
 */
async function measureTimes(bench, pageSpec, entry, variants, { distDir, runs }) {
  const live = variants.filter((v) => entry[v] && !entry[v].na);
  const loads = Object.fromEntries(live.map((v) => [v, { slow: [], cpu: [] }]));
  const load = async (variant, options) => {
    if (entry[variant].na) return null;
    try {
      return await lib.measureLoad(bench, pageSpec, { variant, distDir, throttle: true, ...options });
    } catch (error) {
      entry[variant] = { na: error.message };
      return null;
    }
  };
  for (let i = 0; i < runs; i += 1) {
    // Every other run in reverse, so no variant always follows the same one.
    const order = i % 2 ? [...live].reverse() : live;
    for (const variant of order) loads[variant].slow.push(await load(variant, { timeoutMs: 120_000 }));
    for (const variant of order) {
      const slow = await load(variant, { cpu: CPU_SLOWDOWN, timeoutMs: 180_000 });
      loads[variant].cpu.push(slow?.ms);
    }
  }
  for (const variant of live) {
    const result = entry[variant];
    if (result.na) continue;
    const slowLoads = loads[variant].slow;
    const genOf = new Map(result.waterfallUnthrottled.map((r) => [`${r.method} ${r.name}`, r.gen]));
    result.times = slowLoads.map((l) => l.ms);
    result.ms = lib.median(result.times);
    result.timesCpu4 = loads[variant].cpu;
    result.msCpu4 = lib.median(result.timesCpu4);
    const median = slowLoads.find((l) => l.ms === result.ms) || slowLoads[0];
    result.panelOnRows = median.panelOnRows;
    // Generations come from the load with async stacks (same files, same order).
    result.waterfall = median.requests.map((r) => ({ ...r, gen: genOf.get(`${r.method} ${r.name}`) ?? r.gen }));
  }
}

/** Draws a photo-like 4000 × 3000 JPEG (quality 0.8) in the page and returns its bytes. */
const drawJpeg = (page) => drawImage(page, { width: 4000, height: 3000, type: 'image/jpeg', quality: 0.8 });

/**
 * Upload bytes of a 4000 px wide JPEG on the manual claim page (federated build): the file as
 * chosen, the multipart request body sent to /tickets/upload, and the image the server stored.
 */
async function measureUpload(bench, distDir) {
  const pageSpec = lib.PAGES.find((p) => p.id === 'manualClaim');
  const why = lib.unavailableReason(pageSpec, distDir);
  if (why) return { na: why };
  const context = await bench.browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${bench.url}${pageSpec.path}`);
    const input = page.locator('#manual-claim-widget input[type=file]');
    await input.waitFor({ state: 'attached', timeout: 30_000 });
    const original = await drawJpeg(page);
    const uploaded = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/tickets/upload'), {
      timeout: 60_000,
    });
    await input.setInputFiles([{ name: 'bench-4000px.jpg', mimeType: 'image/jpeg', buffer: original }]);
    const request = await uploaded;
    const response = await request.response();
    // Playwright does not expose multipart file bodies; the request's Content-Length is the upload size.
    const contentLength = Number((await request.allHeaders())['content-length']);
    const requestBytes = request.postDataBuffer()?.length || (contentLength > 0 ? contentLength : null);
    const stored = await (await fetch(`${bench.url}/__dev/uploads`)).json().catch(() => []);
    const image = Array.isArray(stored) ? stored.find((u) => u.name === 'bench-4000px.jpg') : null;
    return {
      originalBytes: original.length,
      originalWidth: 4000,
      requestBytes,
      storedBytes: image?.bytes ?? null,
      storedWidth: image?.width ?? null,
      status: response?.status() ?? null,
    };
  } catch (error) {
    return { na: error.message.split('\n')[0] };
  } finally {
    await context.close();
  }
}

const ratio = (a, b) => (a == null || b == null || b === 0 ? null : a / b);
const fmtRatio = (r) => (r == null ? 'n/a' : `${r.toFixed(2)}×`);
const fmtMs = (ms) => (ms == null ? 'n/a' : `${ms} ms`);
const bytesOf = (m) => (m && !m.na ? m.jsGz + m.cssGz : null);
const verdict = (now, goal) => (now == null ? '' : now <= goal ? 'ok' : 'MISSED');

/** "1234 ms (1100–1400)": median and spread of the runs. */
const fmtTimes = (ms, times) =>
  ms == null ? 'n/a' : `${ms} ms${times && times.length > 1 ? ` (${Math.min(...times)}–${Math.max(...times)})` : ''}`;

/**
 * The printed report of a run: the table of every page and variant (with each variant's time ÷ the
 * plain bundle's), the goals with verdicts (docs/performance.md "Goals"), the noise and the upload.
 *
 * @param {object} results what bench/results.json holds (`variants`, `pages`, `upload`)
 * @returns {string}
 */
function report(results) {
  const { pages, upload } = results;
  const variants = results.variants || ['federated', 'plain'];
  const byId = Object.fromEntries(pages.map((p) => [p.id, p]));
  const lines = [];
  const head = [
    'page',
    'variant',
    'JS gz',
    'CSS gz',
    'requests',
    'react-dom',
    'depth',
    'first panel, Slow 4G (min–max)',
    `+ ${CPU_SLOWDOWN}× CPU (min–max)`,
    `÷ plain (Slow 4G / ${CPU_SLOWDOWN}× CPU)`,
  ];
  const rows = [head];
  for (const p of pages) {
    for (const variant of variants) {
      const m = p[variant];
      const name = VARIANT_LABELS[variant];
      if (!m || m.na) rows.push([p.label, name, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a']);
      else {
        rows.push([
          p.label,
          name,
          lib.kb(m.jsGz),
          lib.kb(m.cssGz),
          m.requests,
          m.reactDom,
          m.criticalPathDepth,
          fmtTimes(m.ms, m.times),
          fmtTimes(m.msCpu4, m.timesCpu4),
          m.timeRatio == null && m.timeRatioCpu4 == null
            ? 'n/a'
            : `${fmtRatio(m.timeRatio)} / ${fmtRatio(m.timeRatioCpu4)}`,
        ]);
      }
    }
  }
  lines.push('Measured at first panel (bytes: gzip of the widget JS/CSS fetched; depth: generations of requests');
  lines.push('after the HTML, API calls included; time: median of cold loads, Slow 4G, then also 4× CPU)');
  lines.push(table(rows));
  for (const p of pages) {
    for (const variant of variants) {
      if (p[variant]?.na) lines.push(`  n/a ${p.label}, ${VARIANT_LABELS[variant]}: ${p[variant].na}`);
    }
  }

  const goals = [['figure', 'goal', 'now', 'verdict', `now, ${CPU_SLOWDOWN}× CPU`, 'verdict']];
  const both = (label, goal, fmt, now, nowCpu, goalValue) =>
    goals.push([label, goal, fmt(now), verdict(now, goalValue), fmt(nowCpu), verdict(nowCpu, goalValue)]);
  const refund = byId.refund;
  both(
    'refund page: time to first panel, federated / plain',
    `≤ ${GOALS.refundTimeRatio.toFixed(2)}×`,
    fmtRatio,
    refund?.timeRatio,
    refund?.timeRatioCpu4,
    GOALS.refundTimeRatio,
  );
  for (const id of ['start', 'manualClaim', 'disruption']) {
    const p = byId[id];
    if (!p) continue;
    both(
      `${p.label}: federated / plain`,
      `≤ ${GOALS.otherTimeRatio.toFixed(2)}×`,
      fmtRatio,
      p.timeRatio,
      p.timeRatioCpu4,
      GOALS.otherTimeRatio,
    );
  }
  const rf = refund?.federated && !refund.federated.na ? refund.federated : null;
  both(
    'refund page first panel, Slow 4G, federated',
    `≤ ${(GOALS.refundMs / 1000).toFixed(1)} s`,
    fmtMs,
    rf?.ms,
    rf?.msCpu4,
    GOALS.refundMs,
  );
  const depth = rf?.criticalPathDepth ?? null;
  goals.push([
    'critical-path depth after the HTML, refund page, federated',
    `≤ ${GOALS.refundDepth}`,
    depth ?? 'n/a',
    verdict(depth, GOALS.refundDepth),
    '',
    '',
  ]);
  const refundJs = rf?.jsGz ?? null;
  goals.push([
    'refund page JS gzip at first panel',
    `≤ ${lib.kb(GOALS.refundJsGz)}`,
    lib.kb(refundJs),
    verdict(refundJs, GOALS.refundJsGz),
    '',
    '',
  ]);
  const two = byId.twoWidgets?.federated;
  const second = two && !two.na && rf ? bytesOf(two) - bytesOf(rf) : null;
  goals.push([
    'a second widget on the page adds (JS+CSS gz)',
    `≤ ${lib.kb(GOALS.secondWidgetGz)}`,
    lib.kb(second),
    verdict(second, GOALS.secondWidgetGz),
    '',
    '',
  ]);
  const hintedGoals = (name, m) => {
    const hintedDepth = m && !m.na ? m.criticalPathDepth : null;
    goals.push([
      `${name}: critical-path depth after the HTML`,
      `≤ ${GOALS.hintedRefundDepth}`,
      hintedDepth ?? 'n/a',
      verdict(hintedDepth, GOALS.hintedRefundDepth),
      '',
      '',
    ]);
    both(
      `${name}: time to first panel, ÷ plain`,
      `≤ ${GOALS.hintedRefundTimeRatio.toFixed(2)}×`,
      fmtRatio,
      m?.timeRatio ?? null,
      m?.timeRatioCpu4 ?? null,
      GOALS.hintedRefundTimeRatio,
    );
  };
  if (variants.includes('hinted')) hintedGoals('refund page with hints', refund?.hinted);
  if (variants.includes('aspnet')) hintedGoals('ASP.NET refund page (hints)', refund?.aspnet);
  if (variants.includes('hinted') && variants.includes('bare')) {
    for (const p of pages) {
      const [withContent, bare] = [p.hinted, p.bare].map((m) => (m && !m.na ? m : null));
      both(
        `${p.label}: first panel with mount content ÷ empty mounts (hints)`,
        `≤ ${GOALS.mountContentRatio.toFixed(2)}×`,
        fmtRatio,
        ratio(withContent?.ms, bare?.ms),
        ratio(withContent?.msCpu4, bare?.msCpu4),
        GOALS.mountContentRatio,
      );
    }
  }
  const journeys = results.journeys || [];
  for (const j of journeys) {
    both(
      `journey ${j.label}: second page's first panel, federated ÷ plain`,
      `≤ ${GOALS.journeySecondPageRatio.toFixed(2)}×`,
      fmtRatio,
      j.ratio,
      j.ratioCpu4,
      GOALS.journeySecondPageRatio,
    );
  }
  if (journeys.length) lines.push('', ...journeyLines(journeys));
  lines.push('', 'Goals', table(goals));
  const spreads = pages.flatMap((p) =>
    variants
      .map((v) => p[v])
      .filter((m) => m && !m.na && m.times && m.times.length > 1)
      .map((m) => (Math.max(...m.times) - Math.min(...m.times)) / m.ms),
  );
  if (spreads.length) {
    const worst = Math.max(...spreads);
    const typical = spreads.sort((a, b) => a - b)[Math.floor(spreads.length / 2)];
    lines.push(
      `Noise: the runs of one figure spread by ${Math.round(typical * 100)} % of its median (typical), ${Math.round(worst * 100)} % (worst).`,
    );
  }
  if (results.lighthouse) {
    lines.push('', lighthouse.lighthouseTable(results.lighthouse));
    if (results.lighthouse.budgets) lines.push(...lighthouse.budgetLines({ rows: results.lighthouse.budgets }));
  }
  lines.push('', 'Upload of a 4000 px wide JPEG (manual claim, resized in the browser to 1200 px wide)');
  if (upload.na) lines.push(`  n/a: ${upload.na}`);
  else {
    lines.push(
      table([
        ['before resize (file chosen)', 'upload request body', 'stored by the server'],
        [
          `${lib.kb(upload.originalBytes)} (${upload.originalWidth} px)`,
          upload.requestBytes == null ? 'n/a' : lib.kb(upload.requestBytes),
          upload.storedBytes == null ? 'n/a' : `${lib.kb(upload.storedBytes)} (${upload.storedWidth} px)`,
        ],
      ]),
    );
  }
  return lines.join('\n');
}

/**
 * The journeys' table: per walk and variant, the second page's widget JS/CSS bytes over the
 * network, its files the HTTP cache answered, its first panel (median, min–max) and ÷ plain.
 *
 * @param {object[]} journeys what measureJourneys returns (bench/journey.js)
 * @returns {string[]}
 */
function journeyLines(journeys) {
  const rows = [
    [
      'journey',
      'variant',
      'JS+CSS from network',
      'from cache',
      'second page first panel, Slow 4G (min–max)',
      `+ ${CPU_SLOWDOWN}× CPU (min–max)`,
      `÷ plain (Slow 4G / ${CPU_SLOWDOWN}× CPU)`,
    ],
  ];
  const notes = [];
  for (const j of journeys) {
    for (const variant of ['federated', 'hinted', 'plain']) {
      const m = j[variant];
      if (!m) continue;
      if (m.na) {
        rows.push([j.label, VARIANT_LABELS[variant], 'n/a', 'n/a', 'n/a', 'n/a', 'n/a']);
        notes.push(`  n/a ${j.label}, ${VARIANT_LABELS[variant]}: ${m.na}`);
        continue;
      }
      const toPlain = variant === 'plain' ? null : [ratio(m.ms, j.plain?.ms), ratio(m.msCpu4, j.plain?.msCpu4)];
      rows.push([
        j.label,
        VARIANT_LABELS[variant],
        lib.kb(m.networkJsCss),
        `${m.cachedJsCss} of ${m.jsCssRequests} files`,
        fmtTimes(m.ms, m.times),
        fmtTimes(m.msCpu4, m.timesCpu4),
        toPlain ? `${fmtRatio(toPlain[0])} / ${fmtRatio(toPlain[1])}` : '',
      ]);
    }
  }
  return [
    'Journeys: the second page of a walk, after the first in the same browser (HTTP cache kept;',
    'bytes: encoded widget JS/CSS over the network, a revalidation counts its headers)',
    table(rows),
    ...notes,
  ];
}

/**
 * bench/report.md: the printed report as the Markdown file docs/performance.md links to.
 *
 * @param {string} text what `report` returns
 * @returns {string}
 */
function reportMarkdown(text) {
  return `# Bench report\n\nWritten by \`npm run bench\` (bench/run.js); how to read it: docs/performance.md.\n\n\`\`\`text\n${text}\n\`\`\`\n`;
}

/** The chart's rows of one measured variant: `{ name, requests, panelMs, depth }`. */
function chartOf(m, name) {
  const measured = m && !m.na ? m : {};
  return {
    name,
    requests: measured.waterfall || measured.waterfallUnthrottled,
    panelMs: measured.waterfall ? measured.panelOnRows : null,
    depth: measured.criticalPathDepth,
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const distDir = lib.benchDist();
  const variants = lib.VARIANTS.filter(
    (v) => (v !== 'aspnet' || args.aspnet) && (!args.variants || args.variants.includes(v)),
  );
  const started = Date.now();
  if (args.build) {
    console.log(`Building production (federated) into ${distDir} …`);
    lib.buildFederated(distDir);
    console.log('Building plain bundles (no federation) …');
    lib.buildPlain(distDir);
  }
  if (args.aspnet) {
    console.log('Packing the ASP.NET kit and building the example site from its feed …');
    lib.buildAspNet(distDir);
  }
  const bench = await lib.startBench(distDir, { hinted: true, aspnet: args.aspnet });
  const results = {
    date: new Date().toISOString(),
    distDir,
    network: args.timing ? { ...lib.SLOW_4G, note: 'Lighthouse Slow 4G, nominal figures' } : null,
    runs: args.timing ? args.runs : 0,
    cpuSlowdown: args.timing ? CPU_SLOWDOWN : null,
    goals: GOALS,
    widgets: lib.widgetsJson().map((w) => w.name),
    variants,
    pages: [],
    upload: null,
  };
  try {
    for (const pageSpec of lib.PAGES.filter((p) => !args.pages || args.pages.includes(p.id))) {
      console.log(`Measuring ${pageSpec.label} …`);
      const entry = { id: pageSpec.id, label: pageSpec.label, path: pageSpec.path };
      for (const variant of variants) {
        entry[variant] = await measureVariant(bench, pageSpec, variant, { distDir });
      }
      if (args.timing) await measureTimes(bench, pageSpec, entry, variants, { distDir, runs: args.runs });
      // Every variant's time ÷ the plain bundle's (plain is 1); the page's own ratios are federated's.
      for (const variant of variants) {
        const m = entry[variant];
        if (m && !m.na) {
          m.timeRatio = ratio(m.ms, entry.plain?.ms);
          m.timeRatioCpu4 = ratio(m.msCpu4, entry.plain?.msCpu4);
        }
      }
      entry.timeRatio = entry.federated?.timeRatio ?? null;
      entry.timeRatioCpu4 = entry.federated?.timeRatioCpu4 ?? null;
      entry.hintedTimeRatio = entry.hinted?.timeRatio ?? null;
      entry.hintedTimeRatioCpu4 = entry.hinted?.timeRatioCpu4 ?? null;
      results.pages.push(entry);
    }
    if (args.timing && args.journeys) {
      results.journeys = await measureJourneys(bench, {
        distDir,
        runs: args.runs,
        cpuSlowdown: CPU_SLOWDOWN,
        log: console.log,
      });
    }
    console.log('Measuring the upload resize …');
    results.upload = await measureUpload(bench, distDir);
    if (args.lighthouse) {
      try {
        const budgets = JSON.parse(fs.readFileSync(path.join(__dirname, 'budgets.json'), 'utf8')).lighthouse;
        results.lighthouse = await lighthouse.measureLighthouse(bench, {
          distDir,
          referenceIndex: budgets.referenceBenchmarkIndex ?? null,
          referenceWallPerCpu: budgets.referenceWallPerCpu ?? null,
          runs: args.lighthouseRuns,
          pages: lighthouse.LIGHTHOUSE_PAGES.filter(
            (p) => !args.pages || args.pages.includes(p.id) || args.pages.includes(p.benchPage),
          ),
          log: console.log,
        });
        results.lighthouse.budgets = lighthouse.checkLighthouseBudgets(results.lighthouse, budgets).rows;
      } catch (error) {
        // The rest of the bench's figures are kept: Lighthouse failing (no Chromium port) is reported.
        results.lighthouse = { error: error.message.split('\n')[0], pages: [] };
      }
    }
  } finally {
    await bench.close();
  }
  const text = report(results);
  results.table = text;
  fs.writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(path.join(__dirname, 'report.md'), reportMarkdown(text));
  for (const p of results.pages) {
    const charts = ['federated', 'hinted', 'plain'].map((v) => chartOf(p[v], VARIANT_LABELS[v]));
    fs.writeFileSync(path.join(__dirname, `waterfall-${p.id}.svg`), waterfallSvg(`${p.label}: requests`, charts));
    if (args.aspnet) {
      fs.writeFileSync(
        path.join(__dirname, `waterfall-aspnet-${p.id}.svg`),
        waterfallSvg(`${p.label} on the ASP.NET example site: requests`, [
          chartOf(p.aspnet, 'ASP.NET site, with hints'),
          chartOf(p.plain, 'plain (dev host)'),
        ]),
      );
    }
  }
  console.log(
    `\n${text}\n\nWrote bench/report.md and bench/results.json (${Math.round((Date.now() - started) / 1000)} s).`,
  );
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}

module.exports = { parseArgs, report, reportMarkdown, chartOf, GOALS };
