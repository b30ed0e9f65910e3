import { mailtoHref } from '../format/mailto';

export interface MailSentenceProps {
  /** The address the page gave (e.g. `data-support-email`); may be empty or implausible. */
  address: string;
  /** The mail's subject. */
  subject: string;
  /** Text before the address, e.g. 'To ask, e-mail'. */
  before: string;
  /** Text after the address, e.g. 'with your booking reference.'. */
  after: string;
  /** The whole sentence when there is no usable address (no link is made). */
  fallback: string;
  /** Class of the paragraph. */
  className: string;
}

/**
 * A sentence that asks the traveller to e-mail us: `{before} {address} {after}` with the address
 * as a percent-encoded mailto link carrying `subject` (shared/format/mailto.ts), or `fallback`
 * without a link when the page gave no plausible address. All text renders as text.
 */
export function MailSentence({ address, subject, before, after, fallback, className }: MailSentenceProps) {
  const href = mailtoHref(address, { subject });
  if (!href) return <p className={className}>{fallback}</p>;
  return (
    <p className={className}>
      {before}{' '}
      <a className="rw-link" href={href}>
        {address}
      </a>{' '}
      {after}
    </p>
  );
}
