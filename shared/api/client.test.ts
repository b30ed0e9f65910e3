import MockAdapter from 'axios-mock-adapter';
import { activeCount, offlineReason, PROGRESS_FADE_MS, setApiBase } from '@rw/page-runtime';
import { failureText, RELOAD_PAGE_TEXT } from '../errors/WidgetError';
import { getJson, postCommitting, postFile, postJson, postWithoutBody } from './client';
import { configureClient } from './policy';
import { api } from './http';
import { widgetFailure } from '../../test/faults';

const mock = new MockAdapter(api);

beforeEach(() => {
  mock.reset();
  setApiBase('');
  configureClient({ timeouts: { get: 200, post: 200, upload: 200 }, retry: { retries: 2, baseDelayMs: 1 } });
});

const failure = widgetFailure;

describe('getJson', () => {
  it('returns parsed JSON and drives the activity count', async () => {
    let duringRequest = -1;
    mock.onGet('/status').reply(() => {
      duringRequest = activeCount();
      return [200, '{"a":1}'];
    });
    await expect(getJson('/status')).resolves.toEqual({ a: 1 });
    expect(duringRequest).toBe(1);
    expect(activeCount()).toBe(0);
  });

  it('retries transient failures (5xx, no answer) and then succeeds', async () => {
    mock
      .onGet('/status')
      .replyOnce(503, 'busy')
      .onGet('/status')
      .networkErrorOnce()
      .onGet('/status')
      .reply(200, '{"ok":true}');
    await expect(getJson('/status')).resolves.toEqual({ ok: true });
    expect(mock.history.get).toHaveLength(3);
  });

  it('retries a 429 (too many requests) and returns the answer that follows', async () => {
    mock.onGet('/status').replyOnce(429, 'slow down').onGet('/status').reply(200, '{"refundStatus":null}');
    await expect(getJson('/status')).resolves.toEqual({ refundStatus: null });
    expect(mock.history.get).toHaveLength(2);
  });

  it('waits longer before each retry (exponential backoff)', async () => {
    configureClient({ retry: { retries: 2, baseDelayMs: 40 } });
    // The waits axios-retry asks for, read from its setTimeout calls rather than the clock, so a
    // busy machine cannot make the test fail (CI once saw the first wait take 326 ms).
    const setTimeoutSpy = jest.spyOn(global, 'setTimeout');
    let answers = 0;
    mock.onGet('/status').reply(() => {
      answers += 1;
      return answers < 3 ? [503, 'busy'] : [200, '{"ok":true}'];
    });
    await expect(getJson('/status')).resolves.toEqual({ ok: true });
    // The progress bar's fade after each answer is the only other timer.
    const waits = setTimeoutSpy.mock.calls.map(([, ms]) => ms ?? 0).filter((ms) => ms > 0 && ms !== PROGRESS_FADE_MS);
    setTimeoutSpy.mockRestore();
    // axios-retry's exponential delay: 2 × 40 ms, then 4 × 40 ms, each plus up to 20 % jitter.
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(80);
    expect(waits[0]).toBeLessThanOrEqual(96);
    expect(waits[1]).toBeGreaterThanOrEqual(160);
    expect(waits[1]).toBeLessThanOrEqual(192);
  });

  it('keeps the body of an error answer as sent, and names the status when the server gave no text', async () => {
    mock.onGet('/text').reply(409, 'Already refunded');
    const text = await failure(getJson('/text'));
    expect([text.code, text.status, text.message, text.body]).toEqual([
      'API_ERROR',
      409,
      'Already refunded',
      'Already refunded',
    ]);
    mock.onGet('/json').reply(400, { message: 'Booking is older than 6 months', code: 12 });
    expect((await failure(getJson('/json'))).body).toBe('{"message":"Booking is older than 6 months","code":12}');
    mock.onGet('/nothing').reply(404);
    const nothing = await failure(getJson('/nothing'));
    expect([nothing.code, nothing.status, nothing.message, nothing.body]).toEqual([
      'API_ERROR',
      404,
      'Server responded with 404 code.',
      '',
    ]);
  });

  it('does not retry a 4xx and maps it to API_ERROR with the server text', async () => {
    mock.onGet('/dry').reply(400, { message: 'Booking is older than 6 months' });
    const error = await failure(getJson('/dry'));
    expect(error.code).toBe('API_ERROR');
    expect(error.status).toBe(400);
    expect(error.message).toBe('Booking is older than 6 months');
    expect(mock.history.get).toHaveLength(1);
  });

  it('gives up after the retries: TIMEOUT, NETWORK_ERROR', async () => {
    mock.onGet('/slow').timeout();
    expect((await failure(getJson('/slow'))).code).toBe('TIMEOUT');
    expect(mock.history.get).toHaveLength(3);
    mock.onGet('/down').networkError();
    expect((await failure(getJson('/down'))).code).toBe('NETWORK_ERROR');
  });

  it('maps malformed and empty bodies to INVALID_RESPONSE', async () => {
    mock.onGet('/bad').reply(200, '{not json');
    expect((await failure(getJson('/bad'))).code).toBe('INVALID_RESPONSE');
    mock.onGet('/empty').reply(200, '');
    expect((await failure(getJson('/empty'))).code).toBe('INVALID_RESPONSE');
  });
});

describe('postCommitting (docs/architecture.md "Exactly once")', () => {
  it('sends the Idempotency-Key, prefixes the API base and accepts any 2xx', async () => {
    setApiBase('https://api.example.co.uk');
    mock.onPost('https://api.example.co.uk/api/ProcessRefund').reply(204);
    await postCommitting('/api/ProcessRefund', { a: 1 }, 'key-1');
    expect(mock.history.post).toHaveLength(1);
    expect(mock.history.post[0].headers?.['Idempotency-Key']).toBe('key-1');
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ a: 1 });
  });

  it('never retries a failed or timed-out POST', async () => {
    mock.onPost('/api/ProcessRefund').reply(503, 'down');
    expect((await failure(postCommitting('/api/ProcessRefund', {}, 'k'))).code).toBe('API_ERROR');
    expect(mock.history.post).toHaveLength(1);
    mock.resetHistory();
    mock.onPost('/api/ProcessRefundWithReplacement').timeout();
    expect((await failure(postCommitting('/api/ProcessRefundWithReplacement', {}, 'k'))).code).toBe('TIMEOUT');
    expect(mock.history.post).toHaveLength(1);
  });
});

describe("postWithoutBody (the manual claim's delete)", () => {
  it('sends no body, accepts any 2xx and never retries, even after a transient failure', async () => {
    mock.onPost('/tickets/delete/abc').replyOnce(204).onPost('/tickets/delete/abc').reply(503, 'busy');
    await expect(postWithoutBody('/tickets/delete/abc')).resolves.toBeUndefined();
    expect(mock.history.post[0].data).toBeUndefined();
    const error = await failure(postWithoutBody('/tickets/delete/abc'));
    expect([error.code, error.status, error.message]).toEqual(['API_ERROR', 503, 'busy']);
    expect(mock.history.post).toHaveLength(2);
  });
});

describe('postFile (the uploads, docs/architecture.md "One request layer")', () => {
  const upload = (key = 'photo-key') =>
    postFile('/tickets/upload', {
      field: 'file',
      filename: 'ticket.png',
      blob: new Blob(['png bytes'], { type: 'image/png' }),
      headers: { 'Journey-Id': '700110' },
      idempotencyKey: key,
    });

  it('sends one multipart part with the Journey-Id, the Idempotency-Key and the policy headers; returns the body as text', async () => {
    document.head.innerHTML = '<meta name="request-verification-token" content="page-token-1">';
    mock.onPost('/tickets/upload').reply(200, '"up_1"', { 'content-type': 'application/json' });
    await expect(upload()).resolves.toBe('"up_1"');
    const [sent] = mock.history.post;
    const headers = sent.headers as Record<string, unknown>;
    expect([headers['Journey-Id'], headers['Idempotency-Key'], headers.RequestVerificationToken]).toEqual([
      '700110',
      'photo-key',
      'page-token-1',
    ]);
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    const file = (sent.data as FormData).get('file') as File;
    expect([file.name, file.size, [...(sent.data as FormData).keys()]]).toEqual(['ticket.png', 9, ['file']]);
    document.head.innerHTML = '';
  });

  it('tries a transient failure again with the same key, three tries in all', async () => {
    mock.onPost('/tickets/upload').replyOnce(503, 'busy').onPost('/tickets/upload').networkErrorOnce();
    mock.onPost('/tickets/upload').reply(201, 'up_2');
    await expect(upload('same-key')).resolves.toBe('up_2');
    expect(mock.history.post.map((r) => (r.headers as Record<string, unknown>)['Idempotency-Key'])).toEqual([
      'same-key',
      'same-key',
      'same-key',
    ]);
    mock.resetHistory();
    mock.onPost('/tickets/upload').reply(503, 'still busy');
    const error = await failure(upload());
    expect([error.code, error.status, mock.history.post.length]).toEqual(['API_ERROR', 503, 3]);
  });

  it('never tries a definite refusal again: the server text is the message', async () => {
    mock.onPost('/tickets/upload').reply(409, 'You have already added this photo.');
    const error = await failure(upload());
    expect([error.code, error.status, error.message, mock.history.post.length]).toEqual([
      'API_ERROR',
      409,
      'You have already added this photo.',
      1,
    ]);
  });

  it('bounds each try by the upload timeout', async () => {
    configureClient({ timeouts: { upload: 30 }, retry: { retries: 1 } });
    mock.onPost('/tickets/upload').timeout();
    expect((await failure(upload())).code).toBe('TIMEOUT');
    expect(mock.history.post.map((r) => r.timeout)).toEqual([30, 30]);
  });
});

describe('postJson (non-committing POSTs)', () => {
  it('returns parsed JSON, sends no Idempotency-Key and never retries', async () => {
    mock.onPost('/api/LookupJourneys').replyOnce(200, '[{"a":1}]');
    await expect(postJson('/api/LookupJourneys', { bookingReference: 'KXB7HT2N' })).resolves.toEqual([{ a: 1 }]);
    expect(mock.history.post[0].headers?.['Idempotency-Key']).toBeUndefined();
    mock.onPost('/api/LookupJourneys').reply(503, 'busy');
    expect((await failure(postJson('/api/LookupJourneys', {}))).code).toBe('API_ERROR');
    expect(mock.history.post).toHaveLength(2);
  });
});

describe('antiforgery (docs/security.md)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  const header = (index: number, name: string) => {
    const headers = mock.history.post[index].headers as Record<string, unknown> | undefined;
    return headers?.[name];
  };

  it('every POST carries the token and X-Requested-With; GETs carry neither', async () => {
    document.head.innerHTML = '<meta name="request-verification-token" content="page-token-1">';
    mock.onPost('/api/ProcessRefund').reply(200, {});
    mock.onPost('/api/LookupJourneys').reply(200, '[]');
    mock.onPost('/tickets/delete/abc').reply(204);
    mock.onGet('/status').reply(200, '{}');
    await postCommitting('/api/ProcessRefund', {}, 'k');
    await postJson('/api/LookupJourneys', {});
    await postWithoutBody('/tickets/delete/abc');
    await getJson('/status');
    for (const index of [0, 1, 2]) {
      expect(header(index, 'RequestVerificationToken')).toBe('page-token-1');
      expect(header(index, 'X-Requested-With')).toBe('XMLHttpRequest');
    }
    const get = mock.history.get[0].headers as Record<string, unknown>;
    expect(get.RequestVerificationToken).toBeUndefined();
    expect(get['X-Requested-With']).toBeUndefined();
  });

  it('without a token in the page, POSTs send no token header but still X-Requested-With (a preflight from another origin)', async () => {
    mock.onPost('/tickets/delete/abc').reply(204);
    await postWithoutBody('/tickets/delete/abc');
    expect(header(0, 'RequestVerificationToken')).toBeUndefined();
    expect(header(0, 'X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('a 403 to a POST is FORBIDDEN with the reload text; a 403 to a GET stays API_ERROR', async () => {
    mock.onPost('/api/ProcessRefund').reply(403, 'The request verification token is missing or does not match.');
    const refused = await failure(postCommitting('/api/ProcessRefund', {}, 'k'));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('The request verification token is missing or does not match.');
    expect(failureText(refused, 'fallback')).toBe(RELOAD_PAGE_TEXT);
    expect(RELOAD_PAGE_TEXT).toBe('This page has expired. Please reload the page and try again.');

    mock.onGet('/dry').reply(403, 'Self refunds are disabled');
    const disabled = await failure(getJson('/dry'));
    expect(disabled.code).toBe('API_ERROR');
    expect(failureText(disabled, 'fallback')).toBe('fallback');
  });
});

describe('credentials (docs/cross-origin.md)', () => {
  it('sends cookies to a cross-origin API base only', async () => {
    const seen: Record<string, boolean | undefined> = {};
    mock.onAny().reply((config) => {
      seen[config.url ?? ''] = config.withCredentials;
      return [200, '{}'];
    });
    await postJson('/api/LookupJourneys', {});
    setApiBase('https://api.rail.example');
    await postJson('/api/LookupJourneys', {});
    await getJson('https://api.rail.example/Refund/Status?bookingReference=X');
    await getJson('https://other.example/Refund/Status');
    expect(seen).toEqual({
      '/api/LookupJourneys': false,
      'https://api.rail.example/api/LookupJourneys': true,
      'https://api.rail.example/Refund/Status?bookingReference=X': true,
      'https://other.example/Refund/Status': false,
    });
  });
});

describe('what a request tells of the connection (docs/offline.md "Offline, and back")', () => {
  it('no answer means offline; any answer, an error status included, means online; a timeout proves neither', async () => {
    mock.onPost('/api/none').networkError();
    mock.onPost('/api/refused').reply(400, 'No');
    mock.onPost('/api/slow').timeout();
    await expect(postCommitting('/api/none', {}, 'k')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(offlineReason()).toBe('no-answer');
    await expect(postCommitting('/api/slow', {}, 'k')).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(offlineReason()).toBeNull();
    await expect(postCommitting('/api/none', {}, 'k')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await expect(postCommitting('/api/refused', {}, 'k')).rejects.toMatchObject({ code: 'API_ERROR', status: 400 });
    expect(offlineReason()).toBeNull();
  });

  it('a success means online', async () => {
    mock.onPost('/api/none').networkError();
    mock.onPost('/api/ok').reply(200, '{}');
    await expect(postCommitting('/api/none', {}, 'k')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(offlineReason()).toBe('no-answer');
    await postCommitting('/api/ok', {}, 'k');
    expect(offlineReason()).toBeNull();
  });
});
