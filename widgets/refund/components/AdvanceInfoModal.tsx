import { useEffect, useState } from 'react';
import { Modal } from '../../../shared/ui/Modal';
import { texts } from '../texts';

/** The launch marker of links that open the advance-ticket information (docs/architecture.md). */
export const ADVANCE_INFO_SELECTOR = '[data-launch="advance-info"]';

/**
 * Whether the host page already offers the advance-ticket information: a link or button carrying
 * `data-launch="advance-info"` outside every widget (docs/host-contract.md; the dev host's and the
 * ASP.NET host's aside have one). The replacement panel then shows no link of its own, so "About
 * Advance tickets" reads once (docs/decisions.md "The refund page's words and amounts").
 *
 * @param doc the page
 * @returns true when such a launcher is in the page; never throws
 */
export function hostOffersAdvanceInfo(doc: Document): boolean {
  return Array.from(doc.querySelectorAll(ADVANCE_INFO_SELECTOR)).some((node) => !node.closest('[data-rw-widget]'));
}

/**
 * The advance-ticket information modal (docs/product-rules.md section 2): opens when the traveller activates
 * any link or button carrying `data-launch="advance-info"`, in the widget or anywhere in the host
 * page (one delegated click listener on `doc`, removed on unmount); the link's own navigation is
 * prevented. A link inside another widget's mount is left to that widget; a link in the host page
 * opens the modal of the first refund widget mounted. Focus returns to the link on close.
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
