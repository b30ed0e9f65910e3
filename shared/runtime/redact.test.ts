/**
 * No personal data in error reports (issue "A host team's first day", item 3): one test per rule
 * of `redact.ts`, and the report the runtime builds from a page that carries a booking.
 */
import { __setClockForTests, buildErrorReport } from './index';
import { REDACTED, looksLikeEmail, pageBookingReferences, redactText, redactUrl } from './redact';

describe('redactUrl: the page address of a report', () => {
  it('replaces the BookingReference and Email values', () => {
    expect(
      redactUrl('https://rail.example/ConfirmRefund?BookingReference=KXB7HT2N&Email=traveller%40example.com'),
    ).toBe('https://rail.example/ConfirmRefund?BookingReference=REDACTED&Email=REDACTED');
  });

  it('matches the two names in any letter case, and repeated ones', () => {
    expect(redactUrl('/ConfirmRefund?bookingreference=KXB7HT2N&EMAIL=a&eMail=b&BOOKINGREFERENCE=X')).toBe(
      '/ConfirmRefund?bookingreference=REDACTED&EMAIL=REDACTED&eMail=REDACTED&BOOKINGREFERENCE=REDACTED',
    );
  });

  it('matches names that are URL-encoded', () => {
    expect(redactUrl('/x?%42ookingReference=KXB7HT2N')).toBe('/x?%42ookingReference=REDACTED');
  });

  it('replaces any query value that looks like an e-mail address, raw or encoded', () => {
    expect(redactUrl('/x?contact=someone%40example.org&to=a.b+c@mail.example.co.uk&n=1')).toBe(
      '/x?contact=REDACTED&to=REDACTED&n=1',
    );
  });

  it('keeps every other parameter, the path and the fragment byte for byte', () => {
    expect(redactUrl('/ConfirmRefund?covid19=true&q=a%20b+c&flag&Email=x#part')).toBe(
      '/ConfirmRefund?covid19=true&q=a%20b+c&flag&Email=REDACTED#part',
    );
    expect(redactUrl('https://rail.example/Home/Disruption')).toBe('https://rail.example/Home/Disruption');
    expect(redactUrl('')).toBe('');
  });

  it('replaces an e-mail address outside the query (path or fragment)', () => {
    expect(redactUrl('/u/jo%40example.com/x#to=jo@example.com')).toBe('/u/REDACTED/x#to=REDACTED');
  });
});

describe('redactText: the message and stack of a report', () => {
  it('replaces every e-mail address, raw or URL-encoded', () => {
    expect(redactText('No booking for Traveller@Example.com or jo%40example.org.')).toBe(
      'No booking for REDACTED or REDACTED.',
    );
  });

  it("replaces the page's booking reference in any letter case", () => {
    expect(redactText('Error: KXB7HT2N not found (kxb7ht2n)\n    at f (https://cdn/x.js:1:2)', ['KXB7HT2N'])).toBe(
      'Error: REDACTED not found (REDACTED)\n    at f (https://cdn/x.js:1:2)',
    );
  });

  it('replaces a URL-encoded booking reference', () => {
    expect(redactText('GET /Refund/Status?bookingReference=AB%2012 failed', ['AB 12'])).toBe(
      'GET /Refund/Status?bookingReference=REDACTED failed',
    );
  });

  it('leaves the text alone when there is nothing personal, and ignores blank references', () => {
    const text = 'TypeError: x is not a function\n    at y (https://cdn.example/refund/1.js:1:42711)';
    expect(redactText(text, ['', '  '])).toBe(text);
  });
});

describe('the helpers', () => {
  it.each([
    ['traveller@example.com', true],
    [' a.b+c@mail.example.co.uk ', true],
    ['KXB7HT2N', false],
    ['a@b', false],
    ['x @y.com', false],
  ])('looksLikeEmail(%j) is %j', (value, expected) => {
    expect(looksLikeEmail(value)).toBe(expected);
  });

  it('finds the booking reference of the query (any case) and of the Details block', () => {
    document.body.innerHTML =
      '<script type="application/json" id="refund-details">{"bookingReference":"WBH9FX4L"}</script>';
    expect(pageBookingReferences('https://rail.example/ConfirmRefund?bookingREFERENCE=KXB7HT2N', document)).toEqual([
      'KXB7HT2N',
      'WBH9FX4L',
    ]);
    expect(pageBookingReferences('not a url at all ::', undefined)).toEqual([]);
  });
});

describe('a report built on a booking page', () => {
  const REFERENCE = 'KXB7HT2N';
  const EMAIL = 'traveller@example.com';
  let before: string;

  beforeEach(() => {
    before = location.href;
    __setClockForTests(() => 0);
    history.replaceState(null, '', `/ConfirmRefund?BookingReference=${REFERENCE}&Email=${encodeURIComponent(EMAIL)}`);
    document.body.innerHTML = '';
  });

  afterEach(() => history.replaceState(null, '', before));

  it('carries neither the booking reference nor the e-mail, raw or URL-encoded, in any field', () => {
    const error = new Error(`Refund for ${REFERENCE} of ${EMAIL} failed`);
    const report = buildErrorReport(error, { source: location.href });
    expect(report.pageUrl).toBe('http://localhost/ConfirmRefund?BookingReference=REDACTED&Email=REDACTED');
    expect(report.source).toBe(report.pageUrl);
    expect(report.message).toBe('Error: Refund for REDACTED of REDACTED failed');
    expect(report.stack).toContain('Error: Refund for REDACTED of REDACTED failed');
    const text = JSON.stringify(report);
    for (const secret of [REFERENCE, EMAIL, encodeURIComponent(EMAIL)]) expect(text).not.toContain(secret);
    expect(report.message).not.toBe(REDACTED);
  });
});
