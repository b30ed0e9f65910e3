import { useCallback, useEffect, useRef, useState } from 'react';
import { toWidgetError } from '../api/policy';
import type { WidgetError } from '../errors/WidgetError';

/** What a widget shows of one server call: loading, the answer, or the failure. */
export type ServerState<T> =
  { phase: 'loading' } | { phase: 'ready'; data: T } | { phase: 'failed'; error: WidgetError };

const sameInputs = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * A widget's server state (docs/architecture.md "Loading server state"): calls `load` on mount,
 * when an input changes and on `retry`; an answer that arrives after that, or after unmount, is
 * dropped.
 *
 * @param load the call; its rejection becomes a `WidgetError` (shared/api/policy.ts `toWidgetError`)
 * @param inputs what the answer depends on (compared with `Object.is`)
 * @param enabled false: nothing is called and `state` stays loading
 * @returns `state`, `retry` (back to loading, calls `load` again) and `attempt` (0 until the first retry)
 */
export function useServerState<T>(load: () => Promise<T>, inputs: readonly unknown[], enabled = true) {
  const [state, setState] = useState<ServerState<T>>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [loadedFor, setLoadedFor] = useState(inputs);
  if (!sameInputs(loadedFor, inputs)) {
    setLoadedFor(inputs);
    setState({ phase: 'loading' });
  }
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    latestLoad.current().then(
      (data) => current && setState({ phase: 'ready', data }),
      (error: unknown) => current && setState({ phase: 'failed', error: toWidgetError(error) }),
    );
    return () => {
      current = false;
    };
    // The inputs are the load's own; `attempt` counts the retries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...inputs, attempt, enabled]);

  const retry = useCallback(() => {
    setState({ phase: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry, attempt };
}
