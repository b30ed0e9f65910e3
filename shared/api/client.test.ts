import { AxiosError } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { activeCount, PROGRESS_FADE_MS, setApiBase } from '@rw/page-runtime';
import { failureText, RELOAD_PAGE_TEXT, WidgetError } from '../errors/WidgetError';
import {
  antiforgeryHeaders,
  configureClient,
  getJson,
  isStateChanging,
  loadApi,
  parseJsonBody,
  postCommitting,
  postJson,
  requestVerificationToken,
  serverMessage,
  toWidgetError,
} from './client';
import { api } from './http';
import { widgetFailure } from '../test/faults';

const mock = new MockAdapter(api);

beforeEach(() => {
  mock.reset();
  setApiBase('');
  configureClient({ timeouts: { get: 200, post: 200 }, retry: { retries: 2, baseDelayMs: 1 } });
});

const failure = widgetFailure;

describe('serverMessage (docs/decisions.md "Server error answers")', () => {
  it.each([
    ['plain text', 'Self refunds are disabled', 'Self refunds are disabled'],
    ['JSON message', { message: 'Booking is older than 6 months' }, 'Booking is older than 6 months'],
    ['JSON error', { error: 'No journey' }, 'No journey'],
    ['bare JSON string', '"quoted text"', 'quoted text'],
    ['JSON text with message', '{"message":"from text"}', 'from text'],
    ['empty', '', ''],
    ['nothing', null, ''],
    ['no body', undefined, ''],
    ['plain text with spaces and a line end around it', '  Self refunds are disabled\n', 'Self refunds are disabled'],
    ['JSON text with spaces around it', ' {"message":"from text"}\n', 'from text'],
    ['text that starts like JSON but is not', '{"message": "cut short', '{"message": "cut short'],
    ['plain text that reads as the JSON null', 'null', 'null'],
    ['a plain-text amount', '2.50', '2.50'],
    ["ASP.NET's HttpError Message", { Message: 'An error has occurred.' }, 'An error has occurred.'],
    ['a problem details title', { title: 'Bad Request', detail: 'The booking is closed.' }, 'Bad Request'],
    ['a problem details detail alone', { detail: 'The booking is closed.' }, 'The booking is closed.'],
    ['JSON without a known field', { code: 7 }, '{"code":7}'],
  ])('reads %s', (_name, data, expected) => {
    expect(serverMessage(data)).toBe(expected);
  });

  it('gives nothing for a body it cannot write as text', () => {
    const circular: Record<string, unknown> = { code: 7 };
    circular.self = circular;
    expect(serverMessage(circular)).toBe('');
  });
});

describe('isStateChanging', () => {
  it('treats GET, HEAD, OPTIONS and a request without a method (a GET) as safe', () => {
    expect([undefined, 'GET', 'get', 'HEAD', 'options'].map(isStateChanging)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['POST', 'delete', 'PUT', 'patch'].map(isStateChanging)).toEqual([true, true, true, true]);
  });
});

describe('toWidgetError (docs/product-rules.md section 8)', () => {
  const request = { method: 'get', url: '/status' } as ConstructorParameters<typeof AxiosError>[2];

  it.each([
    ['a timeout', 'TIMEOUT', 'timeout of 200ms exceeded', 'ETIMEDOUT', 'timeout of 200ms exceeded'],
    ['a request the browser aborted', 'NETWORK_ERROR', 'Request aborted', 'ECONNABORTED', 'Request aborted'],
    ['an axios error without an answer or a message', 'NETWORK_ERROR', '', 'ERR_NETWORK', 'Network Error'],
  ])('%s is %s, with the axios error as the cause', (_name, code, message, axiosCode, text) => {
    const failure = new AxiosError(message, axiosCode, request);
    const error = toWidgetError(failure);
    expect([error.code, error.message]).toEqual([code, text]);
    expect(error.cause).toBe(failure);
  });

  it('reads only axios errors as answers: another error with a code and a response is NETWORK_ERROR', () => {
    const other = Object.assign(new Error('socket hang up'), {
      code: 'ETIMEDOUT',
      response: { status: 500, data: 'down' },
    });
    const error = toWidgetError(other);
    expect([error.code, error.message, error.status]).toEqual(['NETWORK_ERROR', 'socket hang up', undefined]);
    expect(error.cause).toBe(other);
  });

  it('writes any other thrown value as text, null included', () => {
    expect([toWidgetError(null).code, toWidgetError(null).message]).toEqual(['NETWORK_ERROR', 'null']);
    expect([toWidgetError('boom').code, toWidgetError('boom').message]).toEqual(['NETWORK_ERROR', 'boom']);
  });

  it('passes a WidgetError through unchanged', () => {
    const mapped = new WidgetError('INVALID_RESPONSE', 'The server sent an empty answer.');
    expect(toWidgetError(mapped)).toBe(mapped);
  });
});

describe('parseJsonBody', () => {
  it('calls an empty or blank body an empty answer', () => {
    for (const body of ['', '  \n']) {
      let thrown: unknown;
      try {
        parseJsonBody(body);
      } catch (error) {
        thrown = error;
      }
      expect([(thrown as WidgetError).code, (thrown as WidgetError).message]).toEqual([
        'INVALID_RESPONSE',
        'The server sent an empty answer.',
      ]);
    }
  });

  it('calls a malformed body unreadable, keeping the body and the parse error', () => {
    let thrown: unknown;
    try {
      parseJsonBody('{"refundStatus": nul');
    } catch (error) {
      thrown = error;
    }
    const error = thrown as WidgetError;
    expect([error.code, error.message, error.body]).toEqual([
      'INVALID_RESPONSE',
      'The server sent an answer we could not read.',
      '{"refundStatus": nul',
    ]);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('passes a body axios already parsed through', () => {
    expect(parseJsonBody({ a: 1 })).toEqual({ a: 1 });
  });
});

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

describe("the axios instance (loadApi, for the manual claim's delete)", () => {
  it('never retries a POST, even after a transient failure', async () => {
    mock.onPost('/tickets/delete/abc').reply(503, 'busy');
    const instance = await loadApi();
    await expect(instance.post('/tickets/delete/abc')).rejects.toMatchObject({ response: { status: 503 } });
    expect(mock.history.post).toHaveLength(1);
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

  it('reads the meta tag, else the first __RequestVerificationToken input, else nothing', () => {
    expect(requestVerificationToken()).toBeNull();
    document.body.innerHTML =
      '<form><input type="hidden" name="__RequestVerificationToken" value="CfDJ8-form_token"></form>' +
      '<input type="hidden" name="__RequestVerificationToken" value="second">';
    expect(requestVerificationToken()).toBe('CfDJ8-form_token');
    document.head.innerHTML = '<meta name="request-verification-token" content=" meta-token ">';
    expect(requestVerificationToken()).toBe('meta-token');
    // A value that could not be a header value counts as none.
    document.head.innerHTML = '<meta name="request-verification-token" content="bad token">';
    expect(requestVerificationToken()).toBeNull();
  });

  it('every POST carries the token and X-Requested-With; GETs carry neither', async () => {
    document.head.innerHTML = '<meta name="request-verification-token" content="page-token-1">';
    mock.onPost('/api/ProcessRefund').reply(200, {});
    mock.onPost('/api/LookupJourneys').reply(200, '[]');
    mock.onPost('/tickets/delete/abc').reply(204);
    mock.onGet('/status').reply(200, '{}');
    await postCommitting('/api/ProcessRefund', {}, 'k');
    await postJson('/api/LookupJourneys', {});
    await api.post('/tickets/delete/abc');
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
    await api.post('/tickets/delete/abc');
    expect(header(0, 'RequestVerificationToken')).toBeUndefined();
    expect(header(0, 'X-Requested-With')).toBe('XMLHttpRequest');
    expect(antiforgeryHeaders()).toEqual({});
    document.head.innerHTML = '<meta name="request-verification-token" content="t-2">';
    expect(antiforgeryHeaders()).toEqual({ RequestVerificationToken: 't-2' });
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
