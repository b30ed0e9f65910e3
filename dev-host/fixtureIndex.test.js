// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend's one index of fixture states by booking reference (bookings and
 * replacement lookups alike): references are matched trimmed and in any letter case, and a state
 * without a reference or email, or two states with one reference, stop the store from starting.
 */
const bookings = require('../fixtures/bookings.json');
const lookups = require('../fixtures/lookups.json');
const { createBackend } = require('./backend');
const { useTestHosts } = require('./testing');

const { tempDir } = useTestHosts();

const store = (options) => createBackend({ dataDir: tempDir('rw-index-'), logger: { warn() {} }, ...options });
/** A replacement booking whose lookup answers journeys (not an HTTP error). */
const [lookupName, lookup] = /** @type {[string, import('./backend/types').LookupState]} */ (
  Object.entries(lookups).find(([, state]) => Array.isArray(state.answer))
);

describe.each([
  ['booking', (states) => ({ bookings: states })],
  ['lookup', (states) => ({ bookings: { instant: bookings.instant }, lookups: states })],
])('the %s index', (kind, options) => {
  const first = kind === 'booking' ? bookings.instant : lookup;

  it('refuses a state without a bookingReference or an email, naming it', () => {
    expect(() => store(options({ broken: { ...first, email: undefined } }))).toThrow(
      `Dev host: ${kind} state "broken" needs a bookingReference and an email`,
    );
    expect(() => store(options({ empty: null }))).toThrow(
      `Dev host: ${kind} state "empty" needs a bookingReference and an email`,
    );
  });

  it('refuses two states with one reference, matched trimmed and in any letter case', () => {
    const twin = { ...first, bookingReference: ` ${first.bookingReference.toLowerCase()} ` };
    expect(() => store(options({ one: first, two: twin }))).toThrow(
      `Dev host: ${kind} reference ${first.bookingReference} is used by two states`,
    );
  });
});

// A lookup request's reference is checked against the contract's pattern first (upper case, no
// spaces: docs/reference-backend.md "Request checks"); the booking index matches any letter case.
it('finds a booking by its reference in any letter case, and a replacement lookup by its reference', () => {
  const made = store({ bookings: { instant: bookings.instant }, lookups: { [lookupName]: lookup } });
  expect(made.findBooking(bookings.instant.bookingReference.toLowerCase(), bookings.instant.email)?.name).toBe(
    'instant',
  );
  const reference = lookup.bookingReference;
  expect(made.lookupAnswer({ bookingReference: reference, email: lookup.email.toUpperCase() })).toEqual({
    status: 200,
    json: lookup.answer,
  });
});
