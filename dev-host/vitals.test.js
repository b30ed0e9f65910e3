// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Web Vitals on the reference backend (docs/reference-backend.md "Web Vitals"; docs/host-contract.md
 * "POST /report/vitals"): the route checks and keeps the reports in state.json, the store caps
 * them, `npm run vitals` prints the 75th percentile per route and metric, and the dev host's pages
 * carry `data-vitals` when started with a rate.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { useTestHosts, postJson } = require('./testing');
const { createStore, MAX_VITALS_REPORTS, STATE_FILE } = require('./backend/store');
const { vitalsWanted } = require('./server');
const { percentile75, ratingOf, readVitalsReports, vitalsTable, vitalsText } = require('./vitalsTable');

const { start, tempDir } = useTestHosts();

/** A report of the contract's example shape. */
const REPORT = { name: 'LCP', value: 1840, rating: 'good', widget: 'refund', route: '/ConfirmRefund' };

const getJson = async (server, route) => (await fetch(`${server.url}${route}`)).json();

/** The shim tag of a page's HTML. */
const shimTag = (html) => html.match(/<script src="\/static\/refund-widgets\/host-shim\.js"[^>]*>/)?.[0];

describe('POST /report/vitals', () => {
  it('answers 204, keeps the contract fields with the time received, and saves them in state.json on the next write', async () => {
    const dataDir = tempDir('rw-vitals-');
    const server = await start({ dataDir });
    const { status } = await postJson(server, '/report/vitals', { ...REPORT, extra: 'dropped', ua: 'x' });
    expect(status).toBe(204);
    await postJson(server, '/report/vitals', { ...REPORT, name: 'TTFB', value: 95.5, widget: null });
    const kept = [
      { ...REPORT, receivedAt: expect.any(String) },
      { ...REPORT, name: 'TTFB', value: 95.5, widget: null, receivedAt: expect.any(String) },
    ];
    expect(await getJson(server, '/__dev/vitals-reports')).toEqual(kept);
    // Written within a second, in one write for the reports received meanwhile, and on close.
    await server.close();
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, STATE_FILE), 'utf8'));
    expect(saved.vitalsReports).toEqual(kept);

    const again = await start({ dataDir });
    expect(await getJson(again, '/__dev/vitals-reports')).toEqual(kept);
    await fetch(`${again.url}/__dev/reset`, { method: 'POST' });
    expect(await getJson(again, '/__dev/vitals-reports')).toEqual([]);
  });

  it.each([
    [{ ...REPORT, name: 'FCP' }, 'name must be one of "LCP", "INP", "CLS", "TTFB".'],
    [{ ...REPORT, value: -1 }, 'value must be a number, 0 or more.'],
    [{ ...REPORT, value: '1840' }, 'value must be a number, 0 or more.'],
    [{ ...REPORT, rating: 'bad' }, 'rating must be one of "good", "needs-improvement", "poor".'],
    [{ ...REPORT, widget: 7 }, 'widget must be a string of at most 64 characters or null.'],
    [{ ...REPORT, route: 'x'.repeat(2001) }, 'route must be a string of at most 2000 characters.'],
    [
      { name: 'LCP', value: 1, rating: 'good', route: '/' },
      'widget must be a string of at most 64 characters or null.',
    ],
    [[REPORT], 'The request body must be a JSON object.'],
  ])('refuses %j with 400 and keeps nothing', async (body, message) => {
    const server = await start();
    expect(await postJson(server, '/report/vitals', body)).toEqual({ status: 400, body: { message } });
    expect(await getJson(server, '/__dev/vitals-reports')).toEqual([]);
  });

  it('takes JSON only (415), and answers a malformed body with 400', async () => {
    const server = await start();
    const text = await fetch(`${server.url}/report/vitals`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(REPORT),
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ message: 'A vitals report must be sent as application/json.' });
    expect((await postJson(server, '/report/vitals', '{"name":')).status).toBe(400);
    expect(await getJson(server, '/__dev/vitals-reports')).toEqual([]);
  });

  it(`the store keeps the newest ${MAX_VITALS_REPORTS} reports`, () => {
    expect(MAX_VITALS_REPORTS).toBe(5000);
    const store = createStore({ dataDir: tempDir('rw-vitals-cap-'), keep: false });
    for (let n = 0; n <= MAX_VITALS_REPORTS; n += 1) store.addVitalsReport({ ...REPORT, value: n });
    expect(store.vitalsReports).toHaveLength(MAX_VITALS_REPORTS);
    expect(store.vitalsReports[0].value).toBe(1);
    expect(store.vitalsReports.at(-1)?.value).toBe(MAX_VITALS_REPORTS);
  });
});

describe('npm run vitals: the 75th percentile per route and metric', () => {
  it('percentile75 is the nearest-rank 75th percentile', () => {
    expect(percentile75([5])).toBe(5);
    expect(percentile75([4, 1, 3, 2])).toBe(3);
    expect(percentile75([1, 2, 3, 4, 5])).toBe(4);
    expect(percentile75([10, 20, 30, 40, 50, 60, 70, 80])).toBe(60);
    expect(percentile75([100, 1, 2])).toBe(100);
  });

  it("rates a value by web-vitals' thresholds", () => {
    expect(ratingOf('LCP', 2500)).toBe('good');
    expect(ratingOf('LCP', 2501)).toBe('needs improvement');
    expect(ratingOf('LCP', 4001)).toBe('poor');
    expect(ratingOf('INP', 200)).toBe('good');
    expect(ratingOf('INP', 500)).toBe('needs improvement');
    expect(ratingOf('CLS', 0.1)).toBe('good');
    expect(ratingOf('CLS', 0.26)).toBe('poor');
    expect(ratingOf('TTFB', 801)).toBe('needs improvement');
  });

  const reports = [
    { ...REPORT, route: '/ConfirmRefund', name: 'CLS', value: 0.2 },
    { ...REPORT, route: '/ConfirmRefund', name: 'CLS', value: 0 },
    { ...REPORT, route: '/ConfirmRefund', name: 'LCP', value: 1800 },
    { ...REPORT, route: '/ConfirmRefund', name: 'LCP', value: 2600 },
    { ...REPORT, route: '/ConfirmRefund', name: 'LCP', value: 1200 },
    { ...REPORT, route: '/ConfirmRefund', name: 'LCP', value: 1500 },
    { ...REPORT, route: '/', name: 'TTFB', value: 90 },
    { ...REPORT, route: '/', name: 'INP', value: 48 },
    { ...REPORT, route: '/', name: 'FCP', value: 1 },
    { ...REPORT, route: 7, name: 'LCP', value: 1 },
    { ...REPORT, route: '/', name: 'LCP', value: 'slow' },
    null,
  ];

  it('makes one row per route and metric, routes sorted, metrics as LCP, INP, CLS, TTFB; other shapes left out', () => {
    expect(vitalsTable(reports)).toEqual([
      { route: '/', metric: 'INP', p75: 48, rating: 'good', reports: 1 },
      { route: '/', metric: 'TTFB', p75: 90, rating: 'good', reports: 1 },
      { route: '/ConfirmRefund', metric: 'LCP', p75: 1800, rating: 'good', reports: 4 },
      { route: '/ConfirmRefund', metric: 'CLS', p75: 0.2, rating: 'needs improvement', reports: 2 },
    ]);
  });

  it('prints an aligned table, or how to get reports when there are none', () => {
    expect(vitalsText(reports, '.data/state.json')).toBe(
      [
        'Web Vitals of real page views: 75th percentile per page (route) and metric, from 8 reports in .data/state.json',
        '',
        'route           metric  p75      rating             reports',
        '/               INP     48 ms    good               1',
        '/               TTFB    90 ms    good               1',
        '/ConfirmRefund  LCP     1800 ms  good               4',
        '/ConfirmRefund  CLS     0.200    needs improvement  2',
        '',
      ].join('\n'),
    );
    expect(vitalsText([], '.data/state.json')).toBe(
      'No Web Vitals reports in .data/state.json.\n' +
        'Start the dev host with `npm start` (its pages carry data-vitals="1"), use a page, then switch tabs or leave it.\n',
    );
  });

  it('reads the reports the backend saved; a missing or unreadable state file has none', async () => {
    const dataDir = tempDir('rw-vitals-read-');
    expect(readVitalsReports(dataDir)).toEqual({ file: path.join(dataDir, STATE_FILE), reports: [] });
    const server = await start({ dataDir });
    await postJson(server, '/report/vitals', REPORT);
    await server.close();
    expect(readVitalsReports(dataDir).reports).toEqual([{ ...REPORT, receivedAt: expect.any(String) }]);
    fs.writeFileSync(path.join(dataDir, STATE_FILE), 'not json');
    const logger = { info: jest.fn(), warn: jest.fn() };
    expect(readVitalsReports(dataDir, logger).reports).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/ignoring unreadable .*state\.json/));
  });

  it('`node dev-host/vitalsTable.js` prints the table of DATA_DIR', async () => {
    const dataDir = tempDir('rw-vitals-cli-');
    const server = await start({ dataDir });
    for (const value of [1000, 3000, 2000, 1500]) await postJson(server, '/report/vitals', { ...REPORT, value });
    await postJson(server, '/report/vitals', { ...REPORT, name: 'CLS', value: 0.05 });
    await server.close();
    const output = execFileSync(process.execPath, [path.join(__dirname, 'vitalsTable.js')], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(output).toContain('75th percentile per page (route) and metric, from 5 reports in ');
    expect(output).toContain('/ConfirmRefund  LCP     2000 ms  good    4\n');
    expect(output).toContain('/ConfirmRefund  CLS     0.050    good    1\n');
  });
});

describe('the dev host pages carry data-vitals when started with a rate', () => {
  it('every page with the shim carries the rate; without one no page does', async () => {
    const withRate = await start({ vitals: '0.1' });
    const page = await (await fetch(`${withRate.url}/`)).text();
    expect(shimTag(page)).toBe('<script src="/static/refund-widgets/host-shim.js" data-vitals="0.1" defer>');
    const help = await (await fetch(`${withRate.url}/SelfRefundsUnavailable`)).text();
    expect(shimTag(help)).toContain('data-vitals="0.1"');

    const without = await start();
    expect(shimTag(await (await fetch(`${without.url}/`)).text())).toBe(
      '<script src="/static/refund-widgets/host-shim.js" defer>',
    );
  });

  it('writes a value as given, HTML-escaped (the shim warns about a bad one)', async () => {
    const server = await start({ vitals: '"><script>alert(1)</script>' });
    const page = await (await fetch(`${server.url}/`)).text();
    expect(shimTag(page)).toBe(
      '<script src="/static/refund-widgets/host-shim.js" data-vitals="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" defer>',
    );
  });

  it('npm start and npm run serve pass --vitals=1; npm run backend does not; npm run vitals is the table', () => {
    const { scripts } = require('../package.json');
    expect(scripts.start).toMatch(/ --vitals=1$/);
    expect(scripts.serve).toMatch(/ --vitals=1$/);
    expect(scripts.backend).not.toMatch(/vitals/i);
    expect(scripts.vitals).toBe('node dev-host/vitalsTable.js');
  });

  it('vitalsWanted: --vitals=<rate>, else VITALS; neither is no attribute', () => {
    expect(vitalsWanted(['node', 'server.js', '--vitals=1'], {})).toBe('1');
    expect(vitalsWanted(['node', 'server.js', '--vitals=0.1', '--vitals=0.5'], { VITALS: '1' })).toBe('0.5');
    expect(vitalsWanted(['node', 'server.js'], { VITALS: '0.25' })).toBe('0.25');
    expect(vitalsWanted(['node', 'server.js'], { VITALS: '' })).toBeUndefined();
    expect(vitalsWanted(['node', 'server.js', '--vitals'], {})).toBeUndefined();
  });
});
