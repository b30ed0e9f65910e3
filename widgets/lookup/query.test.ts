/** Query building of the lookup widget: targets, encoding and flags. */
import { readQueryFlags } from '../../shared/page/readPageData';
import { buildLookupUrl } from './query';
import type { LookupConfig, LookupFormValues } from './types';
import { EMPTY_LOOKUP_VALUES } from './validation';

const config = (overrides: Partial<LookupConfig> = {}, search = ''): LookupConfig => ({
  action: '/ConfirmRefund',
  disruptionAction: '/Home/Disruption',
  supportEmail: '',
  delayRepayUrl: '',
  query: readQueryFlags(search),
  ...overrides,
});

const values = (overrides: Partial<LookupFormValues> = {}): LookupFormValues => ({
  ...EMPTY_LOOKUP_VALUES,
  bookingReference: 'KXB7HT2N',
  email: 'traveller@example.com',
  reason: 'NotTravelling',
  ...overrides,
});

describe('buildLookupUrl', () => {
  it('goes to data-action with BookingReference and Email encoded', () => {
    expect(buildLookupUrl(values({ email: 'ferry.fan+iow@example.co.uk' }), config())).toBe(
      '/ConfirmRefund?BookingReference=KXB7HT2N&Email=ferry.fan%2Biow%40example.co.uk',
    );
  });

  it('trims what the traveller typed', () => {
    expect(buildLookupUrl(values({ bookingReference: ' E-7K2M9Q4ZA ', email: ' a@b.co ' }), config())).toBe(
      '/ConfirmRefund?BookingReference=E-7K2M9Q4ZA&Email=a%40b.co',
    );
  });

  it('goes to data-disruption-action for the Disruption reason', () => {
    expect(buildLookupUrl(values({ reason: 'Disruption', delayRepay: 'abandoned' }), config())).toBe(
      '/Home/Disruption?BookingReference=KXB7HT2N&Email=traveller%40example.com',
    );
  });

  it.each(['NotTravelling', 'Wheelchair', 'Other'] as const)('goes to data-action for %s', (reason) => {
    expect(buildLookupUrl(values({ reason }), config())).toMatch(/^\/ConfirmRefund\?/);
  });

  it('honours other actions, keeping their own query', () => {
    const custom = config({ action: '/Refunds/Confirm?site=2', disruptionAction: 'https://rail.example/Disrupted' });
    expect(buildLookupUrl(values(), custom)).toBe(
      '/Refunds/Confirm?site=2&BookingReference=KXB7HT2N&Email=traveller%40example.com',
    );
    expect(buildLookupUrl(values({ reason: 'Disruption' }), custom)).toBe(
      'https://rail.example/Disrupted?BookingReference=KXB7HT2N&Email=traveller%40example.com',
    );
  });

  it('passes the covid19 flag of the start page on as covid19=true, and nothing else', () => {
    expect(buildLookupUrl(values(), config({}, 'covid19=TRUE&utm=x'))).toBe(
      '/ConfirmRefund?BookingReference=KXB7HT2N&Email=traveller%40example.com&covid19=true',
    );
    expect(buildLookupUrl(values(), config({}, 'covid19=no'))).not.toContain('covid19');
  });
});
