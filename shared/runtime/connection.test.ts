/**
 * What the page knows of the connection (docs/offline.md "Offline, and back"): the browser's
 * events, `navigator.onLine === false` as a hint, and what the requests learnt.
 */

/** A fresh copy of the module, with `navigator.onLine` as given when it is first asked. */
function load(onLine = true) {
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(onLine);
  let connection: typeof import('./connection') | undefined;
  jest.isolateModules(() => {
    connection = jest.requireActual<typeof import('./connection')>('./connection');
  });
  return connection as typeof import('./connection');
}

afterEach(() => jest.restoreAllMocks());

test('online until told otherwise; a request with no answer means offline, one with an answer online again', () => {
  const connection = load();
  expect(connection.offlineReason()).toBeNull();
  connection.noteConnection(false);
  expect(connection.offlineReason()).toBe('no-answer');
  connection.noteConnection(true);
  expect(connection.offlineReason()).toBeNull();
});

test("the browser's offline event means offline for sure; its online event ends it", () => {
  const connection = load();
  connection.offlineReason();
  window.dispatchEvent(new Event('offline'));
  expect(connection.offlineReason()).toBe('browser');
  // A request that got no answer meanwhile does not make it less sure.
  connection.noteConnection(false);
  expect(connection.offlineReason()).toBe('browser');
  window.dispatchEvent(new Event('online'));
  expect(connection.offlineReason()).toBeNull();
});

test('after a request with no answer, the offline event makes it sure', () => {
  const connection = load();
  connection.noteConnection(false);
  window.dispatchEvent(new Event('offline'));
  expect(connection.offlineReason()).toBe('browser');
});

test('navigator.onLine false when first asked means offline; true proves nothing', () => {
  expect(load(false).offlineReason()).toBe('browser');
  const online = load(true);
  expect(online.offlineReason()).toBeNull();
  online.noteConnection(false);
  expect(online.offlineReason()).toBe('no-answer');
});

test('every way in starts following the events, once', () => {
  const added = jest.spyOn(window, 'addEventListener');
  const first = load();
  first.noteConnection(true);
  first.noteConnection(true);
  expect(added.mock.calls.map(([type]) => type).sort()).toEqual(['offline', 'online']);
  added.mockClear();
  load().subscribeConnection(() => undefined);
  expect(added.mock.calls.map(([type]) => type).sort()).toEqual(['offline', 'online']);
});

test('a listener hears each change once, and nothing after it unsubscribes', () => {
  const connection = load();
  const heard: (string | null)[] = [];
  const unsubscribe = connection.subscribeConnection(() => heard.push(connection.offlineReason()));
  connection.noteConnection(true);
  connection.noteConnection(false);
  connection.noteConnection(false);
  window.dispatchEvent(new Event('offline'));
  window.dispatchEvent(new Event('online'));
  expect(heard).toEqual(['no-answer', 'browser', null]);
  unsubscribe();
  connection.noteConnection(false);
  expect(heard).toHaveLength(3);
});
