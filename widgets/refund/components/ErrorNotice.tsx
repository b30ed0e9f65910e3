import { failureText, type WidgetError } from '../../../shared/errors/WidgetError';
import { mailtoHref } from '../../../shared/format/mailto';
import { serverText } from '../../../shared/api/serverText';
import { texts } from '../texts';
import type { RefundPageConfig } from '../types';

interface Props {
  /** The catalogued message (docs/product-rules.md section 8); `FORBIDDEN` shows the reload text instead. */
  message: string;
  error?: WidgetError;
  config: Pick<RefundPageConfig, 'supportEmail' | 'details'>;
  onRetry?: () => void;
}

/**
 * An alert with its catalogued message, the server's own text under `Details` (never a status, code or URL), a
 * support link and an optional retry (docs/decisions.md "The server's own text").
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
