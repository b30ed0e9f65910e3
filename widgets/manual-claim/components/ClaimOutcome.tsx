import { failureText } from '../../../shared/errors/WidgetError';
import { mailtoHref } from '../../../shared/format/mailto';
import { formatLondon } from '../../../shared/format/time';
import { OutcomeView } from '../../../shared/ui/OutcomeView';
import { texts } from '../texts';

/**
 * The success view (docs/product-rules.md section 2): `Claim submitted`, the receipt line (`Claim
 * submitted on 25/11/2026 at 14:05 (UK time).`: `at`, the answer's arrival, in London time
 * whatever the phone's zone), what happens next and a link to start again (`startUrl`: the
 * mount's `data-start-url`, default `/`). The heading takes focus so screen readers announce the
 * outcome with its receipt line.
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
  /** The traveller's own retry: the same claim with the same Idempotency-Key. */
  onRetry: () => void;
  /** Why it failed: a `FORBIDDEN` error (stale token or session) adds the reload text. */
  error?: unknown;
}

/**
 * The claim failure (docs/product-rules.md section 8): `Something went wrong`, telling the traveller to e-mail
 * the images to the support address with the booking reference, with a mail link whose subject
 * and body carry the reference (built by `mailtoHref`, every part encoded), and a retry. A stale
 * page (`FORBIDDEN`) first says to reload the page and try again.
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
