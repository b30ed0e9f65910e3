/**
 * No personal data in error reports (docs/error-reports.md "What a report never contains"): one
 * test per rule of `redact.ts`, and the report the runtime builds from a page that carries a
 * booking.
 */
import { buildErrorReport } from './index';
import { REDACTED, decodeFully, looksLikeEmail, pageBookingReferences, redactText, redactUrl } from './redact';

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

  it('keeps the fragment once, after a query that has nothing personal', () => {
    expect(redactUrl('/ConfirmRefund?covid19=true#top')).toBe('/ConfirmRefund?covid19=true#top');
  });

  it('matches the two names with spaces around them', () => {
    expect(redactUrl('/ConfirmRefund?BookingReference%20=KXB7HT2N&+Email=KXB7HT2N')).toBe(
      '/ConfirmRefund?BookingReference%20=REDACTED&+Email=REDACTED',
    );
  });

  it('replaces an address given as a bare query word', () => {
    expect(redactUrl('/x?jo@example.com&flag')).toBe('/x?REDACTED&flag');
  });

  it('replaces an address the pattern of raw text misses (non-ASCII domain), whatever the name', () => {
    expect(redactUrl('/x?contact+me=jo%40b%C3%BCcher.de')).toBe('/x?contact+me=REDACTED');
  });

  it('reads + in a query value as a space: the words beside an address are kept', () => {
    expect(redactUrl('/Search?q=jo%40example.com+please')).toBe('/Search?q=REDACTED+please');
  });

  it('keeps a value that is a domain with no address before it', () => {
    expect(redactUrl('/x?via=@rail.example')).toBe('/x?via=@rail.example');
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

  it('replaces an address whose domain has several dots whole', () => {
    expect(redactText('Write to jo@mail.example.co.uk today')).toBe('Write to REDACTED today');
  });

  it('replaces a reference with characters that mean something in a pattern, and only that reference', () => {
    expect(redactText('No booking AB.12 (ab.12), nor ABX12', ['AB.12'])).toBe(
      'No booking REDACTED (REDACTED), nor ABX12',
    );
  });

  it('replaces a reference given with spaces around it', () => {
    expect(redactText('KXB7HT2N: not found', [' KXB7HT2N '])).toBe('REDACTED: not found');
  });

  it('replaces a reference of 3 characters and ignores shorter ones', () => {
    expect(redactText('Booking AB1 not found', ['AB1'])).toBe('Booking REDACTED not found');
    expect(redactText('Booking AB not found', ['AB'])).toBe('Booking AB not found');
  });

  it('replaces a reference that contains another one whole', () => {
    expect(redactText('KXB7HT2N, then KXB', ['KXB', 'KXB7HT2N'])).toBe('REDACTED, then REDACTED');
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
    ['ask jo@example.com', false],
    ['jo@example.com please', false],
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

  it('finds only the BookingReference values of the query, and no blank one', () => {
    expect(
      pageBookingReferences(
        'https://rail.example/ConfirmRefund?covid19=true&BookingReference=&BookingReference=+&BookingReference=KXB7HT2N',
        undefined,
      ),
    ).toEqual(['KXB7HT2N']);
  });

  it('finds the booking reference of a Details block written with spaces', () => {
    document.body.innerHTML =
      '<script type="application/json" id="refund-details">{\n  "bookingReference" : "WBH9FX4L"\n}</script>';
    expect(pageBookingReferences('https://rail.example/ConfirmRefund', document)).toEqual(['WBH9FX4L']);
  });
});

describe('a report built on a booking page', () => {
  const REFERENCE = 'KXB7HT2N';
  const EMAIL = 'traveller@example.com';
  let before: string;

  beforeEach(() => {
    before = location.href;
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

  it('carries not the booking reference of the Details block when the address has none', () => {
    history.replaceState(null, '', '/ConfirmRefund');
    document.body.innerHTML =
      '<script type="application/json" id="refund-details">{"bookingReference":"WBH9FX4L"}</script>';
    const report = buildErrorReport(new Error('Refund for WBH9FX4L failed'));
    expect(report.message).toBe('Error: Refund for REDACTED failed');
    expect(report.pageUrl).toBe('http://localhost/ConfirmRefund');
  });
});

describe('values encoded more than once (docs/error-reports.md "What a report never contains")', () => {
  const RETURN_URL =
    '/Account/Login?ReturnUrl=%2FConfirmRefund%3FBookingReference%3DKXB7HT2N%26Email%3Dtraveller%2540example.com&lang=en';

  it('redacts a ReturnUrl that carries a booking page address, and keeps the other parameters', () => {
    expect(redactUrl(RETURN_URL)).toBe('/Account/Login?ReturnUrl=REDACTED&lang=en');
    expect(redactUrl(RETURN_URL, ['KXB7HT2N'])).toBe('/Account/Login?ReturnUrl=REDACTED&lang=en');
  });

  it.each([['traveller%2540example.com'], ['traveller%252540example.com'], ['traveller%25252540example.com']])(
    'redacts an address encoded several times in a query value (%s) and in a text',
    (encoded) => {
      expect(redactUrl(`/x?contact=${encoded}&n=1`)).toBe('/x?contact=REDACTED&n=1');
      expect(redactText(`No booking for ${encoded}.`)).toBe('No booking for REDACTED.');
    },
  );

  it('redacts an address naming BookingReference in its query, with or without a path, e-mail or not', () => {
    expect(redactUrl('/Account/Login?ReturnUrl=%2FConfirmRefund%3FBookingReference%3DKXB7HT2N&lang=en')).toBe(
      '/Account/Login?ReturnUrl=REDACTED&lang=en',
    );
    expect(redactUrl('/Account/Login?next=BookingReference%3DKXB7HT2N&lang=en')).toBe(
      '/Account/Login?next=REDACTED&lang=en',
    );
    expect(redactUrl('/Account/Login?next=%3F%20email%3Dx&lang=en')).toBe('/Account/Login?next=REDACTED&lang=en');
    expect(redactUrl('/Account/Login?next=%2Fbookings%3Fpage%3D2&lang=en')).toBe(
      '/Account/Login?next=%2Fbookings%3Fpage%3D2&lang=en',
    );
    // A parameter that only starts with a secret name is not one.
    expect(redactUrl('/Account/Login?next=%2Fnews%3Femails%3Dweekly&lang=en')).toBe(
      '/Account/Login?next=%2Fnews%3Femails%3Dweekly&lang=en',
    );
  });

  it('undoes at most eight layers of encoding', () => {
    let encoded = '@';
    for (let layer = 0; layer < 9; layer += 1) encoded = encodeURIComponent(encoded);
    expect(decodeFully(encoded)).toBe('%40');
    expect(decodeFully(encodeURIComponent(encodeURIComponent('@')))).toBe('@');
  });

  it('decodes each layer once: decodeFully stops when nothing changes or the encoding is broken', () => {
    expect(decodeFully('a%252540b')).toBe('a@b');
    expect(decodeFully('100%')).toBe('100%');
    expect(decodeFully('a%2540%')).toBe('a@%');
    expect(decodeFully('a%FF%2540b')).toBe('a%FF@b');
    expect(decodeFully('plain')).toBe('plain');
    // A character of several bytes is decoded from its whole run of escapes.
    expect(decodeFully('b%C3%BCcher%2540x')).toBe('bücher@x');
  });

  it('applies the booking-reference rule to addresses: path, fragment and any query value', () => {
    expect(redactUrl('/Booking/KXB7HT2N/Refund?x=1#kxb7ht2n', ['KXB7HT2N'])).toBe(
      '/Booking/REDACTED/Refund?x=1#REDACTED',
    );
    expect(redactUrl('/x?note=ref%2520KXB7HT2N', ['KXB7HT2N'])).toBe('/x?note=ref%2520REDACTED');
    expect(redactUrl('/x?note=other', ['KXB7HT2N'])).toBe('/x?note=other');
  });

  it('builds a report whose pageUrl, source, message and stack keep nothing of a twice-encoded booking', () => {
    const before = location.href;
    try {
      history.replaceState(null, '', RETURN_URL);
      document.body.innerHTML =
        '<script type="application/json" id="refund-details">{"bookingReference":"KXB7HT2N"}</script>';
      const report = buildErrorReport(new Error('Lookup of traveller%2540example.com failed'), {
        source: 'https://rail.example/Booking/KXB7HT2N/app.js',
      });
      expect(report.pageUrl).toBe('http://localhost/Account/Login?ReturnUrl=REDACTED&lang=en');
      expect(report.source).toBe('https://rail.example/Booking/REDACTED/app.js');
      expect(report.message).toBe('Error: Lookup of REDACTED failed');
      const text = JSON.stringify(report).toLowerCase();
      for (const secret of ['kxb7ht2n', 'traveller', '%2540']) expect(text).not.toContain(secret);
    } finally {
      history.replaceState(null, '', before);
      document.body.innerHTML = '';
    }
  });
});
