import type { QueryFlags } from '../../shared/page/readPageData';

/** Values of the refund reason's radios (docs/product-rules.md section 2). */
export const REFUND_REASONS = ['NotTravelling', 'Disruption', 'Wheelchair', 'Other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Answers of the delay-repay funnel (docs/product-rules.md section 5): only `abandoned` lets the form through. */
export const DELAY_REPAY_CHOICES = ['delayRepay', 'abandoned'] as const;
export type DelayRepayChoice = (typeof DELAY_REPAY_CHOICES)[number];

/** Answers of the wheelchair funnel (docs/decisions.md "Start page and disruption"). */
export const WHEELCHAIR_CHOICES = ['assistanceNotProvided', 'noStepFreeAccess', 'otherAccess'] as const;
export type WheelchairChoice = (typeof WHEELCHAIR_CHOICES)[number];

/** The lookup form's values as formik holds them ('' = not answered). */
export interface LookupFormValues {
  bookingReference: string;
  email: string;
  reason: RefundReason | '';
  delayRepay: DelayRepayChoice | '';
  wheelchair: WheelchairChoice | '';
}

/** The lookup widget's page data (docs/host-contract.md "The widgets"). */
export interface LookupConfig {
  /** `data-action`; default `/ConfirmRefund`. */
  action: string;
  /** `data-disruption-action`, for the Disruption reason; default `/Home/Disruption`. */
  disruptionAction: string;
  /** '' when absent. */
  supportEmail: string;
  /** '' when absent. */
  delayRepayUrl: string;
  query: QueryFlags;
  typed?: TypedLookupValues;
}

/** The server-rendered form's fields at mount (docs/host-contract.md "Content before the widget"). */
export interface TypedLookupValues {
  bookingReference: string;
  email: string;
  /** The field that had the focus, which the widget's field takes over; null when none. */
  focus: 'bookingReference' | 'email' | null;
}
