/** Replacement and deferral types (docs/product-rules.md section 3): amounts integer pence, times London wall-clock. */

/** Body of POST /api/LookupJourneys (docs/product-rules.md section 3 "Lookup request"). */
export interface LookupRequest {
  bookingReference: string;
  email: string;
}

/** A leg of a looked-up journey (docs/product-rules.md section 3 "Lookup response"). */
export interface LookupLeg {
  originDepartTime: string;
  originCRS: string;
  destinationArriveTime: string;
  destinationCRS: string;
  mode: string;
}

/** A candidate replacement journey (docs/product-rules.md section 3 "Lookup response"). */
export interface LookupJourney {
  journeyID: number;
  /** '' when the server gave none. */
  bookingReference: string;
  /** Total cost in pence. */
  totalCost: number;
  legRecordsOut: LookupLeg[];
  /** `[]` for a single. */
  legRecordsRtn: LookupLeg[];
}

/** Body of POST /api/ProcessRefundWithReplacement and its DryRun (docs/product-rules.md section 3). */
export interface ReplacementRequest {
  protectedReference: string;
  journeyId: number;
  replacementBookingReference: string;
  replacementJourneyId: number;
}

export interface ReplacementFormValues {
  bookingReference: string;
  email: string;
}
