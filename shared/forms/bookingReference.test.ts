/**
 * The one booking-reference hint (shared/forms/bookingReference.ts; docs/decisions.md "The refund
 * page's words and amounts"): its wording, and that its examples are valid references of both
 * formats (docs/product-rules.md section 5). That both forms show it:
 * contract/bookingReferenceHint.test.tsx.
 */
import {
  BOOKING_REFERENCE_INVALID_TEXT,
  BOOKING_REFERENCE_PATTERN,
  bookingReferenceSchema,
} from '../validation/schemas';
import { BOOKING_REFERENCE_HINT } from './bookingReference';

/** The examples the hint gives ("like KXB7HT2N", "like E-123456789"). */
const examples = () => [...BOOKING_REFERENCE_HINT.matchAll(/like (\S+?)[,.]/g)].map((match) => match[1]);

describe('the booking-reference hint', () => {
  it('reads exactly', () => {
    expect(BOOKING_REFERENCE_HINT).toBe(
      'Either 8 capital letters and numbers, like KXB7HT2N, or E- followed by 9 capital letters or numbers, like E-123456789. It is in your booking confirmation email.',
    );
  });

  it('says "email", never "e-mail"', () => {
    expect(BOOKING_REFERENCE_HINT).toMatch(/\bemail\b/);
    expect(BOOKING_REFERENCE_HINT).not.toMatch(/e-mail/i);
  });

  it('gives one valid example of each format, the same as the format message', () => {
    expect(examples()).toEqual(['KXB7HT2N', 'E-123456789']);
    for (const example of examples()) {
      expect(example).toMatch(BOOKING_REFERENCE_PATTERN);
      expect(bookingReferenceSchema.isValidSync(example)).toBe(true);
      expect(BOOKING_REFERENCE_INVALID_TEXT).toContain(example);
    }
    expect(examples()[0]).toHaveLength(8);
    expect(examples()[1].slice(2)).toHaveLength(9);
  });
});
