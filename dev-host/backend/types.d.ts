// The dev host's answers and the fixture fields it reads (full shapes: docs/host-contract.md).

/** An answer of the reference backend: JSON (none: no body), or text with its content type. */
export type Answer = { status: number; json?: unknown } | { status: number; text: string; contentType?: string };

/** A fixture's planned HTTP failure in place of an answer. */
export interface HttpError {
  httpError: { status: number; body?: string; contentType?: string };
}

/** The refund status of a booking as the fixtures give it (docs/host-contract.md "GET the refund status"). */
export interface RefundStatus {
  journeyID: number;
  isCancelled: boolean;
  canDeferExchange?: boolean;
  ticketsRefundValue: number;
  ticketsReplaceValue: number;
  adminFee: number;
  adminFeeReplacement: number;
  [field: string]: unknown;
}

/** The status answer of a booking. */
export interface StatusAnswer {
  protectedReference?: string | null;
  replacementProtectedReference?: string | null;
  refundStatus: RefundStatus | null;
  [field: string]: unknown;
}

/** The dry run answer of a booking. */
export interface DryRun {
  refundValue: number;
  adminFee: number;
  reasonCode: string | null;
}

/** One named state of fixtures/bookings.json. */
export interface BookingState {
  label?: string;
  bookingReference: string;
  email: string;
  status: StatusAnswer | HttpError | null;
  dryRun: DryRun | HttpError;
  /** The page's Details block (docs/host-contract.md). */
  details?: unknown;
  /** What the widgets show for the state (fixtures/README.md). */
  expect?: { panel?: string; [field: string]: unknown };
  /** The page's `max-admin-fee`, where it is not the dev host's default. */
  maxAdminFeePounds?: number;
  [field: string]: unknown;
}

/** One journey of a lookup answer. */
export interface LookupJourney {
  journeyID: number;
  [field: string]: unknown;
}

/** One named state of fixtures/lookups.json: a replacement booking and its LookupJourneys answer. */
export interface LookupState {
  label?: string;
  bookingReference: string;
  email: string;
  answer: Array<{ refundStatus: object | null; journeyList?: LookupJourney[] | null }> | HttpError;
  /** Planned dry runs of the replacement journeys, by journey id. */
  dryRuns?: Record<string, DryRun | HttpError>;
}

/** A fixture state found by its booking reference, with its name. */
export interface Found {
  name: string;
  state: BookingState;
}

/** What a booking's page is rendered from (views.js). */
export interface PageOptions {
  state: BookingState;
  stations: Record<string, string>;
  /** The antiforgery token the page carries (docs/security.md). */
  csrfToken?: string;
  /** `unavailable`: the refund widget's unavailable view. */
  view?: string;
}

/** Where the dev host logs problems. */
export interface Logger {
  warn(message: string): void;
  info?(message: string): void;
}
