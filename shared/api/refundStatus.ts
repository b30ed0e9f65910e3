/**
 * yup schema of the refund status answer (docs/product-rules.md section 3), shared by the widgets
 * that read it (refund, disruption), and the one way a server answer is checked against its schema
 * (`validateAnswer`; the refund widget's dry run, widgets/refund/validation.ts, uses it too).
 * Answers are validated before use; a bad one is an INVALID_RESPONSE. They live in shared/ so that
 * no widget imports another.
 */
import * as yup from 'yup';
import { WidgetError } from '../errors/WidgetError';
import { getJson } from './client';
import type { RefundStatusResponse } from '../types';

const pence = () => yup.number().integer().required();

const refundCodeSchema = yup.object({
  reasonCode: yup.string().required(),
  scopes: yup
    .array(
      yup.object({
        scope: yup.string().oneOf(['All', 'In', 'Out']).required(),
        selfRefundPermitted: yup.boolean().required(),
      }),
    )
    .default([]),
});

const statusJourneySchema = yup.object({
  journeyID: yup.number().required(),
  ticketsValueAsReplacement: yup.number().default(0),
  isPrinted: yup.boolean().default(false),
  refundOptions: yup.object({ refundCodes: yup.array(refundCodeSchema).default([]) }).default({ refundCodes: [] }),
});

/** Schema of the refund status (docs/product-rules.md section 3). */
export const refundStatusSchema = yup.object({
  journeyID: yup.number().required(),
  journeys: yup.array(statusJourneySchema).default([]),
  ticketsRefundValue: pence(),
  adminFee: pence(),
  ticketsReplaceValue: pence(),
  adminFeeReplacement: pence(),
  canDeferExchange: yup.boolean().default(false),
  isCancelled: yup.boolean().required(),
  isPrinted: yup.boolean().required(),
  isScanned: yup.boolean().required(),
  bookingReference: yup.string().default(''),
});

/** Schema of the refund status response; `refundStatus` may be null (no matching journey). */
export const refundStatusResponseSchema = yup.object({
  refundStatus: refundStatusSchema.nullable().defined(),
  isFeeFree: yup.boolean().default(false),
  protectedReference: yup.string().nullable().default(null),
  replacementProtectedReference: yup.string().nullable().default(null),
});

/**
 * Validates a server answer against its schema (docs/product-rules.md section 3).
 *
 * @param schema the answer's yup schema
 * @param value the parsed JSON answer
 * @param what the answer's name in the message ('refund status', 'dry run')
 * @returns the answer as the schema casts it (defaults filled in, unknown fields kept)
 * @throws WidgetError('INVALID_RESPONSE', 'The {what} answer was not in the expected form: {the
 *   first fault}') with the yup ValidationError as its cause
 */
export function validateAnswer<T>(schema: yup.Schema<T>, value: unknown, what: string): T {
  try {
    // yup's defaults: the first fault found is reported, and unknown fields are kept.
    return schema.validateSync(value);
  } catch (cause) {
    // validateSync throws a ValidationError, whose message is the fault found.
    const detail = (cause as yup.ValidationError).message;
    throw new WidgetError('INVALID_RESPONSE', `The ${what} answer was not in the expected form: ${detail}`, { cause });
  }
}

/** What the JSON literal `null` reads as: no matching journey, not fee-free, no protected references. */
const NULL_STATUS_RESPONSE: RefundStatusResponse = {
  refundStatus: null,
  isFeeFree: false,
  protectedReference: null,
  replacementProtectedReference: null,
};

/**
 * Validates a refund status response. The JSON literal `null` is the same "null response" as
 * `{"refundStatus": null}` (docs/product-rules.md section 8 "Null status"; docs/product-rules.md "Null refund status"):
 * it reads as a response whose `refundStatus` is null, with no protected reference.
 *
 * @param value the parsed JSON body of the refund status call
 * @returns the response; `refundStatus` is null for either form of the null response
 * @throws WidgetError('INVALID_RESPONSE') for any other answer that is not in the expected form
 */
export function parseRefundStatusResponse(value: unknown): RefundStatusResponse {
  if (value === null) return { ...NULL_STATUS_RESPONSE };
  return validateAnswer(refundStatusResponseSchema, value, 'refund status') as RefundStatusResponse;
}

/** GET the refund status from the page-given URL and validate it (refund and disruption). @throws WidgetError */
export async function fetchRefundStatus(url: string): Promise<RefundStatusResponse> {
  return parseRefundStatusResponse(await getJson(url));
}
