/**
 * For test files that count error reports: Jest fakes `Date` alone (timers stay real; `Date` still
 * moves with them) and moves it on by the report throttle before each test, so the page-wide
 * throttle (docs/error-reports.md "When a report is sent") never holds back a test's first report.
 */
import { REPORT_THROTTLE_MS } from '@rw/page-runtime';

export function reportThrottleOpenInEachTest(): void {
  beforeAll(() => {
    jest.useFakeTimers({
      advanceTimers: true,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
  });
  beforeEach(() => jest.advanceTimersByTime(REPORT_THROTTLE_MS));
  afterAll(() => jest.useRealTimers());
}
