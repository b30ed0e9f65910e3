/**
 * Hostile text in the manual claim widget (docs/decisions.md "Hostile input and error reporting"): every payload of
 * test/xssPayloads.ts is placed in the station names, the Details booking reference and
 * e-mail, the fares' ticket descriptions and the support address, through the real `mount`. The
 * evidence screen renders it as inert text, and any mail link stays well-formed.
 */
import { screen } from '@testing-library/react';
import bookings from '../../fixtures/bookings.json';
import { expectInert, expectShownAsText, expectWellFormedMailtos } from '../../test/hostileChecks';
import { registerHostileHooks, stationsNamed } from '../../test/hostileMounts';
import { mountOnHostPage } from '../../test/hostPage';
import { PAYLOAD_CASES } from '../../test/xssPayloads';
import { mount } from './mount';
import { texts } from './texts';

type Fare = Record<string, unknown>;
const state = (bookings as unknown as Record<string, { details: { JourneyPlannerResults: { fareDetails: Fare[] } } }>)
  .printed;
const unmountAfterTest = registerHostileHooks();
jest.setTimeout(30_000);

function withPayload(payload: string) {
  const details = JSON.parse(JSON.stringify(state.details)) as Record<string, unknown> & typeof state.details;
  details.bookingReference = payload;
  details.email = payload;
  for (const fare of details.JourneyPlannerResults.fareDetails) fare.ticketDescription = payload;
  return { details, stations: stationsNamed(details, payload) };
}

describe.each(PAYLOAD_CASES)('payload "%s"', (_name, payload) => {
  it('in station names, booking reference, e-mail, ticket descriptions and the support address', async () => {
    const { details, stations } = withPayload(payload);
    const page = mountOnHostPage(mount, {
      mountId: 'manual-claim-widget',
      details,
      stations,
      search: 'Disruption=true',
      attrs: { 'journey-id': '700110', 'support-email': payload },
    });
    unmountAfterTest(page.unmount);
    await screen.findByLabelText(texts.uploadLabel);
    expectInert(page.element);
    expectShownAsText(page.element, payload);
    expectWellFormedMailtos(page.element, [payload], [texts.mailSubject(payload)]);
  });
});
