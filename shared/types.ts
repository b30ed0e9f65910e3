/**
 * Domain types of docs/product-rules.md section 3. Amounts are integer pence; times are ISO-like strings with
 * no offset, London wall-clock (docs/decisions.md "Time"); `0001-01-01…` is the empty date.
 */

/** Transport modes (docs/product-rules.md section 3); other strings may arrive and render nothing. */
export type TransportMode = 'TRAIN' | 'TUBE' | 'SHIP' | 'BUS';

export type JourneyScope = 'All' | 'In' | 'Out';

export interface JourneyLegRef {
  legRecordID: number;
}

export interface Journey {
  journeyID?: number;
  legs: JourneyLegRef[];
}

/** Leg record of the Details JSON. `trainRecordID` is null/absent for a leg with no train record. */
export interface LegRecord {
  legRecordID: number;
  trainRecordID?: number | null;
  originDepartTime: string;
  destinationArriveTime: string;
  originCRS: string;
  destinationCRS: string;
  mode: string;
}

/** A calling point of a train record; either time may be the empty date. */
export interface Stop {
  crs: string;
  arriveTime: string;
  departTime: string;
}

export interface TrainRecord {
  trainRecordID: number;
  stops: Stop[];
}

/** Count and unit price (pence) of tickets issued. */
export interface TicketsIssued {
  count: number;
  price: number;
}

/** A fare of the Details JSON. `advanceBooking` 1 means an advance fare. */
export interface FareDetail {
  ticketCode: string;
  routeCode: string;
  fromUIC: string;
  toUIC: string;
  advanceBooking: number;
  ticketDescription: string;
  tickets: { ticketsIssued: TicketsIssued[] }[];
}

/** Journey planner results of the Details JSON; only the first outbound and first return journey are used. */
export interface JourneyPlannerResults {
  outboundJourneys: Journey[];
  returnJourneys: Journey[];
  legRecords: LegRecord[];
  trainRecords: TrainRecord[];
  fareDetails: FareDetail[];
}

/** The Details JSON a host page embeds. */
export interface Details {
  bookingReference: string;
  email: string;
  JourneyPlannerResults: JourneyPlannerResults;
}

/** CRS code → station name. */
export type StationNames = Record<string, string>;

export interface RefundCode {
  reasonCode: string;
  scopes: { scope: JourneyScope; selfRefundPermitted: boolean }[];
}

export interface RefundStatusJourney {
  journeyID: number;
  ticketsValueAsReplacement: number;
  isPrinted: boolean;
  refundOptions: { refundCodes: RefundCode[] };
}

/** Refund status; all values in pence. */
export interface RefundStatus {
  journeyID: number;
  journeys: RefundStatusJourney[];
  ticketsRefundValue: number;
  adminFee: number;
  ticketsReplaceValue: number;
  adminFeeReplacement: number;
  canDeferExchange: boolean;
  isCancelled: boolean;
  isPrinted: boolean;
  isScanned: boolean;
  bookingReference: string;
}

/** Refund status response; `refundStatus` null means no matching journey. */
export interface RefundStatusResponse {
  refundStatus: RefundStatus | null;
  isFeeFree: boolean;
  protectedReference: string | null;
  replacementProtectedReference: string | null;
}

/** Dry run result (pence). */
export interface DryRunResult {
  refundValue: number;
  adminFee: number;
  reasonCode: string | null;
}

/** Body of POST /api/ProcessRefund. */
export interface ConfirmRefundRequest {
  protectedReference: string;
  journeyId: number;
  covid19: boolean;
  defer: boolean;
  disruptedOutwards: boolean;
  disruptedInwards: boolean;
}

/** Body of POST /report/error. */
export interface ErrorReport {
  time: string;
  message: string;
  source: string;
  line: number;
  column: number;
  ua: string;
  pageUrl: string;
  stack: string;
}

/** The Core Web Vitals the shim reports (docs/host-contract.md "POST /report/vitals"). */
export type VitalsMetricName = 'LCP' | 'INP' | 'CLS' | 'TTFB';

export type VitalsRating = 'good' | 'needs-improvement' | 'poor';

/** Body of POST /report/vitals (docs/host-contract.md "POST /report/vitals"): one metric of one page view. */
export interface VitalsReport {
  name: VitalsMetricName;
  /** Milliseconds (LCP, INP, TTFB; whole numbers) or the layout-shift score (CLS; 4 decimals). */
  value: number;
  rating: VitalsRating;
  /** The widget whose mount holds the metric's element; null for TTFB and elements outside every mount. */
  widget: string | null;
  /** The page's path, without query, fragment, booking reference or email address. */
  route: string;
}
