/**
 * The one reader of a mount's navigation attributes (docs/host-contract.md "The widgets";
 * docs/security.md "Navigation targets"): the rules every navigation attribute is read by.
 */
import { isWidgetError } from '../errors/WidgetError';
import { withNavigationOrigins } from '../../test/hostileTargets';
import { DEFAULT_MANUAL_ACTION, readManualAction } from './manualAction';
import { datasetKey, readNavigationAttribute } from './navigationAttribute';
import { NAVIGATION_RULE } from './navigationTarget';

const PAGE = 'https://www.rail.example/ConfirmRefund?BookingReference=X';
const TEXT = 'This page is set up incorrectly.';
const read = { pageUrl: PAGE, fallback: '/Default', invalidText: TEXT };

/** What the reader throws, or null when it returns. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

describe('datasetKey', () => {
  it.each([
    ['data-action', 'action'],
    ['data-manual-action', 'manualAction'],
    ['data-delay-repay-url', 'delayRepayUrl'],
  ] as const)('names %s as dataset does: %s', (attribute, key) => {
    expect(datasetKey(attribute)).toBe(key);
    const element = document.createElement('div');
    element.setAttribute(attribute, 'x');
    expect(element.dataset[key]).toBe('x');
  });
});

describe('readNavigationAttribute', () => {
  it('is the fallback when the attribute is absent, blank or not a string', () => {
    expect(readNavigationAttribute({}, 'data-manual-action', read)).toBe('/Default');
    expect(readNavigationAttribute({ manualAction: undefined }, 'data-manual-action', read)).toBe('/Default');
    expect(readNavigationAttribute({ manualAction: ' \t ' }, 'data-manual-action', read)).toBe('/Default');
    expect(readNavigationAttribute({ action: '/Other' }, 'data-manual-action', read)).toBe('/Default');
  });

  it('reads the live dataset of a mount element as well as a copy of it', () => {
    const element = document.createElement('div');
    element.setAttribute('data-finished-action', '  /Done?x=1  ');
    expect(readNavigationAttribute(element.dataset, 'data-finished-action', read)).toBe('/Done?x=1');
  });

  it.each([
    ['/ManualRefund', '/ManualRefund'],
    ['  /Claims/Manual?site=2  ', '/Claims/Manual?site=2'],
    ['HTTPS://www.rail.example/m', 'https://www.rail.example/m'],
  ])('accepts %j as %j (the navigation-target check)', (value, expected) => {
    expect(readNavigationAttribute({ manualAction: value }, 'data-manual-action', read)).toBe(expected);
  });

  it('accepts another origin only when it is built in with NAVIGATION_ORIGINS', () => {
    const data = { action: 'https://claims.example/m' };
    expect(() => readNavigationAttribute(data, 'data-action', read)).toThrow(TEXT);
    withNavigationOrigins('https://claims.example', () => {
      expect(readNavigationAttribute(data, 'data-action', read)).toBe('https://claims.example/m');
    });
  });

  it('refuses with the widget text; the cause names the attribute, quotes the value and says the rule', () => {
    const thrown = thrownBy(() => readNavigationAttribute({ action: ' //evil.example/ ' }, 'data-action', read));
    expect(isWidgetError(thrown, 'INVALID_PAGE_DATA')).toBe(true);
    expect((thrown as Error).message).toBe(TEXT);
    expect(((thrown as Error).cause as Error).message).toBe(
      `data-action "//evil.example/" refused: it ${NAVIGATION_RULE}`,
    );
  });

  it('quotes at most 200 characters of a refused value', () => {
    const value = `javascript:${'a'.repeat(300)}`;
    const thrown = thrownBy(() => readNavigationAttribute({ action: value }, 'data-action', read));
    expect(((thrown as Error).cause as Error).message).toBe(
      `data-action "${value.slice(0, 200)}" refused: it ${NAVIGATION_RULE}`,
    );
  });

  it('takes another check and its wording (the Delay Repay link)', () => {
    const check = (value: string, pageUrl: string) => (value === 'ok' ? `${pageUrl}#ok` : null);
    const options = { ...read, fallback: '', check, rule: 'must be ok' };
    expect(readNavigationAttribute({ delayRepayUrl: 'ok' }, 'data-delay-repay-url', options)).toBe(`${PAGE}#ok`);
    expect(readNavigationAttribute({}, 'data-delay-repay-url', options)).toBe('');
    const thrown = thrownBy(() => readNavigationAttribute({ delayRepayUrl: '/x' }, 'data-delay-repay-url', options));
    expect(((thrown as Error).cause as Error).message).toBe('data-delay-repay-url "/x" refused: it must be ok');
  });
});

describe('readManualAction', () => {
  it('is /ManualRefund when the attribute is absent or blank', () => {
    expect(DEFAULT_MANUAL_ACTION).toBe('/ManualRefund');
    expect(readManualAction({}, PAGE, TEXT)).toBe('/ManualRefund');
    expect(readManualAction({ manualAction: '  ' }, PAGE, TEXT)).toBe('/ManualRefund');
  });

  it('keeps a site-root path with its query', () => {
    expect(readManualAction({ manualAction: '/Claims/Manual?site=2' }, PAGE, TEXT)).toBe('/Claims/Manual?site=2');
  });

  it.each(['//evil.example/', '/\t/evil.example/', 'javascript:alert(1)', 'http://127.0.0.2:45229/steal', 'relative'])(
    'refuses %j with the widget text, naming data-manual-action',
    (value) => {
      const thrown = thrownBy(() => readManualAction({ manualAction: value }, PAGE, TEXT));
      expect(isWidgetError(thrown, 'INVALID_PAGE_DATA')).toBe(true);
      expect((thrown as Error).message).toBe(TEXT);
      expect(((thrown as Error).cause as Error).message).toMatch(/^data-manual-action "/);
    },
  );
});
