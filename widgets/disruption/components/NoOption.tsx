import { TEXT } from '../texts';

/**
 * No disruption self refund is available (docs/product-rules.md section 2): says so and links to /ManualRefund
 * with the `Disruption` flag, booking reference and e-mail (`href` from `manualRefundUrl`).
 * `onFollow` runs when the link is followed (the funnel ends: the saved answers are forgotten).
 */
export function NoOption({ href, onFollow }: { href: string; onFollow?: () => void }) {
  return (
    <div className="rw-disruption__panel">
      <h2 className="rw-disruption__heading">{TEXT.noOptionHeading}</h2>
      <p className="rw-disruption__text">{TEXT.noOptionBody}</p>
      <p className="rw-disruption__text">
        <a className="rw-link" href={href} onClick={onFollow}>
          {TEXT.noOptionLink}
        </a>
      </p>
    </div>
  );
}
