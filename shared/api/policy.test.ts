/**
 * The request policy (shared/api/policy.ts; docs/architecture.md "One request layer"): its pure
 * rules, read without sending anything. client.test.ts checks that every request follows them.
 */
import { AxiosError } from 'axios';
import { WidgetError } from '../errors/WidgetError';
import {
  CODE_LOAD_MESSAGE,
  configureClient,
  crossOriginApiRequest,
  isDefiniteAnswer,
  isStateChanging,
  isTransientFailure,
  isTransientStatus,
  parseJsonBody,
  requestHeaders,
  requestVerificationToken,
  resolveApiUrl,
  serverMessage,
  settings,
  strayTokenSources,
  toWidgetError,
} from './policy';

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

describe('code that could not be loaded (docs/offline.md "Code that loads again")', () => {
  it("is a NETWORK_ERROR that names no chunk or URL, told by webpack's error name", () => {
    const chunk = Object.assign(
      new Error('Loading chunk 347 failed.\n(error: https://cdn.example/refund/rw-http.abc.js)'),
      {
        name: 'ChunkLoadError',
        type: 'error',
        request: 'https://cdn.example/refund/rw-http.abc.js',
      },
    );
    const error = toWidgetError(chunk);
    expect([error.code, error.message]).toEqual(['NETWORK_ERROR', CODE_LOAD_MESSAGE]);
    expect(error.cause).toBe(chunk);
    expect(CODE_LOAD_MESSAGE).not.toMatch(/chunk|http|\.js/i);
    // The same words in another error do not make it a code-load failure.
    expect(toWidgetError(new Error('Loading chunk 347 failed.')).message).toBe('Loading chunk 347 failed.');
  });
});

describe('what is transient (a retry may mend it; a definite answer is not)', () => {
  it.each([
    [408, true],
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [403, false],
    [404, false],
    [409, false],
    [422, false],
    [499, false],
  ])('status %i: %s', (status, transient) => {
    expect(isTransientStatus(status)).toBe(transient);
    expect(isTransientFailure(new WidgetError('API_ERROR', 'x', { status }))).toBe(transient);
  });

  it('no answer and a timeout are transient; a refused page, an unreadable answer and an API_ERROR without status are not', () => {
    expect(
      [
        new WidgetError('NETWORK_ERROR', 'Network Error'),
        new WidgetError('TIMEOUT', 'timeout'),
        new WidgetError('FORBIDDEN', 'x', { status: 403 }),
        new WidgetError('INVALID_RESPONSE', 'x', { status: 200 }),
        new WidgetError('API_ERROR', 'x'),
      ].map(isTransientFailure),
    ).toEqual([true, true, false, false, false]);
  });

  it.each([
    [200, true],
    [204, true],
    [400, true],
    [403, true],
    [409, false],
    [422, true],
    [408, false],
    [429, false],
    [500, false],
    [503, false],
    [undefined, false],
    [302, false],
  ])('an answer with status %s settles an intent: %s', (status, definite) => {
    expect(isDefiniteAnswer(status)).toBe(definite);
  });
});

describe('headers (docs/security.md)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('adds X-Requested-With and the token to state-changing requests only', () => {
    expect(requestHeaders('post')).toEqual({ 'X-Requested-With': 'XMLHttpRequest' });
    document.head.innerHTML = '<meta name="request-verification-token" content="t-2">';
    expect(requestHeaders('POST')).toEqual({ 'X-Requested-With': 'XMLHttpRequest', RequestVerificationToken: 't-2' });
    expect(requestHeaders('delete')).toEqual({ 'X-Requested-With': 'XMLHttpRequest', RequestVerificationToken: 't-2' });
    expect([requestHeaders('get'), requestHeaders(undefined), requestHeaders('HEAD')]).toEqual([{}, {}, {}]);
  });

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

  it('reads a meta tag only in the head: one in the body is a stray source, never read', () => {
    document.body.innerHTML =
      '<meta name="request-verification-token" content="planted">' +
      '<input type="hidden" name="__RequestVerificationToken" value="CfDJ8-form_token">';
    expect(requestVerificationToken()).toBe('CfDJ8-form_token');
    expect(strayTokenSources()).toBe(1);
    document.head.innerHTML = '<meta name="request-verification-token" content="head-token">';
    expect(requestVerificationToken()).toBe('head-token');
    expect(strayTokenSources()).toBe(1);
    document.body.innerHTML = '';
    expect(strayTokenSources()).toBe(0);
  });
});

describe('where requests go (docs/cross-origin.md)', () => {
  it('prefixes the API base', () => {
    expect([
      resolveApiUrl('/api/ProcessRefund', ''),
      resolveApiUrl('/api/ProcessRefund', 'https://api.rail.example'),
    ]).toEqual(['/api/ProcessRefund', 'https://api.rail.example/api/ProcessRefund']);
  });

  it.each([
    ['same-origin base', '', 'https://rail.example/api/x', false],
    ['relative base', '/backend', 'https://rail.example/backend/api/x', false],
    ['cross-origin base, its own URL', 'https://api.rail.example', 'https://api.rail.example/api/x', true],
    ['cross-origin base, a relative URL', 'https://api.rail.example', '/api/x', false],
    ['cross-origin base, a third origin', 'https://api.rail.example', 'https://other.example/api/x', false],
    ['an unreadable base', 'http://[', 'https://rail.example/x', false],
  ])('%s: cookies %s', (_name, base, url, expected) => {
    expect(crossOriginApiRequest(url, base, 'https://rail.example/Refund')).toBe(expected);
  });
});

describe('configureClient', () => {
  it('replaces only the fields given', () => {
    const before = { timeouts: { ...settings.timeouts }, retry: { ...settings.retry } };
    configureClient({ timeouts: { upload: 5 } });
    configureClient({ retry: { baseDelayMs: 7 } });
    expect(settings).toEqual({
      timeouts: { ...before.timeouts, upload: 5 },
      retry: { ...before.retry, baseDelayMs: 7 },
    });
    configureClient(before);
  });
});
