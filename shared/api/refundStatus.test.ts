/** The shared refund status schema and answer check (docs/product-rules.md section 3), over the fixture states. */
import * as yup from 'yup';
import bookings from '../../fixtures/bookings.json';
import { WidgetError } from '../errors/WidgetError';
import { parseRefundStatusResponse, validateAnswer } from './refundStatus';

const states = bookings as unknown as Record<string, { status: unknown }>;

describe('parseRefundStatusResponse', () => {
  it('accepts every fixture answer that is not an HTTP error', () => {
    for (const [name, state] of Object.entries(states)) {
      if ((state.status as object) && 'httpError' in (state.status as object)) continue;
      expect([name, parseRefundStatusResponse(state.status)]).toEqual([name, expect.any(Object)]);
    }
  });

  it('keeps the scopes of each refund code, and a null status', () => {
    const parsed = parseRefundStatusResponse(states['disruption-outward-only'].status);
    const code104 = parsed.refundStatus?.journeys[0].refundOptions.refundCodes.find((c) => c.reasonCode === '104');
    expect(code104?.scopes).toEqual([
      { scope: 'All', selfRefundPermitted: false },
      { scope: 'Out', selfRefundPermitted: true },
      { scope: 'In', selfRefundPermitted: false },
    ]);
    expect(parseRefundStatusResponse(states['null-status'].status).refundStatus).toBeNull();
  });

  it('reads the JSON literal null as the null response (docs/product-rules.md "Null refund status")', () => {
    expect(states['null-status-literal'].status).toBeNull();
    expect(parseRefundStatusResponse(null)).toEqual({
      refundStatus: null,
      isFeeFree: false,
      protectedReference: null,
      replacementProtectedReference: null,
    });
    // Other non-objects stay malformed answers.
    expect(() => parseRefundStatusResponse(undefined)).toThrow(/refund status answer was not in the expected form/);
    expect(() => parseRefundStatusResponse(0)).toThrow(WidgetError);
  });

  it('refuses a malformed answer with INVALID_RESPONSE', () => {
    expect(() => parseRefundStatusResponse({ refundStatus: { journeyID: 'x' } })).toThrow(WidgetError);
    expect(() => parseRefundStatusResponse('nope')).toThrow(/refund status answer was not in the expected form/);
  });
});

describe('validateAnswer', () => {
  it('names the answer and the first fault found, and keeps the validation error as the cause', () => {
    const schema = yup.object({ refundValue: yup.number().integer().required(), adminFee: yup.number().required() });
    let thrown: unknown;
    try {
      validateAnswer(schema, { refundValue: 'twelve pounds', adminFee: 'five' }, 'sample');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WidgetError);
    expect((thrown as WidgetError).code).toBe('INVALID_RESPONSE');
    // One fault, not both: yup's default abortEarly.
    expect((thrown as WidgetError).message).toBe(
      'The sample answer was not in the expected form: adminFee must be a `number` type, but the final value was: `NaN` (cast from the value `"five"`).',
    );
    expect((thrown as WidgetError).cause).toBeInstanceOf(yup.ValidationError);
  });

  it('keeps the fields the schema does not know and fills in its defaults', () => {
    const schema = yup.object({ refundValue: yup.number().required(), adminFee: yup.number().default(0) });
    expect(validateAnswer(schema, { refundValue: 500, currency: 'GBP' }, 'sample')).toEqual({
      refundValue: 500,
      adminFee: 0,
      currency: 'GBP',
    });
  });

  it('keeps the refund status fields it does not know (a newer backend may send more)', () => {
    const answer = { ...(states.instant.status as object), currency: 'GBP' };
    expect(parseRefundStatusResponse(answer)).toMatchObject({ currency: 'GBP' });
  });
});
