import { useState } from 'react';
import { useCommittingAction } from '../../../shared/hooks/useCommittingAction';
import { canKeepIntents, hasPendingIntent } from '../../../shared/storage/intents';
import type { RefundStatus, RefundStatusResponse } from '../../../shared/types';
import { processRefund } from '../api';
import { texts } from '../texts';
import type { RefundPageConfig } from '../types';
import { ErrorNotice } from './ErrorNotice';

export interface AcceptRefundProps {
  config: RefundPageConfig;
  response: RefundStatusResponse & { refundStatus: RefundStatus };
  defer: boolean;
  sendingText: string;
  onDone: () => void;
}

/**
 * `Accept refund` of the instant panel and `Defer replacement` (docs/product-rules.md sections 6 and 7): exactly one
 * POST /api/ProcessRefund, its Idempotency-Key kept across retry and reload (docs/offline.md "Committing actions");
 * then `onDone`. Without a protected reference it sends nothing (docs/architecture.md "Exactly once").
 */
export function AcceptRefund({ config, response, defer, sendingText, onDone }: AcceptRefundProps) {
  const [blocked, setBlocked] = useState(false);
  const bookingReference = config.details.bookingReference;
  const action = defer ? 'deferral' : 'refund';
  const [earlier] = useState(() => hasPendingIntent(bookingReference, action));
  const [kept] = useState(canKeepIntents);
  const body = {
    protectedReference: response.protectedReference as string,
    journeyId: response.refundStatus.journeyID,
    covid19: config.query.covid19,
    defer,
    disruptedOutwards: config.query.disruptedOutwards,
    disruptedInwards: config.query.disruptedInwards,
  };
  const [commit, accept] = useCommittingAction(
    async (key) => {
      await processRefund(body, key);
      onDone();
    },
    () => ({ bookingReference, action, body }),
  );
  const onAccept = () => {
    if (!response.protectedReference) {
      console.warn(texts.backendNoRefundLog);
      setBlocked(true);
      return;
    }
    accept();
  };
  const pending = commit.status === 'pending';
  return (
    <>
      {earlier && commit.status === 'idle' && (
        <p className="rw-message" role="status">
          {texts.earlierRequestPending}
        </p>
      )}
      {!kept && commit.status !== 'done' && (
        <p className="rw-message" role="status">
          {texts.requestNotKept(defer ? texts.deferralAccepted : texts.refundAccepted)}
        </p>
      )}
      {blocked && (
        <p className="rw-message" role="status">
          {texts.noProtectedReference}
        </p>
      )}
      {commit.status === 'failed' && (
        <ErrorNotice message={texts.processFailure} error={commit.error} config={config} />
      )}
      <div className="rw-refund__actions">
        <button type="button" className="rw-button" onClick={onAccept} disabled={pending}>
          {texts.acceptRefund}
        </button>
        <span className="rw-refund__sending" role="status">
          {pending ? sendingText : ''}
        </span>
      </div>
    </>
  );
}
