/** @jest-environment node */
/**
 * The bench's options and printed report (bench/run.js; docs/performance.md "Pages with preload
 * hints"): the variant with hints and the ASP.NET one in the table with their ratio to the plain
 * bundle, and the goals of pages with hints with their verdicts. No browser: the figures are made up.
 */
const { parseArgs, report, reportMarkdown, chartOf } = require('./run');

/** One measured variant as measureVariant returns it. */
const measured = ({ ms, msCpu4, depth, plainMs = 1000, plainMsCpu4 = 2000 }) => ({
  jsGz: 150 * 1024,
  cssGz: 3 * 1024,
  requests: 17,
  reactDom: 1,
  criticalPathDepth: depth,
  ms,
  times: [ms],
  msCpu4,
  timesCpu4: [msCpu4],
  timeRatio: ms / plainMs,
  timeRatioCpu4: msCpu4 / plainMsCpu4,
  waterfall: [{ name: 'host-shim.js', kind: 'js', method: 'GET', start: 10, end: 90, gen: 1 }],
  panelOnRows: ms - 5,
});

const results = (hinted, aspnet) => ({
  variants: aspnet ? ['federated', 'hinted', 'plain', 'aspnet'] : ['federated', 'hinted', 'plain'],
  pages: [
    {
      id: 'refund',
      label: 'refund /ConfirmRefund',
      federated: measured({ ms: 1100, msCpu4: 2200, depth: 2 }),
      hinted,
      plain: measured({ ms: 1000, msCpu4: 2000, depth: 2 }),
      ...(aspnet ? { aspnet } : {}),
    },
  ],
  upload: { na: 'not measured' },
});

/** The goal row whose figure starts with `figure`, as its cells. */
const goalRow = (text, figure) =>
  text
    .split('\n')
    .find((line) => line.startsWith(figure))
    ?.split('|')
    .map((cell) => cell.trim());

describe('npm run bench options', () => {
  it('--aspnet adds the ASP.NET site; the default run has the dev host only', () => {
    expect(parseArgs([]).aspnet).toBe(false);
    expect(parseArgs(['--aspnet', '--runs=1', '--pages=refund'])).toEqual({
      build: true,
      runs: 1,
      timing: true,
      lighthouse: true,
      lighthouseRuns: 3,
      pages: ['refund'],
      variants: null,
      aspnet: true,
      journeys: false,
    });
    expect(() => parseArgs(['--asp'])).toThrow('unknown option --asp');
  });

  it('walks the journeys by default, with --pages only when it names them, never with --no-journeys', () => {
    expect(parseArgs([]).journeys).toBe(true);
    expect(parseArgs(['--pages=refund,journeys']).journeys).toBe(true);
    expect(parseArgs(['--no-journeys']).journeys).toBe(false);
    expect(parseArgs(['--variants=hinted,bare']).variants).toEqual(['hinted', 'bare']);
  });
});

describe('the report', () => {
  it('prints the page with hints beside federated and plain, each with its time ÷ the plain bundle', () => {
    const text = report(results(measured({ ms: 900, msCpu4: 1800, depth: 1 })));
    const row = text.split('\n').find((line) => line.includes('| with hints'));
    expect(row.split('|').map((cell) => cell.trim())).toEqual([
      'refund /ConfirmRefund',
      'with hints',
      '150.0 KB',
      '3.0 KB',
      '17',
      '1',
      '1',
      '900 ms',
      '1800 ms',
      '0.90× / 0.90×',
    ]);
    expect(text).not.toContain('ASP.NET');
  });

  it('the goals of the page with hints: depth 1 and ≤ 0.95× the plain bundle, met', () => {
    const text = report(results(measured({ ms: 950, msCpu4: 1800, depth: 1 })));
    expect(goalRow(text, 'refund page with hints: critical-path depth after the HTML')).toEqual([
      'refund page with hints: critical-path depth after the HTML',
      '≤ 1',
      '1',
      'ok',
      '',
      '',
    ]);
    expect(goalRow(text, 'refund page with hints: time to first panel, ÷ plain')).toEqual([
      'refund page with hints: time to first panel, ÷ plain',
      '≤ 0.95×',
      '0.95×',
      'ok',
      '0.90×',
      'ok',
    ]);
  });

  it('…and missed: depth 2, slower than 0.95× the plain bundle', () => {
    const text = report(results(measured({ ms: 960, msCpu4: 2100, depth: 2 })));
    expect(goalRow(text, 'refund page with hints: critical-path depth')[3]).toBe('MISSED');
    expect(goalRow(text, 'refund page with hints: time to first panel')).toEqual([
      'refund page with hints: time to first panel, ÷ plain',
      '≤ 0.95×',
      '0.96×',
      'MISSED',
      '1.05×',
      'MISSED',
    ]);
  });

  it('with --aspnet, the ASP.NET page is a row of the table and has the same two goals', () => {
    const text = report(
      results(measured({ ms: 900, msCpu4: 1800, depth: 1 }), measured({ ms: 800, msCpu4: 2000, depth: 2 })),
    );
    expect(text).toMatch(/\| ASP\.NET, hints +\| 150\.0 KB .*\| 800 ms +\| 2000 ms +\| 0\.80× \/ 1\.00×/);
    expect(goalRow(text, 'ASP.NET refund page (hints): critical-path depth')[3]).toBe('MISSED');
    expect(goalRow(text, 'ASP.NET refund page (hints): time to first panel').slice(2)).toEqual([
      '0.80×',
      'ok',
      '1.00×',
      'MISSED',
    ]);
  });

  it('a variant that could not be measured is n/a, with its reason, and its goals have no verdict', () => {
    const text = report(results({ na: 'the build wrote no preload/refund.html' }));
    expect(text).toContain('n/a refund /ConfirmRefund, with hints: the build wrote no preload/refund.html');
    expect(goalRow(text, 'refund page with hints: critical-path depth').slice(2, 4)).toEqual(['n/a', '']);
  });

  it('bench/report.md holds the printed report whole, in a text block under its title', () => {
    const text = report(results(measured({ ms: 900, msCpu4: 1800, depth: 1 })));
    const markdown = reportMarkdown(text);
    expect(markdown.split('\n')[0]).toBe('# Bench report');
    expect(markdown).toContain(`\n\`\`\`text\n${text}\n\`\`\`\n`);
    // As Prettier leaves it, so that lint passes on the file the bench wrote.
    expect(markdown).not.toMatch(/ $/m);
  });
});

describe('the waterfall charts', () => {
  it('draw the median Slow 4G load with its first panel, or the unthrottled load without one', () => {
    const timed = measured({ ms: 900, msCpu4: 1800, depth: 1 });
    expect(chartOf(timed, 'with hints')).toEqual({
      name: 'with hints',
      requests: timed.waterfall,
      panelMs: 895,
      depth: 1,
    });
    const rows = [{ name: 'a.js' }];
    expect(chartOf({ waterfallUnthrottled: rows, criticalPathDepth: 2 }, 'plain')).toEqual({
      name: 'plain',
      requests: rows,
      panelMs: null,
      depth: 2,
    });
    expect(chartOf({ na: 'x' }, 'ASP.NET').requests).toBeUndefined();
  });
});

describe('mount content against empty mounts', () => {
  const { bareHtml } = require('./lib');
  const { mountContent } = require('../build/mount-content');

  it('the goal row compares each page with its mounts emptied, in both throttles', () => {
    const withBare = results(measured({ ms: 900, msCpu4: 1800, depth: 1 }));
    withBare.variants = ['federated', 'hinted', 'bare', 'plain'];
    withBare.pages[0].bare = measured({ ms: 850, msCpu4: 1800, depth: 1 });
    const row = goalRow(report(withBare), 'refund /ConfirmRefund: first panel with mount content');
    expect(row.slice(1)).toEqual(['≤ 1.02×', '1.06×', 'MISSED', '1.00×', 'ok']);
  });

  it('bareHtml empties every mount of a page and refuses a page without mount content', () => {
    const page = `<main><div id="lookup-widget">\n${mountContent('lookup')}\n</div>
<div id="refund-widget" data-x="1">\n${mountContent('refund', { supportEmail: 'a@b.uk' })}\n</div><footer>f</footer></main>`;
    expect(bareHtml(page).replace(/\s+/g, '')).toBe(
      '<main><divid="lookup-widget"></div><divid="refund-widget"data-x="1"></div><footer>f</footer></main>',
    );
    expect(() => bareHtml('<div id="refund-widget"></div>')).toThrow('no mount content');
  });
});

describe('the journeys', () => {
  const walked = (ms, msCpu4, networkJsCss, cachedJsCss) => ({
    ms,
    msCpu4,
    times: [ms, ms + 100],
    timesCpu4: [msCpu4],
    networkJsCss,
    cachedJsCss,
    jsCssRequests: 9,
  });
  const withJourneys = () => {
    const r = results(measured({ ms: 900, msCpu4: 1800, depth: 1 }));
    r.journeys = [
      {
        id: 'startToRefund',
        label: 'start → refund',
        federated: walked(500, 1200, 20 * 1024, 7),
        hinted: walked(450, 1100, 20 * 1024, 7),
        plain: walked(1000, 1500, 120 * 1024, 0),
        ratio: 0.5,
        ratioCpu4: 0.8,
      },
      { id: 'refundToManualClaim', label: 'refund → manual claim', federated: { na: 'not built' }, plain: { na: 'x' } },
    ];
    return r;
  };

  it("prints each walk's second page per variant: bytes from the network, cached files, times and ÷ plain", () => {
    const text = report(withJourneys());
    const row = text.split('\n').find((line) => line.startsWith('start → refund') && line.includes('| with hints'));
    expect(row.split('|').map((cell) => cell.trim())).toEqual([
      'start → refund',
      'with hints',
      '20.0 KB',
      '7 of 9 files',
      '450 ms (450–550)',
      '1100 ms',
      '0.45× / 0.73×',
    ]);
    expect(text).toContain('  n/a refund → manual claim, federated: not built');
  });

  it('gives each walk a goal row: the second page federated ≤ 0.6× plain, in both throttles', () => {
    const text = report(withJourneys());
    expect(goalRow(text, "journey start → refund: second page's first panel").slice(1)).toEqual([
      '≤ 0.60×',
      '0.50×',
      'ok',
      '0.80×',
      'MISSED',
    ]);
    expect(goalRow(text, "journey refund → manual claim: second page's first panel").slice(1, 3)).toEqual([
      '≤ 0.60×',
      'n/a',
    ]);
  });
});
