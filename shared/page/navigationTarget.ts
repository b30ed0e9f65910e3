/**
 * The one check of navigation targets taken from the page (mount `data-` attributes such as
 * `data-action`), issue "Hardening for a security review", finding 4 (docs/security.md).
 *
 * A target is parsed the way the browser will parse it, `new URL(value, pageUrl)`, and judged by
 * the result, never by a pattern on the text: browsers drop tabs and newlines anywhere in a URL
 * and read `\` as `/`, so `/\t/evil.example` and `/\evil.example` are `//evil.example`.
 */

/** Tabs, newlines and every other C0 control or DEL, and the backslash. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/**
 * Checks a navigation target from the page and returns the URL to navigate to.
 *
 * Accepted:
 * - a site-root path (`/ConfirmRefund?x=1`): it must resolve to the page's own origin, and is
 *   returned as path, query and fragment (`/ConfirmRefund?x=1`), or as the full URL on the
 *   page's origin when the path itself begins with `//`;
 * - an absolute URL written out as `http://…` or `https://…` (any letter case), without user
 *   name or password: returned as the browser reads it (`url.href`). Another origin is only
 *   ever reached this way, spelt out.
 *
 * Refused (null): an empty value, control characters (tab, newline, …) or a backslash anywhere,
 * scheme-relative `//host`, relative paths (`x`, `./x`, `?x`), other schemes (`javascript:`,
 * `data:`, `mailto:`, `http:x`), and anything `new URL` cannot parse.
 *
 * @param value the attribute's value (surrounding spaces are ignored)
 * @param pageUrl the page's URL (`location.href`)
 * @returns the target to navigate to, or null when refused
 */
export function navigationTarget(value: string, pageUrl: string): string | null {
  const raw = value.trim();
  if (raw === '' || FORBIDDEN.test(raw)) return null;
  let url: URL;
  let page: URL;
  try {
    page = new URL(pageUrl);
    url = new URL(raw, page);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (raw.startsWith('/')) {
    if (url.origin !== page.origin) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('//') ? url.href : path;
  }
  return /^https?:\/\//i.test(raw) ? url.href : null;
}

/** The page's URL for {@link navigationTarget}: the element's window's `location.href`, else ''. */
export function pageUrlOf(element: Element): string {
  try {
    return element.ownerDocument.defaultView?.location.href ?? '';
  } catch {
    return '';
  }
}
