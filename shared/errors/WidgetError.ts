/**
 * The one error family of the widgets and the shim (docs/decisions.md "One error family"):
 * `WidgetError` and its subclasses `SetupError` and `ShimConfigError`, each with a fixed `name`.
 */

/** Every code, in the order of docs/host-contract.md "Error codes", which says what each means. */
export const WIDGET_ERROR_CODES = [
  'MISSING_DETAILS',
  'MISSING_STATION_MAP',
  'INVALID_PAGE_DATA',
  'INVALID_UIC',
  'UNKNOWN_WIDGET',
  'DUPLICATE_MOUNT_ID',
  'BASE_REFUSED',
  'SHIM_CONFIG_UNREADABLE',
  'SHIM_TAGS_DIFFER',
  'DOCUMENT_SHADOWED',
  'INVALID_VITALS_RATE',
  'NETWORK_ERROR',
  'TIMEOUT',
  'API_ERROR',
  'FORBIDDEN',
  'INVALID_RESPONSE',
] as const;

export type WidgetErrorCode = (typeof WIDGET_ERROR_CODES)[number];

export interface WidgetErrorOptions {
  cause?: unknown;
  /** HTTP status for API errors. */
  status?: number;
  /** Server body text. */
  body?: string;
}

/** Typed error with a fixed code; `cause`, `status` and `body` are own properties only when given. */
export class WidgetError extends Error {
  readonly code: WidgetErrorCode;
  // `declare`: swc would otherwise define each as undefined on every error.
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
 * True when `value` is a WidgetError (subclasses too), optionally of `code`. `instanceof` holds within
 * one bundle only: across the shim and a remote, check `name` and `code`.
 */
export function isWidgetError(value: unknown, code?: WidgetErrorCode): value is WidgetError {
  return value instanceof WidgetError && (code === undefined || value.code === code);
}

/** Texts docs/product-rules.md section 8 fixes for page-data failures. */
export const MISSING_DETAILS_TEXT = 'Missing JSON data from DOM';
export const MISSING_STATION_MAP_TEXT =
  'We could not load the station names for this page. Please refresh the page or try again later.';
export const INVALID_UIC_TEXT = 'Invalid UIC format';

/** Shown for a 403 to a state-changing request: a reload renders a fresh token and session (docs/security.md). */
export const RELOAD_PAGE_TEXT = 'This page has expired. Please reload the page and try again.';

export const FORBIDDEN_STATUS = 403;

/** {@link RELOAD_PAGE_TEXT} for a `FORBIDDEN` error, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return isWidgetError(error, 'FORBIDDEN') ? RELOAD_PAGE_TEXT : fallback;
}
