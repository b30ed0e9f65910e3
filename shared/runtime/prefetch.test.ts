/**
 * The shim's GET prefetch (prefetch.ts, docs/performance.md "First panel"): the request it sends,
 * and what it does with no URL or no fetch. How widgets take the answer is tested in
 * shared/api/prefetchedGet.test.ts.
 */
import { prefetchGet, takePrefetched } from './index';

const fetchMock = jest.fn(() => Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve('{}') }));

beforeEach(() => {
  fetchMock.mockClear();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
});

afterAll(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('prefetchGet', () => {
  it('asks for JSON or text, as the widgets’ client does', () => {
    prefetchGet('/Refund/Status?bookingReference=ACCEPT1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([
      'http://localhost/Refund/Status?bookingReference=ACCEPT1',
      { credentials: 'same-origin', headers: { Accept: 'application/json, text/plain, */*' } },
    ]);
    expect(takePrefetched('/Refund/Status?bookingReference=ACCEPT1')).not.toBeNull();
  });

  it('sends nothing for an empty URL', () => {
    prefetchGet('');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takePrefetched('')).toBeNull();
  });

  it('sends nothing, and never throws, where there is no fetch', () => {
    delete (globalThis as { fetch?: unknown }).fetch;
    expect(() => prefetchGet('/Refund/Status?bookingReference=NOFETCH')).not.toThrow();
    expect(takePrefetched('/Refund/Status?bookingReference=NOFETCH')).toBeNull();
  });

  it('gives an answer only for the very URL prefetched: another query string of the same path gets null', () => {
    prefetchGet('/Refund/DryRun?bookingReference=KXB7HT2N');
    expect(takePrefetched('/Refund/DryRun?bookingReference=WBH9FX4L')).toBeNull();
    expect(takePrefetched('/Refund/DryRun')).toBeNull();
    expect(takePrefetched('/Refund/DryRun?bookingReference=KXB7HT2N&x=1')).toBeNull();
    expect(takePrefetched('/Refund/Status?bookingReference=KXB7HT2N')).toBeNull();
    expect(takePrefetched('/Refund/DryRun?bookingReference=KXB7HT2N')).not.toBeNull();
    expect(takePrefetched('/Refund/DryRun?bookingReference=KXB7HT2N')).toBeNull();
  });
});
