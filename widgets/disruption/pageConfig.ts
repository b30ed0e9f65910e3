import { WidgetError } from '../../shared/errors/WidgetError';
import { NAVIGATION_RULE, navigationTarget, pageUrlOf } from '../../shared/page/navigationTarget';
import { readPageData } from '../../shared/page/readPageData';
import { readDelayRepayUrl } from '../../shared/page/delayRepayUrl';
import { readStartUrl } from '../../shared/page/startUrl';
import type { DisruptionConfig } from './types';

/** Default navigation targets (docs/decisions.md "Navigation"). */
export const DEFAULT_ACTIONS = {
  confirm: '/ConfirmRefund',
  manual: '/ManualRefund',
  finished: '/Home/Disruption/Finished',
  questions: '/Home/Disruption',
} as const;

const INVALID_TEXT = 'This disruption page is set up incorrectly. Please try again later.';

function target(dataset: Record<string, string>, key: string, fallback: string, pageUrl: string): string {
  const raw = (dataset[key] ?? '').trim();
  if (raw === '') return fallback;
  const checked = navigationTarget(raw, pageUrl);
  if (checked === null) {
    throw new WidgetError('INVALID_PAGE_DATA', INVALID_TEXT, {
      cause: new Error(`data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${NAVIGATION_RULE}`),
    });
  }
  return checked;
}

/**
 * Reads the disruption page's data once (docs/host-contract.md "The widgets": Details, station names,
 * `data-refund-status-url`, `data-support-email`, query string; plus optional `data-view`
 * (`finished`) and the navigation targets `data-action`, `data-manual-action`,
 * `data-finished-action`, `data-questions-action`, `data-start-url`, and the Delay Repay link
 * `data-delay-repay-url`: shared/page/delayRepayUrl.ts).
 *
 * @throws WidgetError: MISSING_DETAILS, MISSING_STATION_MAP, or INVALID_PAGE_DATA when the
 *   questions view has no `data-refund-status-url`, a target is unsafe or `data-delay-repay-url`
 *   is refused
 */
export function readDisruptionConfig(element: HTMLElement, doc?: Document, search?: string): DisruptionConfig {
  const page = readPageData(element, doc, search);
  const data = page.dataset;
  const view = data.view === 'finished' ? 'finished' : 'questions';
  const pageUrl = pageUrlOf(element);
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
      confirm: target(data, 'action', DEFAULT_ACTIONS.confirm, pageUrl),
      manual: target(data, 'manualAction', DEFAULT_ACTIONS.manual, pageUrl),
      finished: target(data, 'finishedAction', DEFAULT_ACTIONS.finished, pageUrl),
      questions: target(data, 'questionsAction', DEFAULT_ACTIONS.questions, pageUrl),
    },
    startUrl: readStartUrl(data, pageUrl, INVALID_TEXT),
    delayRepayUrl: readDelayRepayUrl(data.delayRepayUrl, pageUrl, INVALID_TEXT),
  };
}
