import type { QueryFlags } from '../../shared/page/readPageData';
import type { Details, StationNames } from '../../shared/types';

/** Answers of the first question (docs/product-rules.md "Disruption flow"). */
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

export const FINISHED_ANSWERS = ['delayed', 'manual', 'somethingElse'] as const;
export type FinishedAnswer = (typeof FINISHED_ANSWERS)[number];

export const PORTIONS = ['outwards', 'inwards', 'both'] as const;
export type Portion = (typeof PORTIONS)[number];

/** What is kept in localStorage per journey. */
export interface SavedAnswers {
  answer?: FirstAnswer;
  reason?: SecondAnswer;
  portion?: Portion;
  /** ISO time. */
  savedAt?: string;
}

/** Navigation targets (docs/decisions.md "Navigation"). */
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

export interface DisruptionConfig {
  details: Details;
  stations: StationNames;
  /** Required for the questions view. */
  refundStatusUrl: string;
  supportEmail: string;
  view: 'questions' | 'finished';
  query: QueryFlags;
  actions: DisruptionActions;
  startUrl: string;
  /** The train company's Delay Repay; '' when absent. */
  delayRepayUrl: string;
}
