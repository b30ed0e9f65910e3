import { readDelayRepayUrl } from '../../shared/page/delayRepayUrl';
import { readNavigationAttribute } from '../../shared/page/navigationAttribute';
import { pageUrlOf } from '../../shared/page/navigationTarget';
import { windowOf } from '../../shared/page/pageDocument';
import { readQueryFlags } from '../../shared/page/readPageData';
import type { LookupConfig, TypedLookupValues } from './types';

/** Default targets (docs/host-contract.md "The widgets"; docs/decisions.md "Navigation"). */
export const DEFAULT_ACTION = '/ConfirmRefund';
export const DEFAULT_DISRUPTION_ACTION = '/Home/Disruption';

/** The setup error of a refused `data-action` or `data-disruption-action`. */
export const INVALID_ACTION_TEXT = 'This page is set up incorrectly (an invalid form action). Please try again later.';

/** The setup error of a refused `data-delay-repay-url`. */
export const INVALID_LINK_TEXT = 'This page is set up incorrectly (an invalid link). Please try again later.';

/**
 * Reads the lookup widget's page data (docs/host-contract.md "The widgets": nothing required;
 * `data-action` default `/ConfirmRefund`, `data-disruption-action` default `/Home/Disruption`,
 * optional `data-support-email` and `data-delay-repay-url` (shared/page/delayRepayUrl.ts); the
 * query's `covid19` flag).
 *
 * @param element the mount element
 * @param search the page's query string (default: the element's document location)
 * @throws WidgetError('INVALID_PAGE_DATA', {@link INVALID_ACTION_TEXT}) when an action is refused
 *   by the one navigation-attribute reader (shared/page/navigationAttribute.ts: a site-root path
 *   must stay on the page's origin; otherwise only an absolute http(s) URL on the page's origin or
 *   one built in with `NAVIGATION_ORIGINS`); WidgetError('INVALID_PAGE_DATA',
 *   {@link INVALID_LINK_TEXT}) when `data-delay-repay-url` is refused
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

/**
 * Reads what the traveller typed into the mount's server-rendered form, so the widget enhances it
 * in place: its `BookingReference` and `Email` inputs, and which of them has the focus.
 *
 * @param element the mount element, before the widget renders into it
 * @returns the values ('' for a missing field) and the focused field
 */
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
