import { useCallback, useEffect, useRef, useState } from 'react';
import { offlineReason } from '@rw/page-runtime';
import { newIdempotencyKey } from '../api/client';
import { isDefiniteAnswer, toWidgetError } from '../api/policy';
import type { WidgetError } from '../errors/WidgetError';
import { forgetIntent, keyForIntent, type Intent } from '../storage/intents';

export type CommitState<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  /** `at`: when the answer arrived (ms since the epoch, the phone's clock). */
  | { status: 'done'; result: T; at: number }
  | { status: 'failed'; error: WidgetError };

/**
 * One confirmed intent sent exactly once (docs/architecture.md "Exactly once"; docs/offline.md
 * "Committing actions"). `run()` sends `send(key)` unless a send is in flight or already
 * succeeded, so repeated presses send one request. Nothing is retried automatically.
 *
 * The `Idempotency-Key`: with `intentOf` (called at each press: the booking reference, the action
 * and the body about to be sent), it is stored in `localStorage` with the intent before the request
 * leaves (shared/storage/intents.ts), so a retry of the same intent after a failure, a reload or in
 * another tab reuses it; it is forgotten on a definite answer (policy.ts `isDefiniteAnswer`).
 * Without `intentOf`, it is made on the first run and reused by the traveller's retry in this page.
 *
 * @returns `[state, run]`
 */
export function useCommittingAction<T>(
  send: (idempotencyKey: string) => Promise<T>,
  intentOf?: () => Intent,
): [CommitState<T>, () => void] {
  const [state, setState] = useState<CommitState<T>>({ status: 'idle' });
  const key = useRef<string | null>(null);
  const locked = useRef(false);
  const sendRef = useRef(send);
  const intentRef = useRef(intentOf);
  useEffect(() => {
    sendRef.current = send;
    intentRef.current = intentOf;
  });

  const run = useCallback(() => {
    // Offline per the browser: nothing is sent (docs/offline.md "Offline, and back"); after a no-answer, a press does send.
    if (locked.current || offlineReason() === 'browser') return;
    locked.current = true;
    setState({ status: 'pending' });
    const intent = intentRef.current?.() ?? null;
    const keyReady = intent
      ? keyForIntent(intent).then((found) => found.key)
      : Promise.resolve((key.current ??= newIdempotencyKey()));
    keyReady
      .then((idempotencyKey) => {
        key.current = idempotencyKey;
        return sendRef.current(idempotencyKey);
      })
      .then(
        (result) => {
          if (intent) forgetIntent(intent.bookingReference, intent.action);
          setState({ status: 'done', result, at: Date.now() });
        },
        (error: unknown) => {
          const failure = toWidgetError(error);
          if (intent && isDefiniteAnswer(failure.status)) forgetIntent(intent.bookingReference, intent.action);
          locked.current = false;
          setState({ status: 'failed', error: failure });
        },
      );
    // Stryker disable next-line ArrayDeclaration: the callback reads only refs, so any constant list is the same
  }, []);

  return [state, run];
}
