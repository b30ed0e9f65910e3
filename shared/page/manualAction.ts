/** `data-manual-action`: the manual claim page the refund and disruption widgets link to. */
import { readNavigationAttribute, type MountDataset } from './navigationAttribute';

/** docs/product-rules.md section 2. */
export const DEFAULT_MANUAL_ACTION = '/ManualRefund';

/**
 * Reads `data-manual-action`; `/ManualRefund` when absent or blank.
 * @throws WidgetError('INVALID_PAGE_DATA', invalidText) when refused
 */
export function readManualAction(dataset: MountDataset, pageUrl: string, invalidText: string): string {
  return readNavigationAttribute(dataset, 'data-manual-action', {
    pageUrl,
    fallback: DEFAULT_MANUAL_ACTION,
    invalidText,
  });
}
