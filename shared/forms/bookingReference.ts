/**
 * The one hint of every booking-reference field (docs/decisions.md "The refund page's words and
 * amounts"): the lookup form's and the replacement form's. It
 * describes the two formats of docs/product-rules.md section 5 (`BOOKING_REFERENCE_PATTERN` of
 * shared/validation/schemas.ts) with one valid example of each, the examples of the format
 * message `BOOKING_REFERENCE_INVALID_TEXT`, and says where the reference is found.
 *
 * Shown under the field's label (shared/forms/TextField.tsx `hint`); a plain string, never
 * markup.
 */
export const BOOKING_REFERENCE_HINT =
  'Either 8 capital letters and numbers, like KXB7HT2N, or E- followed by 9 capital letters or numbers, like E-123456789. It is in your booking confirmation email.';

/**
 * A booking reference as the traveller types it, normalised the same way in every form
 * (shared/forms/BookingFields.tsx; docs/product-rules.md section 5: references are written in
 * capitals): letters are upper-cased as typed, so `kxb7ht2n` shows and is sent as `KXB7HT2N`.
 * Spaces are kept while typing (the schemas trim them when the form is sent).
 *
 * @param typed the field's value after a keystroke or a paste
 * @returns the value to show and keep
 */
export function typedBookingReference(typed: string): string {
  return typed.toUpperCase();
}
