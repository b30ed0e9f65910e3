/** yup schemas of the replacement form and the lookup answer (docs/product-rules.md sections 3 and 5). */
import * as yup from 'yup';
import { WidgetError } from '../../../shared/errors/WidgetError';
import { bookingReferenceSchema, emailSchema } from '../../../shared/validation/schemas';
import { texts } from './texts';
import type { LookupJourney, ReplacementFormValues } from './types';

/**
 * The form's schema (docs/product-rules.md section 5): a valid booking reference other than `originalReference`, a
 * valid e-mail; values trimmed when cast.
 */
export function replacementFormSchema(originalReference: string) {
  const original = originalReference.trim();
  return yup.object({
    bookingReference: bookingReferenceSchema.test(
      'differs-from-original',
      texts.sameReference,
      (value) => typeof value !== 'string' || value.trim() !== original,
    ),
    email: emailSchema,
  });
}

/** Trims the form's values for sending (formik submits uncast values). */
export function trimFormValues(values: ReplacementFormValues): ReplacementFormValues {
  return { bookingReference: values.bookingReference.trim(), email: values.email.trim() };
}

const legSchema = yup.object({
  originDepartTime: yup.string().required(),
  originCRS: yup.string().required(),
  destinationArriveTime: yup.string().required(),
  destinationCRS: yup.string().required(),
  mode: yup.string().default(''),
});

/** Schema of a looked-up journey (docs/product-rules.md section 3). `legRecordsRtn` null or absent → `[]`. */
export const lookupJourneySchema = yup.object({
  journeyID: yup.number().integer().required(),
  bookingReference: yup.string().default(''),
  totalCost: yup.number().integer().required(),
  legRecordsOut: yup.array(legSchema).min(1).required(),
  legRecordsRtn: yup
    .array(legSchema)
    .nullable()
    .default([])
    .transform((value: unknown) => value ?? []),
});

/** Schema of one lookup item before the discard rule: the refund status is only checked for presence. */
const lookupItemSchema = yup.object({
  refundStatus: yup.object().nullable().default(null),
  journeyList: yup.mixed().nullable(),
});

const lookupResponseSchema = yup.array(lookupItemSchema).required();

function invalid(cause: unknown): WidgetError {
  const detail = cause instanceof yup.ValidationError ? cause.errors.join('; ') : String(cause);
  return new WidgetError('INVALID_RESPONSE', `The journey lookup answer was not in the expected form: ${detail}`, {
    cause,
  });
}

/**
 * Validates a LookupJourneys answer (docs/product-rules.md sections 3 and 5): the journeys, in order, of the items
 * with a refund status (maybe `[]`).
 * @throws WidgetError INVALID_RESPONSE when it is not a list or a kept journey is malformed
 */
export function parseLookupResponse(value: unknown): LookupJourney[] {
  try {
    const items = lookupResponseSchema.validateSync(value, { abortEarly: true });
    const kept = items.filter((item) => item.refundStatus !== null && item.refundStatus !== undefined);
    return kept.flatMap(
      (item) =>
        yup
          .array(lookupJourneySchema)
          .defined()
          .default([])
          .validateSync(item.journeyList ?? [], {
            abortEarly: true,
          }) as LookupJourney[],
    );
  } catch (cause) {
    throw invalid(cause);
  }
}
