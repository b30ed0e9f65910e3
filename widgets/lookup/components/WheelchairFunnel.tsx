import { MailSentence } from '../../../shared/ui/MailSentence';
import { RadioGroup, type RadioFieldProps } from '../../../shared/forms/RadioGroup';
import { texts } from '../texts';
import { WHEELCHAIR_CHOICES } from '../types';

export interface WheelchairFunnelProps extends RadioFieldProps {
  /** `data-support-email`; '' shows the contact advice without a link. */
  supportEmail: string;
  /** The booking reference typed so far (for the e-mail subject). */
  bookingReference: string;
}

/**
 * The wheelchair funnel shown for the Wheelchair reason (docs/product-rules.md section 2; design ours): asks
 * what stopped the traveller (`assistanceNotProvided`, `noStepFreeAccess`, `otherAccess`), says
 * sorry, that they should not lose money and can ask for the admin fee to be waived for a full
 * refund, how to contact us (a mail link to `data-support-email` with the booking reference in the
 * subject), and explains Passenger Assist for next time. The submit then goes to the refund page
 * like any other reason: the fee decision stays the server's. Loaded lazily.
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
