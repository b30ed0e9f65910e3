/** The dry run answer's schema (validation.ts; docs/product-rules.md section 3), rule by rule, over the fixture states. */
import * as yup from 'yup';
import bookings from '../../fixtures/bookings.json';
import { WidgetError } from '../../shared/errors/WidgetError';
import { parseDryRun } from './validation';

const states = bookings as unknown as Record<string, { dryRun: unknown }>;

/** The WidgetError `parseDryRun(value)` throws. */
function refusal(value: unknown): WidgetError {
  try {
    parseDryRun(value);
  } catch (error) {
    expect(error).toBeInstanceOf(WidgetError);
    return error as WidgetError;
  }
  throw new Error(`parseDryRun accepted ${JSON.stringify(value)}`);
}

const PREFIX = 'The dry run answer was not in the expected form: ';

describe('parseDryRun', () => {
  it('accepts every fixture dry run that is not an HTTP error, as given', () => {
    const answers = Object.entries(states).filter(
      ([, state]) => typeof state.dryRun === 'object' && state.dryRun !== null && !('httpError' in state.dryRun),
    );
    expect(answers.length).toBeGreaterThan(5);
    for (const [name, state] of answers) {
      expect([name, parseDryRun(state.dryRun)]).toEqual([name, state.dryRun]);
    }
    expect(parseDryRun(states['disruption-waived'].dryRun)).toEqual({
      refundValue: 11820,
      adminFee: 0,
      reasonCode: '104',
    });
  });

  it('requires refundValue, an integer of pence', () => {
    const absent = refusal({ adminFee: 0, reasonCode: null });
    expect(absent.code).toBe('INVALID_RESPONSE');
    expect(absent.message).toBe(`${PREFIX}refundValue is a required field`);
    expect(refusal({ refundValue: null }).message).toBe(`${PREFIX}refundValue is a required field`);
    expect(refusal({ refundValue: 12.5 }).message).toBe(`${PREFIX}refundValue must be an integer`);
    expect(refusal({ refundValue: 'twelve pounds' }).message).toMatch(
      new RegExp(`^${PREFIX}refundValue must be a \`number\` type`),
    );
    expect(parseDryRun({ refundValue: 0 })).toEqual({ refundValue: 0, adminFee: 0, reasonCode: null });
    expect(parseDryRun({ refundValue: -150 }).refundValue).toBe(-150);
  });

  it('reads an absent adminFee as 0 and refuses one that is not an integer of pence', () => {
    expect(parseDryRun({ refundValue: 500, reasonCode: 'COV' })).toEqual({
      refundValue: 500,
      adminFee: 0,
      reasonCode: 'COV',
    });
    expect(parseDryRun({ refundValue: 500, adminFee: 250 }).adminFee).toBe(250);
    expect(refusal({ refundValue: 500, adminFee: 2.5 }).message).toBe(`${PREFIX}adminFee must be an integer`);
    expect(refusal({ refundValue: 500, adminFee: 'five' }).message).toMatch(
      new RegExp(`^${PREFIX}adminFee must be a \`number\` type`),
    );
  });

  it('reads an absent or null reasonCode as null and keeps a given one', () => {
    expect(parseDryRun({ refundValue: 500, adminFee: 0 }).reasonCode).toBeNull();
    expect(parseDryRun({ refundValue: 500, adminFee: 0, reasonCode: null }).reasonCode).toBeNull();
    expect(parseDryRun({ refundValue: 500, adminFee: 0, reasonCode: 'COVGR1' }).reasonCode).toBe('COVGR1');
    expect(refusal({ refundValue: 500, reasonCode: { code: '104' } }).message).toMatch(
      new RegExp(`^${PREFIX}reasonCode must be a \`string\` type`),
    );
  });

  it('refuses an answer that is no object', () => {
    for (const value of [null, undefined, 'nope', 500, [500]]) {
      expect([value, refusal(value).code]).toEqual([value, 'INVALID_RESPONSE']);
    }
  });

  it('names the first fault found, and keeps the validation error as the cause', () => {
    const error = refusal({ refundValue: 'twelve pounds', adminFee: 'five' });
    // One fault, not both: yup's default abortEarly.
    expect(error.message).toBe(
      `${PREFIX}adminFee must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`"five"\`).`,
    );
    expect(error.cause).toBeInstanceOf(yup.ValidationError);
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
