import { http, HttpResponse } from 'msw';
import { activeCount, offlineReason, PROGRESS_FADE_MS, setApiBase } from '@rw/page-runtime';
import { failureText, RELOAD_PAGE_TEXT } from '../errors/WidgetError';
import { getJson, postCommitting, postFile, postJson, postWithoutBody } from './client';
import { configureClient } from './policy';
import { noAnswer, route, sent, sentRequests, server } from '../../test/api/server';
import { widgetFailure } from '../../test/faults';

/** A resolver answering `status` with `body` (none when absent). */
const reply = (status: number, body?: string, headers?: Record<string, string>) => (): Response =>
  new HttpResponse(body ?? null, { status, headers });
const dropped = () => HttpResponse.error();
const once = { once: true };

beforeEach(() => {
  setApiBase('');
  configureClient({ timeouts: { get: 200, post: 200, upload: 200 }, retry: { retries: 2, baseDelayMs: 1 } });
});

const failure = widgetFailure;

describe('getJson', () => {
  it('returns parsed JSON and drives the activity count', async () => {
    let duringRequest = -1;
    server.use(
      route('get', '/status', () => {
        duringRequest = activeCount();
        return HttpResponse.text('{"a":1}');
      }),
    );
    await expect(getJson('/status')).resolves.toEqual({ a: 1 });
    expect(duringRequest).toBe(1);
    expect(activeCount()).toBe(0);
  });

  it('retries transient failures (5xx, no answer) and then succeeds', async () => {
    server.use(
      route('get', '/status', reply(503, 'busy'), once),
      route('get', '/status', dropped, once),
      route('get', '/status', reply(200, '{"ok":true}')),
    );
    await expect(getJson('/status')).resolves.toEqual({ ok: true });
    expect(sent('GET')).toHaveLength(3);
  });

  it('retries a 429 (too many requests) and returns the answer that follows', async () => {
    server.use(
      route('get', '/status', reply(429, 'slow down'), once),
      route('get', '/status', reply(200, '{"refundStatus":null}')),
    );
    await expect(getJson('/status')).resolves.toEqual({ refundStatus: null });
    expect(sent('GET')).toHaveLength(2);
  });

  it('waits longer before each retry (exponential backoff)', async () => {
    configureClient({ retry: { retries: 2, baseDelayMs: 40 } });
    // The waits axios-retry asks for, read from its setTimeout calls rather than the clock, so a
    // busy machine cannot make the test fail (CI once saw the first wait take 326 ms).
    const setTimeoutSpy = jest.spyOn(global, 'setTimeout');
    let answers = 0;
    server.use(
      route('get', '/status', () => {
        answers += 1;
        return answers < 3 ? new HttpResponse('busy', { status: 503 }) : HttpResponse.text('{"ok":true}');
      }),
    );
    await expect(getJson('/status')).resolves.toEqual({ ok: true });
    // The other timers: the progress bar's fade after each answer, and each try's 200 ms timeout
    // (test/api/server.ts times the request out as a browser does).
    const waits = setTimeoutSpy.mock.calls
      .map(([, ms]) => ms ?? 0)
      .filter((ms) => ms > 0 && ms !== PROGRESS_FADE_MS && ms !== 200);
    setTimeoutSpy.mockRestore();
    // axios-retry's exponential delay: 2 × 40 ms, then 4 × 40 ms, each plus up to 20 % jitter.
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(80);
    expect(waits[0]).toBeLessThanOrEqual(96);
    expect(waits[1]).toBeGreaterThanOrEqual(160);
    expect(waits[1]).toBeLessThanOrEqual(192);
  });

  it('keeps the body of an error answer as sent, and names the status when the server gave no text', async () => {
    server.use(route('get', '/text', reply(409, 'Already refunded')));
    const text = await failure(getJson('/text'));
    expect([text.code, text.status, text.message, text.body]).toEqual([
      'API_ERROR',
      409,
      'Already refunded',
      'Already refunded',
    ]);
    server.use(
      route('get', '/json', () =>
        HttpResponse.json({ message: 'Booking is older than 6 months', code: 12 }, { status: 400 }),
      ),
    );
    expect((await failure(getJson('/json'))).body).toBe('{"message":"Booking is older than 6 months","code":12}');
    server.use(route('get', '/nothing', reply(404)));
    const nothing = await failure(getJson('/nothing'));
    expect([nothing.code, nothing.status, nothing.message, nothing.body]).toEqual([
      'API_ERROR',
      404,
      'Server responded with 404 code.',
      '',
    ]);
  });

  it('does not retry a 4xx and maps it to API_ERROR with the server text', async () => {
    server.use(
      route('get', '/dry', () => HttpResponse.json({ message: 'Booking is older than 6 months' }, { status: 400 })),
    );
    const error = await failure(getJson('/dry'));
    expect(error.code).toBe('API_ERROR');
    expect(error.status).toBe(400);
    expect(error.message).toBe('Booking is older than 6 months');
    expect(sent('GET')).toHaveLength(1);
  });

  it('gives up after the retries: TIMEOUT, NETWORK_ERROR', async () => {
    server.use(route('get', '/slow', noAnswer), route('get', '/down', dropped));
    expect((await failure(getJson('/slow'))).code).toBe('TIMEOUT');
    expect(sent('GET')).toHaveLength(3);
    expect((await failure(getJson('/down'))).code).toBe('NETWORK_ERROR');
  });

  it('maps malformed and empty bodies to INVALID_RESPONSE', async () => {
    server.use(route('get', '/bad', reply(200, '{not json')), route('get', '/empty', reply(200, '')));
    expect((await failure(getJson('/bad'))).code).toBe('INVALID_RESPONSE');
    expect((await failure(getJson('/empty'))).code).toBe('INVALID_RESPONSE');
  });
});

describe('postCommitting (docs/architecture.md "Exactly once")', () => {
  it('sends the Idempotency-Key, prefixes the API base and accepts any 2xx', async () => {
    setApiBase('https://api.example.co.uk');
    server.use(http.post('https://api.example.co.uk/api/ProcessRefund', reply(204)));
    await postCommitting('/api/ProcessRefund', { a: 1 }, 'key-1');
    const posts = await sentRequests('POST');
    expect(posts.map((request) => request.url)).toEqual(['https://api.example.co.uk/api/ProcessRefund']);
    expect(posts[0].headers.get('Idempotency-Key')).toBe('key-1');
    expect(JSON.parse(posts[0].body)).toEqual({ a: 1 });
  });

  it('never retries a failed or timed-out POST', async () => {
    server.use(
      route('post', '/api/ProcessRefund', reply(503, 'down')),
      route('post', '/api/ProcessRefundWithReplacement', noAnswer),
    );
    expect((await failure(postCommitting('/api/ProcessRefund', {}, 'k'))).code).toBe('API_ERROR');
    expect(sent('POST')).toHaveLength(1);
    expect((await failure(postCommitting('/api/ProcessRefundWithReplacement', {}, 'k'))).code).toBe('TIMEOUT');
    expect(sent('POST', '/api/ProcessRefundWithReplacement')).toHaveLength(1);
  });
});

describe("postWithoutBody (the manual claim's delete)", () => {
  it('sends no body, accepts any 2xx and never retries, even after a transient failure', async () => {
    server.use(
      route('post', '/tickets/delete/abc', reply(204), once),
      route('post', '/tickets/delete/abc', reply(503, 'busy')),
    );
    await expect(postWithoutBody('/tickets/delete/abc')).resolves.toBeUndefined();
    expect(sent('POST')[0].hasBody).toBe(false);
    const error = await failure(postWithoutBody('/tickets/delete/abc'));
    expect([error.code, error.status, error.message]).toEqual(['API_ERROR', 503, 'busy']);
    expect(sent('POST')).toHaveLength(2);
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
    let form: FormData | undefined;
    server.use(
      route('post', '/tickets/upload', async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json('up_1');
      }),
    );
    await expect(upload()).resolves.toBe('"up_1"');
    const { headers } = sent('POST')[0];
    expect([
      headers.get('Journey-Id'),
      headers.get('Idempotency-Key'),
      headers.get('RequestVerificationToken'),
    ]).toEqual(['700110', 'photo-key', 'page-token-1']);
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    const file = form?.get('file') as File;
    expect([file.name, file.size, [...(form?.keys() ?? [])]]).toEqual(['ticket.png', 9, ['file']]);
    document.head.innerHTML = '';
  });

  it('tries a transient failure again with the same key, three tries in all', async () => {
    server.use(
      route('post', '/tickets/upload', reply(503, 'busy'), once),
      route('post', '/tickets/upload', dropped, once),
      route('post', '/tickets/upload', reply(201, 'up_2'), once),
      route('post', '/tickets/upload', reply(503, 'still busy')),
    );
    await expect(upload('same-key')).resolves.toBe('up_2');
    expect(sent('POST').map((r) => r.headers.get('Idempotency-Key'))).toEqual(['same-key', 'same-key', 'same-key']);
    const error = await failure(upload());
    expect([error.code, error.status, sent('POST').length]).toEqual(['API_ERROR', 503, 6]);
  });

  it('never tries a definite refusal again: the server text is the message', async () => {
    server.use(route('post', '/tickets/upload', reply(409, 'You have already added this photo.')));
    const error = await failure(upload());
    expect([error.code, error.status, error.message, sent('POST').length]).toEqual([
      'API_ERROR',
      409,
      'You have already added this photo.',
      1,
    ]);
  });

  it('bounds each try by the upload timeout', async () => {
    configureClient({ timeouts: { upload: 30 }, retry: { retries: 1 } });
    server.use(route('post', '/tickets/upload', noAnswer));
    expect((await failure(upload())).code).toBe('TIMEOUT');
    expect(sent('POST').map((r) => r.timeout)).toEqual([30, 30]);
  });
});

describe('postJson (non-committing POSTs)', () => {
  it('returns parsed JSON, sends no Idempotency-Key and never retries', async () => {
    server.use(
      route('post', '/api/LookupJourneys', reply(200, '[{"a":1}]'), once),
      route('post', '/api/LookupJourneys', reply(503, 'busy')),
    );
    await expect(postJson('/api/LookupJourneys', { bookingReference: 'KXB7HT2N' })).resolves.toEqual([{ a: 1 }]);
    expect(sent('POST')[0].headers.get('Idempotency-Key')).toBeNull();
    expect((await failure(postJson('/api/LookupJourneys', {}))).code).toBe('API_ERROR');
    expect(sent('POST')).toHaveLength(2);
  });
});

describe('antiforgery (docs/security.md)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  const header = (index: number, name: string) => sent('POST')[index].headers.get(name);

  it('every POST carries the token and X-Requested-With; GETs carry neither', async () => {
    document.head.innerHTML = '<meta name="request-verification-token" content="page-token-1">';
    server.use(
      route('post', '/api/ProcessRefund', () => HttpResponse.json({})),
      route('post', '/api/LookupJourneys', reply(200, '[]')),
      route('post', '/tickets/delete/abc', reply(204)),
      route('get', '/status', reply(200, '{}')),
    );
    await postCommitting('/api/ProcessRefund', {}, 'k');
    await postJson('/api/LookupJourneys', {});
    await postWithoutBody('/tickets/delete/abc');
    await getJson('/status');
    for (const index of [0, 1, 2]) {
      expect(header(index, 'RequestVerificationToken')).toBe('page-token-1');
      expect(header(index, 'X-Requested-With')).toBe('XMLHttpRequest');
    }
    const get = sent('GET')[0].headers;
    expect(get.get('RequestVerificationToken')).toBeNull();
    expect(get.get('X-Requested-With')).toBeNull();
  });

  it('without a token in the page, POSTs send no token header but still X-Requested-With (a preflight from another origin)', async () => {
    server.use(route('post', '/tickets/delete/abc', reply(204)));
    await postWithoutBody('/tickets/delete/abc');
    expect(header(0, 'RequestVerificationToken')).toBeNull();
    expect(header(0, 'X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('a 403 to a POST is FORBIDDEN with the reload text; a 403 to a GET stays API_ERROR', async () => {
    server.use(
      route('post', '/api/ProcessRefund', reply(403, 'The request verification token is missing or does not match.')),
      route('get', '/dry', reply(403, 'Self refunds are disabled')),
    );
    const refused = await failure(postCommitting('/api/ProcessRefund', {}, 'k'));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('The request verification token is missing or does not match.');
    expect(failureText(refused, 'fallback')).toBe(RELOAD_PAGE_TEXT);
    expect(RELOAD_PAGE_TEXT).toBe('This page has expired. Please reload the page and try again.');

    const disabled = await failure(getJson('/dry'));
    expect(disabled.code).toBe('API_ERROR');
    expect(failureText(disabled, 'fallback')).toBe('fallback');
  });
});

describe('credentials (docs/cross-origin.md)', () => {
  it('sends cookies to a cross-origin API base only', async () => {
    server.use(http.all('*', reply(200, '{}')));
    await postJson('/api/LookupJourneys', {});
    setApiBase('https://api.rail.example');
    await postJson('/api/LookupJourneys', {});
    await getJson('https://api.rail.example/Refund/Status?bookingReference=X');
    await getJson('https://other.example/Refund/Status');
    expect(Object.fromEntries(sent().map((request) => [request.url, request.credentials]))).toEqual({
      '/api/LookupJourneys': 'same-origin',
      'https://api.rail.example/api/LookupJourneys': 'include',
      'https://api.rail.example/Refund/Status?bookingReference=X': 'include',
      'https://other.example/Refund/Status': 'same-origin',
    });
  });
});

describe('what a request tells of the connection (docs/offline.md "Offline, and back")', () => {
  it('no answer means offline; any answer, an error status included, means online; a timeout proves neither', async () => {
    server.use(
      route('post', '/api/none', dropped),
      route('post', '/api/refused', reply(400, 'No')),
      route('post', '/api/slow', noAnswer),
    );
    await expect(postCommitting('/api/none', {}, 'k')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(offlineReason()).toBe('no-answer');
    await expect(postCommitting('/api/slow', {}, 'k')).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(offlineReason()).toBeNull();
    await expect(postCommitting('/api/none', {}, 'k')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await expect(postCommitting('/api/refused', {}, 'k')).rejects.toMatchObject({ code: 'API_ERROR', status: 400 });
    expect(offlineReason()).toBeNull();
  });

  it('a success means online', async () => {
    server.use(route('post', '/api/none', dropped), route('post', '/api/ok', reply(200, '{}')));
    await expect(postCommitting('/api/none', {}, 'k')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(offlineReason()).toBe('no-answer');
    await postCommitting('/api/ok', {}, 'k');
    expect(offlineReason()).toBeNull();
  });
});
