import type { QueryFlags } from '../../shared/page/readPageData';
import type { Details, StationNames } from '../../shared/types';

/** Everything the manual claim widget reads from its page, validated once by `mount` (docs/host-contract.md "The widgets"). */
export interface ManualClaimConfig {
  details: Details;
  stations: StationNames;
  /** Sent as the `Journey-Id` header of each upload (docs/product-rules.md section 7): `data-journey-id`, else the first outbound journey's id. */
  journeyId: string;
  /** Where the traveller e-mails the images when the claim fails (docs/product-rules.md section 8). */
  supportEmail: string;
  /** True when any fare is an advance fare (`advanceBooking` 1): the replacement reference field shows. */
  advanceFare: boolean;
  /** `BookingReference`, `Email`, `Disruption`, `covid19` of the page's query. */
  query: QueryFlags;
  /**
   * The query's `PartJourney` flag: the traveller came from the refund page's part-journey replacement
   * link, and the introduction says what evidence a part journey needs (docs/uploads.md "What the traveller reads").
   */
  partJourney: boolean;
  /** `data-start-url`: where "Start again" leads; default `/`. */
  startUrl: string;
}

/** One line of the expected tickets list: a fare's description with a count and a unit price. */
export interface ExpectedTicket {
  description: string;
  count: number;
  /** Price of one ticket, integer pence. */
  pricePence: number;
}

/** The body of POST /tickets/submit-claim (docs/product-rules.md sections 3 and 7; docs/decisions.md "What each line shows or sends"). */
export interface SubmitClaimRequest {
  /** The booking reference. */
  Ctr: string;
  /** The upload ids of the accepted images, in upload order. */
  Images: string[];
  /** The replacement booking reference, only when given. */
  ReplacementCtr?: string;
  /** Only when the page's `Disruption` query flag is set (an extra field servers may ignore). */
  Disruption?: true;
}

/** Values of the claim form (the replacement reference is its only field). */
export interface ClaimFormValues {
  replacementReference: string;
}

/** What the upload area tells the widget after each change. */
export interface UploadSummary {
  /** Upload ids of the files the server accepted and that are still listed, in upload order. */
  uploadIds: string[];
  /** True while a file is waiting, resizing, uploading or being removed. */
  busy: boolean;
}
