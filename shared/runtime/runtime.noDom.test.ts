/**
 * @jest-environment @stryker-mutator/jest-runner/jest-env/node
 *
 * The page runtime where there is no DOM at all (server rendering, a worker): no `location`,
 * `document` or `navigator`. Activity is still counted, a report is still built and sent (with an
 * empty page address and user agent), and nothing throws. The environment is Jest's node one,
 * wrapped as Stryker's documentation asks (docs/mutation-testing.md); outside a mutation run the
 * wrapper adds nothing.
 */
import {
  activeCount,
  buildErrorReport,
  reportError,
  sendsCredentials,
  setApiBase,
  startActivity,
  subscribeActivity,
  takePrefetched,
} from './index';

afterEach(() => jest.useRealTimers());

it('runs where there is no location, document or navigator', () => {
  expect([typeof location, typeof document, typeof navigator]).toEqual(['undefined', 'undefined', 'undefined']);
});

it('counts activity and tells listeners, with no progress bar to show', () => {
  const seen: boolean[] = [];
  const unsubscribe = subscribeActivity((active) => seen.push(active));
  const end = startActivity();
  expect(activeCount()).toBe(1);
  end();
  expect(activeCount()).toBe(0);
  expect(seen).toEqual([true, false]);
  unsubscribe();
});

it('sends cookies to no origin', () => {
  setApiBase('https://api.rail.example');
  try {
    expect(sendsCredentials('https://api.rail.example/api/ProcessRefund')).toBe(false);
  } finally {
    setApiBase('');
  }
});

it('builds a report with an empty page address and user agent', () => {
  jest.useFakeTimers({ now: 0 });
  const report = buildErrorReport(new Error('no page'), { source: 'worker.js', line: 1, column: 2 });
  expect(report).toMatchObject({
    time: '1970-01-01T00:00:00.000Z',
    message: 'Error: no page',
    source: 'worker.js',
    line: 1,
    column: 2,
    ua: '',
    pageUrl: '',
  });
});

it('sends that report', () => {
  const fetchMock = jest.fn(() => Promise.resolve({ ok: true, status: 204 }));
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  try {
    expect(reportError('no page')).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/report/error');
    expect(JSON.parse(init.body as string)).toMatchObject({ message: 'no page', ua: '', pageUrl: '' });
    // The request policy's headers, without a token: there is no page to read one from.
    expect(init.headers).toEqual({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' });
  } finally {
    delete (globalThis as { fetch?: unknown }).fetch;
  }
});

it('has no prefetched answer to give', () => {
  expect(takePrefetched('/Refund/Status')).toBeNull();
});
