import { failureText, type WidgetError } from '../../../shared/errors/WidgetError';
import { mailtoHref } from '../../../shared/format/mailto';
import { TEXT } from '../texts';

interface Props {
  /** The catalogued message of docs/product-rules.md section 8 (a `FORBIDDEN` error shows the reload text instead). */
  message: string;
  error?: WidgetError;
  supportEmail: string;
  bookingReference: string;
  /** Shown as a button when given. */
  onRetry?: () => void;
}

/**
 * An error announced to screen readers (role alert) with its catalogued message, the details
 * and server body when there are any (rendered as text), a contact link to support and an
 * optional retry (docs/product-rules.md section 8 "Refund status failure", "Replacement confirm failure"). A
 * `FORBIDDEN` error (stale token or session) shows `RELOAD_PAGE_TEXT` as its message.
 */
export function ErrorNotice({ message, error, supportEmail, bookingReference, onRetry }: Props) {
  const href = mailtoHref(supportEmail, { subject: `Refund help for booking ${bookingReference}` });
  const details = error
    ? [error.status ? `HTTP ${error.status}` : error.code, error.message].filter(Boolean).join(': ')
    : '';
  const body = error?.body && error.body !== error.message ? error.body : '';
  return (
    <div className="rw-message rw-message--error" role="alert">
      <p className="rw-refund__error-title">{failureText(error, message)}</p>
      {details && (
        <dl className="rw-refund__error-details">
          <dt>{TEXT.errorDetails}</dt>
          <dd>{details}</dd>
          {body && (
            <>
              <dt>{TEXT.errorResponse}</dt>
              <dd className="rw-refund__error-body">{body.slice(0, 2000)}</dd>
            </>
          )}
        </dl>
      )}
      <p className="rw-refund__error-actions">
        {onRetry && (
          <button type="button" className="rw-button rw-button--secondary" onClick={onRetry}>
            {TEXT.tryAgain}
          </button>
        )}
        {href && (
          <a className="rw-link" href={href}>
            {TEXT.contactSupport}
          </a>
        )}
      </p>
    </div>
  );
}
