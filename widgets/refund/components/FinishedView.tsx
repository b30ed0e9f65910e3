import { useEffect, useRef } from 'react';
import { formatPence } from '../../../shared/format/money';
import { mailtoHref } from '../../../shared/format/mailto';
import { useScopedId } from '../../../shared/hooks/useScopedId';
import { setTitleFirstSegment } from '../../../shared/page/title';
import { texts } from '../texts';

export interface FinishedViewProps {
  deferred: boolean;
  /**
   * The amount the traveller accepted, in pence: the refund (the dry run's `refundValue`, or the
   * replacement dry run's for a replacement), or the amount deferred (`ticketsReplaceValue`).
   */
  amountPence: number;
  bookingReference: string;
  supportEmail: string;
  /** The mount's `data-start-url` (default `/`). */
  startUrl: string;
}

/**
 * The finished view after a refund or deferral (docs/product-rules.md section 2): `Refund request
 * accepted` or `Deferred refund request accepted`, the title's first segment `Refund Complete`, a
 * link to start again. It repeats the amount (docs/decisions.md "The refund page's words and
 * amounts"): `We are refunding {amount}.` and when the money arrives; after a deferral, the amount
 * kept, for 12 months with no admin fee (the server's answer gives no date), and how to use it,
 * with a mail link to support. The heading takes focus so screen readers announce the outcome.
 */
export function FinishedView({ deferred, amountPence, bookingReference, supportEmail, startUrl }: FinishedViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useScopedId('rw-refund-finished-heading');
  useEffect(() => {
    setTitleFirstSegment(texts.completeTitle);
    heading.current?.focus();
  }, []);
  const amount = formatPence(amountPence);
  const help = deferred ? mailtoHref(supportEmail, { subject: texts.helpSubject(bookingReference) }) : '';
  return (
    <section className="rw-refund__finished" aria-labelledby={headingId}>
      <h2 id={headingId} className="rw-refund__heading" tabIndex={-1} ref={heading}>
        {deferred ? texts.deferralAccepted : texts.refundAccepted}
      </h2>
      {deferred ? (
        <>
          <p className="rw-refund__finished-amount">{texts.deferralKept(amount)}</p>
          <p>{texts.deferralNext(bookingReference)}</p>
          {help && (
            <p>
              <a className="rw-link" href={help}>
                {texts.deferralHelp}
              </a>
            </p>
          )}
        </>
      ) : (
        <>
          <p className="rw-refund__finished-amount">{texts.refundAmount(amount)}</p>
          <p>{texts.completeBody}</p>
        </>
      )}
      <p>
        <a className="rw-link" href={startUrl}>
          {texts.startAgain}
        </a>
      </p>
    </section>
  );
}
