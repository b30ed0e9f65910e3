/**
 * `navigationTarget` (issue "Hardening for a security review", finding 4): navigation targets
 * from the page are parsed, not pattern-matched. Properties run with a fixed seed.
 */
import fc from 'fast-check';
import {
  hostileSiteRootPath,
  hostileTarget,
  OTHER_HOST,
  PAGE_URL,
  staysOnPageOrSpelledOut,
} from '../test/hostileTargets';
import { navigationTarget, pageUrlOf } from './navigationTarget';

fc.configureGlobal({ seed: 20261123, numRuns: 2000 });

describe('navigationTarget', () => {
  it.each([
    ['/ConfirmRefund', '/ConfirmRefund'],
    ['  /Home/Disruption?a=1#x ', '/Home/Disruption?a=1#x'],
    ['/%2f%2f127.0.0.1:32622/steal', '/%2f%2f127.0.0.1:32622/steal'],
    ['/.//127.0.0.1:32622/steal', 'http://localhost//127.0.0.1:32622/steal'],
    ['https://www.example-rail.co.uk/ConfirmRefund', 'https://www.example-rail.co.uk/ConfirmRefund'],
    ['HTTPS://WWW.Example-Rail.co.uk', 'https://www.example-rail.co.uk/'],
  ])('accepts %j as %j', (value, expected) => {
    expect(navigationTarget(value, PAGE_URL)).toBe(expected);
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
