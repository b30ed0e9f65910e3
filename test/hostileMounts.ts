/**
 * What every widget's hostile-text test sets up (docs/decisions.md "Hostile input and error
 * reporting"): the station names of a booking all set to a payload, and the hooks that stub
 * `window.alert` (a payload that runs would call it) and unmount each widget after its test. Jest only.
 */
import realStations from '../fixtures/stations.json';

/**
 * The fixture station names (fixtures/stations.json) with every station code that `details` uses
 * named `name`, and only those, so that very long names keep the map under the reader's size limit.
 * Fails the test when `details` names no station.
 */
export function stationsNamed(details: unknown, name: string): Record<string, string> {
  const codes = JSON.stringify(details).match(/"(?:originCRS|destinationCRS|crs)":"[^"]*"/g) ?? [];
  expect(codes.length).toBeGreaterThan(0);
  return { ...realStations, ...Object.fromEntries(codes.map((pair) => [pair.split(':')[1].slice(1, -1), name])) };
}

/**
 * Registers a hostile-text file's hooks: before each test `window.alert` is a spy (so `expectInert`
 * can tell nothing ran); after it, every unmount given to the returned function runs and the mocks
 * are restored.
 *
 * @returns the function that keeps a widget's unmount for after the test
 */
export function registerHostileHooks(): (unmount: () => void) => void {
  const mounted: (() => void)[] = [];
  beforeEach(() => {
    jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    delete (window as { __xss?: unknown }).__xss;
  });
  afterEach(() => {
    mounted.splice(0).forEach((unmount) => unmount());
    jest.restoreAllMocks();
  });
  return (unmount) => {
    mounted.push(unmount);
  };
}
