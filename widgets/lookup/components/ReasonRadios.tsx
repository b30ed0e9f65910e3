import type { ChangeEvent } from 'react';
import { RadioGroup } from '../../../shared/forms/RadioGroup';
import { texts } from '../texts';
import { REFUND_REASONS } from '../types';

export interface ReasonRadiosProps {
  /** Base of the radio ids (`{idPrefix}-{reason}`); the error summary links to the first. */
  idPrefix: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The refund reason (docs/product-rules.md section 2, "a form asks for a refund reason"): radios
 * whose values are {@link REFUND_REASONS}, in a fieldset 'Why do you want a refund?' with a hint
 * and, after a failed submit, its message. Radios rather than a select (docs/decisions.md "The
 * disruption funnel walks like GOV.UK"): four choices, each label wrapping on a narrow screen
 * instead of being cut off.
 */
export function ReasonRadios({ idPrefix, value, error, onChange }: ReasonRadiosProps) {
  return (
    <RadioGroup
      name="reason"
      idPrefix={idPrefix}
      legend={texts.reasonLabel}
      hint={texts.reasonHint}
      options={REFUND_REASONS.map((reason) => ({
        value: reason,
        label: texts.reasons[reason],
        hint: texts.reasonHints[reason],
      }))}
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}
