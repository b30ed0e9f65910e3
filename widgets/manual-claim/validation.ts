/** Rules of the manual claim (docs/product-rules.md sections 5 and 9). */
import * as yup from 'yup';
import photo from '../../contract/rules/photo.json';
import { BOOKING_REFERENCE_INVALID_TEXT, BOOKING_REFERENCE_PATTERN } from '../../shared/validation/schemas';
import type { Details } from '../../shared/types';
import { texts } from './texts';
import type { ClaimFormValues, ExpectedTicket, SubmitClaimRequest } from './types';

/** Upload limits (docs/decisions.md "Uploads"; the shared ones from contract/rules/photo.json): checked in the browser and by the server. */
export const UPLOAD_LIMITS = {
  /** Largest original file, MiB (10 × 1,048,576 bytes). */
  maxFilesizeMiB: photo.maxBytes / (1024 * 1024),
  maxFiles: photo.maxPhotos,
  /** Resized in the browser to at most this width, px, before upload. */
  resizeWidthPx: 1200,
  /** Most pixels, read from the header: decoding more can take a phone gigabytes (docs/uploads.md). */
  maxPixels: photo.maxPixels,
  /** JPEG quality of the resized image (0–1). */
  resizeQuality: 0.85,
  /** The file input's `accept` and dropzone's `acceptedFiles`. */
  acceptedFiles: 'image/jpeg,image/png,image/gif',
} as const;

/** An upload id goes in a URL path: at most this many characters. */
export const MAX_UPLOAD_ID_LENGTH = 200;

/** Any fare is an advance fare (`advanceBooking` 1): the replacement reference field shows only then. */
export function hasAdvanceFare(details: Details): boolean {
  return details.JourneyPlannerResults.fareDetails.some((fare) => fare.advanceBooking === 1);
}

/** The expected tickets (docs/product-rules.md section 2): one line per `ticketsIssued` entry with a count ≥ 1. */
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
 * The claim form's schema (docs/product-rules.md section 5): with an advance fare, a valid replacement reference
 * other than `originalReference`, required unless `covid`; nothing checked without one.
 */
export function claimFormSchema(originalReference: string, options: { advanceFare: boolean; covid: boolean }) {
  const original = originalReference.trim();
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

/** Validates the form's values: field → message, empty when valid. */
export function validateClaimForm(
  schema: ReturnType<typeof claimFormSchema>,
  values: ClaimFormValues,
): Partial<Record<keyof ClaimFormValues, string>> {
  try {
    schema.validateSync(values);
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    return { replacementReference: error.message };
  }
}

/**
 * The upload id from the upload answer's text: a JSON string, an object with `id`, or plain text (docs/decisions.md
 * "Answers the rules do not show"). Null when none, too long or with control characters.
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

/** The submit-claim body (docs/decisions.md "What each line shows or sends"): optional fields only when set. */
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
