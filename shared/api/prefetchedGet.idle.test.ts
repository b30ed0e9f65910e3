/**
 * The axios side after a prefetched first panel (docs/performance.md "First panel"): the module
 * that holds the axios instance is loaded once, after the first panel. A file of its own, so that
 * nothing has loaded axios before the test (prefetchedGet.test.ts imports it to mock answers) and
 * the modules are imported at the top, as StrykerJS's per-test coverage needs
 * (docs/mutation-testing.md).
 */
import { prefetchGet } from '@rw/page-runtime';
import { getJson } from './client';

// The axios side is replaced by a module that counts its loads: the real one, loaded inside the
// test, would give its module-level code to this test alone under StrykerJS.
const mockHttpLoaded = jest.fn();
jest.mock('./http', () => {
  mockHttpLoaded();
  return { api: {}, backoffMs: () => 0 };
});

const fetchMock = jest.fn();

function answer(status: number, body: string) {
  return Promise.resolve(new Response(body, { status }));
}

afterEach(() => {
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
  delete (globalThis as { fetch?: unknown }).fetch;
});

it('is loaded once, when the page is idle 2 s after the first answer, however many prefetched answers were taken', async () => {
  const idle = jest.fn();
  Object.assign(window, { requestIdleCallback: idle });
  Object.assign(globalThis, { fetch: fetchMock });
  fetchMock.mockImplementation(() => answer(200, '{"a":1}'));
  jest.useFakeTimers();
  try {
    prefetchGet('/idle-1');
    prefetchGet('/idle-2');
    await expect(getJson('/idle-1')).resolves.toEqual({ a: 1 });
    await expect(getJson('/idle-2')).resolves.toEqual({ a: 1 });
    jest.advanceTimersByTime(1999);
    expect(idle).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle.mock.calls[0][1]).toEqual({ timeout: 3000 });
    expect(mockHttpLoaded).not.toHaveBeenCalled();
  } finally {
    jest.useRealTimers();
  }
  // What the idle callback runs loads the module that holds the axios instance.
  idle.mock.calls[0][0]();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(mockHttpLoaded).toHaveBeenCalledTimes(1);
});
