import { WidgetError } from '../../shared/errors/WidgetError';
import { readPageData } from '../../shared/page/readPageData';
import { readManualAction } from '../../shared/page/manualAction';
import { pageUrlOf } from '../../shared/page/navigationTarget';
import { readStartUrl } from '../../shared/page/startUrl';
import type { RefundPageConfig } from './types';

/**
 * Reads the refund page's data once into a {@link RefundPageConfig} (docs/architecture.md "The widgets").
 * @throws WidgetError MISSING_DETAILS, MISSING_STATION_MAP, or INVALID_PAGE_DATA (missing attribute, unsafe URL)
 */
export function readRefundConfig(element: HTMLElement, doc: Document = document, search?: string): RefundPageConfig {
  const page = readPageData(element, doc, search);
  const data = page.dataset;
  const view = data.view === 'unavailable' ? 'unavailable' : 'panel';
  const missing = ['refundStatusUrl', 'dryRunUrl'].filter((key) => !data[key] && view === 'panel');
  if (missing.length > 0) {
    const names = missing.map((key) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
    throw new WidgetError(
      'INVALID_PAGE_DATA',
      `This refund page is set up incorrectly (missing ${names.join(' and ')}). Please try again later.`,
      { cause: new Error(`The mount has no ${names.join(' and no ')} attribute (required)`) },
    );
  }
  return {
    details: page.details,
    stations: page.stations,
    refundStatusUrl: data.refundStatusUrl ?? '',
    dryRunUrl: data.dryRunUrl ?? '',
    appealsEmail: data.appealsEmail ?? '',
    supportEmail: data.supportEmail ?? '',
    view,
    appealLink: (data.appealLink ?? '').toLowerCase() !== 'false',
    query: page.query,
    maxAdminFeePence: page.maxAdminFeePence,
    startUrl: readStartUrl(
      data,
      pageUrlOf(element),
      'This refund page is set up incorrectly (invalid data-start-url). Please try again later.',
    ),
    manualAction: readManualAction(
      data,
      pageUrlOf(element),
      'This refund page is set up incorrectly (invalid data-manual-action). Please try again later.',
    ),
  };
}
