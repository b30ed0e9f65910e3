/**
 * `data-start-url` (docs/host-contract.md "The widgets"): where the "Start again" link of the
 * refund, manual-claim and disruption widgets leads. Default `/`, the site's start page.
 */
import { readNavigationAttribute, type MountDataset } from './navigationAttribute';

/** Where "Start again" leads when the mount gives no `data-start-url`. */
export const DEFAULT_START_URL = '/';

/**
 * Reads `data-start-url` from a mount's attributes with the one navigation-attribute reader
 * (shared/page/navigationAttribute.ts): a site-root path on the page's origin, or an absolute
 * http(s) URL spelt out, on the page's origin or one built in with `NAVIGATION_ORIGINS`.
 *
 * @param dataset the mount element's `data-*` attributes (camelCased, as `dataset`)
 * @param pageUrl the page's address (`location.href`; see `pageUrlOf`)
 * @param invalidText the traveller's text when the attribute is refused (the widget's "set up
 *   incorrectly" message)
 * @returns the checked target, or `/` when the attribute is absent or blank
 * @throws WidgetError('INVALID_PAGE_DATA', invalidText) when the value is refused; its `cause`
 *   names the attribute
 */
export function readStartUrl(dataset: MountDataset, pageUrl: string, invalidText: string): string {
  return readNavigationAttribute(dataset, 'data-start-url', { pageUrl, fallback: DEFAULT_START_URL, invalidText });
}
