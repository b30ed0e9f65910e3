/**
 * Property tests of the validators of docs/product-rules.md section 5 (docs/decisions.md "Hostile input and error reporting"): booking
 * reference (both formats), e-mail and UIC code. Valid values made by generators always pass;
 * arbitrary text passes only when an independent reading of docs/product-rules.md says it should; nothing ever
 * throws anything but yup's ValidationError (or, for `validateUic`, WidgetError) with the exact
 * catalogued message.
 */
import fc from 'fast-check';
import { codePoint, codeUnit } from '../../test/arbitraries';
import { INVALID_UIC_TEXT, WidgetError } from '../errors/WidgetError';
import { PAYLOAD_CASES } from '../../test/xssPayloads';
import { messageOf } from '../../test/yupMessages';
import {
  BOOKING_REFERENCE_INVALID_TEXT,
  BOOKING_REFERENCE_REQUIRED_TEXT,
  EMAIL_INVALID_TEXT,
  EMAIL_REQUIRED_TEXT,
  bookingReferenceSchema,
  emailSchema,
  isValidBookingReference,
  uicSchema,
  validateUic,
} from './schemas';

const SEED = 20261123;
const RUNS = 300;

/** Arbitrary text: any code unit or code point, with the characters of the formats given weight. */
const anyText = (extra: string) =>
  fc.string({
    unit: fc.oneof(
      codeUnit,
      codePoint,
      fc.constantFrom(...extra.split(''), ' ', '\t', '\n', '\u00A0', '\u2028', '\uFEFF'),
    ),
    maxLength: 14,
  });
/** Values that are not strings. */
const notString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);
/** Whitespace that String.prototype.trim removes. */
const padding = fc.constantFrom('', ' ', '  ', '\t', '\n', '\u00A0', '\uFEFF', '\u2028');

// Booking reference (docs/product-rules.md section 5) -----------------------------------------------------------

const SHORT_ALPHABET = 'WRTFGHJKLXCBN23456789';
const LONG_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const chars = (alphabet: string, length: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet.split('')), minLength: length, maxLength: length });
const shortReference = chars(SHORT_ALPHABET, 8);
const longReference = chars(LONG_ALPHABET, 9).map((rest) => `E-${rest}`);
const validReference = fc.oneof(shortReference, longReference);

/** docs/product-rules.md section 5 read independently of the schema (after trimming surrounding spaces). */
function specAcceptsReference(value: string): boolean {
  const text = value.trim();
  const all = (part: string, alphabet: string) => Array.from(part).every((c) => alphabet.includes(c));
  if (text.length === 8) return all(text, SHORT_ALPHABET);
  if (text.length === 11 && text.startsWith('E-')) return all(text.slice(2), LONG_ALPHABET);
  return false;
}

/** A valid reference with one edit: a character replaced, inserted or removed, or its case changed. */
const mutatedReference = fc
  .tuple(validReference, fc.nat(), anyText('E-aeiou01WRT'), fc.constantFrom('replace', 'insert', 'remove', 'lower'))
  .map(([reference, at, text, edit]) => {
    const i = at % reference.length;
    if (edit === 'replace') return reference.slice(0, i) + text.slice(0, 1) + reference.slice(i + 1);
    if (edit === 'insert') return reference.slice(0, i) + text + reference.slice(i);
    if (edit === 'remove') return reference.slice(0, i) + reference.slice(i + 1);
    return reference.toLowerCase();
  });

describe('booking reference, both formats', () => {
  it('every generated valid reference passes, with or without surrounding spaces', () => {
    fc.assert(
      fc.property(validReference, padding, padding, (reference, before, after) => {
        const value = `${before}${reference}${after}`;
        expect(isValidBookingReference(value)).toBe(true);
        expect(messageOf(bookingReferenceSchema, value)).toBeNull();
        expect(bookingReferenceSchema.cast(value)).toBe(reference);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('arbitrary and mutated text passes only when it matches docs/product-rules.md, else the exact messages', () => {
    fc.assert(
      fc.property(fc.oneof(anyText(`E-${SHORT_ALPHABET}ai01`), mutatedReference), (value) => {
        const valid = specAcceptsReference(value);
        expect(isValidBookingReference(value)).toBe(valid);
        const message = messageOf(bookingReferenceSchema, value);
        if (valid) expect(message).toBeNull();
        else if (value.trim() === '') expect(message).toBe(BOOKING_REFERENCE_REQUIRED_TEXT);
        else expect(message).toBe(BOOKING_REFERENCE_INVALID_TEXT);
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    );
  });

  it('values that are not strings are never valid and never throw', () => {
    fc.assert(
      fc.property(notString, (value) => {
        expect(isValidBookingReference(value)).toBe(false);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each(PAYLOAD_CASES)('XSS payload "%s" is refused with the format message', (_n, text) => {
    expect(isValidBookingReference(text)).toBe(false);
    expect(messageOf(bookingReferenceSchema, text)).toBe(BOOKING_REFERENCE_INVALID_TEXT);
  });
});

// E-mail (docs/product-rules.md section 5) ----------------------------------------------------------------------

const ATEXT = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-";
const label = fc
  .tuple(chars('abcxyz0189', 1), fc.string({ unit: fc.constantFrom(...'abz09-'.split('')), maxLength: 10 }))
  .map(([first, rest]) => `${first}${rest}`.replace(/-+$/, ''));
const validEmail = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...ATEXT.split('')), minLength: 1, maxLength: 20 }),
    fc.array(label, { minLength: 2, maxLength: 4 }),
  )
  .map(([local, labels]) => `${local}@${labels.join('.')}`);

describe('e-mail', () => {
  it('every generated valid address passes, trimmed', () => {
    fc.assert(
      fc.property(validEmail, padding, padding, (email, before, after) => {
        expect(messageOf(emailSchema, `${before}${email}${after}`)).toBeNull();
        expect(emailSchema.cast(`${before}${email}${after}`)).toBe(email);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('arbitrary text gives no result but valid, the required message or the format message', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText('@.ab-+'),
          validEmail.map((e) => e + '\u0000'),
        ),
        (value) => {
          const message = messageOf(emailSchema, value);
          if (value.trim() === '') expect(message).toBe(EMAIL_REQUIRED_TEXT);
          else expect([null, EMAIL_INVALID_TEXT]).toContain(message);
        },
      ),
      { seed: SEED, numRuns: RUNS * 2 },
    );
  });

  it('refuses, with the format message, an address with no @, two @, inner space, or a domain without a dot', () => {
    const broken = fc.oneof(
      validEmail.map((e) => e.replace('@', '')),
      fc.tuple(validEmail, validEmail).map(([a, b]) => `${a},${b}`),
      fc
        .tuple(validEmail, fc.nat())
        .map(([e, n]) => `${e.slice(0, 1 + (n % (e.length - 1)))} ${e.slice(1 + (n % (e.length - 1)))}`),
      fc
        .tuple(validEmail, fc.constantFrom('?bcc=evil@example.com', '\r\nBcc: evil@example.com'))
        .map(([e, t]) => e + t),
      validEmail.map((e) => e.split('.')[0]).filter((e) => e.includes('@') && !e.split('@')[1].includes('.')),
    );
    fc.assert(
      fc.property(broken, (value) => {
        expect(messageOf(emailSchema, value)).toBe(EMAIL_INVALID_TEXT);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each(PAYLOAD_CASES)('XSS payload "%s" is refused with the format message', (_n, text) => {
    expect(messageOf(emailSchema, text)).toBe(EMAIL_INVALID_TEXT);
  });
});

// UIC code (docs/product-rules.md sections 5 and 8) -------------------------------------------------------------

/**
 * docs/product-rules.md read independently: `70`, then 4 characters (any but a line break, counted as UTF-16
 * code units), then an optional `0`; nothing trimmed.
 */
function specAcceptsUic(value: string): boolean {
  if (!value.startsWith('70') || (value.length !== 6 && value.length !== 7)) return false;
  if (value.length === 7 && !value.endsWith('0')) return false;
  return !/[\n\r\u2028\u2029]/.test(value.slice(2, 6));
}

const validUic = fc
  .tuple(fc.string({ unit: 'grapheme-ascii', minLength: 4, maxLength: 4 }), fc.boolean())
  .map(([middle, zero]) => `70${middle}${zero ? '0' : ''}`);
const mutatedUic = fc
  .tuple(validUic, fc.nat(), anyText('7001'), fc.constantFrom('replace', 'insert', 'remove'))
  .map(([code, at, text, edit]) => {
    const i = at % code.length;
    if (edit === 'replace') return code.slice(0, i) + text.slice(0, 1) + code.slice(i + 1);
    if (edit === 'insert') return code.slice(0, i) + text + code.slice(i);
    return code.slice(0, i) + code.slice(i + 1);
  });

/** What validateUic threw, failing unless it is WidgetError INVALID_UIC 'Invalid UIC format'. */
function expectInvalidUic(value: unknown) {
  let thrown: unknown;
  try {
    validateUic(value);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(WidgetError);
  expect(thrown).toMatchObject({ code: 'INVALID_UIC', message: INVALID_UIC_TEXT });
  expect(messageOf(uicSchema, value)).toBe(INVALID_UIC_TEXT);
}

describe('UIC code', () => {
  it('every generated valid code passes unchanged', () => {
    fc.assert(
      fc.property(validUic, (code) => {
        expect(validateUic(code)).toBe(code);
        expect(messageOf(uicSchema, code)).toBeNull();
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('arbitrary and mutated text passes only when it matches docs/product-rules.md, else exactly "Invalid UIC format"', () => {
    fc.assert(
      fc.property(fc.oneof(anyText('70'), mutatedUic), (value) => {
        if (specAcceptsUic(value)) {
          expect(validateUic(value)).toBe(value);
          expect(messageOf(uicSchema, value)).toBeNull();
        } else {
          expectInvalidUic(value);
        }
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    );
  });

  it('values that are not strings (numbers included) are refused with exactly "Invalid UIC format"', () => {
    fc.assert(
      fc.property(fc.oneof(notString, fc.integer({ min: 700000, max: 7099990 })), (value) => {
        expectInvalidUic(value);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
