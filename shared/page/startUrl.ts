/**
 * `data-start-url` (issue "A host team's first day", item 7): where the "Start again" link of the
 * refund, manual-claim and disruption widgets leads. Default `/`, the site's start page.
 */
import { WidgetError } from '../errors/WidgetError';

/** Where "Start again" leads when the mount gives no `data-start-url`. */
export const DEFAULT_START_URL = '/';

/**
 * Checks a navigation target (the same rules as every other target a page gives the widgets):
 * a site-root path that stays on the page's origin, or an absolute http(s) URL spelt out;
 * nothing with control characters or backslashes, no user name or password.
 *
 * @returns the target to link to, or null when refused
 */
function navigationTarget(value: string, pageUrl: string): string | null {
  const raw = value.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (raw === '' || /[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  let page: URL;
  try {
    page = new URL(pageUrl);
    url = new URL(raw, page);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username !== '' || url.password !== '') return null;
  if (raw.startsWith('/')) return url.origin === page.origin && !raw.startsWith('//') ? raw : null;
  return /^https?:\/\//i.test(raw) ? url.href : null;
}

/**
 * Reads `data-start-url` from a mount's attributes.
 *
 * @param dataset the mount element's `data-*` attributes (camelCased, as `dataset`)
 * @param pageUrl the page's address (`location.href`), against which site-root paths are checked
 * @param invalidText the traveller's text when the attribute is refused (the widget's "set up
 *   incorrectly" message)
 * @returns the checked target, or `/` when the attribute is absent or blank
 * @throws WidgetError('INVALID_PAGE_DATA', invalidText) when the value is not a site-root path on
 *   the page's origin or an http(s) URL; its `cause` names the attribute
 */
export function readStartUrl(dataset: Record<string, string>, pageUrl: string, invalidText: string): string {
  const raw = (dataset.startUrl ?? '').trim();
  if (raw === '') return DEFAULT_START_URL;
  const target = navigationTarget(raw, pageUrl);
  if (target === null) {
    throw new WidgetError('INVALID_PAGE_DATA', invalidText, {
      cause: new Error('data-start-url is not a site-root path on this site or an http(s) URL'),
    });
  }
  return target;
}

/** The page's address for {@link readStartUrl}: the element's window's `location.href`, else ''. */
export function pageUrlOfElement(element: Element): string {
  try {
    return element.ownerDocument.defaultView?.location.href ?? '';
  } catch {
    return '';
  }
}
