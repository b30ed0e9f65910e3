import { RadioGroup, type RadioFieldProps } from '../../../shared/forms/RadioGroup';
import { texts } from '../texts';
import { REFUND_REASONS } from '../types';

/** `idPrefix` is the base of the radio ids (`{idPrefix}-{reason}`); the error summary links to the first. */
export type ReasonRadiosProps = RadioFieldProps;

/**
 * The refund reason (docs/product-rules.md section 2, "a form asks for a refund reason"): radios
 * whose values are {@link REFUND_REASONS}, in a fieldset 'Why do you want a refund?' with a hint
 * and, after a failed submit, its message. Radios rather than a select (docs/decisions.md "The
 * disruption funnel walks like GOV.UK"): four choices, each label wrapping on a narrow screen
 * instead of being cut off.
 */
export function ReasonRadios(field: ReasonRadiosProps) {
  return (
    <RadioGroup
      {...field}
      name="reason"
      legend={texts.reasonLabel}
      hint={texts.reasonHint}
      options={REFUND_REASONS.map((reason) => ({
        value: reason,
        label: texts.reasons[reason],
        hint: texts.reasonHints[reason],
      }))}
    />
  );
}
