import { RadioGroup, type RadioFieldProps } from '../../../shared/forms/RadioGroup';
import { DelayRepayClaim } from '../../../shared/ui/DelayRepayClaim';
import { texts } from '../texts';
import { DELAY_REPAY_CHOICES } from '../types';

export interface DelayRepayFunnelProps extends RadioFieldProps {
  /** The checked `data-delay-repay-url`, or ''. */
  delayRepayUrl: string;
}

/**
 * The Disruption reason's funnel (docs/product-rules.md sections 2 and 5): `delayRepay` shows where Delay Repay is
 * claimed, and the schema refuses the submit; `abandoned` goes on. Loaded lazily.
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
