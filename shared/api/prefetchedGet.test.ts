/**
 * getJson takes the answer the shim prefetched (docs/performance.md "First panel"): the same validation,
 * retries and errors as its own GET, and the request is never sent twice.
 */
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { activeCount, noteConnection, offlineReason, prefetchGet, takePrefetched } from '@rw/page-runtime';
import { route, sent, server } from '../../test/api/server';
import { widgetFailure } from '../../test/faults';
import { getJson } from './client';
import { configureClient } from './policy';

/** A resolver answering `status` with `body`. */
const reply = (status: number, body: string) => () => new HttpResponse(body, { status });
const fetchMock = jest.fn();

function answer(status: number, body: string) {
  return Promise.resolve(new Response(body, { status }));
}

const failure = widgetFailure;

beforeEach(() => {
  fetchMock.mockReset();
  Object.assign(globalThis, { fetch: fetchMock });
  configureClient({ timeouts: { get: 200, post: 200 }, retry: { retries: 2, baseDelayMs: 1 } });
});

afterAll(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('prefetchGet / takePrefetched (page runtime)', () => {
  it('sends one GET per URL with the page cookies and hands its answer over once', async () => {
    fetchMock.mockReturnValue(answer(200, '{"a":1}'));
    prefetchGet('/Refund/Status?bookingReference=ABC');
    prefetchGet('/Refund/Status?bookingReference=ABC');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe(`${location.origin}/Refund/Status?bookingReference=ABC`);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'same-origin' });
    // The relative and the absolute spelling of the URL are the same request.
    const taken = takePrefetched(`${location.origin}/Refund/Status?bookingReference=ABC`);
    await expect(taken?.then((response) => response.text())).resolves.toBe('{"a":1}');
    expect(takePrefetched('/Refund/Status?bookingReference=ABC')).toBeNull();
  });
});

describe('getJson with a prefetched answer', () => {
  it('uses it instead of sending the GET, and drives the activity count while waiting', async () => {
    let release: (v: unknown) => void = () => undefined;
    fetchMock.mockReturnValue(
      new Promise((resolve) => {
        release = resolve;
      }),
    );
    prefetchGet('/status-1');
    const pending = getJson('/status-1');
    await waitFor(() => expect(activeCount()).toBe(1));
    release(new Response('{"ok":true}', { status: 200 }));
    await expect(pending).resolves.toEqual({ ok: true });
    expect(activeCount()).toBe(0);
    expect(sent('GET')).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches for itself when nothing was prefetched, and the second call does too', async () => {
    fetchMock.mockReturnValue(answer(200, '{"n":1}'));
    prefetchGet('/status-2');
    server.use(route('get', '/status-2', reply(200, '{"n":2}')));
    await expect(getJson('/status-2')).resolves.toEqual({ n: 1 });
    await expect(getJson('/status-2')).resolves.toEqual({ n: 2 });
    expect(sent('GET')).toHaveLength(1);
  });

  it('maps a prefetched 4xx to the same API_ERROR, without sending it again', async () => {
    fetchMock.mockReturnValue(answer(404, 'No such booking'));
    prefetchGet('/status-3');
    server.use(route('get', '/status-3', reply(200, '{}')));
    const error = await failure(getJson('/status-3'));
    expect(error.code).toBe('API_ERROR');
    expect(error.message).toBe('No such booking');
    expect(error.status).toBe(404);
    expect(sent('GET')).toHaveLength(0);
  });

  it('validates the prefetched body like its own: malformed and empty are INVALID_RESPONSE', async () => {
    fetchMock.mockReturnValueOnce(answer(200, '{oops')).mockReturnValueOnce(answer(200, ''));
    prefetchGet('/status-4');
    prefetchGet('/status-5');
    expect((await failure(getJson('/status-4'))).code).toBe('INVALID_RESPONSE');
    expect((await failure(getJson('/status-5'))).code).toBe('INVALID_RESPONSE');
    expect(sent('GET')).toHaveLength(0);
  });

  it('counts a transient prefetch failure (5xx, no answer) as the first attempt and retries', async () => {
    fetchMock.mockReturnValueOnce(answer(503, 'busy')).mockReturnValueOnce(Promise.reject(new TypeError('Failed')));
    prefetchGet('/status-6');
    prefetchGet('/status-7');
    server.use(
      route('get', '/status-6', reply(503, 'busy'), { once: true }),
      route('get', '/status-6', reply(200, '{"six":6}')),
      route('get', '/status-7', reply(200, '{"seven":7}')),
    );
    await expect(getJson('/status-6')).resolves.toEqual({ six: 6 });
    await expect(getJson('/status-7')).resolves.toEqual({ seven: 7 });
    // 1 prefetch + 2 retries for /status-6 (the policy's 2), 1 prefetch + 1 for /status-7.
    expect(sent('GET').map((r) => r.url)).toEqual(['/status-6', '/status-6', '/status-7']);
  });

  it('gives up after the same number of attempts, with the last failure', async () => {
    fetchMock.mockReturnValue(answer(500, 'down'));
    prefetchGet('/status-8');
    server.use(route('get', '/status-8', reply(500, 'still down')));
    const error = await failure(getJson('/status-8'));
    expect(error.code).toBe('API_ERROR');
    expect(error.message).toBe('still down');
    expect(sent('GET')).toHaveLength(2);
  });

  it('with no retries, a transient prefetch failure is the answer: nothing is sent again', async () => {
    configureClient({ retry: { retries: 0 } });
    fetchMock.mockReturnValueOnce(answer(503, 'busy')).mockReturnValueOnce(new Promise(() => undefined));
    prefetchGet('/status-10');
    prefetchGet('/status-11');
    server.use(http.get(/status-1[01]/, reply(200, '{}')));
    const busy = await failure(getJson('/status-10'));
    expect([busy.code, busy.status, busy.message]).toEqual(['API_ERROR', 503, 'busy']);
    const late = await failure(getJson('/status-11'));
    expect([late.code, late.message]).toEqual(['TIMEOUT', 'timeout of 200ms exceeded']);
    expect(sent('GET')).toHaveLength(0);
  });

  it('with one retry, a transient prefetch failure is followed by exactly one GET', async () => {
    configureClient({ retry: { retries: 1 } });
    fetchMock.mockReturnValue(answer(502, 'bad gateway'));
    prefetchGet('/status-12');
    server.use(route('get', '/status-12', reply(200, '{"twelve":12}')));
    await expect(getJson('/status-12')).resolves.toEqual({ twelve: 12 });
    expect(sent('GET')).toHaveLength(1);
  });

  it('times out a prefetch that does not answer within the GET timeout, then retries', async () => {
    fetchMock.mockReturnValue(new Promise(() => undefined));
    prefetchGet('/status-9');
    server.use(route('get', '/status-9', reply(200, '{"late":false}')));
    await expect(getJson('/status-9')).resolves.toEqual({ late: false });
    expect(sent('GET')).toHaveLength(1);
  });
});

describe('what a prefetched answer tells of the connection (docs/offline.md "Offline, and back")', () => {
  it('a prefetched answer means online', async () => {
    noteConnection(false);
    expect(offlineReason()).toBe('no-answer');
    fetchMock.mockReturnValue(answer(200, '{"b":2}'));
    prefetchGet('/Refund/DryRun?bookingReference=ONLINE');
    await expect(getJson('/Refund/DryRun?bookingReference=ONLINE')).resolves.toEqual({ b: 2 });
    expect(sent('GET')).toHaveLength(0);
    expect(offlineReason()).toBeNull();
  });
});
