/**
 * What every widget's mount clears on the device (docs/security.md "The claim draft kept on the
 * device"): stale claim drafts after the first paint, and a booking's drafts and intents once its
 * refund or claim completes. The drafts' code (shared/storage/claimDrafts.ts, with idb-keyval)
 * loads only where the widgets' database exists, so a first panel never waits for it.
 */
import { forgetBookingIntents } from '../storage/intents';

/**
 * Deletes, once the page is idle after its first paint, every claim draft too old, dated ahead or
 * of the wrong shape; with `bookingReference`, every draft of that booking. Loads the drafts' code
 * only where the widgets' database exists (or the browser cannot list its databases). Never rejects.
 *
 * @returns how many were deleted
 */
export async function removeDraftsLater(bookingReference?: string): Promise<number> {
  try {
    await new Promise((resolve) => (globalThis.requestIdleCallback ?? setTimeout)(resolve));
    // No IndexedDB at all throws here, and nothing is kept.
    const databases = await indexedDB.databases?.();
    if (databases && !databases.some((database) => database.name === 'rw-refund-widgets')) return 0;
    const drafts = await import(/* webpackChunkName: "rw-drafts" */ '../storage/claimDrafts');
    return await drafts.removeDrafts(Date.now(), bookingReference);
  } catch {
    return 0;
  }
}

/**
 * Listens on a mount element for `refundwidgets:complete` (docs/host-contract.md "Events"): the
 * booking it names loses its drafts and stored intents.
 *
 * @returns what stops listening
 */
export function forgetOnComplete(element: HTMLElement): () => void {
  const completed = (event: Event) => {
    const reference = (event as CustomEvent<{ bookingReference?: unknown } | null>).detail?.bookingReference;
    if (typeof reference !== 'string' || reference.trim() === '') return;
    forgetBookingIntents(reference);
    void removeDraftsLater(reference);
  };
  element.addEventListener('refundwidgets:complete', completed);
  return () => element.removeEventListener('refundwidgets:complete', completed);
}
