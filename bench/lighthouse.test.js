/** @jest-environment node */
/**
 * Lighthouse in the bench (bench/lighthouse.js; docs/performance.md "Lighthouse (mobile)"): the
 * figures read from a Lighthouse report, the median and spread of a page's runs, the printed table,
 * the budget check of CI (a budget exceeded fails, within the noise margin passes, a page not
 * measured is n/a) and the options. No browser: the reports are made up.
 */
const {
  LIGHTHOUSE_PAGES,
  summariseLhr,
  aggregateRuns,
  lighthouseTable,
  checkLighthouseBudgets,
  budgetsFrom,
  budgetLines,
  parseLighthouseArgs,
  selectPages,
  cpuSlowdownFor,
  wallPerCpu,
} = require('./lighthouse');
const { parseArgs, report } = require('./run');
const bookings = require('../fixtures/bookings.json');

/** A Lighthouse result (lhr) with the audits bench/lighthouse.js reads. */
const lhr = ({ score = 0.93, lcp = 2272.4, tbt = 78.2, cls = 0.13318, element = true } = {}) => ({
  lighthouseVersion: '12.2.3',
  categories: { performance: { score } },
  configSettings: {
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75 },
  },
  runWarnings: [],
  audits: {
    'largest-contentful-paint': { numericValue: lcp },
    'total-blocking-time': { numericValue: tbt },
    'cumulative-layout-shift': { numericValue: cls },
    'first-contentful-paint': { numericValue: 1310.2 },
    'speed-index': { numericValue: 1409.9 },
    'largest-contentful-paint-element': element
      ? {
          details: {
            type: 'list',
            items: [
              {
                type: 'table',
                items: [
                  {
                    node: {
                      selector: 'div.rw-refund > section.rw-refund__panel > p.rw-refund__warning',
                      snippet: '<p class="rw-refund__warning">',
                      nodeLabel: 'Once you accept, your choice is final',
                    },
                  },
                ],
              },
              { type: 'table', items: [{ phase: 'TTFB', timing: 460 }] },
            ],
          },
        }
      : { scoreDisplayMode: 'error', errorMessage: 'Required TraceElements gatherer encountered an error' },
    'layout-shifts': {
      details: {
        items: [
          {
            node: {
              selector: 'body > footer.site-footer',
              snippet: '<footer class="site-footer">',
              nodeLabel: 'Dev host',
            },
            score: 0.11659,
          },
        ],
      },
    },
  },
});

/** A measured page as measureLighthouse returns it. */
const page = (id, figures) => ({ id, label: `${id} page`, path: `/${id}`, site: 'hinted', ...figures });

describe('the figures of one Lighthouse run', () => {
  it('are the score out of 100, LCP and TBT in whole ms, CLS, the LCP element and what shifted', () => {
    expect(summariseLhr(lhr())).toEqual({
      score: 93,
      lcpMs: 2272,
      tbtMs: 78,
      cls: 0.1332,
      fcpMs: 1310,
      speedIndexMs: 1410,
      lcpElement: {
        selector: 'div.rw-refund > section.rw-refund__panel > p.rw-refund__warning',
        snippet: '<p class="rw-refund__warning">',
        label: 'Once you accept, your choice is final',
      },
      layoutShifts: [
        {
          selector: 'body > footer.site-footer',
          snippet: '<footer class="site-footer">',
          label: 'Dev host',
          score: 0.1166,
        },
      ],
      warnings: [],
      settings: {
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
        screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75 },
      },
    });
  });

  it('an LCP element audit that failed leaves the element null, the figures stand', () => {
    const figures = summariseLhr(lhr({ element: false }));
    expect(figures.lcpElement).toBeNull();
    expect(figures.lcpMs).toBe(2272);
  });

  it('a page Lighthouse could not score throws its runtime error', () => {
    const failed = { ...lhr(), categories: { performance: { score: null } }, runtimeError: { message: 'NO_FCP' } };
    expect(() => summariseLhr(failed)).toThrow('Lighthouse could not score the page: NO_FCP');
  });
});

describe("a page's runs", () => {
  it('give the median of each figure and its min–max', () => {
    const runs = [
      summariseLhr(lhr({ score: 0.8, lcp: 2700, tbt: 500, cls: 0.133 })),
      summariseLhr(lhr({ score: 0.84, lcp: 2680, tbt: 340, cls: 0.117 })),
      summariseLhr(lhr({ score: 0.79, lcp: 2715, tbt: 520, cls: 0.133 })),
    ];
    const entry = aggregateRuns(runs);
    expect([entry.score, entry.lcpMs, entry.tbtMs, entry.cls]).toEqual([80, 2700, 500, 0.133]);
    expect(entry.spread.score).toEqual([79, 84]);
    expect(entry.spread.tbtMs).toEqual([340, 520]);
    expect(entry.spread.cls).toEqual([0.117, 0.133]);
    expect(entry.gate).toEqual({ score: 84, lcpMs: 2680, tbtMs: 340, cls: 0.133 });
    expect(entry.lcpElement.selector).toBe('div.rw-refund > section.rw-refund__panel > p.rw-refund__warning');
    expect(entry.runs).toHaveLength(3);
  });
});

describe('the printed table', () => {
  it('has one row per page with the medians and spreads, the LCP element, and n/a with its reason', () => {
    const refund = { ...page('refund', {}), ...aggregateRuns([lhr(), lhr({ tbt: 120 })].map(summariseLhr)) };
    const text = lighthouseTable({
      lighthouseVersion: '12.2.3',
      runs: 2,
      loadAverage: { before: [3.1, 2, 2], after: [3.5, 2, 2] },
      pages: [refund, page('aspnetRefund', { label: 'ASP.NET refund', na: 'measured with --aspnet' })],
    });
    const lines = text.split('\n');
    expect(lines[0]).toContain('mobile preset (simulated Slow 4G, 4× CPU, Moto G Power screen)');
    expect(lines[0]).toContain('median of 2 run(s) per page (min–max); load average 3.1 before, 3.5 after');
    expect(lines[1].split('|').map((c) => c.trim())).toEqual(['page', 'score', 'LCP', 'TBT', 'CLS', 'LCP element']);
    expect(lines[2].split('|').map((c) => c.trim())).toEqual([
      'refund page',
      '93',
      '2272 ms',
      '99 ms (78 ms–120 ms)',
      '0.133',
      'p.rw-refund__warning "Once you accept, your choice is final"',
    ]);
    expect(lines[3].split('|').map((c) => c.trim())).toEqual(['ASP.NET refund', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a']);
    expect(text).toContain('  n/a ASP.NET refund: measured with --aspnet');
  });

  it("gives the CPU slowdown each run had and Lighthouse's BenchmarkIndex when the budgets name a reference", () => {
    const runs = [
      { ...summariseLhr(lhr()), benchmarkIndex: 910 },
      { ...summariseLhr(lhr()), benchmarkIndex: 1205 },
    ];
    runs[0].settings.throttling = { ...runs[0].settings.throttling, cpuSlowdownMultiplier: 2.5 };
    const text = lighthouseTable({
      lighthouseVersion: '12.2.3',
      runs: 2,
      referenceBenchmarkIndex: 1200,
      pages: [{ ...page('refund', {}), ...aggregateRuns(runs) }],
    });
    expect(text.split('\n')[0]).toContain(
      "simulated Slow 4G, 2.5×–4× CPU from each run's BenchmarkIndex (reference 1200), Moto G Power screen",
    );
    expect(text.split('\n')[0]).toContain("Lighthouse's BenchmarkIndex 910–1205");
  });

  it("gives each run's wall ÷ CPU time of the main thread when the budgets name its reference", () => {
    const runs = [
      { ...summariseLhr(lhr()), benchmarkIndex: 1000, wallPerCpu: 1.62 },
      { ...summariseLhr(lhr()), benchmarkIndex: 1100, wallPerCpu: 2.4 },
    ];
    const text = lighthouseTable({
      lighthouseVersion: '12.2.3',
      runs: 2,
      referenceBenchmarkIndex: 1200,
      referenceWallPerCpu: 1.8,
      pages: [{ ...page('refund', {}), ...aggregateRuns(runs) }],
    });
    expect(text.split('\n')[0]).toContain(
      "CPU from each run's BenchmarkIndex (reference 1200) and its main thread's wall ÷ CPU time 1.62–2.4 (reference 1.8),",
    );
  });

  it('says why when Lighthouse could not run at all', () => {
    expect(lighthouseTable({ error: 'Chromium opened no debugging port in 30 s', pages: [] })).toBe(
      'Lighthouse could not run: Chromium opened no debugging port in 30 s',
    );
  });

  it('is part of the report of npm run bench', () => {
    const lighthouse = {
      lighthouseVersion: '12.2.3',
      runs: 1,
      pages: [page('start', { score: 72, lcpMs: 2752, tbtMs: 270, cls: 0.43 })],
    };
    const text = report({ variants: ['federated'], pages: [], upload: { na: 'not measured' }, lighthouse });
    expect(text).toMatch(/^start page +\| 72 +\| 2752 ms \| 270 ms \| 0\.430 \| n\/a$/m);
  });
});

describe('the budget check (CI)', () => {
  const budgets = {
    margin: { score: 5, lcpMs: 300, tbtMs: 200, cls: 0.02 },
    pages: {
      refund: { minScore: 75, maxLcpMs: 2800, maxTbtMs: 550, maxCls: 0.15 },
      aspnetRefund: { minScore: 75, maxLcpMs: 2800, maxTbtMs: 550, maxCls: 0.15 },
      unavailable: { minScore: 75 },
    },
  };
  const measured = (figures, more = []) => ({ pages: [page('refund', figures), ...more] });
  const within = { score: 80, lcpMs: 2700, tbtMs: 500, cls: 0.133 };

  it('passes a page within its budget', () => {
    const check = checkLighthouseBudgets(measured(within), budgets);
    expect(check.failed).toBe(false);
    expect(check.rows.find((r) => r.id === 'refund')).toEqual({ id: 'refund', status: 'ok', notes: [] });
  });

  it.each([
    ['score', { score: 69 }, 'score 69, budget ≥ 75, past the noise margin (5)'],
    ['LCP', { lcpMs: 3101 }, 'LCP 3101 ms, budget ≤ 2800 ms, past the noise margin (300 ms)'],
    ['TBT', { tbtMs: 751 }, 'TBT 751 ms, budget ≤ 550 ms, past the noise margin (200 ms)'],
    ['CLS', { cls: 0.171 }, 'CLS 0.171, budget ≤ 0.150, past the noise margin (0.020)'],
  ])('fails a page whose %s is past its budget by more than the margin', (_name, worse, note) => {
    const check = checkLighthouseBudgets(measured({ ...within, ...worse }), budgets);
    expect(check.failed).toBe(true);
    expect(check.rows.find((r) => r.id === 'refund')).toEqual({ id: 'refund', status: 'FAIL', notes: [note] });
  });

  it('passes, flagged, a page past its budget by no more than the margin', () => {
    const check = checkLighthouseBudgets(measured({ score: 70, lcpMs: 3100, tbtMs: 750, cls: 0.17 }), budgets);
    expect(check.failed).toBe(false);
    const row = check.rows.find((r) => r.id === 'refund');
    expect(row.status).toBe('ok, within margin');
    expect(row.notes).toEqual([
      'score 70, budget ≥ 75, within the noise margin (5)',
      'LCP 3100 ms, budget ≤ 2800 ms, within the noise margin (300 ms)',
      'TBT 750 ms, budget ≤ 550 ms, within the noise margin (200 ms)',
      'CLS 0.170, budget ≤ 0.150, within the noise margin (0.020)',
    ]);
  });

  it("reads a page's best run for score, LCP and TBT and its median CLS: a busy machine's slow runs pass", () => {
    // The manual claim page at a load average of 9: two runs of three slowed by the machine, one not.
    const manualClaim = {
      margin: budgets.margin,
      pages: { manualClaim: { minScore: 95, maxLcpMs: 2650, maxTbtMs: 100, maxCls: 0.06 } },
    };
    const runs = [
      { score: 0.84, lcp: 2750, tbt: 440, cls: 0.0583 },
      { score: 0.82, lcp: 2785, tbt: 541, cls: 0.0583 },
      { score: 0.94, lcp: 2531, tbt: 150, cls: 0 },
    ].map((figures) => summariseLhr(lhr(figures)));
    const busy = { ...page('manualClaim', {}), ...aggregateRuns(runs) };
    expect([busy.score, busy.tbtMs]).toEqual([84, 440]);
    expect(checkLighthouseBudgets({ pages: [busy] }, manualClaim)).toEqual({
      failed: false,
      rows: [
        {
          id: 'manualClaim',
          status: 'ok, within margin',
          notes: [
            'score 94 (best run), budget ≥ 95, within the noise margin (5)',
            'TBT 150 ms (best run), budget ≤ 100 ms, within the noise margin (200 ms)',
          ],
        },
      ],
    });
    const regressed = aggregateRuns(runs.map((r) => ({ ...r, tbtMs: r.tbtMs + 700, cls: 0.2 })));
    const check = checkLighthouseBudgets({ pages: [{ ...page('manualClaim', {}), ...regressed }] }, manualClaim);
    expect(check.failed).toBe(true);
    expect(check.rows[0].notes).toEqual([
      'score 94 (best run), budget ≥ 95, within the noise margin (5)',
      'TBT 850 ms (best run), budget ≤ 100 ms, past the noise margin (200 ms)',
      'CLS 0.200 (median), budget ≤ 0.060, past the noise margin (0.020)',
    ]);
  });

  it('a page not in this run is n/a, with its reason, and fails nothing', () => {
    const aspnet = page('aspnetRefund', { na: 'the ASP.NET example site is measured with --aspnet' });
    const check = checkLighthouseBudgets(measured(within, [aspnet]), budgets);
    expect(check.failed).toBe(false);
    expect(check.rows.find((r) => r.id === 'aspnetRefund')).toEqual({
      id: 'aspnetRefund',
      status: 'n/a',
      notes: ['the ASP.NET example site is measured with --aspnet'],
    });
    expect(check.rows.find((r) => r.id === 'unavailable')).toEqual({
      id: 'unavailable',
      status: 'n/a',
      notes: ['not measured in this run'],
    });
  });

  it('no measurement and no budgets at all is no crash', () => {
    expect(checkLighthouseBudgets(undefined, undefined)).toEqual({ failed: false, rows: [] });
    expect(checkLighthouseBudgets({ pages: [page('start', within)] }).rows).toEqual([
      { id: 'start', status: 'no budget', notes: [] },
    ]);
  });

  it('a page whose Lighthouse runs failed fails', () => {
    const check = checkLighthouseBudgets(measured({ error: 'Lighthouse could not score the page: NO_FCP' }), budgets);
    expect(check.failed).toBe(true);
    expect(check.rows[0]).toEqual({
      id: 'refund',
      status: 'FAIL',
      notes: ['could not measure: Lighthouse could not score the page: NO_FCP'],
    });
    expect(budgetLines(check)[0]).toBe(
      'lighthouse FAIL              refund       could not measure: Lighthouse could not score the page: NO_FCP',
    );
  });

  it('--update writes the figures the check reads (best run, median CLS), rounded outwards', () => {
    const entry = { ...page('refund', {}), gate: { score: 84, lcpMs: 2676, tbtMs: 337, cls: 0.1332 } };
    expect(budgetsFrom({ pages: [entry, page('aspnetRefund', { na: 'no site' })] })).toEqual({
      refund: { minScore: 84, maxLcpMs: 2700, maxTbtMs: 350, maxCls: 0.14 },
    });
  });
});

describe('the pages and options', () => {
  it('the Refund unavailable page is the cancelled booking’s, already refunded', () => {
    const unavailable = LIGHTHOUSE_PAGES.find((p) => p.id === 'unavailable');
    expect(unavailable.path).toBe(
      `/RefundUnavailable?BookingReference=${bookings.cancelled.bookingReference}&Email=${encodeURIComponent(bookings.cancelled.email)}`,
    );
    expect(bookings.cancelled.status.refundStatus.isCancelled).toBe(true);
    expect(bookings.cancelled.expect).toEqual({
      panel: 'unavailable',
      unavailableReason: "it looks like you've already received a refund",
    });
  });

  it('the dev host pages are the ones with preload hints; the ASP.NET page is the site’s refund page', () => {
    expect(LIGHTHOUSE_PAGES.map((p) => [p.id, p.site])).toEqual([
      ['start', 'hinted'],
      ['refund', 'hinted'],
      ['manualClaim', 'hinted'],
      ['disruption', 'hinted'],
      ['unavailable', 'hinted'],
      ['aspnetRefund', 'aspnet'],
    ]);
    expect(selectPages(['refund']).map((p) => p.id)).toEqual(['refund', 'aspnetRefund']);
    expect(() => selectPages(['twoWidget'])).toThrow('unknown page(s) twoWidget');
  });

  it('npm run lighthouse: --dist, --runs, --pages, --aspnet or --aspnet-built, --write, --update', () => {
    expect(parseLighthouseArgs([])).toEqual({
      dist: null,
      runs: 3,
      pages: null,
      aspnet: false,
      write: false,
      update: false,
    });
    expect(parseLighthouseArgs(['--dist=dist', '--runs=1', '--pages=aspnetRefund', '--aspnet-built'])).toMatchObject({
      dist: 'dist',
      runs: 1,
      pages: ['aspnetRefund'],
      aspnet: 'built',
    });
    expect(parseLighthouseArgs(['--aspnet']).aspnet).toBe('build');
    expect(() => parseLighthouseArgs(['--check'])).toThrow('unknown option --check');
  });

  it('npm run bench runs Lighthouse unless --no-lighthouse or --no-timing', () => {
    expect(parseArgs([])).toMatchObject({ lighthouse: true, lighthouseRuns: 3 });
    expect(parseArgs(['--no-lighthouse']).lighthouse).toBe(false);
    expect(parseArgs(['--no-timing']).lighthouse).toBe(false);
    expect(parseArgs(['--lighthouse-runs=1']).lighthouseRuns).toBe(1);
  });
});

describe('the CPU slowdown from the BenchmarkIndex', () => {
  it('is 4× on the reference machine and scales with the index, within 1× and 8×', () => {
    expect(cpuSlowdownFor(1200, 1200)).toBe(4);
    expect(cpuSlowdownFor(600, 1200)).toBe(2);
    expect(cpuSlowdownFor(900, 1200)).toBe(3);
    expect(cpuSlowdownFor(100, 1200)).toBe(1);
    expect(cpuSlowdownFor(6000, 1200)).toBe(8);
    expect(cpuSlowdownFor(1000, 1200)).toBe(3.33);
  });

  it('is the preset 4× when the index or the reference is unknown', () => {
    expect(cpuSlowdownFor(null, 1200)).toBe(4);
    expect(cpuSlowdownFor(900, null)).toBe(4);
    expect(cpuSlowdownFor(Number.NaN, 1200)).toBe(4);
  });
});

describe("the page's main thread: wall ÷ CPU time", () => {
  const task = (dur, tdur, name = 'RunTask') => ({ name, ph: 'X', dur, ...(tdur == null ? {} : { tdur }) });

  test('sums the top-level tasks', () => {
    expect(wallPerCpu([task(300, 100), task(100, 100)])).toBe(2);
    expect(wallPerCpu([task(150, 100), task(900, 10, 'FunctionCall'), { name: 'RunTask', ph: 'I' }])).toBe(1.5);
    expect(wallPerCpu([task(1000, 300)])).toBe(3.33);
  });

  test('is null without thread times', () => {
    expect(wallPerCpu([task(300)])).toBeNull();
    expect(wallPerCpu([])).toBeNull();
  });
});
