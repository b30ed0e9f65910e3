/**
 * Error reporting end to end (docs/decisions.md "Hostile input and error reporting"; docs/product-rules.md sections 3, 7 and 9; docs/error-reports.md
 * "When a report is sent"): uncaught errors (`window.onerror`), unhandled rejections and
 * error-boundary catches of a widget mounted with createMount reach `POST /report/error` with
 * exactly the fields of docs/product-rules.md section 3; a storm sends at most one report per 150 ms; a report
 * whose own sending fails never causes another report and never throws out.
 */
import { act, createElement } from 'react';
import fc from 'fast-check';
import { createMount } from '../mount/createMount';
import { WIDGET_CRASH_TEXT } from '../mount/ErrorBoundary';
import { REPORT_THROTTLE_MS, installGlobalErrorHandlers, reportError, setApiBase } from './index';

const SEED = 20261123;
const REPORT_FIELDS = ['column', 'line', 'message', 'pageUrl', 'source', 'stack', 'time', 'ua'];

type FetchArgs = [string, RequestInit];
let fetchMock: jest.Mock;
/** `Date.now()` at each call of fetch. */
let sentAt: number[];

function installFetch(impl: (...args: FetchArgs) => unknown = () => Promise.resolve({ ok: true, status: 204 })) {
  sentAt = [];
  fetchMock = jest.fn((...args: FetchArgs) => {
    sentAt.push(Date.now());
    return impl(...args);
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
}

/** The JSON body of the n-th report. */
function report(n = 0): Record<string, unknown> {
  const [url, init] = fetchMock.mock.calls[n] as FetchArgs;
  expect(url).toBe('/report/error');
  expect(init.method).toBe('POST');
  expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  expect(init.keepalive).toBe(true); // still sent when the page is being left
  return JSON.parse(init.body as string) as Record<string, unknown>;
}

/** A report has exactly the docs/product-rules.md section 3 fields, each of the right type. */
function expectReportShape(body: Record<string, unknown>) {
  expect(Object.keys(body).sort()).toEqual(REPORT_FIELDS);
  expect(new Date(body.time as string).toISOString()).toBe(body.time);
  expect(typeof body.message).toBe('string');
  expect(body.message).not.toBe('');
  expect(typeof body.source).toBe('string');
  expect(Number.isInteger(body.line)).toBe(true);
  expect(Number.isInteger(body.column)).toBe(true);
  expect(body.ua).toBe(navigator.userAgent);
  expect(body.pageUrl).toBe(location.href);
  expect(typeof body.stack).toBe('string');
}

/** What a browser does for an uncaught error: an ErrorEvent on window (which also calls window.onerror). */
function uncaught(error: unknown, where = { filename: 'https://rail.example/app.js', lineno: 12, colno: 34 }) {
  let message = 'uncaught';
  try {
    message = error instanceof Error ? error.message : String(error);
  } catch {
    // a value that cannot be read; the browser would say less still
  }
  return window.dispatchEvent(new ErrorEvent('error', { error, message, ...where, cancelable: true }));
}

/** What a browser does for a rejected promise nobody handled (jsdom has no PromiseRejectionEvent). */
function unhandledRejection(reason: unknown) {
  const event = new Event('unhandledrejection', { cancelable: true });
  Object.defineProperty(event, 'reason', { value: reason });
  Object.defineProperty(event, 'promise', { value: Promise.resolve() });
  return window.dispatchEvent(event);
}

/** Lets pending promise callbacks run. */
async function flush() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

beforeAll(() => {
  installGlobalErrorHandlers();
  installGlobalErrorHandlers(); // once per page, whoever calls it
});

/** Each test starts a day after the last one ended: the throttle is open. */
let testStart = Date.parse('2027-01-16T08:00:00Z');

beforeEach(() => {
  jest.useFakeTimers({ now: testStart });
  setApiBase('');
  installFetch();
  document.body.innerHTML = '<div id="w"></div>';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  testStart = Date.now() + 24 * 3600 * 1000;
  jest.useRealTimers();
  jest.restoreAllMocks();
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('what reaches POST /report/error', () => {
  it('an uncaught error (window.onerror) with exactly the docs/product-rules.md fields', () => {
    const error = new TypeError('x is not a function');
    uncaught(error);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const body = report();
    expectReportShape(body);
    expect(body).toMatchObject({
      time: new Date(testStart).toISOString(),
      message: 'TypeError: x is not a function',
      source: 'https://rail.example/app.js',
      line: 12,
      column: 34,
      stack: error.stack,
    });
  });

  it('a cross-origin "Script error." with no error object', () => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.', filename: '', lineno: 0, colno: 0 }));
    const body = report();
    expectReportShape(body);
    expect(body).toMatchObject({ message: 'Script error.', source: '', line: 0, column: 0, stack: '' });
  });

  it('an error thrown in a timer that nobody catches', () => {
    // Real timers (an error in a fake one is thrown out of Jest's tick, not at the window).
    jest.useFakeTimers({ now: testStart, doNotFake: ['setTimeout', 'clearTimeout'] });
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        throw new RangeError('thrown in a timer');
      });
      setTimeout(() => {
        expect(fetchMock).toHaveBeenCalledTimes(1);
        const body = report();
        expectReportShape(body);
        expect(body.message).toBe('RangeError: thrown in a timer');
        expect(body.stack).toContain('thrown in a timer');
        resolve();
      }, 20);
    });
  });

  it.each([
    ['an Error', new Error('rejected'), 'Error: rejected'],
    ['a string', 'plain reason', 'plain reason'],
    ['an object', { code: 42 }, '{"code":42}'],
    ['undefined', undefined, 'undefined'],
  ])('an unhandled rejection with %s as reason', (_kind, reason, message) => {
    unhandledRejection(reason);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const body = report();
    expectReportShape(body);
    expect(body).toMatchObject({ message, source: '', line: 0, column: 0 });
    expect(body.stack).toBe(reason instanceof Error ? reason.stack : '');
  });

  it('an error-boundary catch in a widget mounted with createMount, shown in its mount point', () => {
    function Boom(): never {
      throw new Error('render failed');
    }
    const mount = createMount('demo', () => createElement(Boom));
    const element = document.getElementById('w') as HTMLElement;
    let unmount: () => void = () => undefined;
    act(() => {
      unmount = mount(element);
    });
    expect(element).toHaveTextContent(WIDGET_CRASH_TEXT);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const body = report();
    expectReportShape(body);
    expect(body).toMatchObject({ message: 'Error: render failed', source: 'widget:demo (render)', line: 0, column: 0 });
    expect(body.stack).toContain('render failed');
    act(() => unmount());
  });

  it('an error thrown while a widget reads its page data (createMount reports it with the widget as source)', () => {
    const mount = createMount('demo', () => {
      throw new SyntaxError('bad page data');
    });
    let unmount: () => void = () => undefined;
    act(() => {
      unmount = mount(document.getElementById('w') as HTMLElement);
    });
    const body = report();
    expectReportShape(body);
    expect(body).toMatchObject({ message: 'SyntaxError: bad page data', source: 'widget:demo' });
    act(() => unmount());
  });

  it('goes to the API base when the host sets one, with its cookies (the request policy, docs/cross-origin.md)', () => {
    setApiBase('https://api.rail.example/');
    uncaught(new Error('x'));
    expect(fetchMock.mock.calls[0][0]).toBe('https://api.rail.example/report/error');
    expect((fetchMock.mock.calls[0] as FetchArgs)[1].credentials).toBe('include');
  });

  it("carries the request policy's headers: X-Requested-With and the page's antiforgery token", () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="request-verification-token" content="page-token">');
    try {
      uncaught(new Error('x'));
      const [, init] = fetchMock.mock.calls[0] as FetchArgs;
      expect(init.headers).toEqual({
        'X-Requested-With': 'XMLHttpRequest',
        RequestVerificationToken: 'page-token',
        'Content-Type': 'application/json',
      });
      expect(init.credentials).toBe('same-origin');
    } finally {
      document.head.querySelector('meta[name="request-verification-token"]')?.remove();
    }
  });

  it('cuts the message to 2,000 characters and the stack to 8,000; an API base loses every trailing slash', () => {
    setApiBase('https://api.rail.example//');
    const error = new Error('m'.repeat(2500));
    error.stack = 's'.repeat(9000);
    uncaught(error);
    expect(fetchMock.mock.calls[0][0]).toBe('https://api.rail.example/report/error');
    const body = JSON.parse((fetchMock.mock.calls[0] as FetchArgs)[1].body as string) as Record<string, string>;
    expect([body.message.length, body.stack.length]).toEqual([2000, 8000]);
  });
});

describe('at most one report per 150 ms', () => {
  /** The reports a correct throttle sends for errors at `times` (ms): each one 150 ms or more after the last sent. */
  function expectedSends(times: number[]): number[] {
    const sent: number[] = [];
    for (const t of times) if (sent.length === 0 || t - sent[sent.length - 1] >= REPORT_THROTTLE_MS) sent.push(t);
    return sent;
  }

  /** Raises one error through one of the four routes. */
  function raise(i: number) {
    switch (i % 4) {
      case 0:
        uncaught(new Error(`storm ${i}`));
        break;
      case 1:
        unhandledRejection(new Error(`storm ${i}`));
        break;
      case 2:
        reportError(new Error(`storm ${i}`), { source: 'widget:demo' });
        break;
      default:
        uncaught(`storm ${i}`);
    }
  }

  it('a storm of 1000 errors in 1 s sends 7 reports, 150 ms apart, the first at once', () => {
    const start = Date.now();
    for (let i = 0; i < 1000; i += 1) {
      raise(i);
      jest.advanceTimersByTime(1);
    }
    expect(Date.now() - start).toBe(1000);
    expect(fetchMock.mock.calls.length).toBeLessThanOrEqual(Math.ceil(1000 / REPORT_THROTTLE_MS));
    expect(sentAt.map((t) => t - start)).toEqual([0, 150, 300, 450, 600, 750, 900]);
    sentAt.slice(1).forEach((t, i) => expect(t - sentAt[i]).toBeGreaterThanOrEqual(REPORT_THROTTLE_MS));
    expect(report(0).message).toBe('Error: storm 0');
    for (let n = 0; n < fetchMock.mock.calls.length; n += 1) expectReportShape(report(n));
  });

  it('1000 errors all in the same millisecond send one report; the next goes 150 ms later', () => {
    for (let i = 0; i < 1000; i += 1) raise(i);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(REPORT_THROTTLE_MS - 1);
    raise(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    raise(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('for random storms within 1 s: every report ≥ 150 ms after the last, and none dropped that was due', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 1000 }), (gaps) => {
        jest.advanceTimersByTime(REPORT_THROTTLE_MS);
        installFetch();
        const start = Date.now();
        const times: number[] = [];
        gaps.forEach((gap, i) => {
          if (Date.now() - start + gap >= 1000) return;
          jest.advanceTimersByTime(gap);
          times.push(Date.now() - start);
          raise(i);
        });
        const sent = sentAt.map((t) => t - start);
        expect(sent).toEqual(expectedSends(times));
        expect(sent.length).toBeLessThanOrEqual(Math.ceil(1000 / REPORT_THROTTLE_MS));
        sent.slice(1).forEach((t, i) => expect(t - sent[i]).toBeGreaterThanOrEqual(REPORT_THROTTLE_MS));
      }),
      { seed: SEED, numRuns: 40 },
    );
  });
});

describe('a report that fails to send', () => {
  /** A thenable that records whether a rejection handler was attached, then rejects. */
  function trackedRejection() {
    const tracker = { handled: false };
    const promise = Promise.reject(new TypeError('Failed to fetch'));
    const thenable = {
      then(onFulfilled?: unknown, onRejected?: (reason: unknown) => unknown) {
        if (typeof onRejected === 'function') tracker.handled = true;
        return promise.then(onFulfilled as never, onRejected);
      },
      catch(onRejected: (reason: unknown) => unknown) {
        tracker.handled = true;
        return promise.catch(onRejected);
      },
    };
    return { tracker, thenable };
  }

  const failures: [string, () => unknown][] = [
    ['rejects (offline)', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'rejects later, after the throttle window',
      () => new Promise((_resolve, reject) => setTimeout(() => reject(new TypeError('timeout')), 1000)),
    ],
    [
      'throws synchronously',
      () => {
        throw new TypeError('fetch is broken');
      },
    ],
    ['answers 500', () => Promise.resolve({ ok: false, status: 500, text: () => Promise.resolve('boom') })],
    ['returns something that is not a promise', () => undefined],
    [
      'raises an error event itself while sending',
      () => {
        uncaught(new Error('the reporter failed'));
        unhandledRejection(new Error('the reporter failed'));
        return Promise.reject(new Error('the reporter failed'));
      },
    ],
  ];

  it.each(failures)('never causes another report and never throws out when fetch %s', async (_name, impl) => {
    installFetch(impl);
    expect(() => uncaught(new Error('first'))).not.toThrow();
    expect(() => reportError(new Error('direct'))).not.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i += 1) {
      jest.advanceTimersByTime(REPORT_THROTTLE_MS);
      await flush();
    }
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(report(0).message).toBe('Error: first');
    // The next real error, later, is still reported: the failure did not break the reporter.
    installFetch();
    uncaught(new Error('later'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(report(0).message).toBe('Error: later');
  });

  it.each(failures.filter(([name]) => name === 'throws synchronously' || name.startsWith('returns something')))(
    'says no report was sent when fetch %s',
    (_name, impl) => {
      installFetch(impl);
      expect(reportError(new Error('direct'))).toBe(false);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    },
  );

  it('sends no second report when sending takes 150 ms and raises an error itself', () => {
    installFetch(() => {
      if (fetchMock.mock.calls.length === 1) {
        jest.advanceTimersByTime(REPORT_THROTTLE_MS);
        uncaught(new Error('the reporter failed'));
      }
      return Promise.resolve({ ok: true, status: 204 });
    });
    expect(reportError(new Error('first'))).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(report(0).message).toBe('Error: first');
  });

  it('an error raised while there is no fetch does not hold back the report of the next one', () => {
    delete (globalThis as { fetch?: unknown }).fetch;
    expect(reportError(new Error('no fetch yet'))).toBe(false);
    installFetch();
    expect(reportError(new Error('fetch is back'))).toBe(true);
    expect(report(0).message).toBe('Error: fetch is back');
  });

  it('handles the rejection of the fetch promise (no unhandled rejection of its own)', async () => {
    const { tracker, thenable } = trackedRejection();
    installFetch(() => thenable);
    expect(reportError(new Error('x'))).toBe(true);
    expect(tracker.handled).toBe(true);
    await flush();
  });

  it('never throws when there is no fetch', () => {
    delete (globalThis as { fetch?: unknown }).fetch;
    expect(reportError(new Error('no fetch'))).toBe(false);
    expect(() => uncaught(new Error('no fetch'))).not.toThrow();
  });

  it('still reports, and never throws for, thrown values that cannot be read', () => {
    const cyclic: Record<string, unknown> = Object.create(null);
    cyclic.self = cyclic;
    const hostile = new Error('hostile');
    Object.defineProperty(hostile, 'stack', {
      get() {
        throw new Error('stack getter');
      },
    });
    const values: [unknown, string][] = [
      [cyclic, 'An error that could not be read'],
      [hostile, 'An error that could not be read'],
      [Symbol('s'), 'Symbol(s)'],
      [BigInt(10), '10'],
    ];
    for (const [value, message] of values) {
      for (const raise of [
        () => reportError(value),
        () => uncaught(value, { filename: 'a.js', lineno: 1, colno: 2 }),
      ]) {
        installFetch();
        jest.advanceTimersByTime(REPORT_THROTTLE_MS);
        expect(raise).not.toThrow();
        expect(fetchMock).toHaveBeenCalledTimes(1);
        const body = report();
        expectReportShape(body);
        expect(body.message).toBe(message);
      }
    }
  });
});
