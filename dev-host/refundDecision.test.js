// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend's "No refund is available" decision on POST /api/ProcessRefund, as its
 * client sees it: an instant refund is refused only when the dry run offers nothing AND the
 * booking value less the admin fee is nothing too; either condition alone is accepted; a deferral
 * is never refused for it.
 */
const bookings = require('../fixtures/bookings.json');
const { useTestHosts, postJson, confirmBody } = require('./testing');

const { start, tempDir } = useTestHosts();

/**
 * The fixture state `name` with its dry run and refund status amounts replaced.
 * @param {string} name
 * @param {{ dryRun?: Record<string, unknown>, status?: Record<string, unknown> }} [changes]
 */
function booking(name, { dryRun, status } = {}) {
  const state = structuredClone(bookings[name]);
  if (dryRun) state.dryRun = { ...state.dryRun, ...dryRun };
  if (status) state.status.refundStatus = { ...state.status.refundStatus, ...status };
  return state;
}

/** POSTs a ProcessRefund for the only booking of a dev host started over `state`. */
async function processRefund(state, { defer = false } = {}) {
  const server = await start({ bookings: { only: state } });
  return postJson(server, '/api/ProcessRefund', confirmBody(state, { defer }), { 'Idempotency-Key': 'decision-1' });
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

describe('ProcessRefund: the Idempotency-Key and a request without one', () => {
  it('refuses an empty key and one of 256 characters, and accepts one of 255', async () => {
    const state = bookings.instant;
    const server = await start({ bookings: { only: state } });
    for (const key of ['', 'k'.repeat(256)]) {
      expect(await postJson(server, '/api/ProcessRefund', confirmBody(state), { 'Idempotency-Key': key })).toEqual({
        status: 400,
        body: { message: 'Idempotency-Key must be 1 to 255 characters.' },
      });
    }
    expect(
      await postJson(server, '/api/ProcessRefund', confirmBody(state), { 'Idempotency-Key': 'k'.repeat(255) }),
    ).toEqual(ACCEPTED);
  });

  it('without a key, a request is decided afresh each time, and what it changed survives a restart', async () => {
    const state = bookings.instant;
    const dataDir = tempDir('rw-data-');
    const server = await start({ bookings: { only: state }, dataDir });
    expect(await postJson(server, '/api/ProcessRefund', confirmBody(state))).toEqual(ACCEPTED);
    const already = { status: 400, body: { message: 'This booking has already been refunded.' } };
    expect(await postJson(server, '/api/ProcessRefund', confirmBody(state))).toEqual(already);
    await server.close();
    const restarted = await start({ bookings: { only: state }, dataDir });
    expect(await postJson(restarted, '/api/ProcessRefund', confirmBody(state))).toEqual(already);
  });
});

describe('ProcessRefund: a booking whose refund status is null', () => {
  it('is refused: no matching journey', async () => {
    /** @type {import('./backend/types').BookingState & { status: import('./backend/types').StatusAnswer }} */
    const state = structuredClone(bookings.instant);
    const journeyId = /** @type {{ journeyID: number }} */ (state.status.refundStatus).journeyID;
    state.status.refundStatus = null;
    const server = await start({ bookings: { only: state } });
    const answer = await postJson(
      server,
      '/api/ProcessRefund',
      { ...confirmBody(bookings.instant), journeyId },
      { 'Idempotency-Key': 'null-status-1' },
    );
    expect(answer).toEqual({ status: 400, body: { message: 'No matching journey for this booking.' } });
  });
});

describe('ProcessRefund: blank fields', () => {
  it.each([
    ['of spaces', '   '],
    ['that is empty', ''],
  ])('refuses a protectedReference %s as one that names no booking', async (_name, protectedReference) => {
    const state = bookings.instant;
    const server = await start({ bookings: { only: state } });
    const answer = await postJson(server, '/api/ProcessRefund', confirmBody(state, { protectedReference }));
    expect(answer).toEqual({ status: 400, body: { message: 'Unknown protected reference.' } });
  });
});
