import { useEffect } from 'react';
import { formatPence } from '../../../shared/format/money';
import { mailtoHref } from '../../../shared/format/mailto';
import { formatLondon } from '../../../shared/format/time';
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
  /** When the server's answer arrived (milliseconds since the epoch): the receipt line's instant. */
  at: number;
  bookingReference: string;
  supportEmail: string;
  /** The mount's `data-start-url` (default `/`). */
  startUrl: string;
}

/**
 * The finished view after a refund or deferral (docs/product-rules.md section 2): `Refund request
 * accepted` or `Deferred refund request accepted`, the receipt line under it (`… on 25/11/2026 at
 * 14:05 (UK time).`: `at` in London time, whatever the phone's zone), the title's first segment
 * `Refund Complete`, a link to start again. It repeats the amount (docs/decisions.md "The refund page's words and
 * amounts"): `We are refunding {amount}.` and when the money arrives; after a deferral, the amount
 * kept, for 12 months with no admin fee (the server's answer gives no date), and how to use it,
 * with a mail link to support. The heading takes focus so screen readers announce the outcome.
 */
export function FinishedView({
  deferred,
  amountPence,
  at,
  bookingReference,
  supportEmail,
  startUrl,
}: FinishedViewProps) {
  useEffect(() => {
    setTitleFirstSegment(texts.completeTitle);
  }, []);
  const amount = formatPence(amountPence);
  const heading = deferred ? texts.deferralAccepted : texts.refundAccepted;
  const london = formatLondon(at);
  const help = deferred ? mailtoHref(supportEmail, { subject: texts.helpSubject(bookingReference) }) : '';
  return (
    <OutcomeView
      idBase="rw-refund-finished-heading"
      className="rw-refund__finished"
      heading={heading}
      startUrl={startUrl}
      startAgainText={texts.startAgain}
      receipt={{ text: texts.acceptedAt(heading, london.date, london.time), dateTime: london.iso }}
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
