/**
 * The lookup widget's navigation targets (issue "Hardening for a security review", finding 4):
 * `data-action` and `data-disruption-action` go through the shared `navigationTarget`.
 */
import fc from 'fast-check';
import { isWidgetError } from '../../shared/errors/WidgetError';
import { hostileSiteRootPath, hostileTarget, staysOnPageOrSpelledOut } from '../../shared/test/hostileTargets';
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

it('keeps site-root paths and spelt-out http(s) URLs', () => {
  expect(read({ 'data-action': '/Refunds/Confirm?site=2' })?.action).toBe('/Refunds/Confirm?site=2');
  expect(read({ 'data-action': 'https://refunds.example-rail.co.uk/x' })?.action).toBe(
    'https://refunds.example-rail.co.uk/x',
  );
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
