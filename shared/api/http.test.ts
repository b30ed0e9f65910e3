/**
 * A fresh copy of the page's axios instance (shared/api/http.ts `api`), made after the retry
 * policy is configured, apart from the one client.test.ts drives.
 */
import type { AxiosInstance } from 'axios';
import { http, HttpResponse } from 'msw';
import { noAnswer, sent, server } from '../../test/api/server';

function freshClient(retry: { retries: number; baseDelayMs?: number }): AxiosInstance {
  let client: AxiosInstance | undefined;
  jest.isolateModules(() => {
    jest.requireActual<typeof import('./policy')>('./policy').configureClient({ retry });
    client = jest.requireActual<typeof import('./http')>('./http').api;
  });
  return client as AxiosInstance;
}

describe('the axios instance', () => {
  it('retries a GET as often as configured and no more, and never retries a POST', async () => {
    const client = freshClient({ retries: 2, baseDelayMs: 1 });
    server.use(
      http.get('/status', () => HttpResponse.text('busy', { status: 503 })),
      http.post('/refund', () => HttpResponse.text('busy', { status: 503 })),
    );
    await expect(client.get('/status')).rejects.toMatchObject({ response: { status: 503 } });
    expect(sent('GET')).toHaveLength(3);
    await expect(client.post('/refund', {})).rejects.toMatchObject({ response: { status: 503 } });
    expect(sent('POST')).toHaveLength(1);
  });

  it('tells a timeout (ETIMEDOUT) from an aborted request', async () => {
    const client = freshClient({ retries: 0 });
    server.use(http.get('/slow', noAnswer));
    await expect(client.get('/slow', { timeout: 50 })).rejects.toMatchObject({ code: 'ETIMEDOUT' });
  });
});
