/** The shared refund status and dry run schemas (docs/product-rules.md section 3), over the fixture states. */
import * as yup from 'yup';
import bookings from '../../fixtures/bookings.json';
import { WidgetError } from '../errors/WidgetError';
import { parseDryRun, parseRefundStatusResponse } from './refundStatus';

const states = bookings as unknown as Record<string, { status: unknown; dryRun: unknown }>;

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

describe('parseDryRun', () => {
  it('reads a dry run and refuses one without refundValue', () => {
    expect(parseDryRun(states['disruption-waived'].dryRun)).toEqual({
      refundValue: 11820,
      adminFee: 0,
      reasonCode: '104',
    });
    expect(() => parseDryRun({ adminFee: 0 })).toThrow(/dry run answer/);
  });

  it('names the first fault found, and keeps the validation error as the cause', () => {
    let thrown: unknown;
    try {
      parseDryRun({ refundValue: 'twelve pounds', adminFee: 'five' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WidgetError);
    expect((thrown as WidgetError).code).toBe('INVALID_RESPONSE');
    // One fault, not both: yup's default abortEarly.
    expect((thrown as WidgetError).message).toBe(
      'The dry run answer was not in the expected form: adminFee must be a `number` type, but the final value was: `NaN` (cast from the value `"five"`).',
    );
    expect((thrown as WidgetError).cause).toBeInstanceOf(yup.ValidationError);
  });

  it('keeps the fields it does not know (a newer backend may send more)', () => {
    expect(parseDryRun({ refundValue: 500, adminFee: 0, reasonCode: null, currency: 'GBP' })).toEqual({
      refundValue: 500,
      adminFee: 0,
      reasonCode: null,
      currency: 'GBP',
    });
  });
});
