/**
 * Data in parallel with code (docs/performance.md "First panel"): the shim starts a first panel's
 * GETs from the mount's URLs while the widget's code downloads; the widget takes each answer once.
 * Part of the page runtime singleton, so the shim and every widget share the table. (The federation
 * data-prefetch plugin would wait for the remote entry and needs the manifest snapshot.)
 */
import { ACCEPT_HEADER, crossOriginApiRequest } from '../api/policy';

/** A prefetched answer; a network failure rejects instead. */
export interface PrefetchedAnswer {
  ok: boolean;
  status: number;
  body: string;
}

const inFlight = new Map<string, Promise<PrefetchedAnswer>>();

function absolute(url: string): string {
  return new URL(url, document.baseURI).href;
}

/** Starts a GET of `url` as the widgets' axios would send it, unless one is in flight. Never throws. */
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

/** Takes (once) the prefetched answer of `url`, or null; it rejects on a network failure. */
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
