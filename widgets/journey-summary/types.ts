import type { Details, StationNames } from '../../shared/types';

/** The journey summary's page data (docs/host-contract.md "The widgets"), validated once by `mount`. */
export interface JourneySummaryConfig {
  /** The Details JSON of `#refund-details`, or of the block the mount's `data-details-id` names. */
  details: Details;
  /** The station-name map of `#station-names`. */
  stations: StationNames;
}
