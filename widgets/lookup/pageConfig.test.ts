/**
 * The lookup widget's navigation targets (docs/security.md "Navigation targets"): `data-action`
 * and `data-disruption-action` go through the shared `navigationTarget`; another origin only when
 * built in with `NAVIGATION_ORIGINS`.
 */
import fc from 'fast-check';
import { isWidgetError } from '../../shared/errors/WidgetError';
import {
  hostileSiteRootPath,
  hostileTarget,
  SPELT_OUT_STEAL,
  staysOnPageOrSpelledOut,
  withNavigationOrigins,
} from '../../test/hostileTargets';
import { DEFAULT_ACTION, readLookupConfig } from './pageConfig';

fc.configureGlobal({ seed: 20261123, numRuns: 500 });

function element(attrs: Record<string, string>): HTMLElement {
  const div = document.createElement('div');
  Object.entries(attrs).forEach(([name, value]) => div.setAttribute(name, value));
  return div;
}

/** The config, or null when the page data is refused with INVALID_PAGE_DATA. */
function read(attrs: Record<string, string>) {
  try {
    return readLookupConfig(element(attrs), '');
  } catch (error) {
    if (isWidgetError(error, 'INVALID_PAGE_DATA')) return null;
    throw error;
  }
}

it.each(['data-action', 'data-disruption-action'])(
  '%s="/&#9;/127.0.0.1:32622/steal" (the security review payload) is refused',
  (attribute) => {
    expect(() => readLookupConfig(element({ [attribute]: '/\t/127.0.0.1:32622/steal' }), '')).toThrow(
      'This page is set up incorrectly (an invalid form action). Please try again later.',
    );
  },
);

it.each(['data-action', 'data-disruption-action'])(
  '%s="http://127.0.0.2:45229/steal" (another origin, not built in) is refused',
  (attribute) => {
    let thrown: unknown;
    try {
      readLookupConfig(element({ [attribute]: SPELT_OUT_STEAL }), '');
    } catch (error) {
      thrown = error;
    }
    expect(isWidgetError(thrown, 'INVALID_PAGE_DATA')).toBe(true);
    expect((thrown as Error).message).toBe(
      'This page is set up incorrectly (an invalid form action). Please try again later.',
    );
    expect(((thrown as Error).cause as Error).message).toBe(
      `${attribute} "${SPELT_OUT_STEAL}" refused: it must be a site-root path on this site, or an http(s) URL on this site or on an origin built in with NAVIGATION_ORIGINS`,
    );
  },
);

it('keeps site-root paths, and spelt-out http(s) URLs on the page origin or one built in', () => {
  expect(read({ 'data-action': '/Refunds/Confirm?site=2' })?.action).toBe('/Refunds/Confirm?site=2');
  expect(read({ 'data-action': 'http://localhost/Refunds/Confirm' })?.action).toBe('http://localhost/Refunds/Confirm');
  expect(read({ 'data-action': 'https://refunds.example-rail.co.uk/x' })).toBeNull();
  withNavigationOrigins('https://refunds.example-rail.co.uk', () => {
    expect(read({ 'data-action': 'https://refunds.example-rail.co.uk/x' })?.action).toBe(
      'https://refunds.example-rail.co.uk/x',
    );
  });
  expect(read({})?.action).toBe(DEFAULT_ACTION);
});

it('property: no hostile data-action or data-disruption-action leads to another origin unless it spells it out', () => {
  fc.assert(
    fc.property(fc.oneof(hostileTarget, hostileSiteRootPath), fc.boolean(), (value, disruption) => {
      const attribute = disruption ? 'data-disruption-action' : 'data-action';
      const config = read({ [attribute]: value });
      if (config === null || value.trim() === '') return true;
      return staysOnPageOrSpelledOut(disruption ? config.disruptionAction : config.action, value);
    }),
  );
});

describe('data-delay-repay-url (docs/decisions.md "The disruption funnel walks like GOV.UK")', () => {
  it('is empty without the attribute; an https URL on any origin, or a site-root path, is kept', () => {
    expect(read({})?.delayRepayUrl).toBe('');
    expect(read({ 'data-delay-repay-url': 'https://www.nationalrail.co.uk/delay-repay/' })?.delayRepayUrl).toBe(
      'https://www.nationalrail.co.uk/delay-repay/',
    );
    expect(read({ 'data-delay-repay-url': '/help/delay-repay' })?.delayRepayUrl).toBe('/help/delay-repay');
  });

  it.each([SPELT_OUT_STEAL, '//evil.example/', 'javascript:alert(1)'])('refuses %j with a clear message', (value) => {
    expect(() => readLookupConfig(element({ 'data-delay-repay-url': value }), '')).toThrow(
      'This page is set up incorrectly (an invalid link). Please try again later.',
    );
  });
});
