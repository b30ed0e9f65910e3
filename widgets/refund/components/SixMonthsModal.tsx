import { useState } from 'react';
import { mailtoHref } from '../../../shared/format/mailto';
import { useScopedId } from '../../../shared/hooks/useScopedId';
import { SelectedJourney } from '../../../shared/journey/SelectedJourney';
import { Modal } from '../../../shared/ui/Modal';
import { texts } from '../texts';
import type { RefundPageConfig } from '../types';

/** The support mail of the six-month case: subject naming the booking reference, percent-encoded; '' for an unusable address. */
function sixMonthsHref(config: RefundPageConfig): string {
  return mailtoHref(config.supportEmail, { subject: texts.sixMonthsSubject(config.details.bookingReference) });
}

/**
 * The six-month modal (docs/product-rules.md sections 2 and 8, "Dry run error containing 'older than 6
 * months'"): opens at once, titled `Automated refunds are not available`, says why and offers a
 * mail link to support (subject naming the booking reference, percent-encoded). Close or Escape
 * closes it and returns focus; the page beneath is {@link SixMonthsPanel}.
 */
export function SixMonthsModal({ config }: { config: RefundPageConfig }) {
  const [open, setOpen] = useState(true);
  const href = sixMonthsHref(config);
  return (
    <Modal open={open} title={texts.sixMonthsTitle} role="alertdialog" onClose={() => setOpen(false)}>
      <p>{texts.sixMonthsBody}</p>
      {href && (
        <p>
          <a className="rw-link" href={href} data-rw-autofocus>
            {texts.sixMonthsLink}
          </a>{' '}
          ({config.supportEmail})
        </p>
      )}
    </Modal>
  );
}

/**
 * The page beneath the six-month modal, before and after it is closed (docs/decisions.md "The
 * refund page's words and amounts"): it agrees with the modal. It says the booking cannot be
 * refunded online and offers the support contact (the same mail link) and the journey, and no
 * refund, replacement or deferral action: nothing on it can send a request.
 */
export function SixMonthsPanel({ config }: { config: RefundPageConfig }) {
  const headingId = useScopedId('rw-refund-six-months-heading');
  const href = sixMonthsHref(config);
  return (
    <section className="rw-refund__panel rw-refund__panel--six-months" aria-labelledby={headingId}>
      <h2 id={headingId} className="rw-refund__heading">
        {texts.sixMonthsTitle}
      </h2>
      <p>{texts.sixMonthsPanelBody}</p>
      {href && (
        <p>
          <a className="rw-link" href={href}>
            {texts.sixMonthsLink}
          </a>{' '}
          ({config.supportEmail})
        </p>
      )}
      <SelectedJourney details={config.details} stations={config.stations} headingLevel={3} />
    </section>
  );
}
