import type { Details, StationNames } from '../../shared/types';

/**
 * Everything the journey summary reads from its page (docs/host-contract.md "The widgets":
 * `journeySummary`), validated once by `mount` (validation.ts `readJourneySummaryConfig`).
 */
export interface JourneySummaryConfig {
  /** The Details JSON of `#refund-details`, or of the block the mount's `data-details-id` names. */
  details: Details;
  /** The station-name map of `#station-names`. */
  stations: StationNames;
}
