import { useEffect } from 'react';
import { useServerState } from '../../../shared/hooks/useServerState';
import { setTitleFirstSegment } from '../../../shared/page/title';
import { Section } from '../../../shared/ui/Section';
import { fetchRefundStatus } from '../../../shared/api/refundStatus';
import { texts } from '../texts';
import type { RefundPageConfig } from '../types';
import { ErrorNotice } from './ErrorNotice';
import { FIRST_LOAD_PREAMBLE_CLASS } from '../firstLoad';
import { UnavailableReason } from './UnavailableReason';

/**
 * The separate 'Refund unavailable' page view (docs/product-rules.md section 2), mounted with
 * `data-view="unavailable"`: heading `Refund unavailable`, `Your journey reference` and the booking
 * reference, then the reason read from the refund status (`data-refund-status-url`; without one,
 * or with a null status, the reason is 'something went wrong') and `What happens next`. Sets the
 * title's first segment to `Refund Unavailable`. A failing status call shows the catalogued
 * message with a retry and a contact link.
 */
export function UnavailablePage({ config }: { config: RefundPageConfig }) {
  const url = config.refundStatusUrl;
  const status = useServerState(() => fetchRefundStatus(url).then((r) => r.refundStatus), [url], Boolean(url));
  // Without a status URL there is nothing to load: the reason is 'something went wrong'.
  const load = url ? status.state : ({ phase: 'ready', data: null } as const);
  const { retry, attempt } = status;

  useEffect(() => {
    setTitleFirstSegment(texts.unavailableTitle);
  }, []);

  const reference = config.details.bookingReference;
  return (
    <Section
      idBase="rw-refund-unavailable-heading"
      className="rw-refund rw-refund__unavailable-page"
      heading={texts.unavailableHeading}
    >
      <p className="rw-refund__journey-reference">
        {texts.yourJourneyReference} <strong>{reference}</strong>
      </p>
      {load.phase === 'loading' && (
        <p className={attempt === 0 ? FIRST_LOAD_PREAMBLE_CLASS : 'rw-refund__preamble'} role="status">
          {texts.loadingReason}
        </p>
      )}
      {load.phase === 'failed' && (
        <ErrorNotice message={texts.statusFailure} error={load.error} config={config} onRetry={retry} />
      )}
      {load.phase === 'ready' && (
        <UnavailableReason
          status={load.data}
          bookingReference={reference}
          appealsEmail={config.appealsEmail}
          headingLevel={3}
        />
      )}
    </Section>
  );
}
