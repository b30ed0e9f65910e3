/**
 * Builds a `mailto:` URL with every part percent-encoded (RFC 6068), so that hostile or unusual
 * text in an address, subject or body cannot add headers or break the link.
 * Returns '' when `address` is empty or not a plausible single address.
 */
export function mailtoHref(address: string, fields: { subject?: string; body?: string } = {}): string {
  const trimmed = address.trim();
  if (!/^[^\s@,;?&]+@[^\s@,;?&]+$/.test(trimmed)) return '';
  const query = Object.entries(fields)
    .filter(([, value]) => typeof value === 'string' && value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value as string)}`)
    .join('&');
  const [local, domain] = trimmed.split('@');
  return `mailto:${encodeURIComponent(local)}@${encodeURIComponent(domain)}${query ? `?${query}` : ''}`;
}
