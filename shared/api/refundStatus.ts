/** yup schemas of the refund status answer (docs/product-rules.md section 3) and the answer validator. */
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
 * Validates a parsed answer against `schema`, returning it cast (defaults filled, unknown fields kept).
 * @throws WidgetError('INVALID_RESPONSE', 'The {what} answer was not in the expected form: …')
 */
export function validateAnswer<T>(schema: yup.Schema<T>, value: unknown, what: string): T {
  try {
    return schema.validateSync(value);
  } catch (cause) {
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
 * Validates a refund status response; the JSON `null` reads as `{"refundStatus": null}`
 * (docs/product-rules.md "Null refund status").
 * @throws WidgetError('INVALID_RESPONSE') for any other answer not in the expected form
 */
export function parseRefundStatusResponse(value: unknown): RefundStatusResponse {
  if (value === null) return { ...NULL_STATUS_RESPONSE };
  return validateAnswer(refundStatusResponseSchema, value, 'refund status') as RefundStatusResponse;
}

/** GET the refund status from the page-given URL and validate it (refund and disruption). @throws WidgetError */
export async function fetchRefundStatus(url: string): Promise<RefundStatusResponse> {
  return parseRefundStatusResponse(await getJson(url));
}
