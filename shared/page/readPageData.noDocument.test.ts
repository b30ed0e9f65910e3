/**
 * @jest-environment @stryker-mutator/jest-runner/jest-env/node
 *
 * The page-data reader where there is no DOM at all (server rendering, a worker): asked for the
 * global document's page data, it throws the setup error the host developer reads, never a
 * TypeError (readPageData.ts, docs/host-contract.md). The environment is Jest's node one, wrapped
 * as Stryker's documentation asks so that its per-test coverage follows this file
 * (docs/mutation-testing.md); outside a mutation run the wrapper adds nothing.
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
