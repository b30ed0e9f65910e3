import {
  REPORT_THROTTLE_MS,
  activeCount,
  buildErrorReport,
  reportError,
  sendsCredentials,
  setApiBase,
  startActivity,
  subscribeActivity,
} from './index';

describe('page runtime: activity and progress bar', () => {
  afterEach(() => jest.useRealTimers());

  it('shows one bar while any activity is open and fades it 500 ms after the last ends', () => {
    jest.useFakeTimers();
    const seen: boolean[] = [];
    const unsubscribe = subscribeActivity((active) => seen.push(active));
    const endA = startActivity();
    const endB = startActivity();
    const bars = document.querySelectorAll('[data-rw-progress]');
    expect(bars).toHaveLength(1);
    expect(bars[0]).toHaveClass('rw-progress--active');
    endA();
    endA(); // ending twice has no further effect
    expect(activeCount()).toBe(1);
    endB();
    expect(activeCount()).toBe(0);
    expect(bars[0]).toHaveClass('rw-progress--done');
    jest.advanceTimersByTime(499);
    expect(bars[0]).toHaveClass('rw-progress--done');
    jest.advanceTimersByTime(1);
    expect(bars[0]).not.toHaveClass('rw-progress--done');
    expect(seen).toEqual([true, false]);
    unsubscribe();
  });

  describe('on a fresh page', () => {
    beforeEach(() => {
      jest.useFakeTimers();
      document.body.innerHTML = '';
    });

    it('shows the bar, marked for CSS and hidden from screen readers, as soon as one request starts', () => {
      const seen: boolean[] = [];
      const unsubscribe = subscribeActivity((active) => seen.push(active));
      const end = startActivity();
      expect(document.body.innerHTML).toBe(
        '<div class="rw-progress rw-progress--active" aria-hidden="true" data-rw-progress=""></div>',
      );
      expect(seen).toEqual([true]);
      end();
      expect(seen).toEqual([true, false]);
      jest.advanceTimersByTime(500);
      unsubscribe();
    });

    it('tells a listener nothing after it unsubscribed', () => {
      const seen: boolean[] = [];
      const unsubscribe = subscribeActivity((active) => seen.push(active));
      unsubscribe();
      startActivity()();
      expect(seen).toEqual([]);
      jest.advanceTimersByTime(500);
    });

    it('restarts the fade when a request starts during it: the bar fades 500 ms after the last request ends', () => {
      startActivity()();
      const bar = document.querySelector('[data-rw-progress]');
      jest.advanceTimersByTime(100);
      const end = startActivity();
      expect(bar).toHaveClass('rw-progress--active');
      jest.advanceTimersByTime(300);
      end();
      jest.advanceTimersByTime(499);
      expect(bar).toHaveClass('rw-progress--done');
      jest.advanceTimersByTime(1);
      expect(bar).not.toHaveClass('rw-progress--done');
    });

    it('counts activity, and shows no bar, on a page without a body', () => {
      const body = document.body;
      document.documentElement.removeChild(body);
      try {
        const end = startActivity();
        expect(activeCount()).toBe(1);
        end();
        expect(activeCount()).toBe(0);
        expect(document.querySelector('[data-rw-progress]')).toBeNull();
      } finally {
        document.documentElement.appendChild(body);
      }
    });
  });
});

describe('page runtime: error reports', () => {
  // Each test starts on a clock 150 ms past the last one's end: the throttle is open.
  let start = 1_000_000;
  const fetchMock = jest.fn(() => Promise.resolve({ ok: true, status: 204 }));

  beforeEach(() => {
    jest.useFakeTimers({ now: start });
    fetchMock.mockClear();
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    setApiBase('');
  });

  afterEach(() => {
    start = Date.now() + REPORT_THROTTLE_MS;
    jest.useRealTimers();
  });

  it('builds the report with the fields of docs/product-rules.md section 3', () => {
    const report = buildErrorReport(new TypeError('boom'), { source: 'a.js', line: 3, column: 9 });
    expect(Object.keys(report).sort()).toEqual([
      'column',
      'line',
      'message',
      'pageUrl',
      'source',
      'stack',
      'time',
      'ua',
    ]);
    expect(report).toMatchObject({
      message: 'TypeError: boom',
      source: 'a.js',
      line: 3,
      column: 9,
      pageUrl: location.href,
    });
    expect(report.time).toBe(new Date(1_000_000).toISOString());
    expect(report.stack).toContain('boom');
  });

  it('cuts a long stack to its first 8000 characters', () => {
    const error = new Error('deep');
    error.stack = `Error: deep\n${'    at f (https://cdn.example/refund/1.js:1:42)\n'.repeat(400)}`;
    const report = buildErrorReport(error);
    expect(report.stack).toHaveLength(8000);
    expect(report.stack.startsWith('Error: deep\n    at f (https://cdn.example/refund/1.js:1:42)\n')).toBe(true);
  });

  it('posts at most one report per 150 ms under a storm', () => {
    const sent: boolean[] = [];
    for (let i = 0; i < 100; i += 1) {
      sent.push(reportError(new Error(`e${i}`)));
      jest.advanceTimersByTime(10); // 100 errors over 1 second
    }
    // 1000 ms / 150 ms → reports at 0, 150, 300, … 900: 7 reports.
    expect(fetchMock).toHaveBeenCalledTimes(7);
    expect(sent.filter(Boolean)).toHaveLength(7);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/report/error');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string).message).toBe('Error: e0');
  });

  it('uses the API base and never throws when the report itself fails', async () => {
    setApiBase('https://api.example.co.uk/');
    fetchMock.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    expect(() => reportError('plain text error')).not.toThrow();
    expect(fetchMock.mock.calls[0][0 as never]).toBe('https://api.example.co.uk/report/error');
    await Promise.resolve();
  });
});

describe('sendsCredentials: cookies only to a cross-origin API base', () => {
  afterEach(() => setApiBase(''));

  it('is false on the page origin (no API base, or a same-origin one)', () => {
    expect(sendsCredentials('/api/ProcessRefund')).toBe(false);
    setApiBase('/backend');
    expect(sendsCredentials('/backend/api/ProcessRefund')).toBe(false);
    setApiBase(location.origin);
    expect(sendsCredentials(`${location.origin}/api/ProcessRefund`)).toBe(false);
  });

  it('is true for requests to the cross-origin API base, and for no other origin', () => {
    setApiBase('https://api.rail.example/v1/');
    expect(sendsCredentials('https://api.rail.example/v1/api/ProcessRefund')).toBe(true);
    expect(sendsCredentials('https://api.rail.example/Refund/Status?bookingReference=X')).toBe(true);
    expect(sendsCredentials('https://evil.example/api/ProcessRefund')).toBe(false);
    expect(sendsCredentials('/Refund/Status')).toBe(false);
    expect(sendsCredentials('http://[bad')).toBe(false);
  });
});
