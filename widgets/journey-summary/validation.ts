/**
 * What the journey summary checks before it shows anything: its page data, and nothing else (it
 * has no form, makes no call and keeps nothing). The Details and the station names are checked by
 * the page-data reader every widget uses (shared/page/readPageData.ts; docs/host-contract.md
 * "Page data"); this module says which of them the summary reads, from which document, and in
 * which order they are checked.
 */
import { readDetails, readStationNames } from '../../shared/page/readPageData';
import type { JourneySummaryConfig } from './types';

/**
 * Reads the journey summary's page data (docs/host-contract.md "The widgets": `journeySummary`):
 * the Details block named by the mount's `data-details-id` (default `#refund-details`), then the
 * station names, both from the mount element's own document. Nothing else of the page is read:
 * no query, no meta, no other `data-*` attribute.
 *
 * @param element the mount element
 * @returns the validated {@link JourneySummaryConfig}
 * @throws WidgetError('MISSING_DETAILS', 'Missing JSON data from DOM') when the Details are
 *   absent or invalid (checked first), else WidgetError('MISSING_STATION_MAP') when the station
 *   names are
 */
export function readJourneySummaryConfig(element: HTMLElement): JourneySummaryConfig {
  const doc = element.ownerDocument;
  const details = readDetails(element, doc);
  return { details, stations: readStationNames(doc) };
}
