import { useSyncExternalStore } from 'react';
import { offlineReason, subscribeConnection, type OfflineReason } from '@rw/page-runtime';

/** Why the page is offline (`browser`, `no-answer`) or null, as it changes (docs/offline.md "Offline, and back"). */
export function useOffline(): OfflineReason | null {
  return useSyncExternalStore(subscribeConnection, offlineReason, () => null);
}
