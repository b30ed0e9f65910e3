// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend's "No refund is available" decision on POST /api/ProcessRefund, as its
 * client sees it: an instant refund is refused only when the dry run offers nothing AND the
 * booking value less the admin fee is nothing too; either condition alone is accepted; a deferral
 * is never refused for it.
 */
const bookings = require('../fixtures/bookings.json');
const { useTestHosts, postJson } = require('./testing');

const { start } = useTestHosts();

/** The fixture state `name` with its dry run and refund status amounts replaced. */
function booking(name, { dryRun, status } = {}) {
  const state = structuredClone(bookings[name]);
  if (dryRun) state.dryRun = { ...state.dryRun, ...dryRun };
  if (status) state.status.refundStatus = { ...state.status.refundStatus, ...status };
  return state;
}

/** POSTs a ProcessRefund for the only booking of a dev host started over `state`. */
async function processRefund(state, { defer = false } = {}) {
  const server = await start({ bookings: { only: state } });
  return postJson(
    server,
    '/api/ProcessRefund',
    {
      protectedReference: state.status.protectedReference,
      journeyId: state.status.refundStatus.journeyID,
      covid19: false,
      defer,
      disruptedOutwards: false,
      disruptedInwards: false,
    },
    { 'Idempotency-Key': 'decision-1' },
  );
}

const REFUSED = { status: 400, body: { message: 'No refund is available for this booking.' } };
const ACCEPTED = { status: 200, body: { accepted: true, deferred: false } };

describe('ProcessRefund: "No refund is available"', () => {
  it('refuses the zero-value booking: dry run 0 and booking value £5.00 less a £5.00 admin fee', async () => {
    const state = bookings['zero-value'];
    expect(state.dryRun.refundValue).toBe(0);
    expect(state.status.refundStatus).toMatchObject({ ticketsRefundValue: 500, adminFee: 500 });
    expect(await processRefund(state)).toEqual(REFUSED);
  });

  it('refuses a booking worth nothing whose fee is nothing: dry run 0, value 0, fee 0', async () => {
    const state = booking('instant', {
      dryRun: { refundValue: 0, adminFee: 0 },
      status: { ticketsRefundValue: 0, adminFee: 0 },
    });
    expect(await processRefund(state)).toEqual(REFUSED);
  });

  it('accepts when only the dry run offers nothing (booking value £194.20 less £5.00 is left)', async () => {
    const state = booking('instant', { dryRun: { refundValue: 0 } });
    expect(state.status.refundStatus).toMatchObject({ ticketsRefundValue: 19420, adminFee: 500 });
    expect(await processRefund(state)).toEqual(ACCEPTED);
  });

  it('accepts when only the booking value less the fee is nothing (the dry run offers £1.00)', async () => {
    const state = booking('instant', {
      dryRun: { refundValue: 100 },
      status: { ticketsRefundValue: 500, adminFee: 500 },
    });
    expect(await processRefund(state)).toEqual(ACCEPTED);
  });

  it('accepts a deferral of the zero-value booking (the check is for refunds only)', async () => {
    const state = booking('zero-value', { status: { canDeferExchange: true } });
    expect(await processRefund(state, { defer: true })).toEqual({
      status: 200,
      body: { accepted: true, deferred: true },
    });
  });
});
