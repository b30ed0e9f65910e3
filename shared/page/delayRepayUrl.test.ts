/**
 * `data-delay-repay-url` (docs/decisions.md "The disruption funnel walks like GOV.UK"): a
 * site-root path or an http(s) URL on this site, one built in, or an https URL on any origin;
 * everything the navigation-target check refuses stays refused. Properties run with a fixed seed.
 */
import fc from 'fast-check';
import { isWidgetError } from '../errors/WidgetError';
import { hostileSiteRootPath, hostileTarget, PAGE_URL, withNavigationOrigins } from '../../test/hostileTargets';
import { delayRepayTarget, readDelayRepayUrl } from './delayRepayUrl';

fc.configureGlobal({ seed: 20261123, numRuns: 500 });

const PAGE = 'https://www.rail.example/Home/Disruption/Finished?BookingReference=FTR6KL9B&Email=a%40b.example';
const TEXT = 'This page is set up incorrectly.';
/** A mount's dataset with this `data-delay-repay-url`. */
const mount = (value: string) => ({ delayRepayUrl: value });
const NATIONAL_RAIL =
  'https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/';

describe('readDelayRepayUrl', () => {
  it('is empty (no link) when the attribute is absent or blank', () => {
    expect(readDelayRepayUrl({}, PAGE, TEXT)).toBe('');
    expect(readDelayRepayUrl({ delayRepayUrl: undefined }, PAGE, TEXT)).toBe('');
    expect(readDelayRepayUrl(mount('  '), PAGE, TEXT)).toBe('');
  });

  it.each([
    [NATIONAL_RAIL, NATIONAL_RAIL],
    [
      '  HTTPS://Delay-Repay.Train-Company.example/claim?from=rail  ',
      'https://delay-repay.train-company.example/claim?from=rail',
    ],
    ['/help/delay-repay', '/help/delay-repay'],
    ['https://www.rail.example/help', 'https://www.rail.example/help'],
  ])('accepts %j as %j', (value, expected) => {
    expect(readDelayRepayUrl(mount(value), PAGE, TEXT)).toBe(expected);
  });

  it('accepts plain http on this site, or on an origin built in with NAVIGATION_ORIGINS only', () => {
    expect(readDelayRepayUrl(mount('http://localhost/help'), PAGE_URL, TEXT)).toBe('http://localhost/help');
    expect(() => readDelayRepayUrl(mount('http://delay.example/claim'), PAGE, TEXT)).toThrow(TEXT);
    withNavigationOrigins('http://delay.example', () => {
      expect(readDelayRepayUrl(mount('http://delay.example/claim'), PAGE, TEXT)).toBe('http://delay.example/claim');
    });
  });

  it.each([
    'http://delay.example/claim',
    '//delay.example/claim',
    'delay-repay',
    './delay-repay',
    'javascript:alert(1)',
    'data:text/html,x',
    'mailto:claims@example.com',
    'https://user:pass@delay.example/',
    'https://delay.example/\tclaim',
    'https:\\\\delay.example',
    '/\\delay.example',
    'https:delay.example',
    'ftp://delay.example/',
  ])('refuses %j with the widget text, naming the attribute', (value) => {
    let thrown: unknown;
    try {
      readDelayRepayUrl(mount(value), PAGE, TEXT);
    } catch (error) {
      thrown = error;
    }
    expect(isWidgetError(thrown, 'INVALID_PAGE_DATA')).toBe(true);
    expect((thrown as Error).message).toBe(TEXT);
    expect(((thrown as Error).cause as Error).message).toMatch(/^data-delay-repay-url "/);
  });
});

describe('delayRepayTarget (property)', () => {
  it('a hostile value reaches another origin only over https, spelt out at its start', () => {
    fc.assert(
      fc.property(fc.oneof(hostileTarget, hostileSiteRootPath), (value) => {
        const target = delayRepayTarget(value, PAGE_URL);
        if (target === null) return true;
        const reached = new URL(target, PAGE_URL);
        if (reached.origin === new URL(PAGE_URL).origin) return true;
        return reached.protocol === 'https:' && value.trim().toLowerCase().startsWith(reached.origin.toLowerCase());
      }),
    );
  });
});
