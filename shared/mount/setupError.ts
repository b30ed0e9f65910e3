/**
 * Setup errors that speak to the developer (docs/host-contract.md "Mounting by hand"): a page set
 * up wrongly (absent, duplicated, unparsable or wrongly shaped Details or station names, a missing
 * or invalid required attribute, an unknown widget name, a mount id on more than one element) gives
 * one `console.error` beginning `refund-widgets:` that names the widget, the mount id and the exact
 * problem, one error report with the same text, and a rejected `RefundWidgets.mount()`. The
 * traveller's text in the mount point stays the product's (`Missing JSON data from DOM` etc.).
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

/**
 * The error `RefundWidgets.mount()` rejects with for a setup problem: a {@link WidgetError} named
 * `SetupError`; `message` is the console line (docs/host-contract.md "Mounting by hand", "Error
 * codes").
 */
export class SetupError extends WidgetError {
  declare readonly code: SetupErrorCode;
  /** The widget's name (`refund`), or the name given to `mount()` when it is unknown. */
  readonly widget: string;
  /** The mount element's id ('' when it has none). */
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

/**
 * True for a SetupError of any bundle: the shim's copy of the class or a widget's (each remote
 * bundles its own, and `instanceof` holds only within one; docs/architecture.md "Page-wide
 * singletons"), told by its `name` and `code`.
 */
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

/** The developer's reason of a page-data WidgetError: the first `cause` that is not a WidgetError, else its own message. */
function reasonOf(error: WidgetError): string {
  let cause: unknown = error.cause;
  while (cause instanceof Error) {
    if (!isWidgetError(cause)) return cause.message;
    cause = cause.cause;
  }
  return error.message;
}

/**
 * The SetupError of a page-data WidgetError thrown while a widget read its page.
 *
 * @param error a WidgetError with code MISSING_DETAILS, MISSING_STATION_MAP or INVALID_PAGE_DATA
 * @param widget the widget's name
 * @param mountId the mount element's id
 */
export function setupErrorOf(error: WidgetError, widget: string, mountId: string): SetupError {
  return new SetupError(error.code as SetupErrorCode, widget, mountId, reasonOf(error));
}

/**
 * Tells the developer: one `console.error` with the SetupError's message and one error report
 * (`POST /report/error`) whose message is the same text.
 */
export function announceSetupError(error: SetupError): void {
  console.error(error.message);
  reportError(error.message, { source: `widget:${error.widget}` });
}
