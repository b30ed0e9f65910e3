import { useState } from 'react';
import { mailtoHref } from '../../../shared/format/mailto';
import { Modal } from '../../../shared/ui/Modal';
import { TEXT } from '../texts';
import type { RefundPageConfig } from '../types';

/**
 * The six-month modal (docs/product-rules.md sections 2 and 8, "Dry run error containing 'older than 6
 * months'"): opens at once, titled `Automated refunds are not available`, says why and offers a
 * mail link to support (subject naming the booking reference, percent-encoded). Close or Escape
 * closes it and returns focus; the page beneath offers no refund.
 */
export function SixMonthsModal({ config }: { config: RefundPageConfig }) {
  const [open, setOpen] = useState(true);
  const reference = config.details.bookingReference;
  const href = mailtoHref(config.supportEmail, { subject: TEXT.sixMonthsSubject(reference) });
  return (
    <Modal open={open} title={TEXT.sixMonthsTitle} role="alertdialog" onClose={() => setOpen(false)}>
      <p>{TEXT.sixMonthsBody}</p>
      {href && (
        <p>
          <a className="rw-link" href={href} data-rw-autofocus>
            {TEXT.sixMonthsLink}
          </a>{' '}
          ({config.supportEmail})
        </p>
      )}
    </Modal>
  );
}
