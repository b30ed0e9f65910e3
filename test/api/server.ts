/**
 * The retailer's API as the jsdom tests see it (docs/testing.md "Faking the API"): a Mock Service
 * Worker server answering at the network with test/api/handlers.ts, and the requests it received.
 */
import { http, type HttpHandler, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The server; a test overrides a route with `server.use(http.get(…))`, reset after each test. */
export const server = setupServer(...handlers);

/** A request the server received: method, path and query, headers and body text. */
export interface SentRequest {
  method: string;
  /** Path and query on the page's origin (`/api/ProcessRefund`), the whole URL on another. */
  url: string;
  headers: Headers;
  /** `include` when the request sends cookies to another origin (`withCredentials`), else `same-origin`. */
  credentials: RequestCredentials;
  /** The XMLHttpRequest's `timeout` in ms (0: none). */
  timeout: number;
  /** Whether the request had a body at all. */
  hasBody: boolean;
  /** The body as text (empty until read: {@link sentRequests}). */
  body: string;
}

const log: { request: SentRequest; read: Promise<void> }[] = [];
const timers = new Set<ReturnType<typeof setTimeout>>();

/** The XMLHttpRequest the interceptor made `request` from (its `kRawRequest` symbol), if any. */
export function xhrOf(request: Request): XMLHttpRequest | undefined {
  const raw = Object.getOwnPropertySymbols(request).find((symbol) => symbol.description === 'kRawRequest');
  const xhr = raw ? (request as unknown as Record<symbol, unknown>)[raw] : undefined;
  return xhr instanceof XMLHttpRequest ? xhr : undefined;
}

/**
 * Times out an XMLHttpRequest whose answer takes longer than its `timeout`, as a browser does: the
 * interceptor answers in place of jsdom's `send`, whose timer therefore never starts.
 */
function timeOutLikeBrowsers(request: Request): void {
  const xhr = xhrOf(request);
  if (!xhr || !(xhr.timeout > 0)) return;
  const timer = setTimeout(() => {
    timers.delete(timer);
    if (xhr.readyState !== XMLHttpRequest.DONE) xhr.dispatchEvent(new ProgressEvent('timeout'));
  }, xhr.timeout);
  timers.add(timer);
  xhr.addEventListener('loadend', () => {
    clearTimeout(timer);
    timers.delete(timer);
  });
}

server.events.on('request:start', ({ request }) => {
  timeOutLikeBrowsers(request);
  const url = new URL(request.url);
  const entry: SentRequest = {
    method: request.method,
    url: url.origin === location.origin ? url.pathname + url.search : url.href,
    headers: request.headers,
    credentials: request.credentials,
    timeout: xhrOf(request)?.timeout ?? 0,
    hasBody: request.body !== null,
    body: '',
  };
  log.push({
    request: entry,
    read: request
      .clone()
      .text()
      .then((text) => {
        entry.body = text;
      }),
  });
});

/**
 * The requests received since the test began, oldest first; a body may not be read yet (see
 * {@link sentRequests}).
 *
 * @param method e.g. `'POST'`; all methods when absent
 * @param url a path (and query) the requests must have
 */
export function sent(method?: string, url?: string): SentRequest[] {
  return log
    .map((entry) => entry.request)
    .filter((request) => (!method || request.method === method) && (!url || request.url === url));
}

/**
 * The requests received since the test began, oldest first, with their bodies read.
 *
 * @param method e.g. `'POST'`; all methods when absent
 * @param url a path (and query) the requests must have
 */
export async function sentRequests(method?: string, url?: string): Promise<SentRequest[]> {
  await Promise.all(log.map((entry) => entry.read));
  return sent(method, url);
}

// Each test starts with no received requests and no timeouts running.
afterEach(() => {
  log.splice(0);
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
});

/**
 * A handler of `method` requests to `url`, whose query (if it has one) must match too: MSW matches
 * paths alone.
 *
 * @param url a path with an optional query, e.g. `/Refund/Status?bookingReference=X`
 * @param options `{ once: true }`: the handler answers one request, then the next handler answers
 */
export function route(
  method: 'get' | 'post',
  url: string,
  resolver: HttpResponseResolver,
  options?: { once: boolean },
): HttpHandler {
  const [path, query] = url.split('?');
  return http[method](
    path,
    (info) => (query === undefined || new URL(info.request.url).search === `?${query}` ? resolver(info) : undefined),
    options,
  );
}

/**
 * An answer that never comes, for a resolver whose client must time out; unlike `delay('infinite')`,
 * no timer keeps the test worker alive.
 */
export function noAnswer(): Promise<never> {
  return new Promise<never>(() => undefined);
}
