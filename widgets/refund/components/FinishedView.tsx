import { useEffect } from 'react';
import { formatPence } from '../../../shared/format/money';
import { mailtoHref } from '../../../shared/format/mailto';
import { formatLondon } from '../../../shared/format/time';
import { setTitleFirstSegment } from '../title';
import { OutcomeView } from '../../../shared/ui/OutcomeView';
import { texts } from '../texts';

export interface FinishedViewProps {
  deferred: boolean;
  /** Pence accepted: the refund, the replacement's refund, or the amount deferred. */
  amountPence: number;
  /** When the server answered (ms since the epoch), shown in London time. */
  at: number;
  bookingReference: string;
  supportEmail: string;
  startUrl: string;
}

/**
 * The finished view after a refund or deferral (docs/product-rules.md section 2; docs/decisions.md "The receipt
 * line"). Its heading takes focus so screen readers announce the outcome.
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
