/** A lone UTF-16 surrogate (`encodeURIComponent` throws on it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A `mailto:` URL with every part percent-encoded (RFC 6068); '' when `address` is not one plausible
 * address. Lone surrogates in the fields become U+FFFD. Never throws.
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
