/**
 * The page's one connection state (docs/offline.md "Offline, and back"): offline when the browser
 * says so or a request got no answer (on a train `navigator.onLine` is often wrongly true); back
 * online on the `online` event or any answer.
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

function follow(): void {
  if (state.listening || typeof window === 'undefined') return;
  state.listening = true;
  window.addEventListener('offline', () => set('browser'));
  window.addEventListener('online', () => set(null));
  if (navigator.onLine === false) set('browser');
}

/** Why the page is offline now (`browser`: nothing can be sent; `no-answer`), or null. */
export function offlineReason(): OfflineReason | null {
  follow();
  return state.reason;
}

/** Records whether the last request got an answer (any HTTP status). */
export function noteConnection(answered: boolean): void {
  follow();
  if (answered) set(null);
  else if (state.reason === null) set('no-answer');
}

/** Calls `listener` whenever {@link offlineReason} changes; returns unsubscribe. */
export function subscribeConnection(listener: () => void): () => void {
  follow();
  state.listeners.add(listener);
  return () => {
    state.listeners.delete(listener);
  };
}
