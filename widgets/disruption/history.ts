/**
 * The disruption questions as browser history entries (docs/decisions.md "The disruption funnel
 * walks like GOV.UK"): each step the traveller moves on to is a `pushState` entry of the same URL
 * whose state carries the step and the journey, so browser Back and Forward (and the Back link)
 * move one step. The page's URL is not changed: the host's query stays exactly as it came, and
 * the refund page and the Finished page receive nothing more.
 *
 * `history.state` is never trusted: any script on the host page can push anything. A state is
 * ours only when it is an object whose own {@link HISTORY_KEY} names a known step and this
 * journey, and a step is shown only when the answers it follows are known (else the first
 * question).
 */
import { FINISHED_ANSWERS, FIRST_ANSWERS, SECOND_ANSWERS, type SavedAnswers } from './types';

/** The steps of the questions view. */
export const STEPS = ['first', 'second', 'portion'] as const;
export type Step = (typeof STEPS)[number];

/** The own property of `history.state` that carries the funnel's entry. */
export const HISTORY_KEY = 'rwDisruption';

/** What the funnel keeps in a history entry's state, under {@link HISTORY_KEY}. */
export interface StepEntry {
  step: Step;
  /** The journey's storage key (storage.ts `storageKey`): an entry of another journey is not ours. */
  journey: string;
}

const own = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/**
 * The funnel's entry in a history state, validated.
 *
 * @param state a `history.state` or `PopStateEvent.state` (anything)
 * @param journey the journey's storage key
 * @returns the step, or null when the state is not an entry of this journey's funnel (absent,
 *   another script's, another journey's, an unknown step, or unreadable). Never throws.
 */
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
 * The step to show for a step named by history, given the answers known: the second question
 * needs a first answer that leads there (not `No`); the portion question also needs an abandoned
 * answer to the second. Anything else shows the first question.
 *
 * @returns `step` when the answers support it, else `first`
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

/**
 * The current `history.state`, or null when it cannot be read. Never throws.
 */
export function currentState(): unknown {
  try {
    return window.history.state;
  } catch {
    return null;
  }
}

/**
 * Marks the current entry as the funnel's at `step` (on the first render), keeping what another
 * script put in a plain-object state. A state that is not a plain object (or null) is left alone:
 * that entry is then not the funnel's. Never throws.
 *
 * @returns true when the entry now carries the funnel's mark
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

/**
 * Adds a history entry (same URL) for `step`. Never throws.
 *
 * @returns true when the entry was added (false when the browser refused, e.g. too many calls)
 */
export function pushStep(step: Step, journey: string): boolean {
  try {
    window.history.pushState(entryState(step, journey), '');
    return true;
  } catch {
    return false;
  }
}
