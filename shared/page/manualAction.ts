/**
 * `data-manual-action` (docs/host-contract.md, the `refund` and `disruption` widgets): the manual
 * claim page that the refund widget's manual-refund links and the disruption funnel's "no
 * disruption option" lead to. Default `/ManualRefund`.
 */
import { readNavigationAttribute, type MountDataset } from './navigationAttribute';

/** The manual claim page when the mount gives no `data-manual-action` (docs/product-rules.md section 2). */
export const DEFAULT_MANUAL_ACTION = '/ManualRefund';

/**
 * Reads `data-manual-action` from a mount's attributes with the one navigation-attribute reader
 * (shared/page/navigationAttribute.ts): a site-root path on the page's origin, or an absolute
 * http(s) URL spelt out, on the page's origin or one built in with `NAVIGATION_ORIGINS`.
 *
 * @param dataset the mount element's `data-*` attributes (camelCased, as `dataset`)
 * @param pageUrl the page's address (`location.href`; see `pageUrlOf`)
 * @param invalidText the traveller's text when the attribute is refused (the widget's "set up
 *   incorrectly" message)
 * @returns the checked target, or `/ManualRefund` when the attribute is absent or blank
 * @throws WidgetError('INVALID_PAGE_DATA', invalidText) when the value is refused; its `cause`
 *   names the attribute
 */
export function readManualAction(dataset: MountDataset, pageUrl: string, invalidText: string): string {
  return readNavigationAttribute(dataset, 'data-manual-action', {
    pageUrl,
    fallback: DEFAULT_MANUAL_ACTION,
    invalidText,
  });
}
