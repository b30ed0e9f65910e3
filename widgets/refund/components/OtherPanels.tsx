import { SelectedJourney } from '../../../shared/journey/SelectedJourney';
import { TEXT } from '../texts';
import type { RefundPageConfig } from '../types';

/** Query for the manual refund page: BookingReference and Email (plus the covid19 flag when set), encoded. */
export function manualRefundHref(config: RefundPageConfig): string {
  const params = new URLSearchParams({
    BookingReference: config.details.bookingReference,
    Email: config.details.email,
  });
  if (config.query.covid19) params.set('covid19', 'true');
  return `/ManualRefund?${params.toString()}`;
}

/** The refund unavailable panel (SPEC.md sections 2 and 8). */
export function UnavailablePanel({ config }: { config: RefundPageConfig }) {
  return (
    <section className="rw-refund__panel rw-refund__panel--unavailable" aria-label="Refund unavailable">
      <p className="rw-message rw-message--error">{TEXT.refundUnavailable}</p>
      <SelectedJourney details={config.details} stations={config.stations} headingLevel={3} />
    </section>
  );
}

/** The manual refund required panel for printed tickets, leading to the manual claim page (SPEC.md section 4). */
export function ManualRequiredPanel({ config }: { config: RefundPageConfig }) {
  return (
    <section className="rw-refund__panel rw-refund__panel--manual" aria-labelledby="rw-refund-manual-heading">
      <h2 id="rw-refund-manual-heading" className="rw-refund__heading">
        {TEXT.manualRequiredHeading}
      </h2>
      <p>{TEXT.manualRequiredBody}</p>
      <p>
        <a className="rw-button" href={manualRefundHref(config)}>
          {TEXT.manualRequiredLink}
        </a>
      </p>
      <SelectedJourney details={config.details} stations={config.stations} headingLevel={3} />
    </section>
  );
}
