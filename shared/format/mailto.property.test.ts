/**
 * Property tests of `mailtoHref` (docs/decisions.md "Hostile input and error reporting"): for arbitrary text in the address,
 * subject and body it never throws, and what it returns is either '' or a well-formed mailto URL
 * with exactly one recipient (the given address), no header fields but `subject` and `body`, and
 * a subject and body that decode back to the text given.
 */
import fc from 'fast-check';
import { codePoint, codeUnit } from '../../test/arbitraries';
import { wellFormed } from '../../test/hostileChecks';
import { PAYLOAD_CASES } from '../../test/xssPayloads';
import { mailtoHref } from './mailto';

const SEED = 20261123;
const RUNS = 400;

/** Characters that matter to a mailto URL, or to an HTML page, given extra weight. */
const special = fc.constantFrom(
  '@',
  '?',
  '&',
  '=',
  '#',
  '%',
  ',',
  ';',
  ':',
  '/',
  '+',
  ' ',
  '\t',
  '\r',
  '\n',
  '<',
  '>',
  '"',
  "'",
  '\\',
  '\u0000',
  '\u202E',
  '\u2028',
  '\uD800',
  '\uDC00',
  '\uD83D\uDE80',
  '%0d%0a',
  'bcc=',
  'javascript:',
);
/** Arbitrary text: any code unit, any code point, and the special characters above. */
const hostileText = fc.string({
  unit: fc.oneof(codeUnit, codePoint, special),
  maxLength: 60,
});
/** A part of an address made only of characters the address check accepts. */
const addressPart = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...'abcxyzABC019.-_+!#$%*/=^`{|}~\'"<>()[]:'.split('')),
    codePoint.filter((c) => !/[\s@,;?&]/.test(c)),
  ),
  minLength: 1,
  maxLength: 30,
});
const plausibleAddress = fc
  .tuple(fc.constantFrom('', ' ', '\t'), addressPart, addressPart, fc.constantFrom('', ' ', '\n'))
  .map(([before, local, domain, after]) => `${before}${local}@${domain}${after}`);

const hasLoneSurrogate = (text: string) => wellFormed(text) !== text;

/** Only the characters `encodeURIComponent` leaves, percent escapes, and the mailto delimiters. */
const SAFE = "[A-Za-z0-9\\-_.!~*'()]|%[0-9A-F]{2}";
const WELL_FORMED_HREF = new RegExp(
  `^mailto:(?:${SAFE})+@(?:${SAFE})+(?:\\?(?:subject|body)=(?:${SAFE})*(?:&(?:subject|body)=(?:${SAFE})*)?)?$`,
);

/**
 * Checks a non-empty href fully: parses it, checks the one recipient, the header fields and the
 * decoded subject and body. Returns nothing; fails through expect.
 */
function expectWellFormed(href: string, address: string, fields: { subject?: string; body?: string }) {
  expect(href).toMatch(WELL_FORMED_HREF);
  const url = new URL(href);
  expect(url.protocol).toBe('mailto:');
  expect(url.hash).toBe('');
  const recipient = decodeURIComponent(url.pathname);
  expect(recipient).toBe(address.trim());
  expect(recipient.split('@')).toHaveLength(2);
  expect(recipient).not.toMatch(/[,;\s?&]/);
  const keys = Array.from(url.searchParams.keys());
  const expected = (['subject', 'body'] as const).filter(
    (key) => typeof fields[key] === 'string' && fields[key] !== '',
  );
  expect(keys).toEqual(expected);
  for (const key of expected) expect(url.searchParams.get(key)).toBe(wellFormed(fields[key] as string));
}

describe('mailtoHref with arbitrary text', () => {
  it('never throws, and returns either "" or a well-formed link to exactly the given address', () => {
    fc.assert(
      fc.property(
        fc.oneof(hostileText, plausibleAddress),
        fc.option(hostileText, { nil: undefined }),
        fc.option(hostileText, { nil: undefined }),
        (address, subject, body) => {
          const fields = { subject, body };
          let href = '';
          expect(() => {
            href = mailtoHref(address, fields);
          }).not.toThrow();
          if (href === '') return;
          expectWellFormed(href, address, fields);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('always links a plausible single address, whatever the subject and body', () => {
    fc.assert(
      fc.property(plausibleAddress, hostileText, hostileText, (address, subject, body) => {
        const href = mailtoHref(address, { subject, body });
        expect(href).not.toBe('');
        expectWellFormed(href, address, { subject, body });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('gives no link for an address that could name a second recipient or a header', () => {
    const breaker = fc.constantFrom('?', '&', ',', ';', ' ', '\r\n', '\t', '@', '\u2028', '\u00A0', '\uD800', '\uDC00');
    fc.assert(
      fc.property(plausibleAddress, breaker, fc.nat(), (address, insert, at) => {
        const trimmed = address.trim();
        // Strictly inside the address, so that trimming cannot remove it; never between the
        // halves of a surrogate pair.
        const points = Array.from(trimmed);
        const index = 1 + (at % (points.length - 1));
        const hostile = `${points.slice(0, index).join('')}${insert}${points.slice(index).join('')}`;
        expect(mailtoHref(hostile, { subject: 'x' })).toBe('');
        expect(mailtoHref(`mailto:${hostile}`)).toBe('');
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('replaces lone surrogates in the subject and body, and refuses them in the address', () => {
    expect(mailtoHref('a\uD800@example.com')).toBe('');
    expect(mailtoHref('a@example.com\uDC00')).toBe('');
    const href = mailtoHref('a@example.com', { subject: 'KXB7\uD800HT2N', body: '\uDC00x\uD83D\uDE80' });
    expectWellFormed(href, 'a@example.com', { subject: 'KXB7\uD800HT2N', body: '\uDC00x\uD83D\uDE80' });
    expect(new URL(href).searchParams.get('subject')).toBe('KXB7\uFFFDHT2N');
    expect(new URL(href).searchParams.get('body')).toBe('\uFFFDx\uD83D\uDE80');
  });

  it.each(PAYLOAD_CASES)(
    'XSS payload "%s": as subject and body it decodes back; as an address it is linked only as itself',
    (_name, text) => {
      const href = mailtoHref('appeals@example.co.uk', { subject: `Appeal for booking ${text}`, body: text });
      expectWellFormed(href, 'appeals@example.co.uk', { subject: `Appeal for booking ${text}`, body: text });
      const asAddress = mailtoHref(text, { subject: 'x' });
      if (asAddress !== '') expectWellFormed(asAddress, text, { subject: 'x' });
      if (hasLoneSurrogate(text)) expect(asAddress).toBe('');
    },
  );
});
