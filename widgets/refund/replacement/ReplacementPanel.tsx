import { useEffect, useRef, useState } from 'react';
import { LazyPart, reloadableLazy } from '../../../shared/mount/lazyPart';
import { formatPence } from '../../../shared/format/money';
import { useScopedId } from '../../../shared/hooks/useScopedId';
import { SelectedJourney } from '../../../shared/journey/SelectedJourney';
import type { Details, DryRunResult, RefundStatus, RefundStatusResponse } from '../../../shared/types';
import { Accordion } from '../../../shared/ui/Accordion';
import { LoadingStatus } from '../../../shared/ui/LoadingStatus';
import { Section } from '../../../shared/ui/Section';
import { DeferPanel } from './components/DeferPanel';
import { texts as replacementTexts } from './texts';
import { texts } from '../texts';
import { hostOffersAdvanceInfo } from '../components/AdvanceInfoModal';
import { AmountLines } from '../components/AmountLines';
import { manualRefundHref } from '../components/OtherPanels';
import type { RefundPageConfig } from '../types';
import './replacement.css';

/** The form loads when its accordion opens (docs/architecture.md "Lazy by default"). */
const ReplacementForm = reloadableLazy(() =>
  import('./components/ReplacementForm').then((module) => ({ default: module.ReplacementForm })),
);

export const PROVIDE_ACCORDION_ID = 'rw-replacement-provide';

export interface ReplacementPanelProps {
  config: RefundPageConfig;
  response: RefundStatusResponse & { refundStatus: RefundStatus };
  /** The dry run, or null when it failed (counts as refundValue 0). */
  dryRun: DryRunResult | null;
  onDone: (kind: 'replacement' | 'deferral', amountPence: number) => void;
}

/** What the panel offers (docs/product-rules.md section 9; docs/decisions.md "What each line shows or sends"). */
export interface ReplacementCase {
  /** Pence: `ticketsRefundValue − adminFee`. */
  netRefund: number;
  /** Pence: `ticketsReplaceValue − adminFeeReplacement`. */
  netReplacement: number;
  replacementRaises: boolean;
  /** `canDeferExchange` and `ticketsReplaceValue` > 0. */
  canDefer: boolean;
  hasAdvanceFares: boolean;
}

/** The case the panel is in (docs/product-rules.md section 2 "Its messages depend on the case"); never throws. */
export function replacementCase(status: RefundStatus, details: Details): ReplacementCase {
  const netRefund = status.ticketsRefundValue - status.adminFee;
  const netReplacement = status.ticketsReplaceValue - status.adminFeeReplacement;
  return {
    netRefund,
    netReplacement,
    replacementRaises: netReplacement > 0 && netReplacement > netRefund,
    canDefer: status.canDeferExchange && status.ticketsReplaceValue > 0,
    hasAdvanceFares: (details.JourneyPlannerResults?.fareDetails ?? []).some((fare) => fare.advanceBooking === 1),
  };
}

/**
 * The refund-with-replacement panel (docs/product-rules.md "Refund-with-replacement panel"): messages by case, then
 * the accordions without replacement, provide a replacement and defer, and the part-journey link. Never throws.
 */
export function ReplacementPanel({ config, response, onDone }: ReplacementPanelProps) {
  const status = response.refundStatus;
  const view = replacementCase(status, config.details);
  const provide = useRef<HTMLDivElement>(null);
  const [formWanted, setFormWanted] = useState(false);
  const withoutId = useScopedId('rw-replacement-without');
  const provideId = useScopedId(PROVIDE_ACCORDION_ID);
  const deferId = useScopedId('rw-replacement-defer');
  // One "About Advance tickets" per page: the panel's own link only when the host page has none.
  const [ownAdvanceLink] = useState(() => !hostOffersAdvanceInfo(document));

  useEffect(() => {
    // The shared Accordion has no onToggle: the first click of its toggle asks for the form.
    const node = provide.current;
    if (!node || formWanted) return;
    const onClick = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(`#${provideId}-button`)) {
        setFormWanted(true);
      }
    };
    node.addEventListener('click', onClick);
    return () => node.removeEventListener('click', onClick);
  }, [formWanted, provideId]);

  return (
    <Section
      idBase="rw-refund-replacement-heading"
      className="rw-refund__panel rw-refund__panel--replacement"
      heading={texts.replacementHeading}
    >
      <div className="rw-replacement__messages">
        <p>
          {view.replacementRaises
            ? replacementTexts.canRaise(
                formatPence(status.ticketsReplaceValue),
                formatPence(status.adminFeeReplacement),
              )
            : replacementTexts.cannotRaise}
        </p>
        <p>
          {view.canDefer
            ? replacementTexts.canDefer(formatPence(status.ticketsReplaceValue))
            : replacementTexts.cannotDefer}
        </p>
        {view.hasAdvanceFares && (
          <p>
            {replacementTexts.advanceFares}
            {ownAdvanceLink && (
              <>
                {' '}
                <a className="rw-link" href="#rw-advance-info" data-launch="advance-info">
                  {texts.advanceLink}
                </a>
              </>
            )}
          </p>
        )}
      </div>
      <p className="rw-refund__warning">
        <strong>{texts.finalWarning}</strong>
      </p>
      <SelectedJourney details={config.details} stations={config.stations} headingLevel={3} />

      <Accordion title={replacementTexts.withoutReplacementTitle} id={withoutId} headingLevel={3}>
        {view.netRefund > 0 ? (
          <>
            <p className="rw-replacement__amount">
              {replacementTexts.withoutReplacementAmount(formatPence(view.netRefund))}
            </p>
            <AmountLines
              className="rw-replacement__lines"
              amountClassName="rw-replacement__value"
              lines={[
                [texts.bookingValue, status.ticketsRefundValue],
                [texts.adminFee, status.adminFee],
              ]}
            />
          </>
        ) : (
          <p className="rw-replacement__amount">{replacementTexts.withoutReplacementNone}</p>
        )}
      </Accordion>

      <div ref={provide}>
        <Accordion title={replacementTexts.provideTitle} id={provideId} headingLevel={3}>
          <AmountLines
            className="rw-replacement__lines"
            amountClassName="rw-replacement__value"
            lines={[
              [replacementTexts.maxReplacementValue, status.ticketsReplaceValue],
              [replacementTexts.replacementAdminFee, status.adminFeeReplacement],
            ]}
          />
          {formWanted && (
            <LazyPart fallback={<LoadingStatus text={replacementTexts.loadingForm} />}>
              <ReplacementForm
                config={config}
                response={response}
                onDone={(amountPence) => onDone('replacement', amountPence)}
              />
            </LazyPart>
          )}
        </Accordion>
      </div>

      {view.canDefer && (
        <Accordion title={replacementTexts.deferTitle} id={deferId} headingLevel={3}>
          <DeferPanel
            config={config}
            response={response}
            onDone={() => onDone('deferral', status.ticketsReplaceValue)}
          />
        </Accordion>
      )}

      <p className="rw-replacement__part-journey">
        {replacementTexts.partJourneyIntro}{' '}
        <a className="rw-link" href={manualRefundHref(config, { partJourney: true })}>
          {replacementTexts.partJourneyLink}
        </a>
      </p>
    </Section>
  );
}
