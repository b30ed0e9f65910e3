/**
 * Data in parallel with code (docs/performance.md "First panel"): the host shim starts the GETs a widget's
 * first panel makes (refund status, dry run) as soon as it runs, from the URLs on the mount
 * element, while the widget's code is still downloading; the widget then takes the in-flight
 * answer instead of sending the same GET again (shared/api/client.ts `getJson`).
 *
 * This module is part of the page runtime (`@rw/page-runtime`, a federation singleton provided
 * by the shim), so the shim and every widget see the same table. An answer is taken at most once:
 * a traveller's retry, a second mount or a hand-mounted widget (`RefundWidgets.mount`, which the
 * shim does not prefetch for) fetch for themselves.
 *
 * The federation data-prefetch plugin does not fit: it runs a `.prefetch` export of the remote,
 * so the GETs would wait for the remote entry and that module (one more round trip), and it needs
 * the federation manifest snapshot, which the host contract does not fetch.
 */

/** A prefetched answer: HTTP status and body text (a network failure rejects instead). */
export interface PrefetchedAnswer {
  ok: boolean;
  status: number;
  body: string;
}

const inFlight = new Map<string, Promise<PrefetchedAnswer>>();

/**
 * Whether a request to `url` carries the browser's cookies across origins: true only when
 * `apiBase` is an absolute URL of another origin than the page's and `url` resolves to that
 * same origin (docs/cross-origin.md). Never throws.
 *
 * @param url an absolute URL or one relative to `pageUrl`
 * @param apiBase the shim's `data-api-base` ('' = the page's origin)
 * @param pageUrl the page's address
 */
export function crossOriginApiRequest(url: string, apiBase: string, pageUrl: string): boolean {
  if (apiBase === '') return false;
  try {
    const page = new URL(pageUrl);
    const api = new URL(apiBase, page).origin;
    return api !== page.origin && new URL(url, page).origin === api;
  } catch {
    return false;
  }
}

function absolute(url: string): string {
  return new URL(url, document.baseURI).href;
}

/**
 * Starts a GET of `url` (a page-given URL, resolved against the page) with the page's cookies,
 * the same request the widgets' axios client would send, unless one is already in flight.
 * Never throws; a failure is kept for the widget to see (it then fetches for itself).
 */
export function prefetchGet(url: string, apiBase = ''): void {
  if (typeof fetch !== 'function' || !url) return;
  let key: string;
  try {
    key = absolute(url);
  } catch {
    return;
  }
  if (inFlight.has(key)) return;
  const answer = fetch(key, {
    credentials: crossOriginApiRequest(key, apiBase, document.baseURI) ? 'include' : 'same-origin',
    headers: { Accept: 'application/json, text/plain, */*' },
  }).then(async (response) => ({ ok: response.ok, status: response.status, body: await response.text() }));
  answer.catch(() => undefined); // the widget sees the failure when it takes the answer
  inFlight.set(key, answer);
}

/**
 * Takes the prefetched answer of `url` (once: the entry is removed), or returns null when the
 * shim started none. The promise rejects on a network failure.
 */
export function takePrefetched(url: string): Promise<PrefetchedAnswer> | null {
  if (typeof document === 'undefined') return null;
  let key: string;
  try {
    key = absolute(url);
  } catch {
    return null;
  }
  const answer = inFlight.get(key);
  if (!answer) return null;
  inFlight.delete(key);
  return answer;
}
