/** `data-start-url` (docs/host-contract.md "The widgets"): where "Start again" leads. */
import { readNavigationAttribute, type MountDataset } from './navigationAttribute';

export const DEFAULT_START_URL = '/';

/**
 * Reads `data-start-url`; `/` when absent or blank.
 * @throws WidgetError('INVALID_PAGE_DATA', invalidText) when refused
 */
export function readStartUrl(dataset: MountDataset, pageUrl: string, invalidText: string): string {
  return readNavigationAttribute(dataset, 'data-start-url', { pageUrl, fallback: DEFAULT_START_URL, invalidText });
}
