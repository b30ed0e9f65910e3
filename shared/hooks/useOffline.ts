import { useSyncExternalStore } from 'react';
import { offlineReason, subscribeConnection, type OfflineReason } from '@rw/page-runtime';

/**
 * Why the page is offline, followed as it changes (docs/offline.md "Offline, and back"; the page
 * runtime's connection state: the browser's events and the requests that got no answer).
 *
 * @returns `browser`, `no-answer`, or null when the page is not known to be offline
 */
export function useOffline(): OfflineReason | null {
  return useSyncExternalStore(subscribeConnection, offlineReason, () => null);
}
