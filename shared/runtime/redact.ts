/**
 * Personal data out of error reports (issue "A host team's first day", item 3): a report's page
 * address and texts carry no booking reference and no e-mail address, because error logs are
 * read by many people and those two values are all it takes to act on a booking.
 *
 * Pure functions; the page runtime applies them to every report before it is sent.
 */

/** What every removed value is replaced with. */
export const REDACTED = 'REDACTED';

/** Query parameters whose values are always removed, compared in any letter case. */
const SECRET_PARAMS = new Set(['bookingreference', 'email']);

/**
 * An e-mail address: a local part, `@` (raw or URL-encoded as `%40`), a domain with a dot.
 * Deliberately loose: a false positive only hides a little of a log line.
 */
const EMAIL = /[A-Za-z0-9._%+'-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/gi;

/** True when `value` (already decoded) looks like an e-mail address. */
export function looksLikeEmail(value: string): boolean {
  return /^\s*[^\s@]+@[^\s@]+\.[^\s@]+\s*$/.test(value);
}

function decodeQueryPart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/**
 * Removes the personal data from a page address: the value of every `BookingReference` and
 * `Email` query parameter (names in any letter case) and of any query parameter whose value
 * looks like an e-mail address becomes `REDACTED`; any e-mail address left elsewhere in the
 * address (path, fragment) too. The rest of the address is kept byte for byte.
 *
 * @param url an absolute or relative address; '' gives ''
 * @returns the address without those values
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return redactEmails(url);
  const query = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = decodeQueryPart(pair.slice(0, equals));
      const value = decodeQueryPart(pair.slice(equals + 1));
      return SECRET_PARAMS.has(name.trim().toLowerCase()) || looksLikeEmail(value)
        ? `${pair.slice(0, equals)}=${REDACTED}`
        : pair;
    })
    .join('&');
  return redactEmails(`${beforeHash.slice(0, queryAt)}?${query}${hash}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces every e-mail address (with `@` raw or as `%40`) in `text` by `REDACTED`. */
function redactEmails(text: string): string {
  return text.replace(EMAIL, REDACTED);
}

/**
 * Removes the personal data from a report's text (its message or stack): every e-mail address
 * (raw or URL-encoded) and every occurrence of the given booking references (in any letter case,
 * raw or URL-encoded) become `REDACTED`.
 *
 * @param text the message or stack
 * @param bookingReferences the page's booking reference(s); blank ones are ignored
 */
export function redactText(text: string, bookingReferences: readonly string[] = []): string {
  let result = redactEmails(text);
  const references = [...new Set(bookingReferences.map((ref) => ref.trim()).filter((ref) => ref.length >= 3))].flatMap(
    (ref) => [ref, encodeURIComponent(ref)],
  );
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
    const json = doc?.getElementById('refund-details')?.textContent ?? '';
    const match = /"bookingReference"\s*:\s*"([^"\\]{1,64})"/i.exec(json);
    if (match) found.push(match[1]);
  } catch {
    // no readable Details block
  }
  return found;
}
