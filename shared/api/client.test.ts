import MockAdapter from 'axios-mock-adapter';
import { activeCount, setApiBase } from '@rw/page-runtime';
import { failureText, RELOAD_PAGE_TEXT } from '../errors/WidgetError';
import {
  antiforgeryHeaders,
  configureClient,
  getJson,
  postCommitting,
  postJson,
  requestVerificationToken,
  serverMessage,
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
  ])('reads %s', (_name, data, expected) => {
    expect(serverMessage(data)).toBe(expected);
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
    const times: number[] = [];
    mock.onGet('/status').reply(() => {
      times.push(Date.now());
      return times.length < 3 ? [503, 'busy'] : [200, '{"ok":true}'];
    });
    await expect(getJson('/status')).resolves.toEqual({ ok: true });
    const [first, second] = [times[1] - times[0], times[2] - times[1]];
    // axios-retry's exponential delay: about 2 × 40 ms, then 4 × 40 ms (plus up to 20 % jitter).
    expect(first).toBeGreaterThanOrEqual(75);
    expect(second).toBeGreaterThanOrEqual(155);
    expect(second).toBeGreaterThan(first);
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
