import type { QueryFlags } from '../../shared/page/readPageData';
import type { Details, StationNames } from '../../shared/types';

/** Answers of the first question (docs/product-rules.md section 2 "Disruption flow"; docs/architecture.md identifiers). */
export const FIRST_ANSWERS = ['Yes', 'YesBefore', 'Strike', 'Heatwave', 'No'] as const;
export type FirstAnswer = (typeof FIRST_ANSWERS)[number];

/** Answers of the second question (docs/product-rules.md section 2). */
export const SECOND_ANSWERS = [
  'delayed',
  'abandoned1',
  'abandoned2',
  'abandoned3',
  'abandoned4',
  'manual',
  'somethingElse',
] as const;
export type SecondAnswer = (typeof SECOND_ANSWERS)[number];

/** The answers whose outcome is shown on the Finished page. */
export const FINISHED_ANSWERS = ['delayed', 'manual', 'somethingElse'] as const;
export type FinishedAnswer = (typeof FINISHED_ANSWERS)[number];

/** Which portion was abandoned (docs/architecture.md identifiers). */
export const PORTIONS = ['outwards', 'inwards', 'both'] as const;
export type Portion = (typeof PORTIONS)[number];

/** What is kept in localStorage per journey (docs/product-rules.md section 4 "Disruption flow"). */
export interface SavedAnswers {
  answer?: FirstAnswer;
  reason?: SecondAnswer;
  portion?: Portion;
  /** ISO time of the last save. */
  savedAt?: string;
}

/** Navigation targets (docs/decisions.md "Navigation": site-root routes unless a mount attribute names another). */
export interface DisruptionActions {
  /** `data-action`, default `/ConfirmRefund`. */
  confirm: string;
  /** `data-manual-action`, default `/ManualRefund`. */
  manual: string;
  /** `data-finished-action`, default `/Home/Disruption/Finished`. */
  finished: string;
  /** `data-questions-action`, default `/Home/Disruption` (linked from the Finished view). */
  questions: string;
}

/** Everything the disruption widget reads from its page, validated once by `mount`. */
export interface DisruptionConfig {
  details: Details;
  stations: StationNames;
  /** `data-refund-status-url`; required for the questions view. */
  refundStatusUrl: string;
  /** `data-support-email`; '' when absent. */
  supportEmail: string;
  /** `data-view="finished"` mounts the outcome view of /Home/Disruption/Finished. */
  view: 'questions' | 'finished';
  query: QueryFlags;
  actions: DisruptionActions;
  /** `data-start-url`: where "Start again" leads on the Finished view; default `/`. */
  startUrl: string;
  /**
   * `data-delay-repay-url`: the train company's Delay Repay, linked from the Delay Repay advice;
   * '' when absent (the advice then names where to claim).
   */
  delayRepayUrl: string;
}
