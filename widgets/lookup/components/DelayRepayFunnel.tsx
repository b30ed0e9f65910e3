import type { ChangeEvent } from 'react';
import { RadioGroup } from '../../../shared/forms/RadioGroup';
import { TEXT } from '../texts';
import { DELAY_REPAY_CHOICES } from '../types';

export interface DelayRepayFunnelProps {
  idPrefix: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The delay-repay funnel shown for the Disruption reason (docs/product-rules.md sections 2 and 5): radios
 * `delayRepay` / `abandoned` in a fieldset. Choosing `delayRepay` explains at once where Delay
 * Repay is claimed (the train company); the form's schema then refuses the submit with 'Delay
 * repay requests must be sent to the train operating company'. Loaded lazily.
 */
function DelayRepayFunnel({ idPrefix, value, error, onChange }: DelayRepayFunnelProps) {
  return (
    <div className="rw-lookup__funnel">
      <RadioGroup
        name="delayRepay"
        idPrefix={idPrefix}
        legend={TEXT.delayRepayLegend}
        options={DELAY_REPAY_CHOICES.map((choice) => ({ value: choice, label: TEXT.delayRepayChoices[choice] }))}
        value={value}
        error={error}
        onChange={onChange}
      />
      {value === 'delayRepay' && (
        <div className="rw-lookup__advice" role="region" aria-labelledby={`${idPrefix}-advice`}>
          <h3 id={`${idPrefix}-advice`} className="rw-lookup__advice-heading">
            {TEXT.delayRepayAdviceHeading}
          </h3>
          {TEXT.delayRepayAdvice.map((line) => (
            <p key={line} className="rw-lookup__text">
              {line}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}

export default DelayRepayFunnel;
