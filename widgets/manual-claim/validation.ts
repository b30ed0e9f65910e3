/**
 * Rules of the manual claim (docs/product-rules.md sections 5 and 9): the upload limits, the replacement
 * reference's yup schema, the upload answer's reading, and the pure helpers that build what is
 * shown (expected tickets) and sent (the submit-claim body).
 */
import * as yup from 'yup';
import { BOOKING_REFERENCE_INVALID_TEXT, BOOKING_REFERENCE_PATTERN } from '../../shared/validation/schemas';
import type { Details } from '../../shared/types';
import { texts } from './texts';
import type { ClaimFormValues, ExpectedTicket, SubmitClaimRequest } from './types';

/**
 * Upload limits (docs/product-rules.md sections 5 and 9; docs/decisions.md "Uploads": sizes in MiB, the upload
 * widget's unit, checked on the original file in the browser and again by the server).
 */
export const UPLOAD_LIMITS = {
  /** Largest original file, MiB (10 × 1,048,576 bytes). */
  maxFilesizeMiB: 10,
  /** Most files listed at once. */
  maxFiles: 10,
  /** Images are resized in the browser to at most this width, px, before upload. */
  resizeWidthPx: 1200,
  /**
   * Most pixels (width × height, read from the header before any decoding) of a photo: 40
   * megapixels. Decoding a bigger one can take a phone's browser gigabytes (docs/uploads.md).
   */
  maxPixels: 40_000_000,
  /** JPEG quality of the resized image (0–1). */
  resizeQuality: 0.85,
  /** The accepted types, as the file input's `accept` and dropzone's `acceptedFiles`. */
  acceptedFiles: 'image/jpeg,image/png,image/gif',
} as const;

/** An upload id is used in a URL path: at most this many characters. */
export const MAX_UPLOAD_ID_LENGTH = 200;

/**
 * True when any fare of the Details is an advance fare (`advanceBooking` 1, docs/product-rules.md section 3):
 * the replacement reference field shows only then (docs/product-rules.md section 2).
 */
export function hasAdvanceFare(details: Details): boolean {
  return details.JourneyPlannerResults.fareDetails.some((fare) => fare.advanceBooking === 1);
}

/**
 * The expected tickets list (docs/product-rules.md section 2): one line per `ticketsIssued` entry of every fare,
 * with the fare's description, the count and the unit price in integer pence. Entries with a
 * count below 1 are left out.
 */
export function expectedTickets(details: Details): ExpectedTicket[] {
  return details.JourneyPlannerResults.fareDetails.flatMap((fare) =>
    fare.tickets.flatMap((ticket) =>
      ticket.ticketsIssued
        .filter((issued) => Number.isFinite(issued.count) && issued.count >= 1)
        .map((issued) => ({
          description: fare.ticketDescription,
          count: Math.trunc(issued.count),
          pricePence: Math.round(issued.price),
        })),
    ),
  );
}

/**
 * The claim form's schema (docs/product-rules.md section 5): for an advance fare the replacement reference is
 * required unless the covid override applies (`covid19` in the query), must be a valid booking
 * reference, and must differ from the original ('Cannot be the same as the overarching booking
 * reference'). Without an advance fare the field is not shown and anything in it is ignored.
 *
 * @param originalReference the booking reference being claimed for
 * @param options `advanceFare` (the field shows) and `covid` (the override applies)
 */
export function claimFormSchema(originalReference: string, options: { advanceFare: boolean; covid: boolean }) {
  const original = originalReference.trim();
  // Without an advance fare nothing in the form is checked.
  if (!options.advanceFare) return yup.object();
  const format = yup
    .string()
    .trim()
    .default('')
    .matches(BOOKING_REFERENCE_PATTERN, { message: BOOKING_REFERENCE_INVALID_TEXT, excludeEmptyString: true });
  const base = options.covid ? format : format.required(texts.replacementRequired);
  return yup.object({
    // The value is trimmed, and '' when empty (format): an empty field is told by `required`.
    replacementReference: base.test({
      message: texts.sameReference,
      test: (value) => value === '' || value !== original,
    }),
  });
}

/**
 * Validates the form's values. @returns a map from field to message, empty when valid.
 */
export function validateClaimForm(
  schema: ReturnType<typeof claimFormSchema>,
  values: ClaimFormValues,
): Partial<Record<keyof ClaimFormValues, string>> {
  try {
    schema.validateSync(values);
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    // The form's one field: its first failed rule.
    return { replacementReference: error.message };
  }
}

/**
 * Reads the upload answer (docs/decisions.md "Answers the rules do not show"): the file identifier as a
 * JSON string, plain text, or an object with `id`, given as the answer's text (the request layer
 * reads every upload answer as text). Text that is JSON (a string, an object, an array, `null`)
 * is read as JSON; other text is the id itself.
 *
 * @returns the id (trimmed), or null when the answer holds none or one longer than
 *   {@link MAX_UPLOAD_ID_LENGTH} characters or with control characters
 */
export function parseUploadId(answer: unknown): string | null {
  let value: unknown = answer;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('"') || text.startsWith('{') || text.startsWith('[') || text === 'null') {
      try {
        value = JSON.parse(text);
      } catch {
        return null; // malformed JSON is no id
      }
    } else value = text;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) value = (value as { id?: unknown }).id;
  if (Number.isSafeInteger(value)) value = String(value);
  if (typeof value !== 'string') return null;
  const id = value.trim();
  // eslint-disable-next-line no-control-regex
  if (id === '' || id.length > MAX_UPLOAD_ID_LENGTH || /[\u0000-\u001f\u007f]/.test(id)) return null;
  return id;
}

/**
 * The submit-claim body (docs/product-rules.md section 3 "Claim upload"; docs/decisions.md "What each line shows or
 * sends"): `Ctr`, `Images`, `ReplacementCtr` only when given (trimmed), `Disruption: true` only
 * when the flag is set.
 */
export function buildClaimRequest(input: {
  bookingReference: string;
  uploadIds: string[];
  replacementReference: string;
  disruption: boolean;
}): SubmitClaimRequest {
  const request: SubmitClaimRequest = { Ctr: input.bookingReference.trim(), Images: [...input.uploadIds] };
  const replacement = input.replacementReference.trim();
  if (replacement !== '') request.ReplacementCtr = replacement;
  if (input.disruption) request.Disruption = true;
  return request;
}
