/**
 * Checks shared by the hostile-text tests of every widget (docs/decisions.md "Hostile input and error reporting"): rendered
 * text stays inert (no injected element, `on*` attribute or script URL, nothing run), payloads
 * show as text, and mailto links stay well-formed. Jest only.
 */

export /** What a mail client or a URL decoder gives back for text with lone surrogates. */
const wellFormed = (text: string) =>
  Array.from(text, (c) => (c.length === 1 && c >= '\uD800' && c <= '\uDFFF' ? '\uFFFD' : c)).join('');

/** Elements that text must never turn into. */
const FORBIDDEN =
  'script, iframe, frame, frameset, object, embed, svg, math, style, link, meta, base, template, video, audio, source, marquee, applet';

/** Attributes a browser reads as a URL (an input's typed `value` is data, not a URL). */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'srcset',
  'background',
  'cite',
]);

/** The mount holds nothing but the widget's own markup, and nothing ran (`window.alert` must be a spy). */
export function expectInert(element: HTMLElement) {
  expect(element.querySelectorAll(FORBIDDEN)).toHaveLength(0);
  // The only images are the widgets' own bundled ones (mode icons, example photos): prefixed
  // classes and a bundled file (Jest's stub), never a source from text.
  const images = Array.from(element.querySelectorAll('img'));
  expect(images.filter((img) => !/^rw-/.test(img.className) || img.getAttribute('src') !== 'test-file-stub')).toEqual(
    [],
  );
  // The mount element's own data attributes are the host page's; check what the widget rendered.
  // Offenders are collected and compared once (one `expect` per mount, not one per attribute:
  // the hostile-text suites check about a million attributes; docs/testing.md "Speed").
  const offenders: string[] = [];
  for (const node of Array.from(element.querySelectorAll('*'))) {
    for (const attr of Array.from(node.attributes)) {
      if (/^on/i.test(attr.name)) offenders.push(`${node.tagName} ${attr.name}`);
      if (!URL_ATTRIBUTES.has(attr.name.toLowerCase())) continue;
      // Browsers ignore whitespace and control characters inside a scheme.
      // eslint-disable-next-line no-control-regex -- the control characters are what is removed
      const squashed = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      if (/^(?:javascript|vbscript|data):/.test(squashed))
        offenders.push(`${node.tagName} ${attr.name}="${attr.value}"`);
    }
  }
  expect(offenders).toEqual([]);
  const protocols = Array.from(element.querySelectorAll<HTMLAnchorElement>('a[href]'), (link) => {
    return new URL(link.getAttribute('href') as string, location.href).protocol;
  });
  expect(protocols.filter((protocol) => protocol !== 'http:' && protocol !== 'mailto:')).toEqual([]);
  // Only the host page's two JSON blocks are scripts; no payload ran.
  const scripts = Array.from(document.querySelectorAll('script'));
  expect(scripts.map((s) => `${s.id}:${s.type}`).sort()).toEqual([
    'refund-details:application/json',
    'station-names:application/json',
  ]);
  expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  expect(window.alert).not.toHaveBeenCalled();
}

/** The payload shows as text (the first part, for very long ones). */
export function expectShownAsText(element: HTMLElement, text: string) {
  expect(element.textContent).toContain(text.trim().slice(0, 1000));
}

/**
 * Every mailto link in the mount is well-formed: one recipient among `addresses`, no header but
 * subject and body, the subject one of `subjects`, the body (when there is one) one of `bodies`.
 * Returns the number of links.
 */
export function expectWellFormedMailtos(
  element: HTMLElement,
  addresses: string[],
  subjects: string[],
  bodies: string[] = [],
): number {
  const links = Array.from(element.querySelectorAll<HTMLAnchorElement>('a[href]')).filter((a) =>
    /^\s*mailto:/i.test(a.getAttribute('href') as string),
  );
  const wellFormedSubjects = subjects.map(wellFormed);
  const wellFormedBodies = bodies.map(wellFormed);
  for (const link of links) {
    const href = link.getAttribute('href') as string;
    expect(href).toMatch(/^mailto:[^\s<>"]+$/);
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.hash).toBe('');
    const recipient = decodeURIComponent(url.pathname);
    expect(addresses.map((a) => a.trim())).toContain(recipient);
    expect(recipient.split('@')).toHaveLength(2);
    expect(recipient).not.toMatch(/[,;\s?&]/);
    const keys = Array.from(url.searchParams.keys());
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(['subject', 'body']).toContain(key);
    expect(wellFormedSubjects).toContain(url.searchParams.get('subject'));
    if (keys.includes('body')) expect(wellFormedBodies).toContain(url.searchParams.get('body'));
  }
  return links.length;
}

/** Whether `address` is one a mailto link may be made for (plain single address). */
export const linkable = (address: string) =>
  /^[^\s@,;?&]+@[^\s@,;?&]+$/.test(address.trim()) && wellFormed(address) === address;
