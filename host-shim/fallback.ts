import { createElementIn } from '../shared/page/pageDocument';

/** Text a mount point shows when its widget could not be loaded or threw (docs/host-contract.md "In brief"). */
export const WIDGET_FALLBACK_TEXT =
  'Sorry, this part of the page could not be loaded. Please refresh the page or try again later.';

/**
 * Replaces the content of `element` with the short fallback message, as plain DOM (React may be
 * the thing that failed), made with `Document.prototype.createElement` so that a named element
 * shadowing `document.createElement` cannot stop it (docs/security.md "Clobbered document
 * properties"). The message is announced politely to screen readers.
 */
export function showFallback(element: Element): void {
  const box = createElementIn(element.ownerDocument, 'p');
  box.className = 'rw-fallback';
  box.setAttribute('role', 'status');
  box.textContent = WIDGET_FALLBACK_TEXT;
  element.replaceChildren(box);
  element.setAttribute('data-rw-state', 'failed');
}
