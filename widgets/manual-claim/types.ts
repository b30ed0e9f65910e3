import type { QueryFlags } from '../../shared/page/readPageData';
import type { Details, StationNames } from '../../shared/types';

/** The manual claim page's data, validated once by `mount` (docs/host-contract.md "The widgets"). */
export interface ManualClaimConfig {
  details: Details;
  stations: StationNames;
  /** The uploads' `Journey-Id`: `data-journey-id`, else the first outbound journey's id. */
  journeyId: string;
  supportEmail: string;
  /** Any fare has `advanceBooking` 1: the replacement reference field shows. */
  advanceFare: boolean;
  query: QueryFlags;
  /** The query's `PartJourney`: the introduction asks for a part journey's evidence. */
  partJourney: boolean;
  startUrl: string;
}

/** One line of the expected tickets list: a fare's description with a count and a unit price. */
export interface ExpectedTicket {
  description: string;
  count: number;
  /** Price of one ticket, integer pence. */
  pricePence: number;
}

/** The body of POST /tickets/submit-claim (docs/decisions.md "What each line shows or sends"). */
export interface SubmitClaimRequest {
  Ctr: string;
  /** Upload ids of the accepted images, in upload order. */
  Images: string[];
  /** Only when given. */
  ReplacementCtr?: string;
  /** Only when the `Disruption` query flag is set. */
  Disruption?: true;
}

export interface ClaimFormValues {
  replacementReference: string;
}

/** What the upload area tells the widget after each change. */
export interface UploadSummary {
  /** Upload ids of the accepted files still listed, in upload order. */
  uploadIds: string[];
  /** True while a file is waiting, resizing, uploading or being removed. */
  busy: boolean;
}
