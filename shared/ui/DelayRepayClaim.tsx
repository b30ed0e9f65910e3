/**
 * Where Delay Repay is claimed, the one sentence the disruption widget's Finished view and the
 * lookup widget's delay-repay funnel both give (docs/decisions.md "The disruption funnel walks like
 * GOV.UK"): with the page's `data-delay-repay-url`, a link to the train company's Delay Repay;
 * without it, the sentence names where to go.
 */

/** The sentence's texts (ours; the product rules' quoted 'Delay repay requests …' stays in each widget). */
export const DELAY_REPAY_CLAIM_TEXT = {
  link: 'Claim Delay Repay',
  afterLink:
    'from the train company that ran your train, usually within 28 days of travel. Have your booking reference and tickets ready.',
  withoutLink:
    'Claim Delay Repay on the website or app of the train company that ran your train, usually within 28 days of travel. Have your booking reference and tickets ready.',
} as const;

export interface DelayRepayClaimProps {
  /** The checked `data-delay-repay-url` (shared/page/delayRepayUrl.ts), or '' for none. */
  url: string;
  /** Class of the paragraph. */
  className: string;
}

/**
 * The paragraph: "Claim Delay Repay" as a link to `url` (no referrer, so the page's query with
 * the booking reference and email never reaches the train company), else the sentence without a
 * link.
 */
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
