import { useScopedId } from '../../../shared/hooks/useScopedId';
import { SelectedJourney } from '../../../shared/journey/SelectedJourney';
import { withQuery } from '../../../shared/page/url';
import type { RefundStatus } from '../../../shared/types';
import { Section } from '../../../shared/ui/Section';
import { texts } from '../texts';
import type { RefundPageConfig } from '../types';
import { UnavailableReason } from './UnavailableReason';

/**
 * The manual claim page's URL: `data-manual-action` with `BookingReference`, `Email` and `covid19` added to its own
 * query; `partJourney` adds `PartJourney=true` (docs/decisions.md "The manual claim's words").
 */
export function manualRefundHref(config: RefundPageConfig, { partJourney = false } = {}): string {
  const params: [string, string][] = [
    ['BookingReference', config.details.bookingReference],
    ['Email', config.details.email],
  ];
  if (config.query.covid19) params.push(['covid19', 'true']);
  if (partJourney) params.push(['PartJourney', 'true']);
  return withQuery(config.manualAction, params);
}

/** The refund unavailable panel (docs/product-rules.md sections 2, 4 and 8): refusal, why, what next, the journey. */
export function UnavailablePanel({ config, status }: { config: RefundPageConfig; status: RefundStatus }) {
  const messageId = useScopedId('rw-refund-unavailable-message');
  return (
    <section className="rw-refund__panel rw-refund__panel--unavailable" aria-labelledby={messageId}>
      <p id={messageId} className="rw-message rw-message--error">
        {texts.refundUnavailable}
      </p>
      <UnavailableReason
        status={status}
        bookingReference={config.details.bookingReference}
        appealsEmail={config.appealsEmail}
        headingLevel={3}
      />
      <SelectedJourney details={config.details} stations={config.stations} headingLevel={3} />
    </section>
  );
}

/** The manual refund panel for printed tickets, leading to the manual claim (docs/product-rules.md section 4). */
export function ManualRequiredPanel({ config }: { config: RefundPageConfig }) {
  return (
    <Section
      idBase="rw-refund-manual-heading"
      className="rw-refund__panel rw-refund__panel--manual"
      heading={texts.manualRequiredHeading}
    >
      <p>{texts.manualRequiredBody}</p>
      <p>
        <a className="rw-button" href={manualRefundHref(config)}>
          {texts.manualRequiredLink}
        </a>
      </p>
      <SelectedJourney details={config.details} stations={config.stations} headingLevel={3} />
    </Section>
  );
}
