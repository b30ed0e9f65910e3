/**
 * Where Delay Repay is claimed, one sentence for the disruption and lookup widgets
 * (docs/decisions.md "The disruption funnel walks like GOV.UK").
 */

/** The sentence's texts (the product rules' 'Delay repay requests …' stays in each widget). */
export const DELAY_REPAY_CLAIM_TEXT = {
  link: 'Claim Delay Repay',
  afterLink:
    'from the train company that ran your train, usually within 28 days of travel. Have your booking reference and tickets ready.',
  withoutLink:
    'Claim Delay Repay on the website or app of the train company that ran your train, usually within 28 days of travel. Have your booking reference and tickets ready.',
} as const;

export interface DelayRepayClaimProps {
  /** The checked `data-delay-repay-url`, or '' for none. */
  url: string;
  className: string;
}

/** "Claim Delay Repay" linking to `url` without referrer (the query holds the booking reference), else plain. */
export function DelayRepayClaim({ url, className }: DelayRepayClaimProps) {
  if (!url) return <p className={className}>{DELAY_REPAY_CLAIM_TEXT.withoutLink}</p>;
  return (
    <p className={className}>
      <a className="rw-link" href={url} rel="noreferrer">
        {DELAY_REPAY_CLAIM_TEXT.link}
      </a>{' '}
      {DELAY_REPAY_CLAIM_TEXT.afterLink}
    </p>
  );
}
