/**
 * The disruption widget's navigation targets (docs/security.md "Navigation targets"):
 * `data-action`, `data-manual-action`, `data-finished-action` and `data-questions-action` go
 * through the shared `navigationTarget`.
 */
import fc from 'fast-check';
import bookings from '../../fixtures/bookings.json';
import stations from '../../fixtures/stations.json';
import { isWidgetError } from '../../shared/errors/WidgetError';
import { buildHostPage } from '../../test/hostPage';
import {
  hostileSiteRootPath,
  hostileTarget,
  SPELT_OUT_STEAL,
  staysOnPageOrSpelledOut,
  withNavigationOrigins,
} from '../../test/hostileTargets';
import { readDisruptionConfig } from './pageConfig';
import type { DisruptionActions } from './types';

fc.configureGlobal({ seed: 20261123, numRuns: 300 });

const details = (bookings as unknown as Record<string, { details: unknown }>)['disruption-waived'].details;
const TARGETS: [string, keyof DisruptionActions][] = [
  ['action', 'confirm'],
  ['manual-action', 'manual'],
  ['finished-action', 'finished'],
  ['questions-action', 'questions'],
];

/** The config's actions, or null when the page data is refused with INVALID_PAGE_DATA. */
function read(attrs: Record<string, string>): DisruptionActions | null {
  const element = buildHostPage({
    mountId: 'disruption-widget',
    details,
    stations,
    attrs: { 'refund-status-url': '/Refund/Status?bookingReference=FTR6KL9B', ...attrs },
  });
  try {
    return readDisruptionConfig(element, document, '').actions;
  } catch (error) {
    if (isWidgetError(error, 'INVALID_PAGE_DATA')) return null;
    throw error;
  }
}

it.each(TARGETS)('data-%s="/&#9;/127.0.0.1:32622/steal" (the security review payload) is refused', (attribute) => {
  expect(read({ [attribute]: '/\t/127.0.0.1:32622/steal' })).toBeNull();
});

it.each([...TARGETS.map(([attribute]) => attribute), 'start-url'])(
  'data-%s="http://127.0.0.2:45229/steal" (another origin, not built in) is a setup error',
  (attribute) => {
    const element = buildHostPage({
      mountId: 'disruption-widget',
      details,
      stations,
      attrs: { 'refund-status-url': '/Refund/Status?bookingReference=FTR6KL9B', [attribute]: SPELT_OUT_STEAL },
    });
    let thrown: unknown;
    try {
      readDisruptionConfig(element, document, '');
    } catch (error) {
      thrown = error;
    }
    expect(isWidgetError(thrown, 'INVALID_PAGE_DATA')).toBe(true);
    expect((thrown as Error).message).toBe('This disruption page is set up incorrectly. Please try again later.');
    expect(((thrown as Error).cause as Error).message).toMatch(new RegExp(`^data-${attribute} `));
  },
);

it('keeps site-root paths, and spelt-out http(s) URLs on an origin built in', () => {
  const attrs = { action: '/Refunds/Confirm?site=2', 'manual-action': 'https://claims.example-rail.co.uk/m' };
  expect(read(attrs)).toBeNull();
  withNavigationOrigins('https://claims.example-rail.co.uk', () => {
    expect(read(attrs)).toEqual(
      expect.objectContaining({ confirm: '/Refunds/Confirm?site=2', manual: 'https://claims.example-rail.co.uk/m' }),
    );
  });
});

it('property: no hostile target attribute leads to another origin unless it spells it out', () => {
  fc.assert(
    fc.property(
      fc.oneof(hostileTarget, hostileSiteRootPath),
      fc.constantFrom(...TARGETS),
      (value, [attribute, key]) => {
        const actions = read({ [attribute]: value });
        if (actions === null || value.trim() === '') return true;
        return staysOnPageOrSpelledOut(actions[key], value);
      },
    ),
  );
});

describe('data-delay-repay-url (docs/decisions.md "The disruption funnel walks like GOV.UK")', () => {
  const config = (value?: string) => {
    const element = buildHostPage({
      mountId: 'disruption-widget',
      details,
      stations,
      attrs: { view: 'finished', ...(value === undefined ? {} : { 'delay-repay-url': value }) },
    });
    return readDisruptionConfig(element, document, '');
  };

  it('is empty without the attribute; an https URL on any origin, or a site-root path, is kept', () => {
    expect(config().delayRepayUrl).toBe('');
    expect(config(' ').delayRepayUrl).toBe('');
    expect(config('https://www.nationalrail.co.uk/delay-repay/').delayRepayUrl).toBe(
      'https://www.nationalrail.co.uk/delay-repay/',
    );
    expect(config('/help/delay-repay').delayRepayUrl).toBe('/help/delay-repay');
  });

  it.each([SPELT_OUT_STEAL, '//evil.example/', 'javascript:alert(1)'])(
    'refuses %j: the setup error, naming the attribute',
    (value) => {
      let thrown: unknown;
      try {
        config(value);
      } catch (error) {
        thrown = error;
      }
      expect(isWidgetError(thrown, 'INVALID_PAGE_DATA')).toBe(true);
      expect((thrown as Error).message).toBe('This disruption page is set up incorrectly. Please try again later.');
      expect(((thrown as Error).cause as Error).message).toMatch(/^data-delay-repay-url /);
    },
  );
});
