import { useState } from 'react';
import { mailtoHref } from '../../../shared/format/mailto';
import { Modal } from '../../../shared/ui/Modal';
import { texts } from '../texts';

export interface AppealProps {
  appealsEmail: string;
  bookingReference: string;
}

/**
 * The appeal link and its modal `How to appeal` (docs/product-rules.md sections 2 and 6): email the appeals
 * address with subject `Appeal for booking {ref}` (`Refund appeal` without a reference), and allow
 * up to 5 working days. The caller shows it only when the booking is not fee-free and the mount
 * does not say `data-appeal-link="false"`. Renders nothing without a plausible appeals address.
 */
export function Appeal({ appealsEmail, bookingReference }: AppealProps) {
  const [open, setOpen] = useState(false);
  const href = mailtoHref(appealsEmail, { subject: texts.appealSubject(bookingReference) });
  if (!href) return null;
  return (
    <>
      <p className="rw-refund__appeal">
        <button type="button" className="rw-link rw-link--button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {texts.appealLink}
        </button>
      </p>
      <Modal open={open} title={texts.appealTitle} onClose={() => setOpen(false)}>
        <p>{texts.appealBody}</p>
        <p>
          <a className="rw-link" href={href}>
            {appealsEmail}
          </a>
        </p>
        <p>{texts.appealWait}</p>
      </Modal>
    </>
  );
}
