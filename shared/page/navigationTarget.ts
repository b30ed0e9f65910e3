/**
 * The one check of navigation targets taken from the page (mount `data-` attributes such as
 * `data-action`; docs/security.md "Navigation targets").
 *
 * A target is parsed the way the browser will parse it, `new URL(value, pageUrl)`, and judged by
 * the result, never by a pattern on the text: browsers drop tabs and newlines anywhere in a URL
 * and read `\` as `/`, so `/\t/evil.example` and `/\evil.example` are `//evil.example`. Another
 * origin is allowed only when it is one fixed at build time (`NAVIGATION_ORIGINS`), as the API's
 * are: an element injected into the page cannot name its own.
 */
import { windowOf } from './pageDocument';

/** Build-time `NAVIGATION_ORIGINS` (webpack.config.js); not defined under Jest. */
declare const __RW_NAVIGATION_ORIGINS__: string | undefined;

/**
 * The origins besides the page's own that a navigation target may reach: the build-time
 * `NAVIGATION_ORIGINS`, a comma- or space-separated list of http(s) origins (entries that are
 * not http(s) URLs are dropped; only the origin of each entry counts).
 */
export function builtInNavigationOrigins(): string[] {
  const list = typeof __RW_NAVIGATION_ORIGINS__ === 'string' ? __RW_NAVIGATION_ORIGINS__ : '';
  const origins: string[] = [];
  for (const item of list.split(/[\s,]+/)) {
    try {
      const url = new URL(item);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.push(url.origin);
    } catch {
      // not a URL: ignored
    }
  }
  return origins;
}

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
 *   name or password, on the page's own origin or on one of `allowedOrigins`: returned as the
 *   browser reads it (`url.href`). Another origin is only ever reached this way, spelt out and
 *   built in.
 *
 * Refused (null): an empty value, control characters (tab, newline, …) or a backslash anywhere,
 * scheme-relative `//host`, relative paths (`x`, `./x`, `?x`), other schemes (`javascript:`,
 * `data:`, `mailto:`, `http:x`), an origin that is neither the page's nor built in (a look-alike
 * such as `https://www.example-rail.co.uk.evil.example` or another port among them), and
 * anything `new URL` cannot parse.
 *
 * @param value the attribute's value (surrounding spaces are ignored)
 * @param pageUrl the page's URL (`location.href`)
 * @param allowedOrigins the origins besides the page's that may be reached (default: the
 *   build-time `NAVIGATION_ORIGINS`, see {@link builtInNavigationOrigins})
 * @returns the target to navigate to, or null when refused
 */
export function navigationTarget(
  value: string,
  pageUrl: string,
  allowedOrigins: readonly string[] = builtInNavigationOrigins(),
): string | null {
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
  if (!/^https?:\/\//i.test(raw)) return null;
  return url.origin === page.origin || allowedOrigins.includes(url.origin) ? url.href : null;
}

/** What a widget's setup error says about a refused navigation attribute (for its `cause`). */
export const NAVIGATION_RULE =
  'must be a site-root path on this site, or an http(s) URL on this site or on an origin built in with NAVIGATION_ORIGINS';

/**
 * The page's URL for {@link navigationTarget}: the element's window's `location.href` (through
 * `Document.prototype`'s `defaultView`), else ''.
 */
export function pageUrlOf(element: Element): string {
  try {
    return windowOf(element.ownerDocument)?.location.href ?? '';
  } catch {
    return '';
  }
}
