import { messageOf } from '../../test/yupMessages';
import { INVALID_UIC_TEXT, WidgetError } from '../errors/WidgetError';
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

describe('booking reference (docs/product-rules.md section 5)', () => {
  it.each(['KXB7HT2N', 'WRTFGHJK', 'LXCBN234', '23456789', 'E-123456789', 'E-ABCDEFGHI', 'E-A1B2C3D4E', ' KXB7HT2N '])(
    'accepts %p',
    (value) => {
      expect(isValidBookingReference(value)).toBe(true);
      expect(messageOf(bookingReferenceSchema, value)).toBeNull();
    },
  );

  it.each([
    ['KXB7HT2', 'seven characters'],
    ['KXB7HT2NN', 'nine characters'],
    ['KXB7HT1N', 'digit 1 is not allowed'],
    ['KXB7HT0N', 'digit 0 is not allowed'],
    ['AXB7HT2N', 'A is not in the alphabet'],
    ['kxb7ht2n', 'lower case'],
    ['E-12345678', 'E- with 8 characters'],
    ['E-1234567890', 'E- with 10 characters'],
    ['E-12345678a', 'E- with a lower-case letter'],
    ['e-123456789', 'lower-case e-'],
    ['E123456789', 'no hyphen'],
    ['KXB7 HT2N', 'inner space'],
    ['KXB7HT2N\nX', 'line break'],
  ])('rejects %p (%s) with the format message', (value) => {
    expect(isValidBookingReference(value)).toBe(false);
    expect(messageOf(bookingReferenceSchema, value)).toBe(BOOKING_REFERENCE_INVALID_TEXT);
  });

  it('asks for a reference when it is empty', () => {
    expect(messageOf(bookingReferenceSchema, '')).toBe('Enter your booking reference');
    expect(messageOf(bookingReferenceSchema, '   ')).toBe(BOOKING_REFERENCE_REQUIRED_TEXT);
    expect(messageOf(bookingReferenceSchema, undefined)).toBe(BOOKING_REFERENCE_REQUIRED_TEXT);
  });

  it('uses the exact format message', () => {
    expect(BOOKING_REFERENCE_INVALID_TEXT).toBe(
      'Enter a booking reference in the correct format, like KXB7HT2N or E-123456789',
    );
  });

  it('casts to the trimmed value that should be submitted', () => {
    expect(bookingReferenceSchema.cast('  KXB7HT2N ')).toBe('KXB7HT2N');
  });

  it('is false, never throws, for values that are not strings', () => {
    for (const value of [null, undefined, 12345678, {}, [], ['KXB7HT2N']]) {
      expect(isValidBookingReference(value)).toBe(false);
    }
  });
});

describe('email (docs/product-rules.md section 5)', () => {
  it('accepts a valid address, trimmed', () => {
    expect(messageOf(emailSchema, 'name@example.com')).toBeNull();
    expect(messageOf(emailSchema, 'first.last+rail@example.co.uk')).toBeNull();
    expect(emailSchema.cast(' name@example.com ')).toBe('name@example.com');
  });

  it('asks for an address when it is empty', () => {
    expect(messageOf(emailSchema, '')).toBe('Enter your email address');
    expect(messageOf(emailSchema, undefined)).toBe(EMAIL_REQUIRED_TEXT);
  });

  it.each([
    'name',
    'name@',
    '@example.com',
    'name@example',
    'name@example.',
    'name@.com',
    'name example@example.com',
    'a@b@example.com',
  ])('rejects %p with the format message', (value) => {
    expect(messageOf(emailSchema, value)).toBe('Enter an email address in the correct format, like name@example.com');
    expect(EMAIL_INVALID_TEXT).toBe('Enter an email address in the correct format, like name@example.com');
  });
});

describe('UIC codes (docs/product-rules.md sections 5 and 8)', () => {
  it.each(['7061210', '706121', '7093280', '70ABCD', '70ABCD0'])('accepts %p', (code) => {
    expect(validateUic(code)).toBe(code);
    expect(messageOf(uicSchema, code)).toBeNull();
  });

  it.each(['7161210', '70612', '7061211', '70612100', ' 7061210', '7061210 ', ''])('rejects %p', (code) => {
    expect(() => validateUic(code)).toThrow(WidgetError);
    expect(messageOf(uicSchema, code)).toBe('Invalid UIC format');
  });

  it('throws WidgetError INVALID_UIC with the exact text and a cause naming the code', () => {
    let thrown: unknown;
    try {
      validateUic('123');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WidgetError);
    expect(thrown).toMatchObject({ code: 'INVALID_UIC', message: INVALID_UIC_TEXT, name: 'WidgetError' });
    expect(String((thrown as WidgetError).cause)).toContain('"123"');
  });

  it('rejects values that are not strings (no casting)', () => {
    for (const value of [7061210, null, undefined, {}, ['7061210']]) {
      expect(() => validateUic(value)).toThrow(INVALID_UIC_TEXT);
    }
    expect(messageOf(uicSchema, 7061210)).not.toBeNull();
  });
});
