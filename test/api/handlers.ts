/**
 * The retailer's API for the jsdom tests (docs/testing.md "Faking the API"), answered from the demo
 * bookings (fixtures/README.md) as the reference backend answers them: the refund status and dry run
 * of a booking by its reference, the committing POSTs, the replacement lookup and the manual claim's
 * uploads. A test that needs another answer overrides its route with `server.use(…)`.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import bookings from '../../fixtures/bookings.json';
import lookups from '../../fixtures/lookups.json';

/** A fixture's answer: the JSON body, or `{ httpError: { status, body, contentType? } }`. */
export type FixtureAnswer = unknown;

/** The HTTP answer of a fixture's answer: its error (plain text unless it names a type), or 200 with the answer as JSON. */
export function fixtureResponse(answer: FixtureAnswer): Response {
  const error = (answer as { httpError?: { status: number; body: string; contentType?: string } } | null)?.httpError;
  if (error) {
    return new HttpResponse(error.body, {
      status: error.status,
      headers: { 'Content-Type': error.contentType ?? 'text/plain' },
    });
  }
  return new HttpResponse(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
}

const states = Object.values(bookings) as { bookingReference: string; status: unknown; dryRun: unknown }[];
const replacements = Object.values(lookups) as { bookingReference: string; email: string; answer: unknown }[];

const noBooking = () => new HttpResponse('No booking with that reference.', { status: 404 });

/** The booking of a GET's `bookingReference` query. */
function bookingOf(request: Request) {
  const reference = new URL(request.url).searchParams.get('bookingReference');
  return states.find((state) => state.bookingReference === reference);
}

export const handlers: HttpHandler[] = [
  http.get('*/Refund/Status', ({ request }) => {
    const booking = bookingOf(request);
    return booking ? fixtureResponse(booking.status) : noBooking();
  }),
  http.get('*/Refund/DryRun', ({ request }) => {
    const booking = bookingOf(request);
    return booking ? fixtureResponse(booking.dryRun) : noBooking();
  }),
  http.post('*/api/ProcessRefund', () => HttpResponse.json({})),
  http.post('*/api/LookupJourneys', async ({ request }) => {
    const { bookingReference, email } = (await request.json()) as { bookingReference: string; email: string };
    const found = replacements.find((state) => state.bookingReference === bookingReference && state.email === email);
    return found ? fixtureResponse(found.answer) : noBooking();
  }),
  http.post('*/api/ProcessRefundWithReplacement', () => HttpResponse.json({})),
  http.post('*/tickets/upload', () => HttpResponse.text('up_1')),
  http.post('*/tickets/delete/:id', () => new HttpResponse(null, { status: 204 })),
  http.post('*/tickets/submit-claim', () => HttpResponse.json({})),
  http.post('*/report/error', () => new HttpResponse(null, { status: 204 })),
];
