/**
 * The one axios client of the widgets (docs/architecture.md "Conventions", STYLE.md habit 10).
 * - Every request drives the page-wide progress bar through `@rw/page-runtime`.
 * - Every failure becomes a {@link WidgetError}: `TIMEOUT`, `NETWORK_ERROR` or `API_ERROR` (with
 *   the server's text, whether it came as plain text or JSON, docs/decisions.md "Server error answers").
 * - GET calls retry transient failures (no answer, timeout, 429, 5xx) with exponential backoff;
 *   committing POSTs never retry and carry an `Idempotency-Key` (docs/architecture.md "Exactly once").
 * - Timeouts: GET 20 s, committing POST 60 s, configurable (tests use short ones).
 * - Every state-changing request (any method but GET, HEAD, OPTIONS) carries the page's
 *   antiforgery token as `RequestVerificationToken` when the page has one, and always
 *   `X-Requested-With: XMLHttpRequest`, so that from another origin it needs a CORS preflight
 *   even without a token or body (docs/security.md). A 403 answer to it is `FORBIDDEN`.
 * - axios itself (shared/api/http.ts) is loaded on the first request that needs it: a first panel
 *   whose GETs the shim prefetched shows without it (docs/performance.md).
 */
import type { AxiosInstance } from 'axios';
import { v4 as uuidv4 } from 'uuid';
import { apiUrl, startActivity, takePrefetched, type PrefetchedAnswer } from '@rw/page-runtime';
import { FORBIDDEN_STATUS, WidgetError } from '../errors/WidgetError';

/** Timeouts in milliseconds by kind of call. */
export interface ClientTimeouts {
  get: number;
  post: number;
}

/** Retry policy of GET calls. */
export interface RetryPolicy {
  retries: number;
  /** Base delay (ms) of the exponential backoff. */
  baseDelayMs: number;
}

/** The current timeouts and retry policy (read by shared/api/http.ts at each request). */
export const settings: { timeouts: ClientTimeouts; retry: RetryPolicy } = {
  timeouts: { get: 20_000, post: 60_000 },
  retry: { retries: 2, baseDelayMs: 300 },
};

/** Replaces the timeouts (ms) and/or the GET retry policy; used by tests and hosts that need it. */
export function configureClient(options: { timeouts?: Partial<ClientTimeouts>; retry?: Partial<RetryPolicy> }): void {
  settings.timeouts = { ...settings.timeouts, ...options.timeouts };
  settings.retry = { ...settings.retry, ...options.retry };
}

/** Header of the antiforgery token: the name ASP.NET Core's antiforgery reads. */
const ANTIFORGERY_HEADER = 'RequestVerificationToken';
/** A token we send: visible ASCII only, so it is a valid header value. */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,4096}$/;
const SAFE_METHODS = ['get', 'head', 'options'];

/**
 * The page's antiforgery token (docs/security.md): the content of
 * `<meta name="request-verification-token">`, else the value of the first
 * `input[name="__RequestVerificationToken"]` (what `@Html.AntiForgeryToken()` renders), else
 * null. A value that is empty or not visible ASCII counts as none.
 *
 * @param doc the page (default `document`)
 * @returns the token or null
 */
export function requestVerificationToken(doc: Document = document): string | null {
  const candidates = [
    doc.querySelector('meta[name="request-verification-token"]')?.getAttribute('content'),
    doc.querySelector<HTMLInputElement>('input[name="__RequestVerificationToken"]')?.value,
  ];
  for (const candidate of candidates) {
    const token = candidate?.trim();
    if (token) return TOKEN_SHAPE.test(token) ? token : null;
  }
  return null;
}

/**
 * The antiforgery header of a state-changing request: `{ RequestVerificationToken: token }` when
 * the page has a token ({@link requestVerificationToken}), else `{}`. For requests not sent
 * through the axios client (the dropzone uploads).
 */
export function antiforgeryHeaders(): Record<string, string> {
  const token = requestVerificationToken();
  return token ? { [ANTIFORGERY_HEADER]: token } : {};
}

/** Whether an HTTP method changes state (anything but GET, HEAD, OPTIONS). */
export function isStateChanging(method: string | undefined): boolean {
  return !SAFE_METHODS.includes((method ?? 'get').toLowerCase());
}

/** Extracts the server's message from an error body: plain text, `{message}`, `{error}` or a bare JSON string. */
export function serverMessage(data: unknown): string {
  if (data == null) return '';
  if (typeof data === 'string') {
    const text = data.trim();
    if (text.startsWith('{') || text.startsWith('"')) {
      try {
        return serverMessage(JSON.parse(text));
      } catch {
        // Not JSON after all: the text as it came.
      }
    }
    return text;
  }
  if (typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const key of ['message', 'error', 'Message', 'title', 'detail']) {
      if (typeof record[key] === 'string') return record[key] as string;
    }
    try {
      return JSON.stringify(data);
    } catch {
      return '';
    }
  }
  return String(data);
}

function bodyText(data: unknown): string {
  if (data == null) return '';
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data);
  } catch {
    return String(data);
  }
}

/**
 * The WidgetError of an answer with HTTP status `status` and body `data`: `code` (default
 * API_ERROR) with the server's text, else `Server responded with {status} code.`
 */
function apiError(
  status: number,
  data: unknown,
  cause?: unknown,
  code: 'API_ERROR' | 'FORBIDDEN' = 'API_ERROR',
): WidgetError {
  const message = serverMessage(data) || `Server responded with ${status} code.`;
  return new WidgetError(code, message, { cause, status, body: bodyText(data) });
}

/**
 * Maps an axios failure to a {@link WidgetError}. Already-mapped errors pass through. A timeout is
 * `TIMEOUT`; an answer is `API_ERROR` with the server's text, or `FORBIDDEN` for a 403 to a
 * state-changing request (stale token or session: reload the page); anything else, an axios error
 * without an answer or any other thrown value, is `NETWORK_ERROR`. The original is the `cause`.
 */
export function toWidgetError(error: unknown): WidgetError {
  if (error instanceof WidgetError) return error;
  if (isAxiosError(error)) {
    // ETIMEDOUT: the GET or POST timed out (shared/api/http.ts asks axios to tell it apart from
    // ECONNABORTED, a request the browser aborted, which is a NETWORK_ERROR like no answer).
    if (error.code === 'ETIMEDOUT') {
      return new WidgetError('TIMEOUT', error.message, { cause: error });
    }
    if (error.response) {
      const { status, data } = error.response;
      const code = status === FORBIDDEN_STATUS && isStateChanging(error.config?.method) ? 'FORBIDDEN' : 'API_ERROR';
      return apiError(status, data, error, code);
    }
    return new WidgetError('NETWORK_ERROR', error.message || 'Network Error', { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new WidgetError('NETWORK_ERROR', message, { cause: error });
}

/** What {@link toWidgetError} reads of an axios error. */
interface AxiosFailure {
  isAxiosError: true;
  code?: string;
  message: string;
  response?: { status: number; data: unknown };
  config?: { method?: string };
}

/**
 * Whether `error` is an axios error: its `isAxiosError` mark, what `axios.isAxiosError` tests,
 * read here without loading axios (a failure may come from the prefetched answer).
 */
function isAxiosError(error: unknown): error is AxiosFailure {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** Whether an HTTP status is a transient failure a retry may mend: 429 or 5xx. */
export const isTransientStatus = (status: number) => status === 429 || status >= 500;

/** The axios side of the client, loaded on first use (its own chunk in the build). */
const loadHttp = () => import(/* webpackChunkName: "rw-http" */ './http');

let warmed = false;

/**
 * Loads the axios side once the page is idle, after a first panel that did without it, so that the
 * traveller's first action (Accept refund) does not wait for it. A failure is ignored: the action
 * loads it again.
 */
function loadHttpWhenIdle(): void {
  if (warmed) return;
  warmed = true;
  const load = () => void loadHttp().catch(() => undefined);
  const idle = (globalThis as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number })
    .requestIdleCallback;
  if (idle) idle(load, { timeout: 3000 });
  else setTimeout(load, 1000);
}

/**
 * The page's axios instance, loading it if needed; for the few calls made outside this module's
 * functions (the manual claim's delete). @throws what a failed chunk load throws
 */
export async function loadApi(): Promise<AxiosInstance> {
  return (await loadHttp()).api;
}

/** Resolves a fixed API path of docs/product-rules.md section 7 against the host's `data-api-base`. */
export { apiUrl };

/**
 * Waits for the answer the shim prefetched (docs/performance.md "First panel"), as one attempt of the GET:
 * driving the progress bar, bounded by the GET timeout. Resolves to the answer, or to the
 * WidgetError of a transient failure (no answer, timeout, 429, 5xx) that a retry may mend.
 */
async function awaitPrefetched(answer: Promise<PrefetchedAnswer>): Promise<PrefetchedAnswer | WidgetError> {
  const endActivity = startActivity();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<WidgetError>((resolve) => {
    timer = setTimeout(
      () => resolve(new WidgetError('TIMEOUT', `timeout of ${settings.timeouts.get}ms exceeded`)),
      settings.timeouts.get,
    );
  });
  try {
    const settled = await Promise.race([
      answer.then(
        (a) => (a.ok || !isTransientStatus(a.status) ? a : apiError(a.status, a.body)),
        (cause: unknown) => toWidgetError(cause),
      ),
      timeout,
    ]);
    return settled;
  } finally {
    clearTimeout(timer);
    endActivity();
  }
}

async function axiosGetJson(url: string, retries: number): Promise<unknown> {
  try {
    const { api } = await loadHttp();
    const response = await api.get(url, {
      timeout: settings.timeouts.get,
      'axios-retry': { retries },
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
    } as Parameters<AxiosInstance['get']>[1]);
    return parseJsonBody(response.data);
  } catch (error) {
    throw toWidgetError(error);
  }
}

/**
 * GET `url` (a page-given URL such as the refund-status URL) and return its parsed JSON body.
 * Retries transient failures with backoff. When the shim already started this GET (it does for a
 * first panel's calls, page runtime `prefetchGet`), its answer is taken instead of sending the
 * request again, and counts as the first attempt: the same validation, retries and errors follow.
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, INVALID_RESPONSE for a body that is not JSON).
 */
export async function getJson(url: string): Promise<unknown> {
  const prefetched = takePrefetched(url);
  if (!prefetched) return axiosGetJson(url, settings.retry.retries);
  const answer = await awaitPrefetched(prefetched);
  loadHttpWhenIdle();
  if (!(answer instanceof WidgetError)) {
    if (!answer.ok) throw apiError(answer.status, answer.body);
    return parseJsonBody(answer.body);
  }
  // A transient failure of the first attempt: the remaining attempts, after the first backoff.
  if (settings.retry.retries < 1) throw answer;
  let delayMs: number;
  try {
    delayMs = (await loadHttp()).backoffMs(1);
  } catch (error) {
    throw toWidgetError(error);
  }
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  return axiosGetJson(url, settings.retry.retries - 1);
}

/** Parses a response body that must be JSON. @throws WidgetError('INVALID_RESPONSE') when empty or malformed. */
export function parseJsonBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  if (data.trim() === '') throw new WidgetError('INVALID_RESPONSE', 'The server sent an empty answer.');
  try {
    return JSON.parse(data);
  } catch (cause) {
    throw new WidgetError('INVALID_RESPONSE', 'The server sent an answer we could not read.', { cause, body: data });
  }
}

/** A new Idempotency-Key for one confirmed intent (docs/architecture.md "Exactly once"). */
export function newIdempotencyKey(): string {
  return uuidv4();
}

/**
 * POST a committing call (ProcessRefund, ProcessRefundWithReplacement, submit-claim) exactly
 * once: never retried by the code, carrying `idempotencyKey` so a traveller's own retry is
 * recognised by the server. Any 2xx is success, whatever the body (docs/architecture.md).
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR)
 */
export async function postCommitting(path: string, body: unknown, idempotencyKey: string): Promise<unknown> {
  try {
    const { api } = await loadHttp();
    const response = await api.post(apiUrl(path), body, {
      timeout: settings.timeouts.post,
      headers: { 'Idempotency-Key': idempotencyKey, 'Content-Type': 'application/json' },
      'axios-retry': { retries: 0 },
    } as Parameters<AxiosInstance['post']>[2]);
    return response.data;
  } catch (error) {
    throw toWidgetError(error);
  }
}

/**
 * POST a non-committing call (LookupJourneys, the replacement DryRun) to a fixed API path and
 * return its parsed JSON body. Not retried (a POST), no Idempotency-Key (it changes nothing),
 * GET timeout. @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, INVALID_RESPONSE)
 */
export async function postJson(path: string, body: unknown): Promise<unknown> {
  try {
    const { api } = await loadHttp();
    const response = await api.post(apiUrl(path), body, {
      timeout: settings.timeouts.get,
      headers: { 'Content-Type': 'application/json' },
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      'axios-retry': { retries: 0 },
    } as Parameters<AxiosInstance['post']>[2]);
    return parseJsonBody(response.data);
  } catch (error) {
    throw toWidgetError(error);
  }
}
