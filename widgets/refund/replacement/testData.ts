/**
 * Test data of the replacement path: LookupJourneys answers for the `replacement` and
 * `defer-only` fixture states (the reference backend does not answer lookups yet), and a helper
 * that reads a fixture state's page config as `mount` would.
 */
import bookings from '../../../fixtures/bookings.json';
import stations from '../../../fixtures/stations.json';
import { buildHostPage } from '../../../shared/test/hostPage';
import type { DryRunResult, RefundStatus, RefundStatusResponse } from '../../../shared/types';
import { readRefundConfig } from '../pageConfig';
import type { RefundPageConfig } from '../types';
import type { LookupJourney } from './types';

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

/** The replacement booking the traveller provides in the tests (valid, not the original). */
export const REPLACEMENT_REFERENCE = 'WRT3FG4H';
export const REPLACEMENT_EMAIL = 'replace.me@example.com';

/** A direct single, London Kings Cross to Newcastle, before the original departure. */
export const DIRECT_SINGLE: LookupJourney = {
  journeyID: 900101,
  bookingReference: REPLACEMENT_REFERENCE,
  totalCost: 6020,
  legRecordsOut: [
    {
      originDepartTime: '2027-02-20T11:00:00',
      originCRS: 'KGX',
      destinationArriveTime: '2027-02-20T13:55:00',
      destinationCRS: 'NCL',
      mode: 'TRAIN',
    },
  ],
  legRecordsRtn: [],
};

/** A return with one change (train, then rail replacement bus, legs given out of order) and a direct return. */
export const RETURN_WITH_CHANGE: LookupJourney = {
  journeyID: 900102,
  bookingReference: REPLACEMENT_REFERENCE,
  totalCost: 11250,
  legRecordsOut: [
    {
      originDepartTime: '2027-02-20T12:10:00',
      originCRS: 'YRK',
      destinationArriveTime: '2027-02-20T13:40:00',
      destinationCRS: 'NCL',
      mode: 'BUS',
    },
    {
      originDepartTime: '2027-02-20T10:03:00',
      originCRS: 'KGX',
      destinationArriveTime: '2027-02-20T11:55:00',
      destinationCRS: 'YRK',
      mode: 'TRAIN',
    },
  ],
  legRecordsRtn: [
    {
      originDepartTime: '2027-02-22T17:00:00',
      originCRS: 'NCL',
      destinationArriveTime: '2027-02-22T19:52:00',
      destinationCRS: 'KGX',
      mode: 'TRAIN',
    },
  ],
};

/** A journey of an item without a refund status: it must never be offered. */
export const WITHOUT_STATUS: LookupJourney = {
  journeyID: 900199,
  bookingReference: 'HJW8CB3T',
  totalCost: 900,
  legRecordsOut: [
    {
      originDepartTime: '2027-02-20T09:00:00',
      originCRS: 'YRK',
      destinationArriveTime: '2027-02-20T09:25:00',
      destinationCRS: 'LDS',
      mode: 'TRAIN',
    },
  ],
  legRecordsRtn: [],
};

/** A lookup answer: one item with a refund status (two journeys), one without (discarded). */
export function lookupAnswer(): unknown[] {
  const status = STATES.replacement.status.refundStatus as RefundStatus;
  return [
    {
      refundStatus: { ...status, bookingReference: REPLACEMENT_REFERENCE, journeyID: 900101 },
      journeyList: [DIRECT_SINGLE, RETURN_WITH_CHANGE],
    },
    { refundStatus: null, journeyList: [WITHOUT_STATUS] },
  ];
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
