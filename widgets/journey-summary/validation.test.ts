/**
 * The journey summary's page-data check (validation.ts; docs/host-contract.md "The widgets":
 * `journeySummary`, "Page data"): which blocks it reads, from which document, in which order.
 */
import { MISSING_DETAILS_TEXT, MISSING_STATION_MAP_TEXT, WidgetError } from '../../shared/errors/WidgetError';
import { stationName } from '../../shared/page/readPageData';
import { detailsOf, STATIONS, writePageData, type PageDataFixture } from '../../test/journeys';
import { readJourneySummaryConfig } from './validation';

/** A host page of its own (not the test's `document`) holding `fixture` and a mount element. */
function hostPage(fixture: PageDataFixture, attrs: Record<string, string> = {}): HTMLElement {
  const page = document.implementation.createHTMLDocument('Journey summary - Example Rail');
  writePageData(page, fixture);
  const element = page.createElement('div');
  element.id = 'journey-summary-widget';
  Object.entries(attrs).forEach(([name, value]) => element.setAttribute(name, value));
  page.body.appendChild(element);
  return element;
}

/** The WidgetError `readJourneySummaryConfig(element)` throws. */
function refusal(element: HTMLElement): WidgetError {
  try {
    readJourneySummaryConfig(element);
  } catch (error) {
    expect(error).toBeInstanceOf(WidgetError);
    return error as WidgetError;
  }
  throw new Error('the page data was accepted');
}

afterEach(() => writePageData(document, {})());

describe('readJourneySummaryConfig', () => {
  it('reads the Details and the station names, and nothing else', () => {
    const config = readJourneySummaryConfig(hostPage({ details: detailsOf(), stations: STATIONS }));
    expect(Object.keys(config).sort()).toEqual(['details', 'stations']);
    expect(config.details.bookingReference).toBe('KXB7HT2N');
    expect(config.details.JourneyPlannerResults.outboundJourneys).toEqual(
      detailsOf().JourneyPlannerResults.outboundJourneys,
    );
    expect(stationName(config.stations, 'KGX')).toBe('London Kings Cross');
    expect(stationName(config.stations, 'EDB')).toBe('Edinburgh');
  });

  it('reads the mount element’s own document, not the global one', () => {
    // The test's document holds page data; the mount's own page holds none.
    writePageData(document, { details: detailsOf(), stations: STATIONS });
    const error = refusal(hostPage({}));
    expect(error.code).toBe('MISSING_DETAILS');
  });

  it('reads the Details block the mount names with data-details-id', () => {
    const element = hostPage(
      { details: detailsOf('printed'), detailsId: 'summary-details', stations: STATIONS },
      { 'data-details-id': 'summary-details' },
    );
    expect(readJourneySummaryConfig(element).details.bookingReference).toBe('LBG7WK2F');
  });

  it('checks the Details first: without either block it is "Missing JSON data from DOM"', () => {
    const error = refusal(hostPage({}));
    expect(error.code).toBe('MISSING_DETAILS');
    expect(error.message).toBe(MISSING_DETAILS_TEXT);
    expect(error.message).toBe('Missing JSON data from DOM');
  });

  it('refuses Details of the wrong shape, even with the station names', () => {
    const error = refusal(hostPage({ details: { bookingReference: 'KXB7HT2N' }, stations: STATIONS }));
    expect([error.code, error.message]).toEqual(['MISSING_DETAILS', 'Missing JSON data from DOM']);
  });

  it('then the station names: valid Details without them is the station map’s message', () => {
    const error = refusal(hostPage({ details: detailsOf() }));
    expect([error.code, error.message]).toEqual(['MISSING_STATION_MAP', MISSING_STATION_MAP_TEXT]);
    const notAMap = refusal(hostPage({ details: detailsOf(), stations: ['KGX'] }));
    expect(notAMap.code).toBe('MISSING_STATION_MAP');
  });
});
