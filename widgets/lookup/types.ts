import type { QueryFlags } from '../../shared/page/readPageData';

/** Values of the refund reason's radios (docs/product-rules.md section 2 "Refund page": a form asks for a refund reason). */
export const REFUND_REASONS = ['NotTravelling', 'Disruption', 'Wheelchair', 'Other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Answers of the delay-repay funnel (docs/product-rules.md section 5): only `abandoned` lets the form through. */
export const DELAY_REPAY_CHOICES = ['delayRepay', 'abandoned'] as const;
export type DelayRepayChoice = (typeof DELAY_REPAY_CHOICES)[number];

/** Answers of the wheelchair funnel (ours; docs/product-rules.md names the funnel only). */
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

/** Everything the lookup widget reads from its page (docs/host-contract.md "The widgets": `lookup`). */
export interface LookupConfig {
  /** `data-action`: where a valid submit goes; default `/ConfirmRefund`. */
  action: string;
  /** `data-disruption-action`: where a disruption reason goes; default `/Home/Disruption`. */
  disruptionAction: string;
  /** Optional `data-support-email`, linked from the wheelchair funnel; '' when absent. */
  supportEmail: string;
  /** Optional `data-delay-repay-url`, linked from the delay-repay funnel's advice; '' when absent. */
  delayRepayUrl: string;
  /** The start page's query (its `covid19` flag is passed on). */
  query: QueryFlags;
  /** What the traveller typed into the server-rendered form before the widget mounted. */
  typed?: TypedLookupValues;
}

/** The server-rendered form's fields at mount (docs/host-contract.md "Content before the widget"). */
export interface TypedLookupValues {
  bookingReference: string;
  email: string;
  /** The field that had the focus, which the widget's field takes over; null when none. */
  focus: 'bookingReference' | 'email' | null;
}
