/** yup schema of the lookup form (docs/product-rules.md section 5). */
import * as yup from 'yup';
import { bookingReferenceSchema, emailSchema } from '../../shared/validation/schemas';
import { texts } from './texts';
import { REFUND_REASONS, WHEELCHAIR_CHOICES, type LookupFormValues } from './types';

/**
 * The lookup form's schema: shared booking reference and e-mail rules, a reason, and the reason's funnel answer
 * (Disruption: only `abandoned` passes; Wheelchair: one of {@link WHEELCHAIR_CHOICES}).
 */
export const lookupFormSchema = yup.object({
  bookingReference: bookingReferenceSchema,
  email: emailSchema,
  reason: yup
    .string()
    .required(texts.reasonRequired)
    .oneOf([...REFUND_REASONS], texts.reasonRequired),
  delayRepay: yup.string().when('reason', {
    is: 'Disruption',
    then: (schema) =>
      schema.test('delay-repay', texts.delayRepayRequired, function check(value) {
        if (value === 'abandoned') return true;
        return this.createError({
          message: value === 'delayRepay' ? texts.delayRepayInvalid : texts.delayRepayRequired,
        });
      }),
  }),
  wheelchair: yup.string().when('reason', {
    is: 'Wheelchair',
    then: (schema) =>
      schema.required(texts.wheelchairRequired).oneOf([...WHEELCHAIR_CHOICES], texts.wheelchairRequired),
  }),
});

/** The form's empty values. */
export const EMPTY_LOOKUP_VALUES: LookupFormValues = {
  bookingReference: '',
  email: '',
  reason: '',
  delayRepay: '',
  wheelchair: '',
};
