/**
 * The request policy every request reads: URLs, credentials, headers, timeouts, retries and what a
 * failure becomes (docs/architecture.md "One request layer"). Imports no axios, so the shim can use it.
 */
import antiforgeryToken from '../../contract/rules/antiforgeryToken.json';
import { FORBIDDEN_STATUS, WidgetError } from '../errors/WidgetError';

/** Timeouts in milliseconds by kind of call. */
export interface ClientTimeouts {
  /** GETs and the non-committing POSTs (LookupJourneys, DryRun). */
  get: number;
  /** Committing POSTs and deletes. */
  post: number;
  /** One try of one photo's upload (docs/product-rules.md section 9). */
  upload: number;
}

/** Retry policy of the calls that may be tried again (GETs, idempotent uploads). */
export interface RetryPolicy {
  /** Tries after the first. */
  retries: number;
  /** Base delay (ms) of axios-retry's `exponentialDelay`. */
  baseDelayMs: number;
}

/** The current timeouts and retry policy, read at each request. */
export const settings: { timeouts: ClientTimeouts; retry: RetryPolicy } = {
  timeouts: { get: 20_000, post: 60_000, upload: 30_000 },
  retry: { retries: 2, baseDelayMs: 300 },
};

/** Replaces the timeouts (ms) and/or the retry policy; the fields not given keep their value. */
export function configureClient(options: { timeouts?: Partial<ClientTimeouts>; retry?: Partial<RetryPolicy> }): void {
  settings.timeouts = { ...settings.timeouts, ...options.timeouts };
  settings.retry = { ...settings.retry, ...options.retry };
}

/** `apiBase + path`: a path of docs/product-rules.md section 7 against the shim's `data-api-base` ('' = same origin). */
export function resolveApiUrl(path: string, apiBase: string): string {
  return `${apiBase}${path}`;
}

/**
 * Whether a request to `url` carries cookies across origins: only when `apiBase` is another origin
 * than the page's and `url` is on it (docs/cross-origin.md "The API on another origin"). Never throws.
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

const ANTIFORGERY_HEADER = 'RequestVerificationToken';
/** The token's shape the widgets send (docs/host-contract.md "Shared rules"). */
const TOKEN_SHAPE = new RegExp(antiforgeryToken.pattern);
const SAFE_METHODS = ['get', 'head', 'options'];

/** What axios sends by default, so the prefetch and axios send the same request. */
export const ACCEPT_HEADER = 'application/json, text/plain, */*';

const TOKEN_META = 'meta[name="request-verification-token"]';
const TOKEN_INPUT = 'input[name="__RequestVerificationToken"]';

/**
 * The page's antiforgery token, or null: the head's `<meta name="request-verification-token">`,
 * else the first `input[name="__RequestVerificationToken"]`; only visible ASCII counts
 * (docs/security.md "Sessions and antiforgery on the reference backend").
 */
export function requestVerificationToken(doc: Document = document): string | null {
  const meta = doc.head?.querySelector(TOKEN_META);
  const candidate = meta ? meta.getAttribute('content') : doc.querySelector<HTMLInputElement>(TOKEN_INPUT)?.value;
  const token = candidate?.trim();
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

/** How many token metas are outside `<head>`: never read, reported by the request layer. */
export function strayTokenSources(doc: Document = document): number {
  return Array.from(doc.querySelectorAll(TOKEN_META)).filter((meta) => !doc.head?.contains(meta)).length;
}

export function isStateChanging(method: string | undefined): boolean {
  return !SAFE_METHODS.includes((method ?? 'get').toLowerCase());
}

/**
 * Headers of a state-changing request: `X-Requested-With` (forces a CORS preflight) and the current
 * antiforgery token when there is one; none on GET, HEAD, OPTIONS (docs/security.md).
 */
export function requestHeaders(
  method: string | undefined,
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): Record<string, string> {
  if (!isStateChanging(method)) return {};
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
 * The server's message in an error body: text, `{message}`, `{error}`, `{Message}`, `{title}`,
 * `{detail}` or a JSON string; '' for none (docs/decisions.md "Server error answers").
 */
export function serverMessage(data: unknown): string {
  if (data == null) return '';
  if (typeof data === 'string') {
    const text = data.trim();
    if (text.startsWith('{') || text.startsWith('"')) {
      try {
        return serverMessage(JSON.parse(text));
      } catch {
        // Not JSON: the text as it came.
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
 * The error of an answer: `FORBIDDEN` for a 403 to a state-changing request, else `API_ERROR`
 * with the server's text or `Server responded with {status} code.`
 */
export function answerError(status: number, data: unknown, method?: string, cause?: unknown): WidgetError {
  const code = status === FORBIDDEN_STATUS && isStateChanging(method) ? 'FORBIDDEN' : 'API_ERROR';
  const message = serverMessage(data) || `Server responded with ${status} code.`;
  return new WidgetError(code, message, { cause, status, body: bodyText(data) });
}

export const CODE_LOAD_MESSAGE = 'Part of this page could not be loaded.';

interface AxiosFailure {
  isAxiosError: true;
  code?: string;
  message: string;
  response?: { status: number; data: unknown };
  config?: { method?: string };
}

function isAxiosError(error: unknown): error is AxiosFailure {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** Whether `error` is webpack's `ChunkLoadError`, told by its name (docs/offline.md "Code that loads again"). */
export function isCodeLoadFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/**
 * Maps any failure to a WidgetError (docs/product-rules.md section 8): a WidgetError passes,
 * `ETIMEDOUT` is `TIMEOUT`, an answer is {@link answerError}, code not loaded is `NETWORK_ERROR`
 * with {@link CODE_LOAD_MESSAGE}, anything else `NETWORK_ERROR`; the original is the `cause`.
 */
export function toWidgetError(error: unknown): WidgetError {
  if (error instanceof WidgetError) return error;
  if (isAxiosError(error)) {
    // ECONNABORTED (aborted by the browser) stays a NETWORK_ERROR like no answer.
    if (error.code === 'ETIMEDOUT') return new WidgetError('TIMEOUT', error.message, { cause: error });
    if (error.response) return answerError(error.response.status, error.response.data, error.config?.method, error);
    return new WidgetError('NETWORK_ERROR', error.message || 'Network Error', { cause: error });
  }
  if (isCodeLoadFailure(error)) return new WidgetError('NETWORK_ERROR', CODE_LOAD_MESSAGE, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new WidgetError('NETWORK_ERROR', message, { cause: error });
}

/** Parses a body that must be JSON; throws WidgetError('INVALID_RESPONSE') when empty or malformed. */
export function parseJsonBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  if (data.trim() === '') throw new WidgetError('INVALID_RESPONSE', 'The server sent an empty answer.');
  try {
    return JSON.parse(data);
  } catch (cause) {
    throw new WidgetError('INVALID_RESPONSE', 'The server sent an answer we could not read.', { cause, body: data });
  }
}
