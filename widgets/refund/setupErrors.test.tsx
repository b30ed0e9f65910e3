/**
 * Setup errors that speak to the developer (docs/host-contract.md "Mounting by hand"), through the
 * refund widget's real `mount` on a host page: for each setup problem, one `refund-widgets:`
 * console error naming the widget, the mount id and the exact problem, one error report with the
 * same text, `ready` rejecting with a SetupError (code, widget, mountId, detail), and the
 * traveller's text unchanged.
 */
import { waitFor } from '@testing-library/react';
import bookings from '../../fixtures/bookings.json';
import stations from '../../fixtures/stations.json';
import { reportThrottleOpenInEachTest } from '../../test/reportClock';
import { MISSING_DETAILS_TEXT, MISSING_STATION_MAP_TEXT } from '../../shared/errors/WidgetError';
import { http } from 'msw';
import { noAnswer, sent, server } from '../../test/api/server';
import { SetupError } from '../../shared/mount/setupError';
import { mountOnHostPage, type HostPageOptions } from '../../test/hostPage';
import { mount } from './mount';

const state = (bookings as unknown as Record<string, { details: Record<string, unknown> }>).instant;
const ATTRS = {
  'refund-status-url': '/Refund/Status?bookingReference=X',
  'dry-run-url': '/Refund/DryRun?bookingReference=X',
};
const fetchMock = jest.fn((..._args: unknown[]) => new Promise(() => undefined));
let consoleError: jest.SpyInstance;

reportThrottleOpenInEachTest();

beforeEach(() => {
  fetchMock.mockClear();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** The bodies of the error reports sent. */
const reports = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/report/error')
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as Record<string, unknown>);

async function setupFailure(options: Partial<HostPageOptions>) {
  const { element, ready } = mountOnHostPage(mount, {
    mountId: 'refund-widget',
    details: state.details,
    stations,
    attrs: ATTRS,
    ...options,
  });
  const error = await ready.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SetupError);
  const setup = error as SetupError;
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(consoleError).toHaveBeenCalledWith(setup.message);
  expect(reports()).toHaveLength(1);
  expect(reports()[0].message).toBe(setup.message);
  expect(reports()[0].source).toBe('widget:refund');
  expect(setup.message).toBe(`refund-widgets: widget "refund", mount #refund-widget: ${setup.detail}`);
  expect(setup).toMatchObject({ widget: 'refund', mountId: 'refund-widget' });
  return { setup, element };
}

const detailsText = JSON.stringify(state.details);

it('Details with journeyPlannerResults in lower case: the schema path and rule', async () => {
  const lower = detailsText.replace('"JourneyPlannerResults"', '"journeyPlannerResults"');
  const { setup, element } = await setupFailure({ details: lower });
  expect(setup.code).toBe('MISSING_DETAILS');
  expect(setup.detail).toBe(
    'Invalid Details in "#refund-details": JourneyPlannerResults: required (JourneyPlannerResults is a required field)',
  );
  expect(element).toHaveTextContent(new RegExp(`^${MISSING_DETAILS_TEXT}$`));
});

it('Details with a trailing comma: the JSON parse error', async () => {
  const { setup, element } = await setupFailure({ details: `${detailsText.slice(0, -1)},}` });
  expect(setup.code).toBe('MISSING_DETAILS');
  expect(setup.detail).toMatch(/^The JSON of "#refund-details" is not parsable: .*JSON at position \d+/);
  expect(element).toHaveTextContent(new RegExp(`^${MISSING_DETAILS_TEXT}$`));
});

it('Details cut short: the JSON parse error', async () => {
  const { setup } = await setupFailure({ details: detailsText.slice(0, 200) });
  expect(setup.detail).toMatch(/^The JSON of "#refund-details" is not parsable: /);
});

it('no Details block: names the element looked for', async () => {
  const { setup, element } = await setupFailure({ details: null });
  expect(setup.code).toBe('MISSING_DETAILS');
  expect(setup.detail).toBe('No element with id "refund-details" on the page');
  expect(element).toHaveTextContent(new RegExp(`^${MISSING_DETAILS_TEXT}$`));
});

it('station names of the wrong shape', async () => {
  const { setup, element } = await setupFailure({ stations: '{"KGX": 1}' });
  expect(setup.code).toBe('MISSING_STATION_MAP');
  expect(setup.detail).toBe('Station names must be an object of code → name strings');
  expect(element).toHaveTextContent(MISSING_STATION_MAP_TEXT);
});

it('a missing required attribute names it', async () => {
  const { setup, element } = await setupFailure({ attrs: { 'dry-run-url': ATTRS['dry-run-url'] } });
  expect(setup.code).toBe('INVALID_PAGE_DATA');
  expect(setup.detail).toBe('The mount has no data-refund-status-url attribute (required)');
  expect(element).toHaveTextContent(
    'This refund page is set up incorrectly (missing data-refund-status-url). Please try again later.',
  );
});

it('a page set up right: ready resolves once the first render has committed, nothing logged', async () => {
  // Its status and dry-run GETs stay unanswered: this test is about the first render.
  server.use(http.get('*', noAnswer));
  const { element, ready } = mountOnHostPage(mount, {
    mountId: 'refund-widget',
    details: state.details,
    stations,
    attrs: ATTRS,
  });
  await expect(ready).resolves.toBeUndefined();
  expect(element.querySelector('.rw-root[data-rw-widget="refund"]')).not.toBeNull();
  expect(consoleError).not.toHaveBeenCalled();
  expect(reports()).toHaveLength(0);
  await waitFor(() =>
    expect(sent('GET').map((request) => request.url)).toEqual([ATTRS['refund-status-url'], ATTRS['dry-run-url']]),
  );
});
