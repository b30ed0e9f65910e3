/**
 * The one hint of every booking-reference field (docs/decisions.md "The refund page's words and
 * amounts"): both formats of docs/product-rules.md section 5 with an example each. Plain text.
 */
export const BOOKING_REFERENCE_HINT =
  'Either 8 capital letters and numbers, like KXB7HT2N, or E- followed by 9 capital letters or numbers, like E-123456789. It is in your booking confirmation email.';

/** A typed booking reference upper-cased (`kxb7ht2n` → `KXB7HT2N`); spaces kept until the schemas trim them. */
export function typedBookingReference(typed: string): string {
  return typed.toUpperCase();
}
