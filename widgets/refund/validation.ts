/**
 * yup schema of the dry run answer (docs/product-rules.md section 3 "Dry run result"), the refund
 * widget's own: the refund page's dry run (`data-dry-run-url`) and the replacement picker's
 * (POST /api/ProcessRefundWithReplacement/DryRun) answer in this shape, and no other widget reads
 * one. The refund status answer, which the disruption widget reads too, is in
 * shared/api/refundStatus.ts.
 */
import * as yup from 'yup';
import { validateAnswer } from '../../shared/api/refundStatus';
import type { DryRunResult } from '../../shared/types';

/**
 * Schema of the dry run result: `refundValue` an integer of pence, required; `adminFee` an integer
 * of pence, 0 when absent; `reasonCode` a string or null, null when absent.
 */
export const dryRunSchema = yup.object({
  refundValue: yup.number().integer().required(),
  adminFee: yup.number().integer().default(0),
  reasonCode: yup.string().nullable().default(null),
});

/**
 * Validates a dry run answer (docs/product-rules.md section 3).
 *
 * @param value the parsed JSON answer
 * @returns the dry run result, with the defaults of {@link dryRunSchema} filled in and fields it
 *   does not know kept
 * @throws WidgetError('INVALID_RESPONSE', 'The dry run answer was not in the expected form: …')
 *   naming the first fault found
 */
export function parseDryRun(value: unknown): DryRunResult {
  return validateAnswer(dryRunSchema, value, 'dry run') as DryRunResult;
}
