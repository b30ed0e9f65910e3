/**
 * Test data of the replacement path, from the named fixture states (fixtures/bookings.json and
 * fixtures/lookups.json, which the dev host answers too), and a helper that reads a fixture
 * state's page config as `mount` would.
 */
import bookings from '../../../../fixtures/bookings.json';
import lookups from '../../../../fixtures/lookups.json';
import stations from '../../../../fixtures/stations.json';
import { buildHostPage } from '../../../hostPage';
import type { DryRunResult, RefundStatus, RefundStatusResponse } from '../../../../shared/types';
import { readRefundConfig } from '../../../../widgets/refund/pageConfig';
import type { RefundPageConfig } from '../../../../widgets/refund/types';
import type { LookupJourney } from '../../../../widgets/refund/replacement/types';

/** A fixture state of fixtures/bookings.json. */
export interface FixtureState {
  bookingReference: string;
  email: string;
  details: unknown;
  status: RefundStatusResponse;
  dryRun: DryRunResult;
}

/** The fixture states this path uses. */
export const STATES = bookings as unknown as Record<'replacement' | 'defer-only' | 'instant', FixtureState>;

/** The lookup fixture states (fixtures/lookups.json), the same the dev host answers. */
const LOOKUPS = lookups as unknown as Record<
  'candidates' | 'rejected' | 'no-eligible' | 'lookup-error',
  { bookingReference: string; email: string; answer: { refundStatus: unknown; journeyList: LookupJourney[] }[] }
>;

/** The replacement booking the traveller provides in the tests (valid, not the original). */
export const REPLACEMENT_REFERENCE = LOOKUPS.candidates.bookingReference;
export const REPLACEMENT_EMAIL = LOOKUPS.candidates.email;

/** A direct single, London Kings Cross to Newcastle, 20/02/2027 11:00. */
export const DIRECT_SINGLE: LookupJourney = LOOKUPS.candidates.answer[0].journeyList[0];

/** A return with one change (train, then rail replacement bus, legs given out of order) and a direct return. */
export const RETURN_WITH_CHANGE: LookupJourney = LOOKUPS.candidates.answer[0].journeyList[1];

/** A journey of an item without a refund status: it must never be offered. */
export const WITHOUT_STATUS: LookupJourney = LOOKUPS.candidates.answer[1].journeyList[0];

/** A lookup answer: one item with a refund status (two journeys), one without (discarded). */
export function lookupAnswer(): unknown[] {
  return JSON.parse(JSON.stringify(LOOKUPS.candidates.answer)) as unknown[];
}

/** The page config of a fixture state, read from a host page as `mount` reads it. */
export function configOf(name: keyof typeof STATES, search = ''): RefundPageConfig {
  const state = STATES[name];
  const element = buildHostPage({
    mountId: 'refund-widget',
    details: state.details,
    stations,
    attrs: {
      'refund-status-url': '/Refund/Status',
      'dry-run-url': '/Refund/DryRun',
      'support-email': 'support@example.co.uk',
    },
  });
  return readRefundConfig(element, document, search);
}

/** A fixture state's refund status response, narrowed to a non-null status. */
export function responseOf(
  name: keyof typeof STATES,
  overrides: Partial<RefundStatusResponse> = {},
): RefundStatusResponse & { refundStatus: RefundStatus } {
  const response = { ...STATES[name].status, ...overrides };
  return response as RefundStatusResponse & { refundStatus: RefundStatus };
}
