import { useState } from 'react';
import { mailtoHref } from '../../../shared/format/mailto';
import { SelectedJourney } from '../../../shared/journey/SelectedJourney';
import { Modal } from './Modal';
import { Section } from '../../../shared/ui/Section';
import { texts } from '../texts';
import type { RefundPageConfig } from '../types';

/** The six-month support mail link (subject naming the booking); nothing without a usable address. */
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
 * The six-month modal (docs/product-rules.md section 8, "older than 6 months"): opens at once with the support
 * link; closing returns focus. The page beneath is {@link SixMonthsPanel}.
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
 * The page beneath the six-month modal: the support contact and the journey, no action that sends a request
 * (docs/decisions.md "The refund page's words and amounts").
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
