/**
 * Setup errors for the developer (docs/host-contract.md "Mounting by hand"): one `refund-widgets:`
 * console error naming widget, mount id and problem, one report, and a rejected `mount()`.
 */
import { reportError } from '@rw/page-runtime';
import { isWidgetError, WidgetError, type WidgetErrorCode } from '../errors/WidgetError';

/** The page-data codes: the WidgetErrors that mean the page is set up wrongly ({@link isSetupProblem}). */
const PAGE_DATA_CODES = ['MISSING_DETAILS', 'MISSING_STATION_MAP', 'INVALID_PAGE_DATA'] as const;

/** The codes a SetupError carries: the page-data ones, an unknown widget name, a duplicated mount id. */
const SETUP_ERROR_CODES = [
  ...PAGE_DATA_CODES,
  'UNKNOWN_WIDGET',
  'DUPLICATE_MOUNT_ID',
] as const satisfies readonly WidgetErrorCode[];

/**
 * Which setup problem it is: the WidgetError code of the page data, an unknown widget name, or a
 * mount id that more than one element carries (docs/host-contract.md "One element per id").
 */
export type SetupErrorCode = (typeof SETUP_ERROR_CODES)[number];

/** What `RefundWidgets.mount()` rejects with for a setup problem; `message` is the console line. */
export class SetupError extends WidgetError {
  declare readonly code: SetupErrorCode;
  readonly widget: string;
  readonly mountId: string;
  /** The exact problem, e.g. `Invalid Details in "#refund-details": JourneyPlannerResults: required (…)`. */
  readonly detail: string;

  constructor(code: SetupErrorCode, widget: string, mountId: string, detail: string) {
    super(code, `refund-widgets: widget "${widget}", mount #${mountId || '(no id)'}: ${detail}`);
    this.name = 'SetupError';
    this.widget = widget;
    this.mountId = mountId;
    this.detail = detail;
  }
}

/** True for a SetupError of any bundle, told by `name` and `code` (`instanceof` holds within one bundle only). */
export function isSetupError(value: unknown): value is SetupError {
  return (
    value instanceof Error &&
    value.name === 'SetupError' &&
    (SETUP_ERROR_CODES as readonly unknown[]).includes((value as { code?: unknown }).code)
  );
}

/** True for the WidgetErrors that mean the page is set up wrongly. */
export function isSetupProblem(error: unknown): error is WidgetError {
  return isWidgetError(error) && (PAGE_DATA_CODES as readonly string[]).includes(error.code);
}

/** The developer's reason: the first `cause` that is not a WidgetError, else the message. */
function reasonOf(error: WidgetError): string {
  let cause: unknown = error.cause;
  while (cause instanceof Error) {
    if (!isWidgetError(cause)) return cause.message;
    cause = cause.cause;
  }
  return error.message;
}

/** The SetupError of a page-data WidgetError thrown while `widget` read its page. */
export function setupErrorOf(error: WidgetError, widget: string, mountId: string): SetupError {
  return new SetupError(error.code as SetupErrorCode, widget, mountId, reasonOf(error));
}

/** One `console.error` and one error report with the SetupError's message. */
export function announceSetupError(error: SetupError): void {
  console.error(error.message);
  reportError(error.message, { source: `widget:${error.widget}` });
}
