// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * The reference backend's replacement calls (docs/product-rules.md section 7) over fixtures/lookups.json:
 * POST /api/LookupJourneys, /api/ProcessRefundWithReplacement/DryRun and
 * /api/ProcessRefundWithReplacement with Idempotency-Key replay and persistence.
 */
const bookings = require('../fixtures/bookings.json');
const lookups = require('../fixtures/lookups.json');
const { useTestHosts, postJson, getJson } = require('./testing');

const { start, tempDir } = useTestHosts();
const original = bookings.replacement;

function replacementBody(lookup, journeyID, overrides = {}) {
  return {
    protectedReference: original.status.replacementProtectedReference,
    journeyId: original.status.refundStatus.journeyID,
    replacementBookingReference: lookup.bookingReference,
    replacementJourneyId: journeyID,
    ...overrides,
  };
}

describe('POST /api/LookupJourneys', () => {
  it('answers the lookup fixture of the booking reference and e-mail, the e-mail in any letter case', async () => {
    const server = await start();
    const { candidates } = lookups;
    const answer = await postJson(server, '/api/LookupJourneys', {
      bookingReference: candidates.bookingReference,
      email: candidates.email.toUpperCase(),
    });
    expect(answer).toEqual({ status: 200, body: candidates.answer });
  });

  it("refuses a booking reference outside the contract's format (lower case) with 400", async () => {
    const server = await start();
    const { candidates } = lookups;
    const answer = await postJson(server, '/api/LookupJourneys', {
      bookingReference: candidates.bookingReference.toLowerCase(),
      email: candidates.email,
    });
    expect(answer).toEqual({
      status: 400,
      body: { message: 'bookingReference must be a string in the documented format.' },
    });
  });

  it('an unknown booking or wrong e-mail is a 404 with a plain-text message', async () => {
    const server = await start();
    const answer = await postJson(server, '/api/LookupJourneys', {
      bookingReference: lookups.candidates.bookingReference,
      email: 'someone.else@example.com',
    });
    expect(answer).toEqual({ status: 404, body: 'We could not find a booking with that reference and email address.' });
  });

  it('a booking reference no lookup has is the same 404', async () => {
    const server = await start();
    const answer = await postJson(server, '/api/LookupJourneys', {
      bookingReference: 'WWWWWWWW',
      email: lookups.candidates.email,
    });
    expect(answer).toEqual({ status: 404, body: 'We could not find a booking with that reference and email address.' });
  });

  it('the lookup-error fixture answers its HTTP error', async () => {
    const server = await start();
    const state = lookups['lookup-error'];
    const answer = await postJson(server, '/api/LookupJourneys', {
      bookingReference: state.bookingReference,
      email: state.email,
    });
    expect(answer).toEqual({ status: 503, body: state.answer.httpError.body });
  });

  it('a body without the fields is a 400 naming the field', async () => {
    const server = await start();
    const answer = await postJson(server, '/api/LookupJourneys', { email: 'x@example.com' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('bookingReference must be a string in the documented format.');
  });
});

describe('POST /api/ProcessRefundWithReplacement/DryRun', () => {
  it('answers the planned dry run of each candidate journey', async () => {
    const server = await start();
    for (const [id, planned] of Object.entries(lookups.candidates.dryRuns)) {
      const answer = await postJson(
        server,
        '/api/ProcessRefundWithReplacement/DryRun',
        replacementBody(lookups.candidates, Number(id)),
      );
      expect(answer).toEqual({ status: 200, body: planned });
    }
  });

  it('the rejected fixture answers its JSON error', async () => {
    const server = await start();
    const answer = await postJson(
      server,
      '/api/ProcessRefundWithReplacement/DryRun',
      replacementBody(lookups.rejected, 900201),
    );
    expect(answer).toEqual({
      status: 400,
      body: { message: 'the replacement was booked after your original departure time' },
    });
  });

  it.each([
    ['an unknown protected reference', { protectedReference: 'nope' }, 'Unknown protected reference.'],
    ['another journey id', { journeyId: 1 }, 'journeyId does not match the booking.'],
    [
      'a journey of an item without a refund status',
      { replacementJourneyId: 900199 },
      'this journey is not an eligible replacement for your booking',
    ],
    [
      'the booking being refunded',
      { replacementBookingReference: original.bookingReference },
      'The replacement cannot be the booking being refunded.',
    ],
  ])('refuses %s', async (_name, overrides, message) => {
    const server = await start();
    const answer = await postJson(
      server,
      '/api/ProcessRefundWithReplacement/DryRun',
      replacementBody(lookups.candidates, 900101, overrides),
    );
    expect(answer).toEqual({ status: 400, body: { message } });
  });
});

describe('the replacement checks, on other lookups and requests', () => {
  it.each([
    ['a booking reference', { bookingReference: `  ${lookups.candidates.bookingReference} ` }, 'bookingReference'],
    ['an e-mail', { email: ` ${lookups.candidates.email}  ` }, 'email'],
  ])('refuses %s with spaces around it (the widgets send them trimmed) with 400', async (_name, change, field) => {
    const server = await start();
    const { candidates } = lookups;
    const answer = await postJson(server, '/api/LookupJourneys', {
      bookingReference: candidates.bookingReference,
      email: candidates.email,
      ...change,
    });
    expect(answer).toEqual({ status: 400, body: { message: `${field} must be a string in the documented format.` } });
  });

  it('a request without a field is a 400 naming the field', async () => {
    const server = await start();
    const body = replacementBody(lookups.candidates, 900101);
    delete body.replacementJourneyId;
    const answer = await postJson(server, '/api/ProcessRefundWithReplacement/DryRun', body);
    expect(answer).toEqual({ status: 400, body: { message: 'replacementJourneyId must be an integer.' } });
  });

  it.each([
    // A dev host without lookups: the session still covers the candidates' booking reference.
    ['a replacement booking the backend does not know', {}, lookups.candidates.bookingReference],
    ['a replacement booking whose lookup is an HTTP error', undefined, lookups['lookup-error'].bookingReference],
  ])('refuses %s as not eligible', async (_name, hostLookups, replacementBookingReference) => {
    const server = await start(hostLookups ? { lookups: hostLookups } : {});
    const answer = await postJson(
      server,
      '/api/ProcessRefundWithReplacement/DryRun',
      replacementBody(lookups.candidates, 900101, { replacementBookingReference }),
    );
    expect(answer).toEqual({
      status: 400,
      body: { message: 'this journey is not an eligible replacement for your booking' },
    });
  });

  it('refuses the booking being refunded, written with spaces and in lower case', async () => {
    const server = await start();
    const answer = await postJson(
      server,
      '/api/ProcessRefundWithReplacement/DryRun',
      replacementBody(lookups.candidates, 900101, {
        replacementBookingReference: ` ${original.bookingReference.toLowerCase()} `,
      }),
    );
    expect(answer).toEqual({ status: 400, body: { message: 'The replacement cannot be the booking being refunded.' } });
  });

  it("without a planned dry run, answers the booking's replacement value less its admin fee", async () => {
    const { dryRuns, ...unplanned } = structuredClone(lookups.candidates);
    expect(Object.keys(dryRuns).length).toBeGreaterThan(0);
    const server = await start({ lookups: { unplanned } });
    const answer = await postJson(
      server,
      '/api/ProcessRefundWithReplacement/DryRun',
      replacementBody(unplanned, 900101),
    );
    // £45.50 less the £10.00 replacement fee (fixtures/bookings.json "replacement").
    expect(answer).toEqual({ status: 200, body: { refundValue: 3550, adminFee: 1000, reasonCode: null } });
  });
});

describe('POST /api/ProcessRefundWithReplacement', () => {
  it('accepts once per Idempotency-Key; the booking then shows as refunded; state survives a restart', async () => {
    const dataDir = tempDir('rw-data-');
    const server = await start({ dataDir });
    const body = replacementBody(lookups.candidates, 900102);
    const first = await postJson(server, '/api/ProcessRefundWithReplacement', body, { 'Idempotency-Key': 'r-1' });
    expect(first).toEqual({ status: 200, body: { accepted: true, refundValue: 4550 } });
    expect(await postJson(server, '/api/ProcessRefundWithReplacement', body, { 'Idempotency-Key': 'r-1' })).toEqual(
      first,
    );
    const again = await postJson(server, '/api/ProcessRefundWithReplacement', body, { 'Idempotency-Key': 'r-2' });
    expect(again).toEqual({ status: 400, body: { message: 'This booking has already been refunded.' } });
    const recorded = await getJson(server, '/__dev/requests');
    expect(recorded).toEqual([
      { path: '/api/ProcessRefundWithReplacement', body, idempotencyKey: 'r-1', time: expect.any(String) },
    ]);
    const status = await getJson(server, `/Refund/Status?bookingReference=${original.bookingReference}`);
    expect(status.refundStatus.isCancelled).toBe(true);

    await server.close();
    const restarted = await start({ dataDir });
    expect(await getJson(restarted, '/__dev/requests')).toHaveLength(1);
    // Only the 2xx answer is kept; the refusal is decided again.
    expect(restarted.app.locals.store.idempotency.toJSON()).toEqual([
      expect.objectContaining({ path: '/api/ProcessRefundWithReplacement', key: 'r-1', status: 200 }),
    ]);
    // Sessions live in memory: after a restart the key is new in the traveller's new session, and
    // the booking is refunded already.
    expect(await postJson(restarted, '/api/ProcessRefundWithReplacement', body, { 'Idempotency-Key': 'r-1' })).toEqual(
      again,
    );
    expect(await getJson(restarted, '/__dev/requests')).toHaveLength(1);
  });

  it('refuses a journey the dry run rejects, with the dry run message, and changes nothing', async () => {
    const server = await start();
    const answer = await postJson(
      server,
      '/api/ProcessRefundWithReplacement',
      replacementBody(lookups.rejected, 900201),
      {
        'Idempotency-Key': 'x',
      },
    );
    expect(answer).toEqual({
      status: 400,
      body: { message: 'the replacement was booked after your original departure time' },
    });
    expect(await getJson(server, '/__dev/requests')).toEqual([]);
  });

  it('a key reused for another body is refused with 422', async () => {
    const server = await start();
    await postJson(server, '/api/ProcessRefundWithReplacement', replacementBody(lookups.candidates, 900101), {
      'Idempotency-Key': 'k',
    });
    const reused = await postJson(
      server,
      '/api/ProcessRefundWithReplacement',
      replacementBody(lookups.candidates, 900102),
      {
        'Idempotency-Key': 'k',
      },
    );
    expect(reused.status).toBe(422);
  });
});
