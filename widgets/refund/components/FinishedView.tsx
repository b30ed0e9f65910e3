import { useEffect } from 'react';
import { formatPence } from '../../../shared/format/money';
import { mailtoHref } from '../../../shared/format/mailto';
import { setTitleFirstSegment } from '../../../shared/page/title';
import { OutcomeView } from '../../../shared/ui/OutcomeView';
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
  useEffect(() => {
    setTitleFirstSegment(texts.completeTitle);
  }, []);
  const amount = formatPence(amountPence);
  const help = deferred ? mailtoHref(supportEmail, { subject: texts.helpSubject(bookingReference) }) : '';
  return (
    <OutcomeView
      idBase="rw-refund-finished-heading"
      className="rw-refund__finished"
      heading={deferred ? texts.deferralAccepted : texts.refundAccepted}
      startUrl={startUrl}
      startAgainText={texts.startAgain}
    >
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
    </OutcomeView>
  );
}
