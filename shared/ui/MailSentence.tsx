import { mailtoHref } from '../format/mailto';

export interface MailSentenceProps {
  /** The address the page gave; may be empty or implausible. */
  address: string;
  subject: string;
  /** e.g. 'To ask, e-mail'. */
  before: string;
  /** e.g. 'with your booking reference.'. */
  after: string;
  /** The whole sentence when there is no usable address. */
  fallback: string;
  className: string;
}

/** `{before} {address} {after}` with a percent-encoded mailto link, or `fallback` without a plausible address. */
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
