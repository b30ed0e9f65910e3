import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { WidgetError } from '../errors/WidgetError';
import type { Intent } from '../storage/intents';
import { useCommittingAction } from './useCommittingAction';

function Harness({ send, intent }: { send: (key: string) => Promise<string>; intent?: Intent }) {
  const [state, run] = useCommittingAction(send, intent ? () => intent : undefined);
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
      {state.status === 'done' && <p>{`answered at ${new Date(state.at).toISOString()}`}</p>}
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

describe('a confirmed intent kept in localStorage (docs/offline.md "Committing actions")', () => {
  const INTENT: Intent = { bookingReference: 'KXB7HT2N', action: 'refund', body: { protectedReference: 'pr_1' } };
  const STORED = 'rw-intent:KXB7HT2N:refund';
  const stored = () => JSON.parse(localStorage.getItem(STORED) ?? 'null') as { key: string } | null;

  afterEach(() => localStorage.clear());

  it('stores the key before the request leaves, and a reload (a new page) reuses it', async () => {
    const seen: (string | undefined)[] = [];
    const lost = jest.fn(async () => {
      seen.push(stored()?.key);
      throw new WidgetError('NETWORK_ERROR', 'Network Error');
    });
    const first = render(<Harness send={lost} intent={INTENT} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByText('failed NETWORK_ERROR');
    const firstKey = (lost.mock.calls[0] as unknown as [string])[0];
    expect(seen).toEqual([firstKey]);
    first.unmount();

    const answered = jest.fn(async () => 'ok');
    render(<Harness send={answered} intent={INTENT} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByText('done');
    expect(answered).toHaveBeenCalledWith(firstKey);
    expect(stored()).toBeNull();
  });

  it.each([
    ['a 422', new WidgetError('API_ERROR', 'refused', { status: 422 }), null],
    ['a 503', new WidgetError('API_ERROR', 'unavailable', { status: 503 }), 'kept'],
    ['a 429', new WidgetError('API_ERROR', 'slow down', { status: 429 }), 'kept'],
    ['a 409 (the same key still being processed)', new WidgetError('API_ERROR', 'busy', { status: 409 }), 'kept'],
    ['a timeout', new WidgetError('TIMEOUT', 'timeout of 60000ms exceeded'), 'kept'],
  ])('after %s the key is %s', async (_name, error, kept) => {
    const send = jest.fn(async (): Promise<string> => {
      throw error;
    });
    render(<Harness send={send} intent={INTENT} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByText(`failed ${error.code}`);
    const key = (send.mock.calls[0] as unknown as [string])[0];
    expect(stored()).toEqual(kept ? expect.objectContaining({ key }) : null);
  });
});

test('pressed while the browser is offline: nothing is sent and nothing changes; back online, one press sends once (docs/offline.md "Offline, and back")', async () => {
  const send = jest.fn(async () => 'ok');
  render(<Harness send={send} />);
  const user = userEvent.setup();
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  await user.click(screen.getByRole('button', { name: 'Triple' }));
  await act(() => new Promise((r) => setTimeout(r, 20)));
  expect(send).not.toHaveBeenCalled();
  expect(screen.getByText('idle')).toBeInTheDocument();

  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  await user.click(screen.getByRole('button', { name: 'Triple' }));
  await screen.findByText('done');
  expect(send).toHaveBeenCalledTimes(1);
});

test('after a request that only got no answer, a press does send: that is how the page learns it is back', async () => {
  const { noteConnection, offlineReason } = jest.requireActual<typeof import('@rw/page-runtime')>('@rw/page-runtime');
  noteConnection(false);
  expect(offlineReason()).toBe('no-answer');
  const send = jest.fn(async () => 'ok');
  render(<Harness send={send} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Go' }));
  await screen.findByText('done');
  expect(send).toHaveBeenCalledTimes(1);
  noteConnection(true);
});

test('success records when the answer arrived, not when the button was pressed (the receipt line’s instant)', async () => {
  let answer: (value: string) => void = () => undefined;
  const send = jest.fn(() => new Promise<string>((resolve) => (answer = resolve)));
  render(<Harness send={send} />);
  const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-25T14:04:00Z'));
  await userEvent.setup().click(screen.getByRole('button', { name: 'Go' }));
  clock.mockReturnValue(Date.parse('2026-11-25T14:05:00Z'));
  await act(async () => answer('ok'));
  clock.mockRestore();
  expect(await screen.findByText('answered at 2026-11-25T14:05:00.000Z')).toBeInTheDocument();
});

describe.each([
  [
    'no storage',
    () =>
      jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
        throw new DOMException('disabled', 'SecurityError');
      }),
  ],
  [
    'no crypto.subtle (a plain-HTTP page)',
    () => {
      const { crypto } = globalThis;
      jest.spyOn(globalThis, 'crypto', 'get').mockReturnValue({
        getRandomValues: crypto.getRandomValues.bind(crypto),
        randomUUID: crypto.randomUUID.bind(crypto),
      } as unknown as Crypto);
    },
  ],
])('with %s, the key follows the body in this page (docs/offline.md "Committing actions")', (_name, refuse) => {
  afterEach(() => jest.restoreAllMocks());

  function Changing({ send }: { send: (key: string) => Promise<string> }) {
    const [journey, setJourney] = useState(1);
    const [state, run] = useCommittingAction(send, () => ({
      bookingReference: 'NOSTORE1',
      action: 'replacement',
      body: { journeyId: journey },
    }));
    return (
      <>
        <button type="button" onClick={() => setJourney((n) => n + 1)}>
          Another journey
        </button>
        <button type="button" onClick={run}>
          Go
        </button>
        <p>{state.status === 'failed' ? `failed ${state.error.status ?? ''}` : state.status}</p>
      </>
    );
  }

  it('a retry of the same body reuses the key; a new body gets a new key, so it is not refused with 422', async () => {
    refuse();
    const sent: string[] = [];
    const send = jest.fn(async (key: string) => {
      sent.push(key);
      throw new WidgetError('API_ERROR', 'unavailable', { status: 503 });
    });
    render(<Changing send={send} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByText('failed 503');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Another journey' }));
    await screen.findByText('failed 503');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[1]).toBe(sent[0]);
    expect(sent[2]).not.toBe(sent[0]);
    expect(sent[2]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
