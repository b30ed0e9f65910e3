/**
 * The axios side after a prefetched first panel (docs/performance.md "First panel"): a press
 * after the first answer loads it before the page is idle. A file of its own, so that nothing has
 * loaded axios before the test.
 */
import { prefetchGet } from '@rw/page-runtime';
import { getJson } from './client';

const mockHttpLoaded = jest.fn();
jest.mock('./http', () => {
  mockHttpLoaded();
  return { api: {}, backoffMs: () => 0 };
});

afterEach(() => {
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
  delete (globalThis as { fetch?: unknown }).fetch;
});

it('is loaded at the first pointer press after the first answer, not at a key press before it', async () => {
  const idle = jest.fn();
  Object.assign(window, { requestIdleCallback: idle });
  Object.assign(globalThis, { fetch: jest.fn(() => Promise.resolve(new Response('{"b":2}', { status: 200 }))) });
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(mockHttpLoaded).not.toHaveBeenCalled();
  prefetchGet('/press-1');
  await expect(getJson('/press-1')).resolves.toEqual({ b: 2 });
  expect(mockHttpLoaded).not.toHaveBeenCalled();
  document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(mockHttpLoaded).toHaveBeenCalledTimes(1);
  expect(idle).not.toHaveBeenCalled();
});
