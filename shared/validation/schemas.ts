/** Yup schemas of docs/product-rules.md section 5 for the forms and the page-data reader. */
import * as yup from 'yup';
import bookingReference from '../../contract/rules/bookingReference.json';
import { INVALID_UIC_TEXT, WidgetError } from '../errors/WidgetError';

export const BOOKING_REFERENCE_REQUIRED_TEXT = 'Enter your booking reference';
export const BOOKING_REFERENCE_INVALID_TEXT =
  'Enter a booking reference in the correct format, like KXB7HT2N or E-123456789';
export const EMAIL_REQUIRED_TEXT = 'Enter your email address';
export const EMAIL_INVALID_TEXT = 'Enter an email address in the correct format, like name@example.com';

/** `E-` + 9 uppercase letters or digits, or 8 of `W R T F G H J K L X C B N 2–9`; case-sensitive (docs/product-rules.md section 5). */
export const BOOKING_REFERENCE_PATTERN = new RegExp(bookingReference.pattern);

/** `70`, 4 characters, an optional `0` (docs/product-rules.md section 5). */
export const UIC_PATTERN = /^70.{4}0?$/;

/** Booking reference field, trimmed when cast (formik submits uncast values: trim before sending). */
export const bookingReferenceSchema = yup
  .string()
  .trim()
  .required(BOOKING_REFERENCE_REQUIRED_TEXT)
  .matches(BOOKING_REFERENCE_PATTERN, { message: BOOKING_REFERENCE_INVALID_TEXT, excludeEmptyString: true });

/** True for a string that is a valid booking reference once trimmed. Never throws. */
export function isValidBookingReference(value: unknown): boolean {
  return typeof value === 'string' && bookingReferenceSchema.isValidSync(value);
}

/** A domain with a dot after the `@` (yup's HTML rule accepts `name@example`). */
const EMAIL_DOMAIN_PATTERN = /@[^@\s.]+(?:\.[^@\s.]+)+$/;

/** E-mail field: required, yup's e-mail rule plus a dotted domain, trimmed when cast. */
export const emailSchema = yup
  .string()
  .trim()
  .required(EMAIL_REQUIRED_TEXT)
  .email(EMAIL_INVALID_TEXT)
  .matches(EMAIL_DOMAIN_PATTERN, { message: EMAIL_INVALID_TEXT, excludeEmptyString: true });

/** A UIC code, strictly: no trimming, no numbers; else 'Invalid UIC format'. */
export const uicSchema = yup
  .string()
  .strict()
  .typeError(INVALID_UIC_TEXT)
  .required(INVALID_UIC_TEXT)
  .matches(UIC_PATTERN, { message: INVALID_UIC_TEXT });

/**
 * Returns `code` when it matches `/^70.{4}0?$/` (docs/product-rules.md section 5).
 * @throws WidgetError('INVALID_UIC', 'Invalid UIC format') otherwise
 */
export function validateUic(code: unknown): string {
  if (typeof code === 'string' && UIC_PATTERN.test(code)) return code;
  throw new WidgetError('INVALID_UIC', INVALID_UIC_TEXT, {
    cause: new Error(`UIC code ${describe(code)} does not match 70 + 4 characters + optional 0`),
  });
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `of type ${typeof value}`;
}
