/**
 * Data in parallel with code (docs/performance.md "First panel"): the shim starts a first panel's
 * GETs from the mount's URLs while the widget's code downloads; the widget's axios takes each
 * answer once, as its first try. Part of the page runtime singleton, so the shim and every widget
 * share the table.
 */
import { ACCEPT_HEADER, crossOriginApiRequest } from '../api/policy';

const inFlight = new Map<string, Promise<Response>>();
const NULL_BODY_STATUSES = [101, 204, 205, 304];

function absolute(url: string): string {
  return new URL(url, document.baseURI).href;
}

/** `response` with its body read, so that an answer no widget takes does not hold its request open. */
async function buffered(response: Response): Promise<Response> {
  const body = NULL_BODY_STATUSES.includes(response.status) ? null : await response.blob();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
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
  }).then(buffered);
  answer.catch(() => undefined); // the widget sees the failure when it takes the answer
  inFlight.set(key, answer);
}

/** Takes (once) the prefetched answer of `url`, or null; it rejects on a network failure. */
export function takePrefetched(url: string): Promise<Response> | null {
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
