import { useState } from 'react';
import { mailtoHref } from '../../../shared/format/mailto';
import { SelectedJourney } from '../../../shared/journey/SelectedJourney';
import { Modal } from '../../../shared/ui/Modal';
import { Section } from '../../../shared/ui/Section';
import { texts } from '../texts';
import type { RefundPageConfig } from '../types';

/**
 * The support contact of the six-month case, the same in the modal and on the page beneath it: a mail
 * link to support, its subject naming the booking reference (percent-encoded), then the address in
 * brackets; nothing when the page gave no usable address.
 *
 * @param focusOnOpen the link is what takes focus when the {@link Modal} opens
 */
function SupportContact({ config, focusOnOpen = false }: { config: RefundPageConfig; focusOnOpen?: boolean }) {
  const href = mailtoHref(config.supportEmail, { subject: texts.sixMonthsSubject(config.details.bookingReference) });
  if (!href) return null;
  return (
    <p>
      <a className="rw-link" href={href} data-rw-autofocus={focusOnOpen || undefined}>
        {texts.sixMonthsLink}
      </a>{' '}
      ({config.supportEmail})
    </p>
  );
}

/**
 * The six-month modal (docs/product-rules.md sections 2 and 8, "a dry-run error containing 'older than
 * 6 months'"): opens at once, titled `Automated refunds are not available`, says why and offers a
 * mail link to support (subject naming the booking reference, percent-encoded). Close or Escape
 * closes it and returns focus; the page beneath is {@link SixMonthsPanel}.
 */
export function SixMonthsModal({ config }: { config: RefundPageConfig }) {
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} title={texts.sixMonthsTitle} role="alertdialog" onClose={() => setOpen(false)}>
      <p>{texts.sixMonthsBody}</p>
      <SupportContact config={config} focusOnOpen />
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
  return (
    <Section
      idBase="rw-refund-six-months-heading"
      className="rw-refund__panel rw-refund__panel--six-months"
      heading={texts.sixMonthsTitle}
    >
      <p>{texts.sixMonthsPanelBody}</p>
      <SupportContact config={config} />
      <SelectedJourney details={config.details} stations={config.stations} headingLevel={3} />
    </Section>
  );
}
