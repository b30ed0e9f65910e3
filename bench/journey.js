/**
 * The journey bench (bench/README.md "Journeys"): two pages walked in one browser context, as a
 * traveller moves from one to the next, so the second page meets the HTTP cache the first one
 * filled. The figure is the second page's first panel and the widget bytes it still fetched.
 */
const lib = require('./lib');

/** The walks: ids of lib.PAGES, first page then second. */
const JOURNEYS = [
  { id: 'startToRefund', label: 'start → refund', pages: ['start', 'refund'] },
  { id: 'disruptionToRefund', label: 'disruption → refund', pages: ['disruption', 'refund'] },
  { id: 'refundToManualClaim', label: 'refund → manual claim', pages: ['refund', 'manualClaim'] },
];
/** The variants walked (lib.VARIANTS). */
const JOURNEY_VARIANTS = ['federated', 'hinted', 'plain'];

const pageById = (id) => lib.PAGES.find((p) => p.id === id);

/**
 * Why a walk cannot run in a variant (a page's widget not built), else null.
 *
 * @param {{ pages: string[] }} journey
 * @param {string} variant
 * @param {string} distDir
 */
function journeyUnavailable(journey, variant, distDir) {
  for (const id of journey.pages) {
    const why = lib.unavailableReason(pageById(id), distDir, {
      plain: variant === 'plain',
      hinted: variant === 'hinted',
    });
    if (why) return why;
  }
  return null;
}

/**
 * One walk: a new browser context, the first page until its first panel and the network is quiet
 * (10 s at most), then the second page. The plain variant's HTML is rewritten through the CDP
 * Fetch domain for documents only (Playwright's `page.route` would turn the HTTP cache off).
 *
 * @returns {Promise<{ ms: number, networkJsCss: number, cachedJsCss: number, jsCssRequests: number }>}
 *   the second page's first panel (ms from its navigation), the encoded bytes of widget JS/CSS it
 *   fetched over the network (a 304 counts its headers only), and how many of its widget JS/CSS
 *   requests the HTTP cache answered, of how many
 * @throws {Error} when a page's first panel does not show within `timeoutMs`
 */
async function walk(bench, journey, { variant, distDir, throttle = true, cpu = 1, timeoutMs = 120_000 }) {
  const context = await bench.browser.newContext();
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    const site = bench.sites[variant];
    const specs = journey.pages.map(pageById);
    if (variant === 'plain') {
      await cdp.send('Fetch.enable', { patterns: [{ resourceType: 'Document', requestStage: 'Response' }] });
      cdp.on('Fetch.requestPaused', async (event) => {
        const spec = specs.find((s) => event.request.url === `${site.url}${s.path}`);
        const { body, base64Encoded } = await cdp.send('Fetch.getResponseBody', { requestId: event.requestId });
        const html = Buffer.from(body, base64Encoded ? 'base64' : 'utf8').toString('utf8');
        const headers = (event.responseHeaders || []).filter(
          (h) => !/^(content-encoding|content-length)$/i.test(h.name),
        );
        await cdp.send('Fetch.fulfillRequest', {
          requestId: event.requestId,
          responseCode: event.responseStatusCode,
          responseHeaders: headers,
          body: Buffer.from(spec ? lib.plainHtml(html, spec, distDir) : html).toString('base64'),
        });
      });
    }
    const requests = new Map();
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, bytes: 0 }));
    cdp.on('Network.requestServedFromCache', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.cached = true;
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r && (e.response.fromDiskCache || e.response.fromPrefetchCache)) r.cached = true;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.bytes = e.encodedDataLength;
    });
    if (throttle) await cdp.send('Network.emulateNetworkConditions', lib.SLOW_4G);
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });

    const open = async (spec) => {
      await page.goto(`${site.url}${spec.path}`, { waitUntil: 'commit', timeout: timeoutMs });
      const handle = await page
        .waitForFunction(lib.panelsShown, spec.panels, { polling: 'raf', timeout: timeoutMs })
        .catch((error) => {
          throw new Error(`first panel not shown on ${spec.path} (${variant}, ${journey.id}): ${error.message}`);
        });
      return Math.round(await handle.jsonValue());
    };
    await open(specs[0]);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    requests.clear();
    const ms = await open(specs[1]);
    const widgetFile = (url) => url.startsWith(`${site.url}${site.prefix}`) && /\.(js|css)(\?|$)/.test(url);
    const files = [...requests.values()].filter((r) => widgetFile(r.url));
    return {
      ms,
      networkJsCss: files.filter((r) => !r.cached).reduce((n, r) => n + r.bytes, 0),
      cachedJsCss: files.filter((r) => r.cached).length,
      jsCssRequests: files.length,
    };
  } finally {
    await context.close();
  }
}

/**
 * Every walk of JOURNEYS in every variant of JOURNEY_VARIANTS that the build has: `runs` rounds,
 * each walking every variant in turn under Slow 4G, then again with the CPU slowed `cpuSlowdown`×.
 *
 * @returns {Promise<object[]>} one entry per walk: `{ id, label, pages, [variant]: { ms, msCpu4,
 *   times, timesCpu4, networkJsCss, cachedJsCss, jsCssRequests } | { na } }`, plus `ratio` and
 *   `ratioCpu4` (federated ÷ plain, second page's first panel)
 */
async function measureJourneys(bench, { distDir, runs, cpuSlowdown, log = () => {} }) {
  const entries = [];
  for (const journey of JOURNEYS) {
    log(`Walking ${journey.label} …`);
    const entry = { id: journey.id, label: journey.label, pages: journey.pages };
    const live = [];
    for (const variant of JOURNEY_VARIANTS) {
      const why = bench.sites[variant] ? journeyUnavailable(journey, variant, distDir) : `no ${variant} server`;
      entry[variant] = why ? { na: why } : { times: [], timesCpu4: [] };
      if (!why) live.push(variant);
    }
    const step = async (variant, options, key) => {
      if (entry[variant].na) return;
      try {
        const result = await walk(bench, journey, { variant, distDir, ...options });
        entry[variant][key].push(result.ms);
        if (key === 'times') entry[variant].last = result;
      } catch (error) {
        entry[variant] = { na: error.message.split('\n')[0] };
      }
    };
    for (let i = 0; i < runs; i += 1) {
      for (const variant of live) await step(variant, {}, 'times');
      for (const variant of live) await step(variant, { cpu: cpuSlowdown, timeoutMs: 180_000 }, 'timesCpu4');
    }
    for (const variant of live) {
      const m = entry[variant];
      if (m.na) continue;
      Object.assign(m, {
        ms: lib.median(m.times),
        msCpu4: lib.median(m.timesCpu4),
        networkJsCss: m.last.networkJsCss,
        cachedJsCss: m.last.cachedJsCss,
        jsCssRequests: m.last.jsCssRequests,
      });
      delete m.last;
    }
    const ratio = (a, b) => (a > 0 && b > 0 ? Math.round((a / b) * 100) / 100 : null);
    entry.ratio = ratio(entry.federated?.ms, entry.plain?.ms);
    entry.ratioCpu4 = ratio(entry.federated?.msCpu4, entry.plain?.msCpu4);
    entry.hintedRatio = ratio(entry.hinted?.ms, entry.plain?.ms);
    entry.hintedRatioCpu4 = ratio(entry.hinted?.msCpu4, entry.plain?.msCpu4);
    entries.push(entry);
  }
  return entries;
}

module.exports = { JOURNEYS, JOURNEY_VARIANTS, measureJourneys };
