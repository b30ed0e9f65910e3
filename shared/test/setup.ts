/** Jest setup: jest-dom matchers and the jsdom gaps our code relies on (STACK.md pitfall 8). */
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no HTMLDialogElement.showModal/close (STACK.md pitfall 8): model the open state and
// the `cancel` event that Escape fires in browsers. Focus trapping itself is tested in Chromium.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dialogs = Array.from(document.querySelectorAll('dialog[open]'));
    const top = dialogs[dialogs.length - 1];
    if (top) top.dispatchEvent(new Event('cancel', { cancelable: true }));
  });
}
