/**
 * @jest-environment @stryker-mutator/jest-runner/jest-env/node
 *
 * The connection state where there is no window (a server render, a worker): nothing to follow,
 * and what the requests learnt still counts (docs/offline.md "Offline, and back"). The environment
 * is Jest's node one, wrapped as Stryker's documentation asks (docs/mutation-testing.md).
 */
import { noteConnection, offlineReason, subscribeConnection } from './connection';

test('without a window: online until a request gets no answer, and back with an answer', () => {
  expect(typeof window).toBe('undefined');
  const heard: (string | null)[] = [];
  subscribeConnection(() => heard.push(offlineReason()));
  expect(offlineReason()).toBeNull();
  noteConnection(false);
  noteConnection(true);
  expect(heard).toEqual(['no-answer', null]);
});
