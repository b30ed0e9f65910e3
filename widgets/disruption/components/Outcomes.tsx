import { DelayRepayClaim } from '../../../shared/ui/DelayRepayClaim';
import { MailSentence } from '../../../shared/ui/MailSentence';
import { texts } from '../texts';

/**
 * The Delay Repay advice shown for `delayed` (docs/product-rules.md section 2): Delay Repay is claimed from the
 * train operating company, not here (the rules' exact sentence); where to claim, with a link to
 * `delayRepayUrl` (the mount's `data-delay-repay-url`) when the page gives one; the tickets are
 * unchanged.
 */
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

/**
 * The contact-customer-services instructions shown for `manual` and `somethingElse` (docs/product-rules.md
 * section 2): a mail link to `supportEmail` with the subject 'Disruption claim for booking {ref}',
 * or the advice without a link when the page gave no address.
 */
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
