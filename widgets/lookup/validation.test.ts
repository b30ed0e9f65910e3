/** The lookup form's schema (docs/product-rules.md section 5; docs/decisions.md "Start page and disruption"). */
import { messagesByField } from '../../test/yupMessages';
import { texts } from './texts';
import type { LookupFormValues } from './types';
import { EMPTY_LOOKUP_VALUES, lookupFormSchema } from './validation';

const valid: LookupFormValues = {
  ...EMPTY_LOOKUP_VALUES,
  bookingReference: 'KXB7HT2N',
  email: 'traveller@example.com',
  reason: 'NotTravelling',
};

/** Every field's first message, as formik shows them (abortEarly false). */
function errorsOf(values: Partial<LookupFormValues>): Record<string, string> {
  try {
    lookupFormSchema.validateSync({ ...valid, ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    return messagesByField(error);
  }
}

describe('lookupFormSchema', () => {
  it('accepts both booking reference formats, trimmed', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ bookingReference: 'E-7K2M9Q4ZA' })).toEqual({});
    expect(errorsOf({ bookingReference: '  KXB7HT2N ', email: ' a@b.co ' })).toEqual({});
  });

  it.each([
    ['', 'Enter your booking reference'],
    ['KXB7HT2', 'Enter a booking reference in the correct format, like KXB7HT2N or E-123456789'],
    ['kxb7ht2n', 'Enter a booking reference in the correct format, like KXB7HT2N or E-123456789'],
    ['AXB7HT2N', 'Enter a booking reference in the correct format, like KXB7HT2N or E-123456789'],
    ['E-12345678', 'Enter a booking reference in the correct format, like KXB7HT2N or E-123456789'],
  ])('refuses booking reference %j with %j', (bookingReference, message) => {
    expect(errorsOf({ bookingReference })).toEqual({ bookingReference: message });
  });

  it.each([
    ['', 'Enter your email address'],
    ['traveller', 'Enter an email address in the correct format, like name@example.com'],
    ['traveller@example', 'Enter an email address in the correct format, like name@example.com'],
  ])('refuses e-mail %j with %j', (email, message) => {
    expect(errorsOf({ email })).toEqual({ email: message });
  });

  it('requires a refund reason among the select values', () => {
    expect(errorsOf({ reason: '' })).toEqual({ reason: 'Select why you want a refund' });
    expect(errorsOf({ reason: 'Bored' as never })).toEqual({ reason: 'Select why you want a refund' });
    for (const reason of ['NotTravelling', 'Other'] as const) expect(errorsOf({ reason })).toEqual({});
  });

  describe('the delay-repay funnel (Disruption)', () => {
    it('asks for an answer', () => {
      expect(errorsOf({ reason: 'Disruption' })).toEqual({ delayRepay: 'Select what happened to your journey' });
    });

    it('the delay-repay choice makes the form invalid with the SPEC message', () => {
      expect(errorsOf({ reason: 'Disruption', delayRepay: 'delayRepay' })).toEqual({
        delayRepay: 'Delay repay requests must be sent to the train operating company',
      });
      expect(texts.delayRepayInvalid).toBe('Delay repay requests must be sent to the train operating company');
    });

    it.each([
      ['', 'Select what happened to your journey'],
      ['delayRepay', 'Delay repay requests must be sent to the train operating company'],
    ])('names the rule delay-repay in the error for %j', (delayRepay, message) => {
      let thrown: unknown;
      try {
        lookupFormSchema.validateSync({ ...valid, reason: 'Disruption', delayRepay });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ name: 'ValidationError', path: 'delayRepay', type: 'delay-repay', message });
    });

    it('the abandoned-journey choice is valid', () => {
      expect(errorsOf({ reason: 'Disruption', delayRepay: 'abandoned' })).toEqual({});
    });

    it('is ignored for other reasons', () => {
      expect(errorsOf({ reason: 'NotTravelling', delayRepay: 'delayRepay' })).toEqual({});
    });
  });

  describe('the wheelchair funnel', () => {
    it('asks what stopped the traveller', () => {
      expect(errorsOf({ reason: 'Wheelchair' })).toEqual({ wheelchair: 'Select what stopped you from travelling' });
      expect(errorsOf({ reason: 'Wheelchair', wheelchair: 'nonsense' as never })).toEqual({
        wheelchair: 'Select what stopped you from travelling',
      });
    });

    it.each(['assistanceNotProvided', 'noStepFreeAccess', 'otherAccess'] as const)('accepts %s', (wheelchair) => {
      expect(errorsOf({ reason: 'Wheelchair', wheelchair })).toEqual({});
    });

    it('is ignored for other reasons', () => {
      expect(errorsOf({ reason: 'Other', wheelchair: '' })).toEqual({});
    });
  });

  it('reports every invalid field at once', () => {
    expect(Object.keys(errorsOf({ bookingReference: '', email: '', reason: 'Disruption' })).sort()).toEqual([
      'bookingReference',
      'delayRepay',
      'email',
    ]);
  });
});
