import { Accordion } from '../../../shared/ui/Accordion';
import { formatPence } from '../../../shared/format/money';
import { SelectedJourney } from '../../../shared/journey/SelectedJourney';
import type { DryRunResult, RefundStatus, RefundStatusResponse } from '../../../shared/types';
import { Section } from '../../../shared/ui/Section';
import { texts } from '../texts';
import type { RefundPageConfig } from '../types';
import { Appeal } from './AppealModal';
import { AcceptRefund } from './AcceptRefund';
import { AmountLines } from './AmountLines';

interface Props {
  config: RefundPageConfig;
  response: RefundStatusResponse & { refundStatus: RefundStatus };
  dryRun: DryRunResult;
  onDone: () => void;
}

/** Why the admin fee is £0: reason code, then fee-free (docs/decisions.md "What each line shows or sends"). */
export function feeNote(dryRun: DryRunResult, isFeeFree: boolean): string | null {
  if (dryRun.reasonCode === '104') return texts.feeWaivedDisruption;
  if (dryRun.reasonCode === 'COVGR1') return texts.feeWaivedCovgr1;
  if (dryRun.adminFee !== 0) return dryRun.reasonCode === 'COV' ? texts.feeWaivedCov : null;
  if (isFeeFree) return texts.feeWaivedFeeFree;
  return dryRun.reasonCode === 'COV' ? texts.feeWaivedCov : texts.feeNone;
}

/**
 * The instant refund panel (docs/product-rules.md "Instant refund panel"): the amounts from the dry run and
 * `Accept refund`; the appeal link unless fee-free or `data-appeal-link="false"`.
 */
export function InstantPanel({ config, response, dryRun, onDone }: Props) {
  const status = response.refundStatus;
  const note = feeNote(dryRun, response.isFeeFree);

  return (
    <Section
      idBase="rw-refund-instant-heading"
      className="rw-refund__panel rw-refund__panel--instant"
      heading={texts.youWillReceive(formatPence(dryRun.refundValue))}
    >
      <p>{texts.instantIntro}</p>
      <p className="rw-refund__warning">
        <strong>{texts.finalWarning}</strong>
      </p>
      <SelectedJourney details={config.details} stations={config.stations} headingLevel={3} />
      <Accordion title={texts.refundAccordion} startShown headingLevel={3}>
        <p className="rw-refund__amount">{texts.youWillReceive(formatPence(dryRun.refundValue))}</p>
        <AmountLines
          className="rw-refund__lines"
          lines={[
            [texts.bookingValue, status.ticketsRefundValue],
            [texts.adminFee, dryRun.adminFee],
          ]}
        />
        {note && <p className="rw-refund__note">{note}</p>}
        {config.query.covid19 && <p className="rw-refund__note">{texts.covidNote}</p>}
        <p className="rw-refund__note">{texts.adminFeeCap(formatPence(config.maxAdminFeePence))}</p>
        {!response.isFeeFree && config.appealLink && (
          <Appeal appealsEmail={config.appealsEmail} bookingReference={config.details.bookingReference} />
        )}
      </Accordion>
      <AcceptRefund config={config} response={response} defer={false} sendingText={texts.sending} onDone={onDone} />
    </Section>
  );
}
