import { WidgetError } from '../../shared/errors/WidgetError';
import { readPageData } from '../../shared/page/readPageData';
import { pageUrlOf } from '../../shared/page/navigationTarget';
import { readStartUrl } from '../../shared/page/startUrl';
import type { ManualClaimConfig } from './types';
import { hasAdvanceFare } from './validation';

/** A `Journey-Id` header value: digits, letters, `-` and `_`, at most 64. */
const JOURNEY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The query flag of the refund page's part-journey replacement link. */
export const PART_JOURNEY_FLAG = 'PartJourney';

/**
 * A query flag read as the page data reads `Disruption` (docs/decisions.md "Query flags"): true when its first value
 * is `true` in any letter case. Never throws.
 */
export function queryFlag(search: string, name: string): boolean {
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  let value = params.get(name);
  if (value === null) {
    const lower = name.toLowerCase();
    value = [...params].find(([key]) => key.toLowerCase() === lower)?.[1] ?? null;
  }
  return (value ?? '').toLowerCase() === 'true';
}

/**
 * Reads the manual claim page's data once into a {@link ManualClaimConfig} (docs/architecture.md "The widgets").
 * @throws WidgetError MISSING_DETAILS, MISSING_STATION_MAP, or INVALID_PAGE_DATA (no journey id, unsafe URL)
 */
export function readManualClaimConfig(
  element: HTMLElement,
  doc: Document = document,
  search?: string,
): ManualClaimConfig {
  const page = readPageData(element, doc, search);
  const fromDetails = page.details.JourneyPlannerResults.outboundJourneys[0]?.journeyID;
  const journeyId = (page.dataset.journeyId ?? '').trim() || (fromDetails === undefined ? '' : String(fromDetails));
  if (!JOURNEY_ID.test(journeyId)) {
    throw new WidgetError(
      'INVALID_PAGE_DATA',
      'This claim page is set up incorrectly (missing or invalid data-journey-id). Please try again later.',
      {
        cause: new Error(
          journeyId === ''
            ? 'The mount has no data-journey-id attribute and the Details have no outbound journey'
            : `data-journey-id "${journeyId.slice(0, 80)}" is invalid (1 to 64 letters, digits, - or _)`,
        ),
      },
    );
  }
  return {
    details: page.details,
    stations: page.stations,
    journeyId,
    supportEmail: (page.dataset.supportEmail ?? '').trim(),
    advanceFare: hasAdvanceFare(page.details),
    query: page.query,
    partJourney: queryFlag(page.query.search, PART_JOURNEY_FLAG),
    startUrl: readStartUrl(
      page.dataset,
      pageUrlOf(element),
      'This claim page is set up incorrectly (invalid data-start-url). Please try again later.',
    ),
  };
}
