/** What every mount clears on the device (docs/security.md "The claim draft kept on the device"). */
import { forgetBookingIntents } from '../storage/intents';

/**
 * Once idle after the first paint, deletes every stale claim draft, or with `bookingReference`
 * every draft of it; loads idb-keyval only where the widgets' database exists. Returns how many. Never rejects.
 */
export async function removeDraftsLater(bookingReference?: string): Promise<number> {
  try {
    await new Promise((resolve) => (globalThis.requestIdleCallback ?? setTimeout)(resolve));
    // No IndexedDB at all throws here, and nothing is kept.
    const databases = await indexedDB.databases?.();
    if (databases && !databases.some((database) => database.name === 'rw-refund-widgets')) return 0;
    const drafts = await import('../storage/claimDrafts');
    return await drafts.removeDrafts(Date.now(), bookingReference);
  } catch {
    return 0;
  }
}

/** On `refundwidgets:complete` (docs/host-contract.md "Events"), forgets the booking's drafts and intents; returns unlisten. */
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
