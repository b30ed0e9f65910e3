/**
 * What the page knows of the connection (docs/offline.md "Offline, and back"), one state for the
 * whole page: the page runtime is a page-wide singleton.
 *
 * - The browser's `offline` event, or `navigator.onLine === false` when first asked, means
 *   offline: the browser is sure it has no network, and sends nothing.
 * - A request that got no answer (shared/api/client.ts) also means offline: on a train the browser
 *   often still believes it is online. `navigator.onLine === true` proves nothing.
 * - The `online` event, or any request that got an answer, means back online.
 */

/** Why the page believes it is offline: the browser said so, or a request got no answer. */
export type OfflineReason = 'browser' | 'no-answer';

const state: { reason: OfflineReason | null; listening: boolean; listeners: Set<() => void> } = {
  reason: null,
  listening: false,
  listeners: new Set(),
};

function set(reason: OfflineReason | null): void {
  if (reason === state.reason) return;
  state.reason = reason;
  state.listeners.forEach((listener) => listener());
}

/** Starts following the browser's `online`/`offline` events, once per page. */
function follow(): void {
  if (state.listening || typeof window === 'undefined') return;
  state.listening = true;
  window.addEventListener('offline', () => set('browser'));
  window.addEventListener('online', () => set(null));
  if (navigator.onLine === false) set('browser');
}

/**
 * Why the page is offline now, or null when it is not known to be.
 *
 * @returns `browser` (the browser has no network: nothing can be sent), `no-answer` (the last
 *   request got no answer), or null
 */
export function offlineReason(): OfflineReason | null {
  follow();
  return state.reason;
}

/**
 * Records what the last request learnt of the connection.
 *
 * @param answered true when the server answered (any HTTP status), false when no answer came
 */
export function noteConnection(answered: boolean): void {
  follow();
  if (answered) set(null);
  else if (state.reason === null) set('no-answer');
}

/**
 * Calls `listener` (no arguments) whenever {@link offlineReason} changes.
 *
 * @returns the function that unsubscribes it
 */
export function subscribeConnection(listener: () => void): () => void {
  follow();
  state.listeners.add(listener);
  return () => {
    state.listeners.delete(listener);
  };
}
