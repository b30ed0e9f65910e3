/**
 * `data-delay-repay-url` (docs/host-contract.md, the `disruption` and `lookup` widgets;
 * docs/decisions.md "The disruption funnel walks like GOV.UK"): the train company's Delay Repay
 * page that the Delay Repay advice links to. A train company's page is on another origin by
 * nature, so besides what {@link navigationTarget} accepts (a site-root path on this site, an
 * http(s) URL on this site or on an origin built in with `NAVIGATION_ORIGINS`), an `https://` URL
 * spelt out on any origin is accepted. Everything else `navigationTarget` refuses stays refused:
 * control characters and backslashes, scheme-relative `//host`, relative paths, other schemes,
 * user names and passwords, and plain `http://` on another origin.
 */
import { readNavigationAttribute, type MountDataset } from './navigationAttribute';
import { builtInNavigationOrigins, navigationTarget } from './navigationTarget';

/** What a widget's setup error says about a refused `data-delay-repay-url` (for its `cause`). */
export const DELAY_REPAY_URL_RULE =
  'must be a site-root path on this site, an http(s) URL on this site or on an origin built in with NAVIGATION_ORIGINS, or an https URL';

/** The origin of `raw` when it is an absolute `https:` URL, else null. */
function httpsOrigin(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Checks a Delay Repay link taken from the page.
 *
 * @param value the attribute's value (surrounding spaces are ignored)
 * @param pageUrl the page's URL (`location.href`; see `pageUrlOf`)
 * @returns the URL to link to, or null when refused (an empty value is refused too)
 */
export function delayRepayTarget(value: string, pageUrl: string): string | null {
  const raw = value.trim();
  const origin = /^https:\/\//i.test(raw) ? httpsOrigin(raw) : null;
  // An https URL spelt out is judged on its own origin, whatever the page's (the same checks:
  // control characters, backslashes, user name and password are still refused).
  if (origin !== null) return navigationTarget(raw, `${origin}/`, []);
  return navigationTarget(raw, pageUrl, builtInNavigationOrigins());
}

/**
 * Reads a mount's optional `data-delay-repay-url` with the one navigation-attribute reader
 * (shared/page/navigationAttribute.ts), checked by {@link delayRepayTarget}.
 *
 * @param dataset the mount element's `data-*` attributes (camelCased, as `dataset`)
 * @param pageUrl the page's address (`location.href`; see `pageUrlOf`)
 * @param invalidText the traveller's text when the value is refused (the widget's "set up
 *   incorrectly" message)
 * @returns the checked link, or '' when the attribute is absent or blank (the advice then names
 *   where to claim, without a link)
 * @throws WidgetError('INVALID_PAGE_DATA', invalidText) when the value is refused; its `cause`
 *   names the attribute
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
