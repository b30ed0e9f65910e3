/** yup schema of the dry run answer (docs/product-rules.md section 3 "Dry run result"); the refund widget's own. */
import * as yup from 'yup';
import { validateAnswer } from '../../shared/api/refundStatus';
import type { DryRunResult } from '../../shared/types';

/** `refundValue` integer pence, required; `adminFee` integer pence, default 0; `reasonCode` string or null. */
export const dryRunSchema = yup.object({
  refundValue: yup.number().integer().required(),
  adminFee: yup.number().integer().default(0),
  reasonCode: yup.string().nullable().default(null),
});

/**
 * Validates a dry run answer (docs/product-rules.md section 3): defaults filled in, unknown fields kept.
 * @throws WidgetError INVALID_RESPONSE naming the first fault
 */
export function parseDryRun(value: unknown): DryRunResult {
  return validateAnswer(dryRunSchema, value, 'dry run') as DryRunResult;
}
