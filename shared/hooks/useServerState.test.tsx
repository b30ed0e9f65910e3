import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { WidgetError } from '../errors/WidgetError';
import { useServerState } from './useServerState';

/** Loads `answers[url]` for the URL shown, as a widget loads its server state. */
function Harness({ load }: { load: (url: string) => Promise<string> }) {
  const [url, setUrl] = useState('/a');
  const { state, retry, attempt } = useServerState(() => load(url), [url]);
  return (
    <>
      <button type="button" onClick={() => setUrl('/b')}>
        Other booking
      </button>
      <p>{`attempt ${attempt}`}</p>
      {state.phase === 'loading' && <p>Loading</p>}
      {state.phase === 'ready' && <p>{`Answer: ${state.data}`}</p>}
      {state.phase === 'failed' && (
        <>
          <p>{`Failed: ${state.error.code}`}</p>
          <button type="button" onClick={retry}>
            Try again
          </button>
        </>
      )}
    </>
  );
}

/** A load whose answers the test settles by hand, in any order. */
function deferredLoads() {
  const calls: { url: string; resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const load = (url: string) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ url, resolve, reject });
    });
  return { calls, load };
}

test('shows loading, then the answer', async () => {
  const { calls, load } = deferredLoads();
  render(<Harness load={load} />);
  expect(screen.getByText('Loading')).toBeTruthy();
  calls[0].resolve('status of /a');
  expect(await screen.findByText('Answer: status of /a')).toBeTruthy();
  expect(calls.map((c) => c.url)).toEqual(['/a']);
});

test('a failure becomes a WidgetError; Try again loads again and counts the attempt', async () => {
  const { calls, load } = deferredLoads();
  render(<Harness load={load} />);
  calls[0].reject(new WidgetError('API_ERROR', 'Server is down', { status: 503 }));
  expect(await screen.findByText('Failed: API_ERROR')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(screen.getByText('Loading')).toBeTruthy();
  expect(screen.getByText('attempt 1')).toBeTruthy();
  calls[1].resolve('second try');
  expect(await screen.findByText('Answer: second try')).toBeTruthy();
});

test('an answer for inputs that changed is dropped, whether it arrives first or last', async () => {
  const { calls, load } = deferredLoads();
  render(<Harness load={load} />);
  await userEvent.click(screen.getByRole('button', { name: 'Other booking' }));
  expect(calls.map((c) => c.url)).toEqual(['/a', '/b']);
  calls[0].resolve('status of /a');
  await new Promise((r) => setTimeout(r, 0));
  expect(screen.getByText('Loading')).toBeTruthy();
  calls[1].resolve('status of /b');
  expect(await screen.findByText('Answer: status of /b')).toBeTruthy();
});

test('a change of input shows loading at once, never the earlier answer', async () => {
  const { calls, load } = deferredLoads();
  render(<Harness load={load} />);
  calls[0].resolve('status of /a');
  await screen.findByText('Answer: status of /a');
  await userEvent.click(screen.getByRole('button', { name: 'Other booking' }));
  expect(screen.queryByText('Answer: status of /a')).toBeNull();
  expect(screen.getByText('Loading')).toBeTruthy();
});
