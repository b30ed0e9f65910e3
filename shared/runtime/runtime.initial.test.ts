/**
 * The page runtime as a page first loads it (a file of its own: the module's state is fresh, and
 * it is imported at the top, as StrykerJS's per-test coverage needs; docs/mutation-testing.md).
 */
import { reportError } from './index';

const fetchMock = jest.fn(() => Promise.resolve({ ok: true, status: 204 }));

beforeEach(() => {
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
});

afterAll(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

it('sends the first report at once, to the page origin when the host never set an API base', () => {
  expect(reportError(new Error('first on this page'))).toBe(true);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/report/error');
});
