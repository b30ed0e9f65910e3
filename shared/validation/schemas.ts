/**
 * Yup schemas for the validation rules of docs/product-rules.md section 5, used by the formik forms and by the
 * page-data reader. Messages are ours where docs/product-rules.md gives none.
 */
import * as yup from 'yup';
import { INVALID_UIC_TEXT, WidgetError } from '../errors/WidgetError';

export const BOOKING_REFERENCE_REQUIRED_TEXT = 'Enter your booking reference';
export const BOOKING_REFERENCE_INVALID_TEXT =
  'Enter a booking reference in the correct format, like KXB7HT2N or E-123456789';
export const EMAIL_REQUIRED_TEXT = 'Enter your email address';
export const EMAIL_INVALID_TEXT = 'Enter an email address in the correct format, like name@example.com';

/**
 * A booking reference (docs/product-rules.md section 5): `E-` followed by 9 uppercase letters or digits, or
 * 8 characters from `W R T F G H J K L X C B N` and `2`–`9`. Case-sensitive.
 */
export const BOOKING_REFERENCE_PATTERN = /^(?:E-[A-Z0-9]{9}|[WRTFGHJKLXCBN2-9]{8})$/;

/** A UIC code (docs/product-rules.md section 5): `70`, then 4 characters, then an optional `0`. */
export const UIC_PATTERN = /^70.{4}0?$/;

/**
 * Booking reference field (docs/product-rules.md section 5). Surrounding spaces are trimmed when the schema
 * casts (formik does not submit cast values: trim before sending, or use `schema.cast(value)`).
 * Messages: empty → 'Enter your booking reference'; wrong format → 'Enter a booking reference in
 * the correct format, like KXB7HT2N or E-123456789'.
 */
export const bookingReferenceSchema = yup
  .string()
  .trim()
  .required(BOOKING_REFERENCE_REQUIRED_TEXT)
  .matches(BOOKING_REFERENCE_PATTERN, { message: BOOKING_REFERENCE_INVALID_TEXT, excludeEmptyString: true });

/**
 * Tells whether a value is a valid booking reference (docs/product-rules.md section 5), after trimming
 * surrounding spaces.
 *
 * @param value anything; only strings can be valid
 * @returns true when valid, never throws
 */
export function isValidBookingReference(value: unknown): boolean {
  return typeof value === 'string' && bookingReferenceSchema.isValidSync(value);
}

/** A domain with at least one dot after the `@` (yup's HTML rule alone accepts `name@example`). */
const EMAIL_DOMAIN_PATTERN = /@[^@\s.]+(?:\.[^@\s.]+)+$/;

/**
 * E-mail field (docs/product-rules.md section 5: required and a valid address: yup's e-mail rule plus a domain
 * with a dot), trimmed when cast. Messages: empty → 'Enter your email address'; invalid →
 * 'Enter an email address in the correct format, like name@example.com'.
 */
export const emailSchema = yup
  .string()
  .trim()
  .required(EMAIL_REQUIRED_TEXT)
  .email(EMAIL_INVALID_TEXT)
  .matches(EMAIL_DOMAIN_PATTERN, { message: EMAIL_INVALID_TEXT, excludeEmptyString: true });

/**
 * A UIC code (docs/product-rules.md section 5): must match `70` + 4 characters + optional `0`, else the
 * message 'Invalid UIC format' (also for a value that is not a string). Strict: no trimming or
 * casting from numbers.
 */
export const uicSchema = yup
  .string()
  .strict()
  .typeError(INVALID_UIC_TEXT)
  .required(INVALID_UIC_TEXT)
  .matches(UIC_PATTERN, { message: INVALID_UIC_TEXT });

/**
 * Checks a UIC code (docs/product-rules.md sections 5 and 8).
 *
 * @param code the code to check; anything but a matching string fails
 * @returns the code, unchanged, when it matches `/^70.{4}0?$/`
 * @throws WidgetError('INVALID_UIC', 'Invalid UIC format') otherwise
 */
export function validateUic(code: unknown): string {
  if (typeof code === 'string' && UIC_PATTERN.test(code)) return code;
  throw new WidgetError('INVALID_UIC', INVALID_UIC_TEXT, {
    cause: new Error(`UIC code ${describe(code)} does not match 70 + 4 characters + optional 0`),
  });
}

/** A short, safe description of an untrusted value for error causes. */
function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `of type ${typeof value}`;
}
