/**
 * Code loaded on demand loads again after a failure (docs/offline.md "Code that loads again"):
 * the part says the connection is the problem, and a press of Try again or the browser's `online`
 * event loads it once more; any other error goes on to the widget's boundary.
 */
import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reportThrottleOpenInEachTest } from '../../test/reportClock';
import { LAZY_PART_RETRY, LAZY_PART_TEXT, LazyPart, reloadableLazy } from './lazyPart';

/** webpack's failure to load a chunk, as the chunk loader throws it. */
function chunkLoadError(): Error {
  const error = new Error('Loading chunk 347 failed.\n(error: https://cdn.example/refund/rw-http.1234abcd.js)');
  error.name = 'ChunkLoadError';
  return error;
}

const Loaded = ({ who }: { who: string }) => <p>Hello {who}</p>;

/**
 * A dynamic import that fails until `connection.back` is set. (React renders a tree that threw once
 * more before it shows the boundary, so a failure is asked for more than once.)
 */
function flakyImport() {
  const connection = { back: false };
  const load = jest.fn(() =>
    connection.back ? Promise.resolve({ default: Loaded }) : Promise.reject(chunkLoadError()),
  );
  return { connection, load };
}

class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>outer caught {String(this.state.error)}</p> : this.props.children;
  }
}

const fetchMock = jest.fn(() => Promise.resolve({ ok: true }));

reportThrottleOpenInEachTest();

beforeEach(() => {
  fetchMock.mockClear();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** The sources of the error reports sent. */
const reportSources = () =>
  (fetchMock.mock.calls as unknown as [string, { body: string }][]).map(([, init]) => JSON.parse(init.body).source);

test('the loaded component gets the props; the fallback shows while it loads', async () => {
  let arrive: (module: { default: typeof Loaded }) => void = () => undefined;
  const Part = reloadableLazy(() => new Promise<{ default: typeof Loaded }>((resolve) => (arrive = resolve)));
  render(
    <LazyPart fallback={<p>Loading the part…</p>}>
      <Part who="traveller" />
    </LazyPart>,
  );
  expect(screen.getByText('Loading the part…')).toBeInTheDocument();
  await act(async () => arrive({ default: Loaded }));
  expect(screen.getByText('Hello traveller')).toBeInTheDocument();
});

test('code that did not arrive: the connection text, no file name; Try again loads it again', async () => {
  const { connection, load } = flakyImport();
  const Part = reloadableLazy(load);
  render(
    <LazyPart fallback={<p>Loading the part…</p>}>
      <Part who="again" />
    </LazyPart>,
  );
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(LAZY_PART_TEXT);
  expect(LAZY_PART_TEXT).toBe('Part of this page could not be loaded. Check your connection, then try again.');
  expect(alert).not.toHaveTextContent(/chunk|rw-http|https:/);
  expect(reportSources()).toContain('code-load');
  const failedTries = load.mock.calls.length;
  // Failed, it waits for the traveller: no loop of loads behind the alert.
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(load.mock.calls.length).toBe(failedTries);
  expect(failedTries).toBeLessThanOrEqual(2);
  connection.back = true;

  await userEvent.click(screen.getByRole('button', { name: LAZY_PART_RETRY }));
  expect(await screen.findByText('Hello again')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(failedTries + 1);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the browser back online loads it again by itself', async () => {
  const { connection, load } = flakyImport();
  const Part = reloadableLazy(load);
  render(
    <LazyPart fallback={null}>
      <Part who="online" />
    </LazyPart>,
  );
  await screen.findByRole('alert');
  const failedTries = load.mock.calls.length;
  connection.back = true;
  await act(async () => window.dispatchEvent(new Event('online')));
  expect(await screen.findByText('Hello online')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(failedTries + 1);
});

test('online with nothing failed changes nothing; after unmount it is not listened to', async () => {
  const load = jest.fn().mockResolvedValue({ default: Loaded });
  const Part = reloadableLazy(load);
  const removed = jest.spyOn(window, 'removeEventListener');
  const { unmount } = render(
    <LazyPart fallback={null}>
      <Part who="once" />
    </LazyPart>,
  );
  await screen.findByText('Hello once');
  await act(async () => window.dispatchEvent(new Event('online')));
  expect(screen.getByText('Hello once')).toBeInTheDocument();
  unmount();
  expect(removed).toHaveBeenCalledWith('online', expect.any(Function));
  expect(load).toHaveBeenCalledTimes(1);
});

test('an error that is not a missing file goes on to the outer boundary', async () => {
  const Part = reloadableLazy(() => Promise.reject(new TypeError('broken code')));
  render(
    <Outer>
      <LazyPart fallback={null}>
        <Part who="nobody" />
      </LazyPart>
    </Outer>,
  );
  expect(await screen.findByText('outer caught TypeError: broken code')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(reportSources()).not.toContain('code-load');
});
