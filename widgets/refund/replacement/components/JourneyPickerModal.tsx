import { useEffect, useState, type RefObject } from 'react';
import { isTransientFailure, toWidgetError } from '../../../../shared/api/policy';
import { failureText } from '../../../../shared/errors/WidgetError';
import { formatPence } from '../../../../shared/format/money';
import { useCommittingAction } from '../../../../shared/hooks/useCommittingAction';
import { useServerState } from '../../../../shared/hooks/useServerState';
import { canKeepIntents } from '../../../../shared/storage/intents';
import { useScopedId } from '../../../../shared/hooks/useScopedId';
import type { DryRunResult, RefundStatus, RefundStatusResponse } from '../../../../shared/types';
import { Modal } from '../../components/Modal';
import { ErrorNotice } from '../../components/ErrorNotice';
import { serverText } from '../../../../shared/api/serverText';
import { texts as refundTexts } from '../../texts';
import type { RefundPageConfig } from '../../types';
import { processReplacement, replacementDryRun, replacementProtectedReference } from '../api';
import { JourneyCard } from './JourneyCard';
import { texts } from '../texts';
import type { LookupJourney, ReplacementRequest } from '../types';

export interface JourneyPickerModalProps {
  config: RefundPageConfig;
  response: RefundStatusResponse & { refundStatus: RefundStatus };
  journeys: LookupJourney[];
  /** Used when a journey names no booking reference. */
  enteredReference: string;
  onClose: () => void;
  /** Called once the server accepted the replacement, with its refund in pence. */
  onDone: (amountPence: number) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

type DryRunState =
  | { status: 'loading' }
  | { status: 'ready'; result: DryRunResult }
  /** `retry`: the check could not be made (no answer, no server text, or transient), so Try again runs it again. */
  | { status: 'error'; message: string; retry: boolean }
  /** No protected reference: nothing is sent (docs/product-rules.md section 6). */
  | { status: 'blocked' };

/**
 * The replacement request for a journey (docs/decisions.md "What each line shows or sends"); null without a
 * protected reference (docs/product-rules.md section 6).
 */
export function replacementRequest(
  response: JourneyPickerModalProps['response'],
  journey: LookupJourney,
  enteredReference: string,
): ReplacementRequest | null {
  const protectedReference = replacementProtectedReference(response);
  if (!protectedReference) return null;
  return {
    protectedReference,
    journeyId: response.refundStatus.journeyID,
    replacementBookingReference: journey.bookingReference || enteredReference,
    replacementJourneyId: journey.journeyID,
  };
}

/**
 * How the chosen journey's refund is made, from the replacement dry run's pence (docs/decisions.md "The refund page's
 * words and amounts"); null when `refundValue` ≤ 0, as the figures then do not say the refund before the fee.
 */
export function amountBreakdown(result: DryRunResult): string | null {
  if (result.refundValue <= 0) return null;
  if (result.adminFee <= 0) return texts.breakdownNoFee(formatPence(result.refundValue));
  return texts.breakdown(
    formatPence(result.refundValue + result.adminFee),
    formatPence(result.adminFee),
    formatPence(result.refundValue),
  );
}

/** A replacement dry run failure as `Unable to use this journey: {error}` (docs/product-rules.md section 8). */
function dryRunFailure(error: unknown): Extract<DryRunState, { status: 'error' }> {
  const failure = toWidgetError(error);
  const text = serverText(failure);
  return {
    status: 'error',
    message: failureText(failure, texts.unableToUse(text ?? texts.couldNotCheck)),
    retry: failure.code !== 'FORBIDDEN' && (text === undefined || isTransientFailure(failure)),
  };
}

/**
 * The journey picker 'Confirm replacement' (docs/product-rules.md sections 2, 4, 7, 8): one radio group of cards; a
 * dry run per selection (only the latest answer counts), then exactly one POST /api/ProcessRefundWithReplacement
 * per chosen journey; `onDone` with its refund.
 */
export function JourneyPickerModal({
  config,
  response,
  journeys,
  enteredReference,
  onClose,
  onDone,
  returnFocusTo,
}: JourneyPickerModalProps) {
  const [selected, setSelected] = useState<number>(journeys[0]?.journeyID ?? -1);
  const [committing, setCommitting] = useState(false);
  /** Unique per picker: radios outside a form with one name form one group across the whole page. */
  const radioName = useScopedId('rw-replacement-journey');
  const journey = journeys.find((candidate) => candidate.journeyID === selected) ?? journeys[0];
  const request = journey ? replacementRequest(response, journey, enteredReference) : null;
  const requestKey = request ? JSON.stringify(request) : '';
  // Only the answer to the latest request counts (docs/product-rules.md section 4 "Journey picker").
  const { state: answer, retry } = useServerState(
    () => replacementDryRun(request as ReplacementRequest),
    [requestKey],
    request !== null,
  );
  const dryRun: DryRunState = !request
    ? { status: 'blocked' }
    : answer.phase === 'loading'
      ? { status: 'loading' }
      : answer.phase === 'ready'
        ? { status: 'ready', result: answer.data }
        : dryRunFailure(answer.error);

  useEffect(() => {
    if (!request) console.warn(refundTexts.backendNoRefundLog);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  return (
    <Modal
      open
      title={texts.pickerTitle}
      onClose={onClose}
      closeLabel={texts.cancel}
      returnFocusTo={returnFocusTo}
      actions={
        // Keyed by the request: a new confirmed intent (and Idempotency-Key) per chosen journey.
        <ConfirmReplacement
          key={requestKey}
          config={config}
          request={request}
          dryRun={dryRun}
          onPendingChange={setCommitting}
          onDone={onDone}
          onRetry={retry}
        />
      }
    >
      <fieldset className="rw-journey-picker__options" disabled={committing}>
        <legend className="rw-journey-picker__legend">{texts.pickerLegend}</legend>
        {journeys.map((candidate) => (
          <JourneyCard
            key={candidate.journeyID}
            journey={candidate}
            stations={config.stations}
            name={radioName}
            checked={candidate.journeyID === journey?.journeyID}
            onSelect={setSelected}
          />
        ))}
      </fieldset>
    </Modal>
  );
}

interface ConfirmReplacementProps {
  config: RefundPageConfig;
  request: ReplacementRequest | null;
  dryRun: DryRunState;
  onPendingChange: (pending: boolean) => void;
  onDone: (amountPence: number) => void;
  onRetry: () => void;
}

/** The amount line, errors and confirm button of one chosen journey, in the modal's action row before Cancel. */
function ConfirmReplacement({ config, request, dryRun, onPendingChange, onDone, onRetry }: ConfirmReplacementProps) {
  const [commit, confirm] = useCommittingAction(
    async (key) => {
      await processReplacement(request as ReplacementRequest, key);
      onDone(dryRun.status === 'ready' ? dryRun.result.refundValue : 0);
    },
    () => ({ bookingReference: config.details.bookingReference, action: 'replacement', body: request }),
  );
  const pending = commit.status === 'pending';
  const [kept] = useState(canKeepIntents);
  useEffect(() => {
    onPendingChange(pending);
  }, [pending, onPendingChange]);

  const amount = dryRun.status === 'ready' ? formatPence(dryRun.result.refundValue) : null;
  const breakdown = dryRun.status === 'ready' ? amountBreakdown(dryRun.result) : null;
  const disabled = !request || dryRun.status !== 'ready' || pending;
  return (
    <>
      <div className="rw-journey-picker__confirm">
        <p className="rw-journey-picker__amount" role="status">
          {dryRun.status === 'loading' && texts.dryRunLoading}
          {amount !== null && texts.dryRunAmount(amount)}
          {breakdown !== null && (
            <>
              {' '}
              <span className="rw-journey-picker__breakdown">{breakdown}</span>
            </>
          )}
        </p>
        {!kept && (
          <p className="rw-message" role="status">
            {refundTexts.requestNotKept(refundTexts.refundAccepted)}
          </p>
        )}
        {dryRun.status === 'blocked' && (
          <p className="rw-message" role="status">
            {refundTexts.noProtectedReference}
          </p>
        )}
        {dryRun.status === 'error' && (
          <div className="rw-message rw-message--error" role="alert">
            <p>{dryRun.message}</p>
            {dryRun.retry && (
              <button type="button" className="rw-button rw-button--secondary" onClick={onRetry}>
                {refundTexts.tryAgain}
              </button>
            )}
          </div>
        )}
        {commit.status === 'failed' && (
          <ErrorNotice message={refundTexts.processFailure} error={commit.error} config={config} />
        )}
        <p className="rw-journey-picker__sending" role="status">
          {pending ? texts.confirmSending : ''}
        </p>
      </div>
      <button type="button" className="rw-button" disabled={disabled} onClick={confirm}>
        {amount !== null ? texts.confirm(amount) : texts.confirmUnknown}
      </button>
    </>
  );
}
