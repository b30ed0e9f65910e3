/** The journey summary's page data, and nothing else: no form, no call, nothing kept. */
import { readDetails, readStationNames } from '../../shared/page/readPageData';
import type { JourneySummaryConfig } from './types';

/**
 * Reads the Details (`data-details-id`, default `#refund-details`), then the station names, from the mount's own
 * document (docs/host-contract.md "Page data").
 * @throws WidgetError MISSING_DETAILS ('Missing JSON data from DOM', checked first), else MISSING_STATION_MAP
 */
export function readJourneySummaryConfig(element: HTMLElement): JourneySummaryConfig {
  const doc = element.ownerDocument;
  const details = readDetails(element, doc);
  return { details, stations: readStationNames(doc) };
}
