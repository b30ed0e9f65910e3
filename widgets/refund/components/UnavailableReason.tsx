import { mailtoHref } from '../../../shared/format/mailto';
import type { RefundStatus } from '../../../shared/types';
import { texts } from '../texts';
import { unavailableReason } from '../unavailableReasons';

export interface UnavailableReasonProps {
  /** The refund status, or null when it is not known. */
  status: RefundStatus | null;
  bookingReference: string;
  appealsEmail: string;
  /** Heading level of 'What happens next'. */
  headingLevel: 2 | 3;
}

/**
 * The body of the refund unavailable page (docs/product-rules.md sections 2 and 4): `We can't process an
 * automatic refund for this journey because {reason}.`, then `What happens next` with the appeal
 * mailto (subject `Failed automatic refund for {bookingReference}`, a body asking for detail and
 * the reference, all percent-encoded), then, unless the booking was cancelled, the
 * disrupted-journey sentence. Server and page text render as text.
 */
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
