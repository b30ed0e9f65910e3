import { useEffect, useState } from 'react';
import { Modal } from './Modal';
import { texts } from '../texts';

/** The launch marker of links that open the advance-ticket information (docs/architecture.md). */
export const ADVANCE_INFO_SELECTOR = '[data-launch="advance-info"]';

/**
 * Whether the host page has its own `data-launch="advance-info"` launcher outside every widget; the replacement
 * panel then shows none (docs/decisions.md "The refund page's words and amounts"). Never throws.
 */
export function hostOffersAdvanceInfo(doc: Document): boolean {
  return Array.from(doc.querySelectorAll(ADVANCE_INFO_SELECTOR)).some((node) => !node.closest('[data-rw-widget]'));
}

/**
 * The Advance ticket modal (docs/product-rules.md section 2), opened by any `data-launch="advance-info"` launcher
 * of this widget or the host page (one delegated listener on `doc`); another widget's launchers are its own.
 */
export function AdvanceInfoModal({ doc = document, element }: { doc?: Document; element?: HTMLElement }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const target = event.target instanceof Element ? event.target.closest(ADVANCE_INFO_SELECTOR) : null;
      if (!target) return;
      const widget = target.closest('[data-rw-widget]');
      if (widget && element && !element.contains(widget)) return;
      event.preventDefault();
      setOpen(true);
    };
    doc.addEventListener('click', onClick);
    return () => doc.removeEventListener('click', onClick);
  }, [doc, element]);
  return (
    <Modal open={open} title={texts.advanceTitle} onClose={() => setOpen(false)}>
      {texts.advanceBody.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </Modal>
  );
}
