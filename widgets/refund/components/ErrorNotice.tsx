import { failureText, type WidgetError } from '../../../shared/errors/WidgetError';
import { mailtoHref } from '../../../shared/format/mailto';
import { serverText } from '../../../shared/api/serverText';
import { texts } from '../texts';
import type { RefundPageConfig } from '../types';

interface Props {
  /** The catalogued message of docs/product-rules.md section 8 (a `FORBIDDEN` error shows the reload text instead). */
  message: string;
  error?: WidgetError;
  /** The page: its `data-support-email` and the booking reference make the contact link. */
  config: Pick<RefundPageConfig, 'supportEmail' | 'details'>;
  /** Shown as a button when given. */
  onRetry?: () => void;
}

/**
 * An error announced to screen readers (role alert) with its catalogued message, the `Details`
 * when the server gave a text of its own, a contact link to support and an optional retry
 * (docs/product-rules.md section 8 "the refund status fails", "the replacement confirm fails").
 * The details are the server's text alone, rendered as text ({@link serverText}): never an HTTP
 * status, an error code, a URL or an exception name; a failure without a server text shows none
 * (docs/decisions.md "The refund page's words and amounts"). A `FORBIDDEN` error (stale token or
 * session) shows `RELOAD_PAGE_TEXT` as its message.
 */
export function ErrorNotice({ message, error, config, onRetry }: Props) {
  const href = mailtoHref(config.supportEmail, { subject: texts.helpSubject(config.details.bookingReference) });
  const details = error ? serverText(error) : undefined;
  return (
    <div className="rw-message rw-message--error" role="alert">
      <p className="rw-refund__error-title">{failureText(error, message)}</p>
      {details && (
        <dl className="rw-refund__error-details">
          <dt>{texts.errorDetails}</dt>
          <dd className="rw-refund__error-body">{details}</dd>
        </dl>
      )}
      <p className="rw-refund__error-actions">
        {onRetry && (
          <button type="button" className="rw-button rw-button--secondary" onClick={onRetry}>
            {texts.tryAgain}
          </button>
        )}
        {href && (
          <a className="rw-link" href={href}>
            {texts.contactSupport}
          </a>
        )}
      </p>
    </div>
  );
}
