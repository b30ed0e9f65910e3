import { MailSentence } from '../../../shared/ui/MailSentence';
import { RadioGroup, type RadioFieldProps } from '../../../shared/forms/RadioGroup';
import { texts } from '../texts';
import { WHEELCHAIR_CHOICES } from '../types';

export interface WheelchairFunnelProps extends RadioFieldProps {
  /** '' shows the contact advice without a link. */
  supportEmail: string;
  /** Typed so far, for the e-mail subject. */
  bookingReference: string;
}

/**
 * The Wheelchair reason's funnel (docs/decisions.md "Start page and disruption"): what stopped the traveller, the
 * admin fee waiver and how to ask; the submit goes on to the refund page. Loaded lazily.
 */
function WheelchairFunnel({ supportEmail, bookingReference, ...field }: WheelchairFunnelProps) {
  const { idPrefix } = field;
  return (
    <div className="rw-lookup__funnel">
      <RadioGroup
        {...field}
        name="wheelchair"
        legend={texts.wheelchairLegend}
        options={WHEELCHAIR_CHOICES.map((choice) => ({ value: choice, label: texts.wheelchairChoices[choice] }))}
      />
      <div className="rw-lookup__advice" role="region" aria-labelledby={`${idPrefix}-advice`}>
        <h3 id={`${idPrefix}-advice`} className="rw-lookup__advice-heading">
          {texts.wheelchairHeading}
        </h3>
        <p className="rw-lookup__text">{texts.wheelchairSorry}</p>
        <p className="rw-lookup__text">{texts.wheelchairFullRefund}</p>
        <MailSentence
          className="rw-lookup__text"
          address={supportEmail}
          subject={texts.wheelchairSubject(bookingReference.trim())}
          before={texts.wheelchairContactBefore}
          after={texts.wheelchairContactAfter}
          fallback={texts.wheelchairContactNoEmail}
        />
        {field.value === 'otherAccess' && <p className="rw-lookup__text">{texts.wheelchairOther}</p>}
        <h3 className="rw-lookup__advice-heading">{texts.wheelchairAssistHeading}</h3>
        <p className="rw-lookup__text">{texts.wheelchairAssist}</p>
      </div>
    </div>
  );
}

export default WheelchairFunnel;
