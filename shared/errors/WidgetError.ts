/**
 * The one error family of the widgets and the shim (docs/decisions.md "One error family"; docs/host-contract.md
 * "Error codes"): `WidgetError`, and its subclasses `SetupError` (shared/mount/setupError.ts) and
 * `ShimConfigError` (host-shim/config.ts), each with a fixed `name` so that minification cannot
 * mangle it; `code` says which failure it is; `cause` keeps the original.
 */

/**
 * Every code a {@link WidgetError} may carry, in the order of the table in docs/host-contract.md
 * "Error codes" (a test keeps the two the same).
 */
export const WIDGET_ERROR_CODES = [
  /** Details JSON absent or unparsable: the mount point shows `Missing JSON data from DOM`. */
  'MISSING_DETAILS',
  /** Station names block absent or unparsable (docs/product-rules.md section 8 "the station map is missing"). */
  'MISSING_STATION_MAP',
  /** Page data present but not of the expected shape (attributes, Details fields), or no mount element. */
  'INVALID_PAGE_DATA',
  /** A UIC code that is not `70` + 4 characters + optional `0`. */
  'INVALID_UIC',
  /** `RefundWidgets.mount()` was given a name that is no widget or mount id ({@link SetupError}). */
  'UNKNOWN_WIDGET',
  /** A mount id on more than one element (docs/host-contract.md "One element per id"; SetupError). */
  'DUPLICATE_MOUNT_ID',
  /** `data-remotes-base` or `data-api-base` is no base built in (ShimConfigError). */
  'BASE_REFUSED',
  /** The shim could not read its own tag or the page's address (ShimConfigError). */
  'SHIM_CONFIG_UNREADABLE',
  /** Copies of the shim's tag differ (docs/security.md "One shim"; ShimConfigError). */
  'SHIM_TAGS_DIFFER',
  /** A named element shadows a property of `document` that the widgets read (docs/security.md). */
  'DOCUMENT_SHADOWED',
  /** `data-vitals` is no number from 0 to 1: a console warning, never thrown; no vitals are sent (ShimConfigError). */
  'INVALID_VITALS_RATE',
  /** No answer from the server (dropped connection, offline), or code that did not load. */
  'NETWORK_ERROR',
  /** The call's timeout ran out. */
  'TIMEOUT',
  /** The server answered 4xx/5xx; `message` is the server's text when it gave one. */
  'API_ERROR',
  /**
   * The server refused a state-changing request with 403: the page's antiforgery token or
   * session is missing or stale (docs/security.md). `message` is the server's text; the widgets
   * show {@link RELOAD_PAGE_TEXT}.
   */
  'FORBIDDEN',
  /** The server answered 2xx with a body that failed validation. */
  'INVALID_RESPONSE',
] as const;

/** Which failure a {@link WidgetError} is: one of {@link WIDGET_ERROR_CODES}. */
export type WidgetErrorCode = (typeof WIDGET_ERROR_CODES)[number];

export interface WidgetErrorOptions {
  cause?: unknown;
  /** HTTP status for API errors. */
  status?: number;
  /** Server body text (for display as details). */
  body?: string;
}

/**
 * Typed error with a fixed code; see {@link WidgetErrorCode}. `cause`, `status` and `body` are own
 * properties only when given, so a subclass's error carries just its own fields (what
 * `RefundWidgets.mount()` rejects with, docs/host-contract.md "Mounting by hand").
 */
export class WidgetError extends Error {
  readonly code: WidgetErrorCode;
  // `declare`: no field is defined unless the constructor sets it (the build's swc would define
  // each as undefined, and a SetupError would carry them).
  declare readonly status?: number;
  declare readonly body?: string;
  declare readonly cause?: unknown;

  constructor(code: WidgetErrorCode, message: string, options: WidgetErrorOptions = {}) {
    super(message);
    this.name = 'WidgetError';
    this.code = code;
    if (options.cause !== undefined) this.cause = options.cause;
    if (options.status !== undefined) this.status = options.status;
    if (options.body !== undefined) this.body = options.body;
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/**
 * True when `value` is a {@link WidgetError} (a SetupError and a ShimConfigError too), optionally
 * of the given code. `instanceof` holds within one bundle only: across the shim and a widget's
 * remote, check `name` and `code` (as `isSetupError` of shared/mount/setupError.ts does).
 */
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
