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

/** The form (formik, yup, the lookup, the picker) loads when its accordion opens (docs/architecture.md "Lazy by default"). */
const ReplacementForm = reloadableLazy(() =>
  import('./components/ReplacementForm').then((module) => ({ default: module.ReplacementForm })),
);

/** Id base of the 'Provide replacement journey' accordion (its toggle is `{id}-{unique}-button`). */
export const PROVIDE_ACCORDION_ID = 'rw-replacement-provide';

export interface ReplacementPanelProps {
  config: RefundPageConfig;
  response: RefundStatusResponse & { refundStatus: RefundStatus };
  /** The dry run, or null when it failed (counts as refundValue 0). */
  dryRun: DryRunResult | null;
  /** Called once a replacement or deferral of `amountPence` was accepted by the server. */
  onDone: (kind: 'replacement' | 'deferral', amountPence: number) => void;
}

/** What the panel offers, from the refund status (docs/product-rules.md sections 4 and 9; docs/decisions.md "What each line shows or sends"). */
export interface ReplacementCase {
  /** `ticketsRefundValue − adminFee`. */
  netRefund: number;
  /** `ticketsReplaceValue − adminFeeReplacement`. */
  netReplacement: number;
  /** A replacement can give back more than the refund without one. */
  replacementRaises: boolean;
  /** `canDeferExchange` and `ticketsReplaceValue` > 0: the 'Defer replacement' accordion is shown. */
  canDefer: boolean;
  /** A fare of the Details has `advanceBooking` 1. */
  hasAdvanceFares: boolean;
}

/**
 * Works out the case the panel is in (docs/product-rules.md section 2 "Its messages depend on the case").
 *
 * @param status the refund status
 * @param details the page's Details JSON (for the advance fares)
 * @returns the {@link ReplacementCase}; never throws
 */
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
 * The refund-with-replacement panel (docs/product-rules.md sections 2, 4, 7, 8): messages by case (whether a
 * replacement raises the refund, whether deferral is possible, advance fares), the final-choice
 * warning and the journey summary, then three accordions: `Refund without replacement` (the
 * amount without replacement, `ticketsRefundValue − adminFee`, or that there is none; for
 * information), `Provide replacement journey` (the maximum replacement value and its admin fee,
 * and the lazily loaded form that leads to the picker; a confirmed replacement calls
 * `onDone('replacement')`) and, when deferral is possible, `Defer replacement` (a confirmed
 * deferral calls `onDone('deferral')`); and a link to the manual claim page
 * (`data-manual-action`) for a part-journey replacement. The advance-fare message links to the advance-ticket information unless the host
 * page already does ({@link hostOffersAdvanceInfo}). Never throws; failures show inside the panel.
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
    // The shared Accordion has no onToggle: the first press of its toggle (click, Enter or Space,
    // which all fire `click` on a button) asks for the form.
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
