/** `data-start-url` (docs/host-contract.md "The widgets"): the default and the checks. */
import { isWidgetError } from '../errors/WidgetError';
import { withNavigationOrigins } from '../../test/hostileTargets';
import { DEFAULT_START_URL, readStartUrl } from './startUrl';

const PAGE = 'https://www.rail.example/ConfirmRefund?BookingReference=X';
const TEXT = 'This page is set up incorrectly.';

describe('readStartUrl', () => {
  it('is / when the attribute is absent or blank', () => {
    expect(readStartUrl({}, PAGE, TEXT)).toBe(DEFAULT_START_URL);
    expect(readStartUrl({ startUrl: '   ' }, PAGE, TEXT)).toBe('/');
  });

  it.each([
    ['/refunds/start?from=done', '/refunds/start?from=done'],
    ['  /Home  ', '/Home'],
    ['https://www.rail.example/', 'https://www.rail.example/'],
  ])('accepts %j as %j', (value, expected) => {
    expect(readStartUrl({ startUrl: value }, PAGE, TEXT)).toBe(expected);
  });

  it('accepts another origin only when it is built in with NAVIGATION_ORIGINS', () => {
    withNavigationOrigins('https://other.example', () => {
      expect(readStartUrl({ startUrl: 'HTTPS://Other.Example/Start' }, PAGE, TEXT)).toBe('https://other.example/Start');
    });
    expect(() => readStartUrl({ startUrl: 'HTTPS://Other.Example/Start' }, PAGE, TEXT)).toThrow(TEXT);
  });

  it.each([
    '//evil.example/',
    '/\t/evil.example/',
    '/\n/evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,x',
    'http:evil.example',
    'https://user:pw@www.rail.example/',
    'http://127.0.0.2:45229/steal',
    'https://www.rail.example.evil.example/',
    'https://www.rail.example:8443/',
    'relative/path',
    '?x=1',
  ])('refuses %j with the widget text, naming the attribute', (value) => {
    let thrown: unknown;
    try {
      readStartUrl({ startUrl: value }, PAGE, TEXT);
    } catch (error) {
      thrown = error;
    }
    expect(isWidgetError(thrown, 'INVALID_PAGE_DATA')).toBe(true);
    expect((thrown as Error).message).toBe(TEXT);
    expect(((thrown as Error).cause as Error).message).toMatch(/^data-start-url /);
  });
});
