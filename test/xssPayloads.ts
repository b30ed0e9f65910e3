/**
 * Test data (docs/decisions.md "Hostile input and error reporting"): classic XSS and injection payloads to place in every
 * server- and page-supplied text a widget renders (station names, server error texts, booking
 * references, e-mails, mailto addresses). A widget must render each one as inert text and keep
 * its mailto links well-formed. Payloads that would run call `alert` or set `window.__xss`, so a
 * test can also check that nothing ran.
 */

/** One hostile payload with a short name for test titles. */
export interface XssPayload {
  name: string;
  text: string;
}

/**
 * Length of the two "very long" payloads: longer than every cut the product makes (an error body
 * is shown up to 2,000 characters, a reported stack up to 8,000). It was 30,000: each such mailto
 * link then cost jsdom a 90 KB URL parse on every style lookup (docs/testing.md "Speed").
 */
const LONG = 10_000;

export const XSS_PAYLOADS: readonly XssPayload[] = [
  { name: 'script tag', text: '<script>window.__xss=1;alert(1)</script>' },
  { name: 'script tag, mixed case and src', text: '<ScRiPt src="//evil.example/x.js"></sCrIpT>' },
  { name: 'img onerror', text: '<img src=x onerror="window.__xss=1;alert(1)">' },
  { name: 'svg onload', text: '<svg/onload=alert(1)><svg onload="window.__xss=1">' },
  { name: 'iframe javascript: src', text: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: 'javascript: URL', text: 'javascript:alert(1)' },
  { name: 'javascript: URL, obfuscated', text: ' jAvAsCrIpT:alert(document.domain)//' },
  { name: 'data: URL', text: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' },
  { name: 'attribute break-out', text: '"><script>alert(1)</script><a href="' },
  { name: 'single-quote break-out', text: "'><img src=x onerror=alert(1)>" },
  { name: 'event handler attribute', text: '" onmouseover="alert(1)" x="' },
  { name: 'template string (Angular/Vue)', text: "{{constructor.constructor('alert(1)')()}}" },
  { name: 'template literal', text: '${alert(1)}`${alert(1)}`' },
  { name: 'HTML entities', text: '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#60;b&#62;' },
  { name: 'CRLF header injection', text: 'KXB7HT2N\r\nBcc: evil@example.com\r\n\r\nbody' },
  { name: 'percent-encoded CRLF', text: 'KXB7HT2N%0d%0aBcc:%20evil@example.com' },
  { name: 'mailto header injection', text: 'x@y.z?bcc=evil@example.com' },
  { name: 'mailto extra params', text: 'x@y.z?subject=pwned&body=pwned&cc=evil@example.com' },
  { name: 'mailto address with javascript:', text: 'javascript:alert(1)//@example.com' },
  { name: 'mailto address with encoded header', text: 'a%0d%0abcc:evil@example.com' },
  { name: 'mailto address with encoded query', text: 'x@y.z%3Fbcc%3Devil%40example.com' },
  { name: 'two recipients', text: 'a@example.com,evil@example.com' },
  { name: 'RTL override', text: '\u202Egnp.exe\u202C KXB7HT2N \u2066evil\u2069' },
  { name: 'NUL and control characters', text: 'KXB\u00007HT2N\u0007\u001b[31m' },
  { name: 'lone surrogate', text: 'KXB7\uD800HT2N\uDC00' },
  { name: 'prototype keys', text: '__proto__ constructor prototype' },
  { name: 'very long script', text: '<script>alert(1)</script>'.repeat(LONG / 25) },
  { name: 'very long plain', text: 'A'.repeat(LONG) },
];

/** Every payload as `[name, text]`, for `describe.each(PAYLOAD_CASES)('payload "%s"', (_name, payload) => …)`. */
export const PAYLOAD_CASES = XSS_PAYLOADS.map((payload) => [payload.name, payload.text] as const);
