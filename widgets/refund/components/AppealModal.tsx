import { useState } from 'react';
import { mailtoHref } from '../../../shared/format/mailto';
import { Modal } from './Modal';
import { texts } from '../texts';

export interface AppealProps {
  appealsEmail: string;
  bookingReference: string;
}

/**
 * The `How to appeal` link and modal (docs/product-rules.md sections 2 and 6): a mail link to the appeals address.
 * Renders nothing without a plausible address.
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
