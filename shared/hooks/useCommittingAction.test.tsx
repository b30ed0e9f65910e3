import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCommittingAction } from './useCommittingAction';

function Harness({ send }: { send: (key: string) => Promise<string> }) {
  const [state, run] = useCommittingAction(send);
  return (
    <>
      <button type="button" onClick={run} disabled={state.status === 'pending'}>
        Go
      </button>
      <button
        type="button"
        onClick={() => {
          run();
          run();
          run();
        }}
      >
        Triple
      </button>
      <p>{state.status === 'failed' ? `failed ${state.error.code}` : state.status}</p>
    </>
  );
}

test('repeated presses send one request; after success nothing more is sent', async () => {
  const send = jest.fn(async () => 'ok');
  render(<Harness send={send} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Triple' }));
  await screen.findByText('done');
  await user.click(screen.getByRole('button', { name: 'Go' }));
  expect(send).toHaveBeenCalledTimes(1);
});

test('after a failure the traveller retry reuses the Idempotency-Key; nothing is retried automatically', async () => {
  let fail = true;
  const send = jest.fn(async () => {
    if (fail) throw new Error('Network Error');
    return 'ok';
  });
  render(<Harness send={send} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Go' }));
  await screen.findByText('failed NETWORK_ERROR');
  await act(() => new Promise((r) => setTimeout(r, 20)));
  expect(send).toHaveBeenCalledTimes(1);
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Go' }));
  await screen.findByText('done');
  expect(send).toHaveBeenCalledTimes(2);
  const [firstKey, secondKey] = send.mock.calls.map((call) => (call as unknown as [string])[0]);
  expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(secondKey).toBe(firstKey);
});

test('a retry sends with the send function of the latest render, not the first one', async () => {
  const firstSend = jest.fn(async (): Promise<string> => {
    throw new Error('Network Error');
  });
  const latestSend = jest.fn(async () => 'ok');
  const { rerender } = render(<Harness send={firstSend} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Go' }));
  await screen.findByText('failed NETWORK_ERROR');
  rerender(<Harness send={latestSend} />);
  await user.click(screen.getByRole('button', { name: 'Go' }));
  await screen.findByText('done');
  expect(firstSend).toHaveBeenCalledTimes(1);
  expect(latestSend).toHaveBeenCalledTimes(1);
  const firstKey = (firstSend.mock.calls[0] as unknown as [string])[0];
  expect(latestSend).toHaveBeenCalledWith(firstKey);
});
