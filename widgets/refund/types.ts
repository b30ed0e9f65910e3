import type { Details, DryRunResult, StationNames } from '../../shared/types';
import type { QueryFlags } from '../../shared/page/readPageData';

/** The four panels of the refund page (docs/product-rules.md section 4). */
export type Panel = 'manual' | 'instant' | 'replacement' | 'unavailable';

/** Everything the refund widget reads from its page, validated once by `mount` (docs/architecture.md data flow). */
export interface RefundPageConfig {
  details: Details;
  stations: StationNames;
  refundStatusUrl: string;
  dryRunUrl: string;
  appealsEmail: string;
  supportEmail: string;
  /** `unavailable` mounts the separate "Refund unavailable" page view. */
  view: 'panel' | 'unavailable';
  /** False when the mount says `data-appeal-link="false"`. */
  appealLink: boolean;
  query: QueryFlags;
  /** From meta `max-admin-fee` (pounds) → pence; default 1000. */
  maxAdminFeePence: number;
  /** `data-start-url`: where "Start again" leads; default `/`. */
  startUrl: string;
  /** `data-manual-action`: the manual claim page the manual-refund links lead to; default `/ManualRefund`. */
  manualAction: string;
}

/**
 * A dry run answer, or its failure (counts as refundValue 0); `outage`: no answer, a timeout or 408/429/5xx, not a
 * decision (docs/decisions.md "An outage is not a decision").
 */
export type DryRunOutcome = { ok: true; result: DryRunResult } | { ok: false; message: string; outage: boolean };
