import { useCallback, useEffect, useRef, useState } from 'react';
import { newIdempotencyKey, toWidgetError } from '../api/client';
import type { WidgetError } from '../errors/WidgetError';

/** State of one committing action. */
export type CommitState<T> =
  { status: 'idle' } | { status: 'pending' } | { status: 'done'; result: T } | { status: 'failed'; error: WidgetError };

/**
 * One confirmed intent sent exactly once (docs/architecture.md "Exactly once"). `run()` sends `send(key)`
 * unless a send is in flight or already succeeded, so repeated presses send one request; the
 * `Idempotency-Key` is made on the first run and reused by the traveller's retry after a failure.
 * Nothing is retried automatically. Returns `[state, run]`.
 */
export function useCommittingAction<T>(send: (idempotencyKey: string) => Promise<T>): [CommitState<T>, () => void] {
  const [state, setState] = useState<CommitState<T>>({ status: 'idle' });
  const key = useRef<string | null>(null);
  const locked = useRef(false);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const run = useCallback(() => {
    if (locked.current) return;
    locked.current = true;
    key.current ??= newIdempotencyKey();
    setState({ status: 'pending' });
    sendRef.current(key.current).then(
      (result) => setState({ status: 'done', result }),
      (error: unknown) => {
        locked.current = false;
        setState({ status: 'failed', error: toWidgetError(error) });
      },
    );
  }, []);

  return [state, run];
}
