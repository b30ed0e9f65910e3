/**
 * Personal data out of error reports (docs/error-reports.md "What a report never contains"): a
 * report's page address and texts carry no booking reference and no e-mail address, because error
 * logs are read by many people and those two values are all it takes to act on a booking.
 *
 * Pure functions; the page runtime applies them to every report before it is sent.
 */

/** What every removed value is replaced with. */
export const REDACTED = 'REDACTED';

/** Query parameters whose values are always removed, compared in any letter case. */
const SECRET_PARAMS = new Set(['bookingreference', 'email']);

/**
 * An e-mail address: a local part, `@` (raw, or URL-encoded any number of times: `%40`, `%2540`,
 * `%252540`…), a domain with a dot. Deliberately loose: a false positive only hides a little of a
 * log line.
 */
const EMAIL = /[A-Za-z0-9._%+'-]+(?:@|%(?:25)*40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/gi;

/** How many layers of URL encoding are undone at most (`%252540` is three). */
const MAX_DECODE_DEPTH = 8;

/** True when `value` (already decoded) looks like an e-mail address. */
export function looksLikeEmail(value: string): boolean {
  return /^\s*[^\s@]+@[^\s@]+\.[^\s@]+\s*$/.test(value);
}

function decodeQueryPart(part: string): string {
  // Each run of %XX escapes is decoded on its own, so one stray '%' does not stop the rest.
  return part.replace(/\+/g, ' ').replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      // Not valid UTF-8: its ASCII escapes are still decoded, the others kept.
      return run.replace(/%([0-7][0-9a-f])/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  });
}

/**
 * `text` with its URL encoding undone again and again until nothing changes (or
 * {@link MAX_DECODE_DEPTH} layers): `traveller%2540example.com` becomes `traveller@example.com`.
 * `+` reads as a space; in a run of escapes that is not valid UTF-8 only the ASCII ones are
 * decoded. Never throws.
 */
export function decodeFully(text: string): string {
  let current = text;
  for (let depth = 0; depth < MAX_DECODE_DEPTH; depth += 1) {
    const next = decodeQueryPart(current);
    // Stryker disable next-line ConditionalExpression: stopping once nothing changes only saves work
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * True when a query value, decoded fully, is personal as a whole: it looks like an e-mail address,
 * or it is itself an address whose query names `BookingReference` or `Email` (a `ReturnUrl`
 * pointing at a booking page). Addresses and references inside other values are replaced where
 * they stand (see {@link redactText}).
 */
function personalValue(value: string): boolean {
  const decoded = decodeFully(value);
  return looksLikeEmail(decoded) || /(?:^|[?&])\s*(?:bookingreference|email)\s*=/i.test(decoded);
}

/** The references worth matching: trimmed, at least 3 characters, no duplicates. */
function usableReferences(bookingReferences: readonly string[]): string[] {
  return [...new Set(bookingReferences.map((ref) => ref.trim()).filter((ref) => ref.length >= 3))];
}

/**
 * Removes the personal data from a page address (docs/error-reports.md "What a report never contains"): the value
 * of every `BookingReference` and `Email` query parameter (names in any letter case) becomes
 * `REDACTED`, and so does any query value that, with its URL encoding undone as often as it was
 * applied (`%2540`, `%252540`), looks like an e-mail address or is an address naming
 * `BookingReference` or `Email` in its own query (a `ReturnUrl`). Any e-mail address (encoded any
 * number of times) and any of `bookingReferences` left anywhere in the address (path, query,
 * fragment) go too, where they stand. The rest of the address is kept byte for byte.
 *
 * @param url an absolute or relative address; '' gives ''
 * @param bookingReferences the page's booking reference(s) (see {@link pageBookingReferences});
 *   blank ones and ones shorter than 3 characters are ignored
 * @returns the address without those values. Never throws.
 */
// Stryker disable next-line ArrayDeclaration: only a text holding Stryker's own marker could tell another default
export function redactUrl(url: string, bookingReferences: readonly string[] = []): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return redactText(url, bookingReferences);
  const query = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = decodeFully(pair.slice(0, equals));
      return SECRET_PARAMS.has(name.trim().toLowerCase()) || personalValue(pair.slice(equals + 1))
        ? `${pair.slice(0, equals)}=${REDACTED}`
        : pair;
    })
    .join('&');
  return redactText(`${beforeHash.slice(0, queryAt)}?${query}${hash}`, bookingReferences);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces every e-mail address (with `@` raw or as `%40`) in `text` by `REDACTED`. */
function redactEmails(text: string): string {
  return text.replace(EMAIL, REDACTED);
}

/**
 * Removes the personal data from a report's text (its message or stack; docs/error-reports.md
 * "What a report never contains"): every e-mail address (raw or URL-encoded any number of times) and every
 * occurrence of the given booking references (in any letter case, raw or URL-encoded once or
 * twice) become `REDACTED`.
 *
 * @param text the message or stack
 * @param bookingReferences the page's booking reference(s); blank ones are ignored
 */
// Stryker disable next-line ArrayDeclaration: only a text holding Stryker's own marker could tell another default
export function redactText(text: string, bookingReferences: readonly string[] = []): string {
  let result = redactEmails(text);
  const references = usableReferences(bookingReferences).flatMap((ref) => [
    ref,
    encodeURIComponent(ref),
    encodeURIComponent(encodeURIComponent(ref)),
  ]);
  for (const ref of references.sort((a, b) => b.length - a.length)) {
    result = result.replace(new RegExp(escapeRegExp(ref), 'gi'), REDACTED);
  }
  return result;
}

/**
 * The booking references a page carries: the values of its `BookingReference` query parameter
 * (any letter case) and the `bookingReference` of its Details block, when readable.
 *
 * @param pageUrl the page's address
 * @param doc the page's document, if any (its `#refund-details` block is read)
 * @returns the references found, possibly none. Never throws.
 */
export function pageBookingReferences(pageUrl: string, doc?: Document): string[] {
  const found: string[] = [];
  try {
    for (const [name, value] of new URL(pageUrl, 'http://localhost/').searchParams) {
      if (name.toLowerCase() === 'bookingreference' && value.trim() !== '') found.push(value);
    }
  } catch {
    // an unreadable address has no reference to find
  }
  try {
    // No block (or no document) reads as the text "undefined", which holds no reference.
    const json = String(doc?.getElementById('refund-details')?.textContent);
    const match = /"bookingReference"\s*:\s*"([^"\\]{1,64})"/i.exec(json);
    if (match) found.push(match[1]);
  } catch {
    // no readable Details block
  }
  return found;
}
