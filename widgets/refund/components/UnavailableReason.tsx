import { mailtoHref } from '../../../shared/format/mailto';
import type { RefundStatus } from '../../../shared/types';
import { texts } from '../texts';
import { unavailableReason } from '../unavailableReasons';

export interface UnavailableReasonProps {
  status: RefundStatus | null;
  bookingReference: string;
  appealsEmail: string;
  headingLevel: 2 | 3;
}

/** The refund unavailable body (docs/product-rules.md sections 2 and 4): the reason, then `What happens next`. */
export function UnavailableReason({ status, bookingReference, appealsEmail, headingLevel }: UnavailableReasonProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = mailtoHref(appealsEmail, {
    subject: texts.failedRefundSubject(bookingReference),
    body: texts.failedRefundBody(bookingReference),
  });
  return (
    <>
      <p className="rw-refund__reason">{texts.cannotProcess(unavailableReason(status))}</p>
      <Heading className="rw-refund__subheading">{texts.whatHappensNext}</Heading>
      <p>
        {texts.appealIntro}{' '}
        {href ? (
          <a className="rw-link" href={href}>
            {appealsEmail}
          </a>
        ) : (
          appealsEmail || texts.contactSupport
        )}
        . {texts.appealOutro}
      </p>
      {!status?.isCancelled && <p>{texts.disruptedSentence}</p>}
    </>
  );
}
