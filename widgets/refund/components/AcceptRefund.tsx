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
  /** True for a deferral (`defer: true`), false for a refund. */
  defer: boolean;
  /** Announced while the request is in flight. */
  sendingText: string;
  /** Called once the server accepted the request. */
  onDone: () => void;
}

/**
 * The `Accept refund` action of the instant panel and of `Defer replacement` (docs/product-rules.md sections 2,
 * 6, 7; docs/architecture.md "Exactly once"): sends exactly one POST /api/ProcessRefund with the confirm
 * refund request (`protectedReference`, `journeyId` = the status's `journeyID`, `defer`, and the
 * query's `covid19`, `disruptedOutwards`, `disruptedInwards`) however often it is pressed, with an
 * Idempotency-Key that a retry after a failure reuses; then calls `onDone`. A failure shows `We
 * couldn't process this refund. Please try again.` with a contact link. With no protected
 * reference it logs that the backend thinks a refund is impossible and sends nothing.
 * The key is kept with the intent across a reload or a closed tab (docs/offline.md "Committing
 * actions"); when one is pending from an earlier page, the panel says that pressing again is safe.
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
