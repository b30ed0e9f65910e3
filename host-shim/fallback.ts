import { createElementIn } from '../shared/page/pageDocument';

/** Text a mount point shows when its widget could not be loaded or threw (docs/host-contract.md "In brief"). */
export const WIDGET_FALLBACK_TEXT =
  'Sorry, this part of the page could not be loaded. Please refresh the page or try again later.';

/**
 * Replaces `element`'s content with the fallback message, as plain DOM made through the prototype
 * (React may be what failed; docs/security.md "Clobbered document properties"), announced politely.
 */
export function showFallback(element: Element): void {
  const box = createElementIn(element.ownerDocument, 'p');
  box.className = 'rw-fallback';
  box.setAttribute('role', 'status');
  box.textContent = WIDGET_FALLBACK_TEXT;
  element.replaceChildren(box);
  element.setAttribute('data-rw-state', 'failed');
}
