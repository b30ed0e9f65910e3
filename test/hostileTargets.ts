/**
 * Hostile navigation targets for the property tests of every validator of page-given URLs
 * (shared/page/navigationTarget.ts and the widgets' page config readers): tabs, newlines,
 * backslashes, `%2f`, `%5c`, mixed case, hosts and `//`, in any order.
 */
import fc from 'fast-check';

/** The page the tests run on (jsdom's default `location.href`). */
export const PAGE_URL = 'http://localhost/';
/** The attacker's origin of the security review. */
export const OTHER_HOST = '127.0.0.1:32622';

/** The pieces hostile targets are made of. */
const piece = fc.constantFrom(
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u0000',
  ' ',
  '\u00a0',
  '\\',
  '/',
  '//',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%09',
  '%0a',
  '.',
  '..',
  '@',
  ':',
  '?',
  '#',
  'hTtP:',
  'HTTPS:',
  'javascript:',
  OTHER_HOST,
  'EVIL.example',
  'evil.example',
  'steal',
  'ConfirmRefund',
);

/** Any string made of the pieces above. */
export const hostileTarget = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));

/** A site-root path with hostile pieces anywhere after its first '/'. */
export const hostileSiteRootPath = fc
  .tuple(hostileTarget, fc.constantFrom('', 'ConfirmRefund', 'Home/Disruption'), hostileTarget)
  .map(([before, path, after]) => `/${before}${path}${after}`);

/**
 * True when navigating to `target` from `pageUrl` stays on the page's origin, or when `raw` (the
 * attribute as written) itself begins with the origin reached, i.e. spells the other origin out.
 */
export function staysOnPageOrSpelledOut(target: string, raw: string, pageUrl: string = PAGE_URL): boolean {
  const reached = new URL(target, pageUrl).origin;
  return reached === new URL(pageUrl).origin || raw.trim().toLowerCase().startsWith(reached.toLowerCase());
}

/** The attacker's target of the second security review: another origin, spelt out. */
export const SPELT_OUT_STEAL = 'http://127.0.0.2:45229/steal';

/**
 * Runs `run` as in a build made with `NAVIGATION_ORIGINS=list` (the global webpack's DefinePlugin
 * replaces; shared/page/navigationTarget.ts), then forgets it again.
 */
export function withNavigationOrigins<T>(list: string, run: () => T): T {
  const globals = globalThis as { __RW_NAVIGATION_ORIGINS__?: string };
  globals.__RW_NAVIGATION_ORIGINS__ = list;
  try {
    return run();
  } finally {
    delete globals.__RW_NAVIGATION_ORIGINS__;
  }
}
