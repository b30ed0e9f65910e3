/**
 * The request policy: every rule of how the widgets talk to the server, in one module
 * (docs/architecture.md "One request layer"). The axios client (shared/api/client.ts and
 * shared/api/http.ts), the first panel's prefetch (shared/runtime/prefetch.ts), the uploads
 * (shared/api/client.ts `uploadPhoto`) and the error report (shared/runtime/index.ts) all read
 * their rules here:
 *
 * - where requests go and with which credentials ({@link resolveApiUrl},
 *   {@link crossOriginApiRequest});
 * - which headers they carry ({@link requestHeaders}: `X-Requested-With` and the antiforgery
 *   token on every state-changing request);
 * - how long they may take and how often a transient failure is tried again ({@link settings},
 *   {@link isTransientStatus});
 * - what every failure becomes ({@link toWidgetError}), written once.
 *
 * It imports nothing but the error type, so the page runtime and the shim can use it without
 * loading axios, and nothing imports back into it.
 */
import { FORBIDDEN_STATUS, WidgetError } from '../errors/WidgetError';

/** Timeouts in milliseconds by kind of call. */
export interface ClientTimeouts {
  /** GETs, the prefetched first-panel GETs and the non-committing POSTs (LookupJourneys, DryRun). */
  get: number;
  /** Committing POSTs (ProcessRefund, the replacement, submit-claim) and deletes. */
  post: number;
  /** One try of one photo's upload (docs/product-rules.md section 9: the upload widget's 30 s). */
  upload: number;
}

/** Retry policy of the calls that may be tried again (GETs, idempotent uploads). */
export interface RetryPolicy {
  /** Tries after the first (2: three tries in all). */
  retries: number;
  /** Base delay (ms) of the exponential backoff (axios-retry `exponentialDelay`). */
  baseDelayMs: number;
}

/** The current timeouts and retry policy, read at each request. */
export const settings: { timeouts: ClientTimeouts; retry: RetryPolicy } = {
  timeouts: { get: 20_000, post: 60_000, upload: 30_000 },
  retry: { retries: 2, baseDelayMs: 300 },
};

/**
 * Replaces the timeouts (ms) and/or the retry policy; used by tests and by hosts that need it.
 *
 * @param options the fields to replace; the others keep their value
 */
export function configureClient(options: { timeouts?: Partial<ClientTimeouts>; retry?: Partial<RetryPolicy> }): void {
  settings.timeouts = { ...settings.timeouts, ...options.timeouts };
  settings.retry = { ...settings.retry, ...options.retry };
}

/**
 * A fixed API path of docs/product-rules.md section 7 against the API base.
 *
 * @param path e.g. `/api/ProcessRefund`
 * @param apiBase the shim's `data-api-base`, without a trailing slash ('' = the page's origin)
 * @returns `apiBase + path`
 */
export function resolveApiUrl(path: string, apiBase: string): string {
  return `${apiBase}${path}`;
}

/**
 * Whether a request to `url` carries the browser's cookies across origins: true only when
 * `apiBase` is an absolute URL of another origin than the page's and `url` resolves to that
 * same origin (docs/cross-origin.md). Same-origin requests carry cookies anyway; no other origin
 * ever gets them. Never throws.
 *
 * @param url an absolute URL or one relative to `pageUrl`
 * @param apiBase the shim's `data-api-base` ('' = the page's origin)
 * @param pageUrl the page's address
 */
export function crossOriginApiRequest(url: string, apiBase: string, pageUrl: string): boolean {
  if (apiBase === '') return false;
  try {
    const page = new URL(pageUrl);
    const api = new URL(apiBase, page).origin;
    return api !== page.origin && new URL(url, page).origin === api;
  } catch {
    return false;
  }
}

/** Header of the antiforgery token: the name ASP.NET Core's antiforgery reads. */
const ANTIFORGERY_HEADER = 'RequestVerificationToken';
/** A token we send: visible ASCII only, so it is a valid header value. */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,4096}$/;
const SAFE_METHODS = ['get', 'head', 'options'];

/** What every GET asks for: what axios sends by default, so the prefetch and axios send the same request. */
export const ACCEPT_HEADER = 'application/json, text/plain, */*';

const TOKEN_META = 'meta[name="request-verification-token"]';
const TOKEN_INPUT = 'input[name="__RequestVerificationToken"]';

/**
 * The page's antiforgery token (docs/security.md "Sessions and antiforgery on the reference backend"), from the host's one source: the
 * content of `<meta name="request-verification-token">` in the `<head>`, else the value of the
 * first `input[name="__RequestVerificationToken"]` (what `@Html.AntiForgeryToken()` renders),
 * else null. A meta outside the head (markup put into the page's body) is never read
 * ({@link strayTokenSources}). A value that is empty or not visible ASCII counts as none.
 *
 * @param doc the page (default `document`)
 * @returns the token or null
 */
export function requestVerificationToken(doc: Document = document): string | null {
  const meta = doc.head?.querySelector(TOKEN_META);
  const candidate = meta ? meta.getAttribute('content') : doc.querySelector<HTMLInputElement>(TOKEN_INPUT)?.value;
  const token = candidate?.trim();
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

/**
 * How many `<meta name="request-verification-token">` the page has outside its `<head>`: a second
 * source no host renders, ignored by {@link requestVerificationToken} and reported by the request layer.
 */
export function strayTokenSources(doc: Document = document): number {
  return Array.from(doc.querySelectorAll(TOKEN_META)).filter((meta) => !doc.head?.contains(meta)).length;
}

/** Whether an HTTP method changes state (anything but GET, HEAD, OPTIONS; none is a GET). */
export function isStateChanging(method: string | undefined): boolean {
  return !SAFE_METHODS.includes((method ?? 'get').toLowerCase());
}

/**
 * The headers the policy adds to a request (docs/security.md): on a state-changing one,
 * `X-Requested-With: XMLHttpRequest` (so that from another origin it needs a CORS preflight even
 * without a token or body) and the page's antiforgery token as `RequestVerificationToken` when
 * the page has one, read as the request leaves so a renewed token is followed; on a GET, HEAD or
 * OPTIONS, none.
 *
 * @param method the HTTP method, any case
 * @param doc the page (default `document`, none outside a browser)
 * @returns header name → value
 */
export function requestHeaders(
  method: string | undefined,
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): Record<string, string> {
  if (!isStateChanging(method)) return {};
  // Without a page (a worker, a server render) there is no token to read.
  const token = doc ? requestVerificationToken(doc) : null;
  return { 'X-Requested-With': 'XMLHttpRequest', ...(token ? { [ANTIFORGERY_HEADER]: token } : {}) };
}

/** Whether an HTTP status is a transient failure a retry may mend: 408, 429 or 5xx. */
export const isTransientStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/**
 * Whether an answer settles a committing action for good, so its Idempotency-Key is forgotten
 * (docs/offline.md "Committing actions"): a 2xx, or a 4xx that is neither transient nor 409 (the
 * same key still being processed: the first request's answer is yet to come).
 *
 * @param status the answer's HTTP status; undefined when there was none
 */
export function isDefiniteAnswer(status: number | undefined): boolean {
  if (status === undefined) return false;
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && status !== 409 && !isTransientStatus(status);
}

/**
 * Whether a failure (a {@link WidgetError} of {@link toWidgetError}) may be mended by trying
 * again: no answer, a timeout, or a transient status. Any other answer is not.
 */
export function isTransientFailure(error: WidgetError): boolean {
  if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT') return true;
  return error.code === 'API_ERROR' && error.status !== undefined && isTransientStatus(error.status);
}

/**
 * Extracts the server's message from an error body: plain text, `{message}`, `{error}`,
 * `{Message}`, `{title}`, `{detail}` or a bare JSON string (docs/decisions.md "Server error
 * answers"); '' for none.
 */
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
 * The WidgetError of an answer with HTTP status `status` and body `data`: `FORBIDDEN` for a 403
 * to a state-changing request (stale token or session: reload the page), else `API_ERROR`, with
 * the server's text, else `Server responded with {status} code.`
 *
 * @param status the HTTP status
 * @param data the body, as text or parsed
 * @param method the request's method
 * @param cause the original failure
 */
export function answerError(status: number, data: unknown, method?: string, cause?: unknown): WidgetError {
  const code = status === FORBIDDEN_STATUS && isStateChanging(method) ? 'FORBIDDEN' : 'API_ERROR';
  const message = serverMessage(data) || `Server responded with ${status} code.`;
  return new WidgetError(code, message, { cause, status, body: bodyText(data) });
}

/** The message of a piece of code (a chunk, a shared module, a remote) that could not be loaded. */
export const CODE_LOAD_MESSAGE = 'Part of this page could not be loaded.';

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
 * read here without loading axios.
 */
function isAxiosError(error: unknown): error is AxiosFailure {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/**
 * Whether `error` is a failure to load code: webpack's `ChunkLoadError`, which is what a chunk, a
 * shared module of the federation share scope or a lazily loaded component throws when its file
 * does not arrive (docs/offline.md "Code that loads again"). Told by its name, never its message.
 */
export function isCodeLoadFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/**
 * Maps any failure of a request to a {@link WidgetError} (docs/product-rules.md section 8), the one
 * place this is written:
 *
 * - a WidgetError passes through;
 * - an axios timeout (`ETIMEDOUT`) is `TIMEOUT`;
 * - an axios answer is {@link answerError} (`API_ERROR` or `FORBIDDEN`);
 * - code that could not be loaded is `NETWORK_ERROR` with {@link CODE_LOAD_MESSAGE}: the
 *   traveller never reads a chunk's name or URL;
 * - anything else (no answer, an aborted request, any other thrown value) is `NETWORK_ERROR`.
 *
 * The original is the `cause`.
 */
export function toWidgetError(error: unknown): WidgetError {
  if (error instanceof WidgetError) return error;
  if (isAxiosError(error)) {
    // ETIMEDOUT: the call timed out (shared/api/http.ts asks axios to tell it apart from
    // ECONNABORTED, a request the browser aborted, which is a NETWORK_ERROR like no answer).
    if (error.code === 'ETIMEDOUT') return new WidgetError('TIMEOUT', error.message, { cause: error });
    if (error.response) return answerError(error.response.status, error.response.data, error.config?.method, error);
    return new WidgetError('NETWORK_ERROR', error.message || 'Network Error', { cause: error });
  }
  if (isCodeLoadFailure(error)) return new WidgetError('NETWORK_ERROR', CODE_LOAD_MESSAGE, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new WidgetError('NETWORK_ERROR', message, { cause: error });
}

/**
 * Parses a response body that must be JSON.
 *
 * @param data the body as text (or already parsed, passed through)
 * @returns the parsed value
 * @throws WidgetError('INVALID_RESPONSE') when empty or malformed
 */
export function parseJsonBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  if (data.trim() === '') throw new WidgetError('INVALID_RESPONSE', 'The server sent an empty answer.');
  try {
    return JSON.parse(data);
  } catch (cause) {
    throw new WidgetError('INVALID_RESPONSE', 'The server sent an answer we could not read.', { cause, body: data });
  }
}
