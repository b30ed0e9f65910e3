/** Where the disruption answers lead: query building, encoding and flags (docs/product-rules.md section 2). */
import bookings from '../../fixtures/bookings.json';
import stations from '../../fixtures/stations.json';
import { readQueryFlags } from '../../shared/page/readPageData';
import type { Details } from '../../shared/types';
import { disruptedRefundUrl, finishedUrl, manualRefundUrl, questionsUrl, sameQueryRefundUrl } from './navigation';
import { DEFAULT_ACTIONS } from './pageConfig';
import type { DisruptionConfig } from './types';

const details = (bookings as unknown as Record<string, { details: Details }>)['instant-ship'].details;

const config = (search: string, actions: Partial<DisruptionConfig['actions']> = {}): DisruptionConfig => ({
  details,
  stations,
  refundStatusUrl: '/s',
  supportEmail: '',
  delayRepayUrl: '',
  view: 'questions',
  query: readQueryFlags(search),
  actions: { ...DEFAULT_ACTIONS, ...actions },
  startUrl: '/',
});

const Q = 'BookingReference=FHN3KX8W&Email=ferry.fan%2Biow%40example.co.uk';

describe('No: the refund page with the same query', () => {
  it('keeps every parameter as given', () => {
    expect(sameQueryRefundUrl(config(`${Q}&covid19=true`))).toBe(`/ConfirmRefund?${Q}&covid19=true`);
  });

  it('fills BookingReference and Email from the Details when the query lacks them', () => {
    expect(sameQueryRefundUrl(config(''))).toBe(`/ConfirmRefund?${Q}`);
  });

  it('honours data-action', () => {
    expect(sameQueryRefundUrl(config(Q, { confirm: '/Refunds/Confirm?site=2' }))).toBe(`/Refunds/Confirm?site=2&${Q}`);
  });
});

describe('abandoned: the refund page with disruptedOutwards and disruptedInwards', () => {
  it.each([
    ['outwards', 'disruptedOutwards=true&disruptedInwards=false'],
    ['inwards', 'disruptedOutwards=false&disruptedInwards=true'],
    ['both', 'disruptedOutwards=true&disruptedInwards=true'],
  ] as const)('%s → %s', (portion, flags) => {
    expect(disruptedRefundUrl(config(`${Q}&covid19=true`), portion)).toBe(`/ConfirmRefund?${Q}&covid19=true&${flags}`);
  });

  it('replaces flags already in the query, in any letter case', () => {
    expect(disruptedRefundUrl(config(`${Q}&DISRUPTEDOUTWARDS=false&disruptedInwards=true`), 'outwards')).toBe(
      `/ConfirmRefund?${Q}&disruptedOutwards=true&disruptedInwards=false`,
    );
  });
});

describe('no option: /ManualRefund with the Disruption flag', () => {
  it('carries BookingReference, Email and Disruption=true, encoded', () => {
    expect(manualRefundUrl(config(`${Q}&utm=x`))).toBe(`/ManualRefund?${Q}&Disruption=true`);
  });

  it('passes covid19 on and falls back to the Details', () => {
    expect(manualRefundUrl(config('covid19=True'))).toBe(`/ManualRefund?${Q}&Disruption=true&covid19=true`);
  });
});

describe('the Finished page and back', () => {
  it('adds the answer as Reason, replacing an earlier one', () => {
    expect(finishedUrl(config(`${Q}&Reason=manual`), 'delayed')).toBe(`/Home/Disruption/Finished?${Q}&Reason=delayed`);
  });

  it('links back to the questions without the Reason', () => {
    expect(questionsUrl(config(`${Q}&reason=delayed`))).toBe(`/Home/Disruption?${Q}`);
  });
});
