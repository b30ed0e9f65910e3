/**
 * The faults of the fault matrix (docs/testing.md) for Jest tests that mock HTTP with
 * axios-mock-adapter: HTTP 500, a timeout, a dropped connection, malformed JSON, an empty body, the
 * JSON literal `null` (a 200 whose body is `null`, labelled `application/json`) and a slow answer
 * (half the client's timeout, then a good answer).
 */
import type MockAdapter from 'axios-mock-adapter';
import { configureClient } from '../shared/api/policy';
import { isWidgetError, type WidgetError } from '../shared/errors/WidgetError';

/** One fault of the matrix. */
export type Fault = '500' | 'timeout' | 'dropped' | 'malformed JSON' | 'empty body' | 'JSON null' | 'slow';

/** Every fault, in the order the README's tables list them. */
export const FAULTS: Fault[] = ['500', 'timeout', 'dropped', 'malformed JSON', 'empty body', 'JSON null', 'slow'];

/** The plain-text body of the 500 answers. */
export const SERVER_ERROR_TEXT = 'Internal error in the fares engine';

/** The body of the malformed JSON answers: JSON cut off in the middle. */
export const MALFORMED_JSON_TEXT = '{"answer": ';

/**
 * Answers a mocked route with `fault`: 500 with {@link SERVER_ERROR_TEXT}, a timeout, a network
 * error, a 200 whose JSON is cut off (labelled `application/json`), an empty 200, a 200 whose body
 * is the JSON literal `null` (labelled `application/json`), or, for `slow`, `ok` as JSON after
 * `slowMs`.
 *
 * @param handler e.g. `http.onGet(url)` or `http.onPost(path)`
 * @param ok the good answer (any JSON value) for a slow answer
 * @param slowMs the delay of a slow answer, shorter than the client's timeout
 */
export function answerWith(
  handler: ReturnType<MockAdapter['onAny']>,
  fault: Fault,
  ok: unknown,
  slowMs: number,
): MockAdapter {
  switch (fault) {
    case '500':
      return handler.reply(500, SERVER_ERROR_TEXT);
    case 'timeout':
      return handler.timeout();
    case 'dropped':
      return handler.networkError();
    case 'malformed JSON':
      return handler.reply(200, MALFORMED_JSON_TEXT, { 'content-type': 'application/json' });
    case 'empty body':
      return handler.reply(200, '');
    case 'JSON null':
      return handler.reply(200, 'null', { 'content-type': 'application/json' });
    case 'slow':
      return handler.withDelayInMs(slowMs).reply(200, JSON.stringify(ok));
  }
}

/**
 * Registers the hooks every fault-matrix file needs. Before each test: `http` reset, the client's
 * GET, POST and upload timeouts set to `timeoutMs` with one quick retry, `console.error` spied on and
 * `console.warn` silenced. After each: every unmount pushed to the returned list is called, no
 * `console.error` may have been logged, and mocks are restored.
 *
 * @returns the list each test pushes its mount's `unmount` to
 */
export function registerFaultMatrixHooks(http: MockAdapter, timeoutMs: number): (() => void)[] {
  const mounted: (() => void)[] = [];
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    http.reset();
    configureClient({
      timeouts: { get: timeoutMs, post: timeoutMs, upload: timeoutMs },
      retry: { retries: 1, baseDelayMs: 1 },
    });
    consoleError = jest.spyOn(console, 'error');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    mounted.splice(0).forEach((unmount) => unmount());
    expect(consoleError).not.toHaveBeenCalled();
    jest.restoreAllMocks();
  });
  return mounted;
}

/** Awaits `promise`, which must reject with a WidgetError, and returns that error (any other outcome fails the test). */
export async function widgetFailure(promise: Promise<unknown>): Promise<WidgetError> {
  try {
    await promise;
  } catch (error) {
    if (isWidgetError(error)) return error;
    throw error;
  }
  throw new Error('expected a failure');
}
