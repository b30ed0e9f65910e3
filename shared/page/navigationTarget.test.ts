/**
 * `navigationTarget` (docs/security.md "Navigation targets"): navigation targets from the page
 * are parsed, not pattern-matched, and reach another origin only when it is built in with
 * `NAVIGATION_ORIGINS`. Properties run with a fixed seed.
 */
import fc from 'fast-check';
import {
  hostileSiteRootPath,
  hostileTarget,
  OTHER_HOST,
  PAGE_URL,
  SPELT_OUT_STEAL,
  staysOnPageOrSpelledOut,
  withNavigationOrigins,
} from '../../test/hostileTargets';
import { builtInNavigationOrigins, navigationTarget, pageUrlOf } from './navigationTarget';

/** Origins a build lets the targets reach in the tests that pass a list. */
const BUILT_IN = ['https://www.example-rail.co.uk', 'http://claims.example:8080'];

fc.configureGlobal({ seed: 20261123, numRuns: 2000 });

describe('navigationTarget', () => {
  it.each([
    ['/ConfirmRefund', '/ConfirmRefund'],
    ['  /Home/Disruption?a=1#x ', '/Home/Disruption?a=1#x'],
    ['/%2f%2f127.0.0.1:32622/steal', '/%2f%2f127.0.0.1:32622/steal'],
    ['/.//127.0.0.1:32622/steal', 'http://localhost//127.0.0.1:32622/steal'],
    ['http://localhost/ConfirmRefund?x=1', 'http://localhost/ConfirmRefund?x=1'],
    ['HTTP://LOCALHOST:80', 'http://localhost/'],
  ])('accepts %j as %j', (value, expected) => {
    expect(navigationTarget(value, PAGE_URL)).toBe(expected);
  });

  it.each([
    ['https://www.example-rail.co.uk/ConfirmRefund', 'https://www.example-rail.co.uk/ConfirmRefund'],
    ['HTTPS://WWW.Example-Rail.co.uk', 'https://www.example-rail.co.uk/'],
    ['http://claims.example:8080/m?x=1#y', 'http://claims.example:8080/m?x=1#y'],
  ])('accepts %j, on an origin built in, as %j', (value, expected) => {
    expect(navigationTarget(value, PAGE_URL, BUILT_IN)).toBe(expected);
  });

  it.each([
    ['the second review payload', SPELT_OUT_STEAL],
    ['a look-alike host', 'https://www.example-rail.co.uk.evil.example/ConfirmRefund'],
    ['a look-alike host ending in the page host', 'http://localhost.evil.example/'],
    ['another port', 'https://www.example-rail.co.uk:8443/ConfirmRefund'],
    ['another port of the page', 'http://localhost:8080/ConfirmRefund'],
    ['another scheme', 'http://www.example-rail.co.uk/ConfirmRefund'],
    ['another port of a built-in origin', 'http://claims.example/m'],
  ])("refuses an origin neither the page's nor built in: %s", (_what, value) => {
    expect(navigationTarget(value, PAGE_URL, BUILT_IN)).toBeNull();
    expect(navigationTarget(value, PAGE_URL)).toBeNull();
  });

  it('takes the built-in origins from NAVIGATION_ORIGINS (none when the build gave none)', () => {
    expect(builtInNavigationOrigins()).toEqual([]);
    expect(navigationTarget('https://www.example-rail.co.uk/x', PAGE_URL)).toBeNull();
    withNavigationOrigins(
      'https://www.example-rail.co.uk/any/path, javascript:x  nonsense http://claims.example:8080',
      () => {
        expect(builtInNavigationOrigins()).toEqual(['https://www.example-rail.co.uk', 'http://claims.example:8080']);
        expect(navigationTarget('https://www.example-rail.co.uk/x', PAGE_URL)).toBe('https://www.example-rail.co.uk/x');
        expect(navigationTarget(SPELT_OUT_STEAL, PAGE_URL)).toBeNull();
      },
    );
  });

  it.each([
    ['the security review payload, tab after the first /', `/\t/${OTHER_HOST}/steal`],
    ['a newline after the first /', `/\n/${OTHER_HOST}/steal`],
    ['a carriage return', `/\r/${OTHER_HOST}/steal`],
    ['a backslash after the first /', `/\\${OTHER_HOST}/steal`],
    ['a backslash first', `\\/${OTHER_HOST}/steal`],
    ['scheme-relative', `//${OTHER_HOST}/steal`],
    ['a tab inside the scheme', `ht\ttps://${OTHER_HOST}/`],
    ['a backslash after the scheme', `https:\\\\${OTHER_HOST}/`],
    ['scheme without slashes', `http:${OTHER_HOST}`],
    ['user name in the URL', `https://localhost@${OTHER_HOST}/`],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: in mixed case', 'JaVaScRiPt:alert(1)'],
    ['data:', 'data:text/html,x'],
    ['a relative path', 'ConfirmRefund'],
    ['a query only', '?x=1'],
    ['empty', '   '],
  ])('refuses %s', (_what, value) => {
    expect(navigationTarget(value, PAGE_URL)).toBeNull();
  });

  it('property: a site-root path with tabs, newlines, backslashes, %2f, %5c and mixed case never leaves the page origin', () => {
    fc.assert(
      fc.property(hostileSiteRootPath, (value) => {
        const target = navigationTarget(value, PAGE_URL);
        return target === null || new URL(target, PAGE_URL).origin === new URL(PAGE_URL).origin;
      }),
    );
  });

  it('property: any hostile value reaches another origin only when it spells that origin out', () => {
    fc.assert(
      fc.property(hostileTarget, (value) => {
        const target = navigationTarget(value, PAGE_URL);
        return target === null || staysOnPageOrSpelledOut(target, value);
      }),
    );
  });

  it('property: without origins built in, no hostile value ever leaves the page origin', () => {
    fc.assert(
      fc.property(fc.oneof(hostileTarget, hostileSiteRootPath), (value) => {
        const target = navigationTarget(value, PAGE_URL);
        return target === null || new URL(target, PAGE_URL).origin === new URL(PAGE_URL).origin;
      }),
    );
  });

  it('property: what it returns is returned again unchanged (the browser reads it the same way)', () => {
    fc.assert(
      fc.property(fc.oneof(hostileTarget, hostileSiteRootPath), (value) => {
        const target = navigationTarget(value, PAGE_URL);
        return target === null || navigationTarget(target, PAGE_URL) === target;
      }),
    );
  });

  it("pageUrlOf reads the element's window location", () => {
    expect(pageUrlOf(document.createElement('div'))).toBe(window.location.href);
  });
});
