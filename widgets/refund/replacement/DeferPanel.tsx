import { useState } from 'react';
import { formatPence } from '../../../shared/format/money';
import { useCommittingAction } from '../../../shared/hooks/useCommittingAction';
import type { RefundStatus, RefundStatusResponse } from '../../../shared/types';
import { processRefund } from '../api';
import { ErrorNotice } from '../components/ErrorNotice';
import { TEXT } from '../texts';
import type { RefundPageConfig } from '../types';
import { RTEXT } from './texts';

export interface DeferPanelProps {
  config: RefundPageConfig;
  response: RefundStatusResponse & { refundStatus: RefundStatus };
  /** Called once the server accepted the deferral. */
  onDone: () => void;
}

/**
 * The content of the 'Defer replacement' accordion (SPEC.md sections 1, 2, 9; DESIGN.md "What
 * each line shows"): the amount deferred (`ticketsReplaceValue`), valid for 12 months with no
 * admin fee, and `Accept refund`, which sends exactly one POST /api/ProcessRefund with the
 * confirm refund request and `defer: true` (flags from the query) however often it is pressed,
 * then calls `onDone`. A failure shows `We couldn't process this refund. Please try again.` with a
 * contact link; accepting again reuses the Idempotency-Key. With no protected reference it logs
 * that the backend thinks a refund is impossible and sends nothing (SPEC.md section 6).
 */
export function DeferPanel({ config, response, onDone }: DeferPanelProps) {
  const status = response.refundStatus;
  const [blocked, setBlocked] = useState(false);
  const [commit, accept] = useCommittingAction(async (key) => {
    await processRefund(
      {
        protectedReference: response.protectedReference as string,
        journeyId: status.journeyID,
        covid19: config.query.covid19,
        defer: true,
        disruptedOutwards: config.query.disruptedOutwards,
        disruptedInwards: config.query.disruptedInwards,
      },
      key,
    );
    onDone();
  });
  const onAccept = () => {
    if (!response.protectedReference) {
      console.warn(TEXT.backendNoRefundLog);
      setBlocked(true);
      return;
    }
    accept();
  };
  const pending = commit.status === 'pending';

  return (
    <div className="rw-replacement__defer">
      <dl className="rw-replacement__lines">
        <div className="rw-replacement__line">
          <dt className="rw-replacement__term">{RTEXT.amountDeferred}</dt>
          <dd className="rw-replacement__value">{formatPence(status.ticketsReplaceValue)}</dd>
        </div>
      </dl>
      <p className="rw-replacement__note">{RTEXT.deferValidity}</p>
      <p className="rw-replacement__note">{RTEXT.deferNoFee}</p>
      {blocked && (
        <p className="rw-message" role="status">
          {TEXT.noProtectedReference}
        </p>
      )}
      {commit.status === 'failed' && (
        <ErrorNotice
          message={TEXT.processFailure}
          error={commit.error}
          supportEmail={config.supportEmail}
          bookingReference={config.details.bookingReference}
        />
      )}
      <div className="rw-replacement__actions">
        <button type="button" className="rw-button" onClick={onAccept} disabled={pending}>
          {TEXT.acceptRefund}
        </button>
        <span className="rw-replacement__sending" role="status">
          {pending ? RTEXT.deferSending : ''}
        </span>
      </div>
    </div>
  );
}
