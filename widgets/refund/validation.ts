/**
 * yup schemas of the refund widget's server answers (docs/product-rules.md section 3). They now live in
 * shared/api/refundStatus.ts (the disruption widget reads the refund status too); this module
 * re-exports them so refund code keeps its imports.
 */
export { parseDryRun, parseRefundStatusResponse } from '../../shared/api/refundStatus';
