/**
 * yup schema of the lookup form (docs/product-rules.md section 5): booking reference in either format, e-mail
 * required and valid, a refund reason, and the answers of the reason's funnel.
 */
import * as yup from 'yup';
import { bookingReferenceSchema, emailSchema } from '../../shared/validation/schemas';
import { texts } from './texts';
import { REFUND_REASONS, WHEELCHAIR_CHOICES, type LookupFormValues } from './types';

/**
 * The lookup form's schema (formik passes unanswered fields as undefined).
 * - `bookingReference`, `email`: the shared rules and messages (shared/validation/schemas.ts).
 * - `reason`: one of {@link REFUND_REASONS}, else 'Select why you want a refund'.
 * - `delayRepay` (only for the Disruption reason): unanswered → 'Select what happened to your
 *   journey'; `delayRepay` → 'Delay repay requests must be sent to the train operating company'
 *   (docs/product-rules.md section 5); only `abandoned` is valid.
 * - `wheelchair` (only for the Wheelchair reason): one of {@link WHEELCHAIR_CHOICES}, else
 *   'Select what stopped you from travelling'.
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
