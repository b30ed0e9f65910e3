/**
 * Plain examples of `mailtoHref`; the properties over arbitrary text are in mailto.property.test.ts.
 */
import { mailtoHref } from './mailto';

describe('mailtoHref', () => {
  it('links the address with the subject and body percent-encoded', () => {
    expect(mailtoHref(' appeals@example.co.uk ', { subject: 'Appeal for booking KXB7HT2N', body: 'Hello & bye' })).toBe(
      'mailto:appeals@example.co.uk?subject=Appeal%20for%20booking%20KXB7HT2N&body=Hello%20%26%20bye',
    );
  });

  it('gives no link, and does not throw, when the address is not a string', () => {
    expect(mailtoHref(undefined as unknown as string)).toBe('');
    expect(mailtoHref(null as unknown as string, { subject: 'x' })).toBe('');
    expect(mailtoHref(42 as unknown as string)).toBe('');
  });
});
