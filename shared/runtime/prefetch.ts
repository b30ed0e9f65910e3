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
 *
 * The request follows the request policy (shared/api/policy.ts; docs/architecture.md "One request
 * layer"): the same credentials rule and the same `Accept` as the widgets' axios GETs; the client
 * applies the policy's timeout, retries and error mapping to its answer.
 */
import { ACCEPT_HEADER, crossOriginApiRequest } from '../api/policy';

/** A prefetched answer: HTTP status and body text (a network failure rejects instead). */
export interface PrefetchedAnswer {
  ok: boolean;
  status: number;
  body: string;
}

const inFlight = new Map<string, Promise<PrefetchedAnswer>>();

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
    headers: { Accept: ACCEPT_HEADER },
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
