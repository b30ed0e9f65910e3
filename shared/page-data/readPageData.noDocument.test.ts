/**
 * @jest-environment node
 *
 * The page-data reader where there is no DOM at all (server rendering, a worker): asked for the
 * global document's page data, it throws the setup error the host developer reads, never a
 * TypeError (readPageData.ts, docs/host-contract.md).
 */
import { MISSING_STATION_MAP_TEXT, WidgetError } from '../errors/WidgetError';
import { readStationNames } from './readPageData';

it('throws MISSING_STATION_MAP saying there is no document, where there is none', () => {
  expect(typeof document).toBe('undefined');
  let error: unknown;
  try {
    readStationNames();
  } catch (thrown) {
    error = thrown;
  }
  expect(error).toBeInstanceOf(WidgetError);
  expect((error as WidgetError).code).toBe('MISSING_STATION_MAP');
  expect((error as WidgetError).message).toBe(MISSING_STATION_MAP_TEXT);
  expect(((error as WidgetError).cause as Error).message).toBe('No document to read page data from');
});
