/**
 * A fresh axios instance of `createClient` (shared/api/http.ts), apart from the page's `api` that
 * client.test.ts drives: the retry rules are the instance's own, as configured.
 */
import MockAdapter from 'axios-mock-adapter';
import { configureClient } from './policy';
import { createClient } from './http';

describe('createClient', () => {
  it('retries a GET as often as configured and no more, and never retries a POST', async () => {
    configureClient({ retry: { retries: 2, baseDelayMs: 1 } });
    const client = createClient();
    const mock = new MockAdapter(client);
    mock.onGet('/status').reply(503, 'busy');
    mock.onPost('/refund').reply(503, 'busy');
    await expect(client.get('/status')).rejects.toMatchObject({ response: { status: 503 } });
    expect(mock.history.get).toHaveLength(3);
    await expect(client.post('/refund', {})).rejects.toMatchObject({ response: { status: 503 } });
    expect(mock.history.post).toHaveLength(1);
  });

  it('tells a timeout (ETIMEDOUT) from an aborted request', async () => {
    configureClient({ retry: { retries: 0 } });
    const client = createClient();
    new MockAdapter(client).onGet('/slow').timeout();
    await expect(client.get('/slow', { timeout: 50 })).rejects.toMatchObject({ code: 'ETIMEDOUT' });
  });
});
