import { DelayRepayClaim } from '../../../shared/ui/DelayRepayClaim';
import { MailSentence } from '../../../shared/ui/MailSentence';
import { texts } from '../texts';

/** The Delay Repay advice for `delayed` (docs/product-rules.md section 2), linking `delayRepayUrl` when given. */
export function DelayRepayAdvice({ delayRepayUrl }: { delayRepayUrl: string }) {
  return (
    <div className="rw-disruption__panel">
      <h2 className="rw-heading">{texts.delayRepayHeading}</h2>
      <p className="rw-disruption__text rw-disruption__text--lead">{texts.delayRepayLead}</p>
      <DelayRepayClaim url={delayRepayUrl} className="rw-disruption__text" />
      <p className="rw-disruption__text">{texts.delayRepayKept}</p>
    </div>
  );
}

/** The customer services advice for `manual` and `somethingElse`, with a mail link when the page gave an address. */
export function ContactCustomerServices({
  supportEmail,
  bookingReference,
}: {
  supportEmail: string;
  bookingReference: string;
}) {
  return (
    <div className="rw-disruption__panel">
      <h2 className="rw-heading">{texts.contactHeading}</h2>
      <p className="rw-disruption__text">{texts.contactBody}</p>
      <MailSentence
        className="rw-disruption__text"
        address={supportEmail}
        subject={texts.contactSubject(bookingReference)}
        before={texts.contactBefore}
        after={texts.contactAfter(bookingReference)}
        fallback={texts.contactNoEmail(bookingReference)}
      />
    </div>
  );
}
