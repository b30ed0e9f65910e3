/**
 * The one check of navigation targets from mount attributes (docs/security.md "Navigation targets"):
 * judged by how `new URL` parses them, never by a pattern on the text (browsers read `/\t/x` and `/\x` as `//x`).
 */
import { windowOf } from './pageDocument';

declare const __RW_NAVIGATION_ORIGINS__: string | undefined;

/** Build-time `NAVIGATION_ORIGINS`: comma- or space-separated; only http(s) origins kept. */
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

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/**
 * The URL to navigate to, or null when refused. Accepted: a site-root path on the page's origin,
 * or an `http(s)://` URL without credentials on the page's origin or `allowedOrigins`. Refused:
 * control characters or `\`, `//host`, relative paths, other schemes, other origins, unparsable.
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

export const NAVIGATION_RULE =
  'must be a site-root path on this site, or an http(s) URL on this site or on an origin built in with NAVIGATION_ORIGINS';

/** The element's window's `location.href`, else ''. */
export function pageUrlOf(element: Element): string {
  try {
    return windowOf(element.ownerDocument)?.location.href ?? '';
  } catch {
    return '';
  }
}
