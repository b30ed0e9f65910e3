import { readDelayRepayUrl } from '../../shared/page/delayRepayUrl';
import { readNavigationAttribute } from '../../shared/page/navigationAttribute';
import { pageUrlOf } from '../../shared/page/navigationTarget';
import { windowOf } from '../../shared/page/pageDocument';
import { readQueryFlags } from '../../shared/page/readPageData';
import type { LookupConfig, TypedLookupValues } from './types';

/** Default targets (docs/host-contract.md "The widgets"; docs/decisions.md "Navigation"). */
export const DEFAULT_ACTION = '/ConfirmRefund';
export const DEFAULT_DISRUPTION_ACTION = '/Home/Disruption';

export const INVALID_ACTION_TEXT = 'This page is set up incorrectly (an invalid form action). Please try again later.';

export const INVALID_LINK_TEXT = 'This page is set up incorrectly (an invalid link). Please try again later.';

/**
 * Reads the lookup widget's page data, all optional (docs/host-contract.md "`lookup` (mount id `lookup-widget`)").
 * @throws WidgetError INVALID_PAGE_DATA with {@link INVALID_ACTION_TEXT} for a refused action, or
 *   {@link INVALID_LINK_TEXT} for a refused `data-delay-repay-url` (docs/security.md "Navigation targets")
 */
export function readLookupConfig(element: HTMLElement, search?: string): LookupConfig {
  let query = search;
  if (typeof query !== 'string') {
    try {
      query = windowOf(element.ownerDocument)?.location.search ?? '';
    } catch {
      query = '';
    }
  }
  const data = element.dataset;
  const pageUrl = pageUrlOf(element);
  const invalidText = INVALID_ACTION_TEXT;
  return {
    action: readNavigationAttribute(data, 'data-action', { pageUrl, fallback: DEFAULT_ACTION, invalidText }),
    disruptionAction: readNavigationAttribute(data, 'data-disruption-action', {
      pageUrl,
      fallback: DEFAULT_DISRUPTION_ACTION,
      invalidText,
    }),
    supportEmail: (element.getAttribute('data-support-email') ?? '').trim(),
    delayRepayUrl: readDelayRepayUrl(data, pageUrl, INVALID_LINK_TEXT),
    query: readQueryFlags(query),
    typed: readTypedValues(element),
  };
}

/** What was typed into the mount's server-rendered form ('' when missing), and which field had the focus. */
function readTypedValues(element: HTMLElement): TypedLookupValues {
  const valueOf = (name: 'BookingReference' | 'Email') => {
    const input = element.querySelector(`form input[name="${name}"]`);
    return input instanceof HTMLInputElement ? input.value : '';
  };
  const active = element.ownerDocument.activeElement;
  const activeName = active instanceof HTMLInputElement && element.contains(active) ? active.name : '';
  return {
    bookingReference: valueOf('BookingReference'),
    email: valueOf('Email'),
    focus: activeName === 'BookingReference' ? 'bookingReference' : activeName === 'Email' ? 'email' : null,
  };
}
