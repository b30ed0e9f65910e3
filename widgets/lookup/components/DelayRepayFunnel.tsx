import { RadioGroup, type RadioFieldProps } from '../../../shared/forms/RadioGroup';
import { DelayRepayClaim } from '../../../shared/ui/DelayRepayClaim';
import { texts } from '../texts';
import { DELAY_REPAY_CHOICES } from '../types';

export interface DelayRepayFunnelProps extends RadioFieldProps {
  /** The mount's checked `data-delay-repay-url`, or '' (the advice then names where to claim). */
  delayRepayUrl: string;
}

/**
 * The delay-repay funnel shown for the Disruption reason (docs/product-rules.md sections 2 and 5): radios
 * `delayRepay` / `abandoned` in a fieldset. Choosing `delayRepay` explains at once where Delay
 * Repay is claimed (the train company), with a link to `delayRepayUrl` when the page gives one,
 * as the disruption widget's Finished view does; the form's schema then refuses the submit with
 * 'Delay repay requests must be sent to the train operating company'. Loaded lazily.
 */
function DelayRepayFunnel({ delayRepayUrl, ...field }: DelayRepayFunnelProps) {
  const { idPrefix } = field;
  return (
    <div className="rw-lookup__funnel">
      <RadioGroup
        {...field}
        name="delayRepay"
        legend={texts.delayRepayLegend}
        options={DELAY_REPAY_CHOICES.map((choice) => ({ value: choice, label: texts.delayRepayChoices[choice] }))}
      />
      {field.value === 'delayRepay' && (
        <div className="rw-lookup__advice" role="region" aria-labelledby={`${idPrefix}-advice`}>
          <h3 id={`${idPrefix}-advice`} className="rw-lookup__advice-heading">
            {texts.delayRepayAdviceHeading}
          </h3>
          <p className="rw-lookup__text">{texts.delayRepayAdvice}</p>
          <DelayRepayClaim url={delayRepayUrl} className="rw-lookup__text" />
        </div>
      )}
    </div>
  );
}

export default DelayRepayFunnel;
