/**
 * Types of the replacement and deferral paths (docs/product-rules.md section 3: lookup request and response,
 * replacement request). Amounts are integer pence; times are London wall-clock with no offset.
 */

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
  /** The replacement booking's reference as the server gives it; '' when it gave none. */
  bookingReference: string;
  /** Total cost in pence. */
  totalCost: number;
  legRecordsOut: LookupLeg[];
  /** `[]` for a single. */
  legRecordsRtn: LookupLeg[];
}

/** Body of POST /api/ProcessRefundWithReplacement and its DryRun (docs/product-rules.md section 3 "Replacement request"). */
export interface ReplacementRequest {
  protectedReference: string;
  journeyId: number;
  replacementBookingReference: string;
  replacementJourneyId: number;
}

/** Values of the 'Provide replacement journey' form. */
export interface ReplacementFormValues {
  bookingReference: string;
  email: string;
}
