/**
 * The faults of the fault matrix (docs/testing.md) for Jest tests, answered at the network by Mock
 * Service Worker (test/api/server.ts): HTTP 500, a timeout, a dropped connection, malformed JSON, an
 * empty body, the JSON literal `null` (a 200 whose body is `null`, labelled `application/json`) and a
 * slow answer (half the client's timeout, then a good answer).
 */
import { delay, HttpResponse } from 'msw';
import { noAnswer } from './api/server';
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
 * The answer to a request with `fault`: 500 with {@link SERVER_ERROR_TEXT}, no answer (the client
 * times out), a network error, a 200 whose JSON is cut off (labelled `application/json`), an empty
 * 200, a 200 whose body is the JSON literal `null` (labelled `application/json`), or, for `slow`,
 * `ok` as JSON after `slowMs`. A resolver of `http.get(…)` or `http.post(…)` returns it.
 *
 * @param ok the good answer (any JSON value) for a slow answer
 * @param slowMs the delay of a slow answer, shorter than the client's timeout
 */
export async function faultAnswer(fault: Fault, ok: unknown, slowMs: number): Promise<Response> {
  const json = { 'Content-Type': 'application/json' };
  switch (fault) {
    case '500':
      return new HttpResponse(SERVER_ERROR_TEXT, { status: 500 });
    case 'timeout':
      return noAnswer();
    case 'dropped':
      return HttpResponse.error();
    case 'malformed JSON':
      return new HttpResponse(MALFORMED_JSON_TEXT, { headers: json });
    case 'empty body':
      return new HttpResponse('');
    case 'JSON null':
      return new HttpResponse('null', { headers: json });
    case 'slow':
      await delay(slowMs);
      return new HttpResponse(JSON.stringify(ok));
  }
}

/**
 * Registers the hooks every fault-matrix file needs. Before each test: the client's GET, POST and
 * upload timeouts set to `timeoutMs` with one quick retry, `console.error` spied on and
 * `console.warn` silenced. After each: every unmount pushed to the returned list is called, no
 * `console.error` may have been logged, and mocks are restored.
 *
 * @returns the list each test pushes its mount's `unmount` to
 */
export function registerFaultMatrixHooks(timeoutMs: number): (() => void)[] {
  const mounted: (() => void)[] = [];
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
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
