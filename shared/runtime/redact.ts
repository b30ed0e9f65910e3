/** Booking references and e-mail addresses out of error reports (docs/error-reports.md "What a report never contains"). */

export const REDACTED = 'REDACTED';

const SECRET_PARAMS = new Set(['bookingreference', 'email']);

/** An e-mail address, `@` raw or URL-encoded any number of times; loose on purpose. */
const EMAIL = /[A-Za-z0-9._%+'-]+(?:@|%(?:25)*40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/gi;

const MAX_DECODE_DEPTH = 8;

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

/** `text` URL-decoded until nothing changes (`%2540` → `@`), at most {@link MAX_DECODE_DEPTH} times. Never throws. */
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

/** True when a decoded query value is an e-mail address or an address naming `BookingReference` or `Email`. */
function personalValue(value: string): boolean {
  const decoded = decodeFully(value);
  return looksLikeEmail(decoded) || /(?:^|[?&])\s*(?:bookingreference|email)\s*=/i.test(decoded);
}

function usableReferences(bookingReferences: readonly string[]): string[] {
  return [...new Set(bookingReferences.map((ref) => ref.trim()).filter((ref) => ref.length >= 3))];
}

/**
 * `url` with `REDACTED` for `BookingReference` and `Email` values, personal query values, and every
 * e-mail address or given booking reference (3+ characters) anywhere; the rest kept byte for byte. Never throws.
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

function redactEmails(text: string): string {
  return text.replace(EMAIL, REDACTED);
}

/** `text` with every e-mail address and given booking reference (raw, encoded once or twice, any case) `REDACTED`. */
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

/** The page's booking references: its `BookingReference` query values and its Details' `bookingReference`. Never throws. */
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
    const json = String(doc?.getElementById('refund-details')?.textContent);
    const match = /"bookingReference"\s*:\s*"([^"\\]{1,64})"/i.exec(json);
    if (match) found.push(match[1]);
  } catch {
    // no readable Details block
  }
  return found;
}
