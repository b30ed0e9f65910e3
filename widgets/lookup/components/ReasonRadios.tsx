import { RadioGroup, type RadioFieldProps } from '../../../shared/forms/RadioGroup';
import { texts } from '../texts';
import { REFUND_REASONS } from '../types';

/** `idPrefix` is the base of the radio ids (`{idPrefix}-{reason}`); the error summary links to the first. */
export type ReasonRadiosProps = RadioFieldProps;

/**
 * The refund reason radios (docs/product-rules.md section 2): radios rather than a select, so labels wrap on a
 * narrow screen (docs/decisions.md "The disruption funnel walks like GOV.UK").
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
