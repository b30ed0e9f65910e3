/** A UTF-16 surrogate half with no partner (which `encodeURIComponent` refuses with a URIError). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Builds a `mailto:` URL with every part percent-encoded (RFC 6068), so that hostile or unusual
 * text in an address, subject or body cannot add headers or break the link.
 * Returns '' when `address` is empty or not a plausible single address (including one with a
 * lone surrogate). A lone surrogate in the subject or body becomes U+FFFD. Never throws.
 */
export function mailtoHref(address: string, fields: { subject?: string; body?: string } = {}): string {
  const trimmed = typeof address === 'string' ? address.trim() : '';
  if (!/^[^\s@,;?&]+@[^\s@,;?&]+$/.test(trimmed) || trimmed.search(LONE_SURROGATE) !== -1) return '';
  const query = Object.entries(fields)
    .filter(([, value]) => typeof value === 'string' && value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent((value as string).replace(LONE_SURROGATE, '\uFFFD'))}`)
    .join('&');
  const [local, domain] = trimmed.split('@');
  return `mailto:${encodeURIComponent(local)}@${encodeURIComponent(domain)}${query ? `?${query}` : ''}`;
}
