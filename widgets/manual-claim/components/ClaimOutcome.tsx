import { failureText } from '../../../shared/errors/WidgetError';
import { mailtoHref } from '../../../shared/format/mailto';
import { formatLondon } from '../../../shared/format/time';
import { OutcomeView } from '../../../shared/ui/OutcomeView';
import { texts } from '../texts';

/**
 * The success view (docs/product-rules.md section 2; docs/decisions.md "The receipt line"): `at` in London time.
 * Its heading takes focus so screen readers announce the outcome.
 */
export function ClaimSubmitted({ startUrl, at }: { startUrl: string; at: number }) {
  const london = formatLondon(at);
  return (
    <OutcomeView
      idBase="rw-manual-claim-finished-heading"
      className="rw-manual-claim__finished"
      heading={texts.submitted}
      headingClassName="rw-manual-claim__heading"
      startUrl={startUrl}
      startAgainText={texts.startAgain}
      receipt={{ text: texts.submittedAt(london.date, london.time), dateTime: london.iso }}
    >
      <p>{texts.submittedBody}</p>
    </OutcomeView>
  );
}

interface ClaimFailedProps {
  supportEmail: string;
  bookingReference: string;
  /** Sends the same claim with the same Idempotency-Key. */
  onRetry: () => void;
  /** A `FORBIDDEN` error (stale token or session) adds the reload text. */
  error?: unknown;
}

/**
 * The claim failure (docs/product-rules.md section 8): `Something went wrong`, a mail link to support carrying the
 * booking reference, and a retry; a stale page (`FORBIDDEN`) first says to reload.
 */
export function ClaimFailed({ supportEmail, bookingReference, onRetry, error }: ClaimFailedProps) {
  const reload = failureText(error, '');
  const href = mailtoHref(supportEmail, {
    subject: texts.mailSubject(bookingReference),
    body: texts.mailBody(bookingReference),
  });
  return (
    <div className="rw-message rw-message--error rw-manual-claim__failed" role="alert">
      <h3 className="rw-manual-claim__failed-title">{texts.failed}</h3>
      {reload && <p>{reload}</p>}
      <p>{href ? texts.failedBody(supportEmail, bookingReference) : texts.failedBodyNoAddress(bookingReference)}</p>
      <p className="rw-manual-claim__actions">
        {href && (
          <a className="rw-link" href={href}>
            {texts.emailSupport}
          </a>
        )}
        <button type="button" className="rw-button rw-button--secondary" onClick={onRetry}>
          {texts.tryAgain}
        </button>
      </p>
    </div>
  );
}
