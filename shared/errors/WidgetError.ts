/**
 * The one error type of the widgets (STYLE.md habit 4). `name` is set explicitly so that
 * minification cannot mangle it; `code` says which failure it is; `cause` keeps the original.
 */
export type WidgetErrorCode =
  /** Details JSON absent or unparsable: the mount point shows `Missing JSON data from DOM`. */
  | 'MISSING_DETAILS'
  /** Station names block absent or unparsable (docs/product-rules.md section 8 "Missing station map"). */
  | 'MISSING_STATION_MAP'
  /** Page data present but not of the expected shape (attributes, Details fields). */
  | 'INVALID_PAGE_DATA'
  /** A UIC code that is not `70` + 4 characters + optional `0`. */
  | 'INVALID_UIC'
  /** No answer from the server (dropped connection, offline). */
  | 'NETWORK_ERROR'
  /** The call's timeout ran out. */
  | 'TIMEOUT'
  /** The server answered 4xx/5xx; `message` is the server's text when it gave one. */
  | 'API_ERROR'
  /**
   * The server refused a state-changing request with 403: the page's antiforgery token or
   * session is missing or stale (docs/security.md). `message` is the server's text; the widgets
   * show {@link RELOAD_PAGE_TEXT}.
   */
  | 'FORBIDDEN'
  /** The server answered 2xx with a body that failed validation. */
  | 'INVALID_RESPONSE'
  /** A remote failed to load or a widget threw while mounting. */
  | 'WIDGET_LOAD_ERROR';

export interface WidgetErrorOptions {
  cause?: unknown;
  /** HTTP status for API errors. */
  status?: number;
  /** Server body text (for display as details). */
  body?: string;
}

/** Typed error with a fixed code; see {@link WidgetErrorCode}. */
export class WidgetError extends Error {
  readonly code: WidgetErrorCode;
  readonly status?: number;
  readonly body?: string;
  override readonly cause?: unknown;

  constructor(code: WidgetErrorCode, message: string, options: WidgetErrorOptions = {}) {
    super(message);
    this.name = 'WidgetError';
    this.code = code;
    this.cause = options.cause;
    this.status = options.status;
    this.body = options.body;
    Object.setPrototypeOf(this, WidgetError.prototype);
  }
}

/** True when `value` is a {@link WidgetError}, optionally of the given code. */
export function isWidgetError(value: unknown, code?: WidgetErrorCode): value is WidgetError {
  return value instanceof WidgetError && (code === undefined || value.code === code);
}

/** Texts docs/product-rules.md section 8 fixes for page-data failures. */
export const MISSING_DETAILS_TEXT = 'Missing JSON data from DOM';
export const MISSING_STATION_MAP_TEXT =
  'We could not load the station names for this page. Please refresh the page or try again later.';
export const INVALID_UIC_TEXT = 'Invalid UIC format';

/**
 * What the widgets show when the server refuses a state-changing request with 403 (missing or
 * stale antiforgery token or session; docs/security.md): reloading the page renders a fresh token
 * and session.
 */
export const RELOAD_PAGE_TEXT = 'This page has expired. Please reload the page and try again.';

/** HTTP status of a refused state-changing request ({@link RELOAD_PAGE_TEXT}). */
export const FORBIDDEN_STATUS = 403;

/**
 * The text for a failed state-changing request: {@link RELOAD_PAGE_TEXT} for a `FORBIDDEN`
 * error, else `fallback` (the call's catalogued message).
 *
 * @param error any thrown value
 * @param fallback the text for every other failure
 */
export function failureText(error: unknown, fallback: string): string {
  return isWidgetError(error, 'FORBIDDEN') ? RELOAD_PAGE_TEXT : fallback;
}
