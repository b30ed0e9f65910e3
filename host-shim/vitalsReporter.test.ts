/**
 * The vitals chunk (host-shim/vitalsReporter.ts; docs/host-contract.md "POST /report/vitals"): which
 * widget a metric's element is in, the route without personal data (the rules and cases of error
 * reports, shared/runtime/redact.test.ts), and one POST per metric through the page runtime's
 * report path. web-vitals itself is a fake that hands over the callbacks and options.
 */
import type { MetricWithAttribution } from 'web-vitals/attribution';
import { setApiBase } from '@rw/page-runtime';
import { observeVitals, pageRoute, vitalsReport, widgetOf } from './vitalsReporter';

type Callback = (metric: MetricWithAttribution) => void;
type Options = { generateTarget?: (element: Node | null) => string | undefined } | undefined;
const observed: Record<string, { callback: Callback; options: Options }> = {};
/** The fake `on<Metric>`: records what the chunk handed web-vitals (called after this file's top level ran). */
function mockObserve(name: string, callback: Callback, options?: Options): void {
  observed[name] = { callback, options };
}
jest.mock('web-vitals/attribution', () => ({
  onLCP: (callback: Callback, options?: Options) => mockObserve('LCP', callback, options),
  onINP: (callback: Callback, options?: Options) => mockObserve('INP', callback, options),
  onCLS: (callback: Callback, options?: Options) => mockObserve('CLS', callback, options),
  onTTFB: (callback: Callback, options?: Options) => mockObserve('TTFB', callback, options),
}));

const WIDGETS = [
  { name: 'refund', mountId: 'refund-widget' },
  { name: 'journeySummary', mountId: 'journey-summary-widget' },
];

const REFERENCE = 'KXB7HT2N';
const EMAIL = 'traveller@example.com';

let fetchMock: jest.Mock;
let before: string;

/** The POSTs sent: URL, init and parsed body. */
const sent = () =>
  (fetchMock.mock.calls as [string, RequestInit][]).map(([url, init]) => ({
    url,
    init,
    body: JSON.parse(init.body as string) as Record<string, unknown>,
  }));

/** A metric as web-vitals reports it, with the attribution fields the chunk reads. */
function metric(name: string, value: number, rating: string, attribution: Record<string, unknown> = {}) {
  return { name, value, rating, attribution } as unknown as MetricWithAttribution;
}

beforeEach(() => {
  before = location.href;
  fetchMock = jest.fn(async () => ({ ok: true }));
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  setApiBase('');
  document.body.innerHTML = '';
  for (const key of Object.keys(observed)) delete observed[key];
});

afterEach(() => {
  history.replaceState(null, '', before);
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('widgetOf: the mount a metric element is in', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<header id="site"><h1>Refunds</h1></header>' +
      '<div id="refund-widget"><section><p id="p">Refund <b>£12.50</b></p>' +
      '<div id="journey-summary-widget"><span id="inner">KGX</span></div></section></div>';
  });

  it('names the widget of the nearest mount above the element, or of the mount itself', () => {
    expect(widgetOf(document.getElementById('p'), WIDGETS)).toBe('refund');
    expect(widgetOf(document.querySelector('b')?.firstChild, WIDGETS)).toBe('refund');
    expect(widgetOf(document.getElementById('inner'), WIDGETS)).toBe('journeySummary');
    expect(widgetOf(document.getElementById('refund-widget'), WIDGETS)).toBe('refund');
  });

  it('is null outside every mount, for a detached element and for no element', () => {
    expect(widgetOf(document.querySelector('h1'), WIDGETS)).toBeNull();
    expect(widgetOf(document.createElement('p'), WIDGETS)).toBeNull();
    expect(widgetOf(null, WIDGETS)).toBeNull();
    expect(widgetOf(undefined, WIDGETS)).toBeNull();
    expect(widgetOf(document.getElementById('p'), [])).toBeNull();
  });
});

describe('pageRoute: the path only, redacted as error reports are (docs/error-reports.md)', () => {
  it.each([
    [
      `https://rail.example/ConfirmRefund?BookingReference=${REFERENCE}&Email=traveller%40example.com#top`,
      '/ConfirmRefund',
    ],
    ['https://rail.example/Home/Disruption', '/Home/Disruption'],
    ['https://rail.example/u/jo%40example.com/x#to=jo@example.com', '/u/REDACTED/x'],
    [`https://rail.example/Booking/${REFERENCE}/Refund?BookingReference=${REFERENCE}`, '/Booking/REDACTED/Refund'],
    [`https://rail.example/Booking/kxb7ht2n/Refund?bookingreference=${REFERENCE}`, '/Booking/REDACTED/Refund'],
    ['https://rail.example/u/traveller%2540example.com', '/u/REDACTED'],
    ['https://rail.example/u/traveller%252540example.com', '/u/REDACTED'],
    ['https://rail.example/u/traveller%25252540example.com', '/u/REDACTED'],
    ['/Account/Login?ReturnUrl=%2FConfirmRefund%3FBookingReference%3DKXB7HT2N%26Email%3Dtraveller%2540example.com', ''],
    [
      'https://rail.example/Account/Login?ReturnUrl=%2FConfirmRefund%3FBookingReference%3DKXB7HT2N%26Email%3Dtraveller%2540example.com&lang=en',
      '/Account/Login',
    ],
    ['https://rail.example/x/AB%2012?BookingReference=AB+12', '/x/REDACTED'],
    ['not a url at all ::', ''],
  ])('%s → %j', (href, route) => {
    expect(pageRoute(href)).toBe(route);
  });

  it("redacts the Details block's booking reference from the path when the address has none", () => {
    document.body.innerHTML =
      '<script type="application/json" id="refund-details">{"bookingReference":"WBH9FX4L"}</script>';
    expect(pageRoute('https://rail.example/Booking/WBH9FX4L/Refund', document)).toBe('/Booking/REDACTED/Refund');
    expect(pageRoute('https://rail.example/Booking/WBH9FX4L/Refund')).toBe('/Booking/WBH9FX4L/Refund');
  });
});

describe('vitalsReport: one metric', () => {
  it('keeps the name and rating, rounds milliseconds to whole ones and CLS to 4 decimals', () => {
    expect(vitalsReport(metric('LCP', 2512.4999, 'needs-improvement'), 'refund', WIDGETS, '/ConfirmRefund')).toEqual({
      name: 'LCP',
      value: 2512,
      rating: 'needs-improvement',
      widget: 'refund',
      route: '/ConfirmRefund',
    });
    expect(vitalsReport(metric('INP', 199.5, 'good'), 'journeySummary', WIDGETS, '/').value).toBe(200);
    expect(vitalsReport(metric('CLS', 0.123456, 'needs-improvement'), '', WIDGETS, '/').value).toBe(0.1235);
    expect(vitalsReport(metric('CLS', 0.00004, 'good'), '', WIDGETS, '/').value).toBe(0);
    expect(vitalsReport(metric('TTFB', 801.7, 'needs-improvement'), undefined, WIDGETS, '/').value).toBe(802);
  });

  it.each([[undefined], [''], ['#refund-widget>div'], ['body>p.rw-panel'], ['lookup']])(
    'names no widget for the target %j (no element, outside every mount, a selector, an unknown name)',
    (target) => {
      expect(vitalsReport(metric('LCP', 1, 'good'), target, WIDGETS, '/').widget).toBeNull();
    },
  );
});

describe('observeVitals: one POST /report/vitals per metric', () => {
  beforeEach(() => {
    history.replaceState(null, '', `/ConfirmRefund?BookingReference=${REFERENCE}&Email=${encodeURIComponent(EMAIL)}#x`);
    document.body.innerHTML =
      '<h1 id="host">Refund</h1><div id="refund-widget"><p id="panel">Refund available</p></div>' +
      `<script type="application/json" id="refund-details">{"bookingReference":"${REFERENCE}"}</script>`;
  });

  it('observes the four metrics, naming elements by their widget and never by a selector', () => {
    observeVitals(WIDGETS);
    expect(Object.keys(observed).sort()).toEqual(['CLS', 'INP', 'LCP', 'TTFB']);
    for (const name of ['LCP', 'INP', 'CLS']) {
      const generateTarget = observed[name].options?.generateTarget;
      expect(generateTarget?.(document.getElementById('panel'))).toBe('refund');
      expect(generateTarget?.(document.getElementById('host'))).toBe('');
      expect(generateTarget?.(null)).toBe('');
    }
    expect(observed.TTFB.options).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends each metric as it is reported: widget from its attribution target, route without query', () => {
    observeVitals(WIDGETS);
    observed.TTFB.callback(metric('TTFB', 312.2, 'good', { waitingDuration: 1 }));
    observed.LCP.callback(metric('LCP', 1804.6, 'good', { target: 'refund' }));
    observed.INP.callback(metric('INP', 96, 'good', { interactionTarget: '' }));
    observed.CLS.callback(metric('CLS', 0.01234, 'good', { largestShiftTarget: 'refund' }));
    expect(sent().map(({ body }) => body)).toEqual([
      { name: 'TTFB', value: 312, rating: 'good', widget: null, route: '/ConfirmRefund' },
      { name: 'LCP', value: 1805, rating: 'good', widget: 'refund', route: '/ConfirmRefund' },
      { name: 'INP', value: 96, rating: 'good', widget: null, route: '/ConfirmRefund' },
      { name: 'CLS', value: 0.0123, rating: 'good', widget: 'refund', route: '/ConfirmRefund' },
    ]);
  });

  it('posts JSON with keepalive to the page origin, or to the API base with its credentials', () => {
    observeVitals(WIDGETS);
    observed.TTFB.callback(metric('TTFB', 100, 'good'));
    const [first] = sent();
    expect(first.url).toBe('/report/vitals');
    expect(first.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect((first.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');

    setApiBase('https://api.rail.example/');
    observed.TTFB.callback(metric('TTFB', 100, 'good'));
    expect(sent()[1].url).toBe('https://api.rail.example/report/vitals');
    expect(sent()[1].init.credentials).toBe('include');
  });

  it('carries neither the booking reference nor the email, raw or encoded, in any report', () => {
    history.replaceState(
      null,
      '',
      `/Booking/${REFERENCE}/u/traveller%252540example.com/Refund?BookingReference=${REFERENCE}&Email=${encodeURIComponent(EMAIL)}#${EMAIL}`,
    );
    observeVitals(WIDGETS);
    observed.LCP.callback(metric('LCP', 1000, 'good', { target: 'refund' }));
    observed.INP.callback(metric('INP', 1000, 'poor', { interactionTarget: `#${REFERENCE}` }));
    observed.CLS.callback(metric('CLS', 0.3, 'poor', { largestShiftTarget: EMAIL }));
    observed.TTFB.callback(metric('TTFB', 1000, 'needs-improvement'));
    expect(sent()).toHaveLength(4);
    for (const { body } of sent()) {
      expect(body.route).toBe('/Booking/REDACTED/u/REDACTED/Refund');
      const text = JSON.stringify(body).toLowerCase();
      for (const secret of [REFERENCE, EMAIL, encodeURIComponent(EMAIL), 'traveller', '%2540'])
        expect(text).not.toContain(secret.toLowerCase());
      expect(Object.keys(body).sort()).toEqual(['name', 'rating', 'route', 'value', 'widget']);
    }
  });

  it('never throws when fetch is missing or throws', () => {
    observeVitals(WIDGETS);
    delete (globalThis as { fetch?: unknown }).fetch;
    expect(() => observed.TTFB.callback(metric('TTFB', 1, 'good'))).not.toThrow();
    (globalThis as { fetch?: unknown }).fetch = () => {
      throw new TypeError('fetch is broken');
    };
    expect(() => observed.TTFB.callback(metric('TTFB', 1, 'good'))).not.toThrow();
  });
});
