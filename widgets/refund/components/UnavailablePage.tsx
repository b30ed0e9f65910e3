import { useEffect } from 'react';
import { useServerState } from '../../../shared/hooks/useServerState';
import { setTitleFirstSegment } from '../title';
import { Section } from '../../../shared/ui/Section';
import { fetchRefundStatus } from '../../../shared/api/refundStatus';
import { texts } from '../texts';
import type { RefundPageConfig } from '../types';
import { ErrorNotice } from './ErrorNotice';
import { preambleClass } from '../firstLoad';
import { UnavailableReason } from './UnavailableReason';

/**
 * The separate refund unavailable page, `data-view="unavailable"` (docs/product-rules.md "Refund unavailable page
 * (separate page)"): the booking reference, the reason from the status (none: something went wrong), what next.
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
        <p className={preambleClass(attempt)} role="status">
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
