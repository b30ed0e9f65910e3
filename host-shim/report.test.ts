/**
 * The shim's own report of a page it refuses (host-shim/report.ts, docs/security.md "The shim trusts only itself"):
 * one POST in the format of docs/error-reports.md, the page address and message redacted, and
 * never a throw.
 */
import { sendShimReport } from './report';
import { ShimConfigError } from './config';

const fetchMock = jest.fn(async (_url: string, _init: RequestInit) => ({ ok: true }));

beforeEach(() => {
  fetchMock.mockClear();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  window.history.replaceState(null, '', '/ConfirmRefund?BookingReference=KXB7HT2N&Email=traveller%40example.com');
});
afterEach(() => window.history.replaceState(null, '', '/'));

test('posts one JSON report to /report/error on the page origin, with the page address redacted', () => {
  jest.useFakeTimers({ now: new Date('2026-03-14T10:00:00Z') });
  try {
    sendShimReport(
      new ShimConfigError('BASE_REFUSED', 'data-api-base "/gallery-api" refused (traveller@example.com)'),
      '',
    );
  } finally {
    jest.useRealTimers();
  }
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0];
  expect(url).toBe('http://localhost/report/error');
  expect(init).toEqual({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: expect.any(String),
    keepalive: true,
  });
  expect(JSON.parse(init.body as string)).toEqual({
    time: '2026-03-14T10:00:00.000Z',
    message: 'ShimConfigError: refund-widgets: data-api-base "/gallery-api" refused (REDACTED)',
    source: 'host-shim',
    line: 0,
    column: 0,
    ua: navigator.userAgent,
    pageUrl: 'http://localhost/ConfirmRefund?BookingReference=REDACTED&Email=REDACTED',
    stack: '',
  });
});

test('goes under a checked API base when there is one', () => {
  sendShimReport(new Error('x'), 'https://api.example.co.uk/refunds');
  expect(fetchMock.mock.calls[0][0]).toBe('https://api.example.co.uk/refunds/report/error');
});

test('never throws: a failed send is dropped, and so is a page without fetch', async () => {
  fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
  expect(() => sendShimReport(new Error('x'), '')).not.toThrow();
  await new Promise((resolve) => setTimeout(resolve, 0));
  delete (globalThis as { fetch?: unknown }).fetch;
  expect(() => sendShimReport(new Error('x'), '')).not.toThrow();
});
