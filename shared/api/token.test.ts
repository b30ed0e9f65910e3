/**
 * The page's antiforgery token comes from the host's one source (docs/security.md "Sessions and antiforgery on the reference backend"):
 * on a host that renders the hidden `__RequestVerificationToken` input, a
 * `<meta name="request-verification-token">` put into the page's body is ignored, and reported
 * once through `/report/error` (docs/error-reports.md).
 */
import { HttpResponse } from 'msw';
import { route, sent, server } from '../../test/api/server';
import { postCommitting, postWithoutBody } from './client';

const fetchMock = jest.fn(async () => ({ ok: true }));

beforeEach(() => {
  fetchMock.mockClear();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const sentToken = (index: number) => sent('POST')[index].headers.get('RequestVerificationToken');
const reports = () =>
  (fetchMock.mock.calls as unknown as [string, RequestInit][])
    .filter(([url]) => url.endsWith('/report/error'))
    .map(([, init]) => JSON.parse(init.body as string) as { message: string });

test('a host with the hidden input: an injected meta in the body is ignored, and reported once', async () => {
  document.body.innerHTML =
    '<div class="traveller-note"><meta name="request-verification-token" content="attacker-token"></div>' +
    '<form method="post"><input type="hidden" name="__RequestVerificationToken" value="CfDJ8-host-token"></form>';
  server.use(
    route('post', '/api/ProcessRefund', () => HttpResponse.text('{}')),
    route('post', '/tickets/delete/up_1', () => new HttpResponse(null, { status: 204 })),
  );
  await postCommitting('/api/ProcessRefund', { protectedReference: 'pr_1' }, 'key-1');
  await new Promise((resolve) => setTimeout(resolve, 200));
  await postWithoutBody('/tickets/delete/up_1');
  expect([sentToken(0), sentToken(1)]).toEqual(['CfDJ8-host-token', 'CfDJ8-host-token']);
  expect(reports()).toEqual([
    expect.objectContaining({
      message: 'Error: refund-widgets: token meta outside <head> ignored',
    }),
  ]);
});

test('a host with the meta in its head: that token is sent, a form’s input beside it is no second source, nothing is reported', async () => {
  document.head.innerHTML = '<meta name="request-verification-token" content="head-token">';
  document.body.innerHTML =
    '<form method="post"><input type="hidden" name="__RequestVerificationToken" value="head-token"></form>';
  server.use(route('post', '/api/ProcessRefund', () => HttpResponse.text('{}')));
  await postCommitting('/api/ProcessRefund', {}, 'key-2');
  expect(sentToken(0)).toBe('head-token');
  expect(reports()).toEqual([]);
});
