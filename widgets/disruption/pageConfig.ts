import { WidgetError } from '../../shared/errors/WidgetError';
import { readDelayRepayUrl } from '../../shared/page/delayRepayUrl';
import { DEFAULT_MANUAL_ACTION, readManualAction } from '../../shared/page/manualAction';
import { readNavigationAttribute } from '../../shared/page/navigationAttribute';
import { pageUrlOf } from '../../shared/page/navigationTarget';
import { readPageData } from '../../shared/page/readPageData';
import { readStartUrl } from '../../shared/page/startUrl';
import type { DisruptionConfig } from './types';

/** Default navigation targets (docs/decisions.md "Navigation"). */
export const DEFAULT_ACTIONS = {
  confirm: '/ConfirmRefund',
  manual: DEFAULT_MANUAL_ACTION,
  finished: '/Home/Disruption/Finished',
  questions: '/Home/Disruption',
} as const;

const INVALID_TEXT = 'This disruption page is set up incorrectly. Please try again later.';

/**
 * Reads the disruption page's data once (docs/host-contract.md "The widgets").
 * @throws WidgetError MISSING_DETAILS, MISSING_STATION_MAP, or INVALID_PAGE_DATA (no status URL for the questions,
 *   an unsafe target or a refused `data-delay-repay-url`)
 */
export function readDisruptionConfig(element: HTMLElement, doc?: Document, search?: string): DisruptionConfig {
  const page = readPageData(element, doc, search);
  const data = page.dataset;
  const view = data.view === 'finished' ? 'finished' : 'questions';
  const pageUrl = pageUrlOf(element);
  const read = { pageUrl, invalidText: INVALID_TEXT };
  const refundStatusUrl = (data.refundStatusUrl ?? '').trim();
  if (view === 'questions' && refundStatusUrl === '') {
    throw new WidgetError('INVALID_PAGE_DATA', INVALID_TEXT, {
      cause: new Error('data-refund-status-url is missing'),
    });
  }
  return {
    details: page.details,
    stations: page.stations,
    refundStatusUrl,
    supportEmail: (data.supportEmail ?? '').trim(),
    view,
    query: page.query,
    actions: {
      confirm: readNavigationAttribute(data, 'data-action', { ...read, fallback: DEFAULT_ACTIONS.confirm }),
      manual: readManualAction(data, pageUrl, INVALID_TEXT),
      finished: readNavigationAttribute(data, 'data-finished-action', { ...read, fallback: DEFAULT_ACTIONS.finished }),
      questions: readNavigationAttribute(data, 'data-questions-action', {
        ...read,
        fallback: DEFAULT_ACTIONS.questions,
      }),
    },
    startUrl: readStartUrl(data, pageUrl, INVALID_TEXT),
    delayRepayUrl: readDelayRepayUrl(data, pageUrl, INVALID_TEXT),
  };
}
