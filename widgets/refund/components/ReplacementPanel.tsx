import { SelectedJourney } from '../../../shared/journey/SelectedJourney';
import type { DryRunResult, RefundStatus, RefundStatusResponse } from '../../../shared/types';
import { TEXT } from '../texts';
import type { RefundPageConfig } from '../types';

export interface ReplacementPanelProps {
  config: RefundPageConfig;
  response: RefundStatusResponse & { refundStatus: RefundStatus };
  /** The dry run, or null when it failed (counts as refundValue 0). */
  dryRun: DryRunResult | null;
  /** Called once a replacement or deferral was accepted by the server. */
  onDone: (kind: 'replacement' | 'deferral') => void;
}

/** The refund-with-replacement panel; this first version states the case (completed by the replacement issue). */
export function ReplacementPanel({ config }: ReplacementPanelProps) {
  return (
    <section className="rw-refund__panel rw-refund__panel--replacement" aria-labelledby="rw-refund-replacement-heading">
      <h2 id="rw-refund-replacement-heading" className="rw-refund__heading">
        {TEXT.replacementHeading}
      </h2>
      <p>{TEXT.replacementIntro}</p>
      <SelectedJourney details={config.details} stations={config.stations} headingLevel={3} />
    </section>
  );
}
