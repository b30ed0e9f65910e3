/**
 * `data-delay-repay-url` (docs/decisions.md "The disruption funnel walks like GOV.UK"): as
 * {@link navigationTarget}, plus any `https://` URL spelt out, since a train company's page is elsewhere.
 */
import { readNavigationAttribute, type MountDataset } from './navigationAttribute';
import { builtInNavigationOrigins, navigationTarget } from './navigationTarget';

export const DELAY_REPAY_URL_RULE =
  'must be a site-root path on this site, an http(s) URL on this site or on an origin built in with NAVIGATION_ORIGINS, or an https URL';

function httpsOrigin(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The Delay Repay URL to link to, or null when refused. */
export function delayRepayTarget(value: string, pageUrl: string): string | null {
  const raw = value.trim();
  const origin = /^https:\/\//i.test(raw) ? httpsOrigin(raw) : null;
  // Judged on its own origin: control characters, backslashes and credentials stay refused.
  if (origin !== null) return navigationTarget(raw, `${origin}/`, []);
  return navigationTarget(raw, pageUrl, builtInNavigationOrigins());
}

/**
 * Reads the optional `data-delay-repay-url`; '' when absent or blank.
 * @throws WidgetError('INVALID_PAGE_DATA', invalidText) when refused
 */
export function readDelayRepayUrl(dataset: MountDataset, pageUrl: string, invalidText: string): string {
  return readNavigationAttribute(dataset, 'data-delay-repay-url', {
    pageUrl,
    fallback: '',
    invalidText,
    check: delayRepayTarget,
    rule: DELAY_REPAY_URL_RULE,
  });
}
