/**
 * The disruption steps as same-URL `pushState` entries (docs/decisions.md "The disruption funnel walks like
 * GOV.UK"). `history.state` is untrusted: an entry is ours only under {@link HISTORY_KEY} with a known step and
 * this journey, and a step shows only when the answers it follows are known.
 */
import { FINISHED_ANSWERS, FIRST_ANSWERS, SECOND_ANSWERS, type SavedAnswers } from './types';

export const STEPS = ['first', 'second', 'portion'] as const;
export type Step = (typeof STEPS)[number];

export const HISTORY_KEY = 'rwDisruption';

export interface StepEntry {
  step: Step;
  /** The journey's storage key: an entry of another journey is not ours. */
  journey: string;
}

const own = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** The step of this journey's funnel entry in any `state`; null when it is not one. Never throws. */
export function stepOfState(state: unknown, journey: string): Step | null {
  try {
    if (typeof state !== 'object' || state === null || !own(state, HISTORY_KEY)) return null;
    const entry: unknown = (state as Record<string, unknown>)[HISTORY_KEY];
    if (typeof entry !== 'object' || entry === null || !own(entry, 'step') || !own(entry, 'journey')) return null;
    const { step, journey: of } = entry as Record<string, unknown>;
    if (of !== journey || typeof step !== 'string') return null;
    return (STEPS as readonly string[]).includes(step) ? (step as Step) : null;
  } catch {
    return null;
  }
}

/**
 * `step` when the saved answers lead there (second: a first answer other than `No`; portion: also an abandoned
 * answer), else `first`.
 */
export function trustedStep(step: Step, saved: SavedAnswers): Step {
  if (step === 'first') return 'first';
  const answered = (FIRST_ANSWERS as readonly string[]).includes(saved.answer ?? '') && saved.answer !== 'No';
  if (!answered) return 'first';
  if (step === 'second') return 'second';
  const reason = saved.reason ?? '';
  const abandoned =
    (SECOND_ANSWERS as readonly string[]).includes(reason) && !(FINISHED_ANSWERS as readonly string[]).includes(reason);
  return abandoned ? 'portion' : 'first';
}

/** The state of a history entry of this journey's funnel at `step`. */
export function entryState(step: Step, journey: string): Record<string, StepEntry> {
  return { [HISTORY_KEY]: { step, journey } };
}

/** The current `history.state`, or null when it cannot be read. Never throws. */
export function currentState(): unknown {
  try {
    return window.history.state;
  } catch {
    return null;
  }
}

/**
 * Marks the current entry as the funnel's at `step`, keeping another script's plain-object state; true when marked.
 * Never throws.
 */
export function markCurrentEntry(step: Step, journey: string): boolean {
  try {
    const state = currentState();
    const plain =
      state === null ||
      state === undefined ||
      (typeof state === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(state)));
    if (!plain) return false;
    window.history.replaceState({ ...(state as object | null), ...entryState(step, journey) }, '');
    return true;
  } catch {
    return false;
  }
}

/** Adds a same-URL history entry for `step`; false when the browser refused. Never throws. */
export function pushStep(step: Step, journey: string): boolean {
  try {
    window.history.pushState(entryState(step, journey), '');
    return true;
  } catch {
    return false;
  }
}
