import { dispatchComplete } from './events';
import { mailtoHref } from '../format/mailto';

describe('dispatchComplete (docs/host-contract.md "Events")', () => {
  it('dispatches a bubbling refundwidgets:complete with detail.kind', () => {
    const parent = document.createElement('div');
    const element = document.createElement('div');
    parent.appendChild(element);
    const seen: unknown[] = [];
    parent.addEventListener('refundwidgets:complete', (event) => seen.push((event as CustomEvent).detail));
    dispatchComplete(element, 'refund', { bookingReference: 'KXB7HT2N' });
    expect(seen).toEqual([{ kind: 'refund', bookingReference: 'KXB7HT2N' }]);
  });
});

describe('mailtoHref', () => {
  it('percent-encodes subject and body', () => {
    expect(
      mailtoHref('appeals@example.co.uk', { subject: 'Appeal for booking KXB7HT2N & more', body: 'Line 1\nLine 2' }),
    ).toBe(
      'mailto:appeals@example.co.uk?subject=Appeal%20for%20booking%20KXB7HT2N%20%26%20more&body=Line%201%0ALine%202',
    );
  });

  it('keeps hostile text from adding headers or recipients', () => {
    const href = mailtoHref('support@example.co.uk', { subject: 'x?cc=evil@example.com&bcc=a@b.c\r\nX: y' });
    expect(href.split('?')).toHaveLength(2);
    expect(href).not.toMatch(/[&?]cc=/);
    expect(href).not.toMatch(/\r|\n/);
  });

  it('refuses an address that is not a single plausible address', () => {
    expect(mailtoHref('a@b.c?cc=evil@x.y')).toBe('');
    expect(mailtoHref('javascript:alert(1)')).toBe('');
    expect(mailtoHref('')).toBe('');
  });
});
