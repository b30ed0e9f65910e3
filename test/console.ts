/**
 * Expected console errors in Jest (docs/testing.md "Quiet output"): a test that expects the code
 * under test to log (a setup error is logged as well as shown) captures the log and asserts it;
 * any other console output fails the test (test/setup.ts).
 */

/**
 * Silences `console.error` for the rest of the current test and records what is logged.
 *
 * @returns a function giving each logged call so far, its arguments joined by spaces
 */
export function captureConsoleErrors(): () => string[] {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  return () => spy.mock.calls.map((args: unknown[]) => args.map(String).join(' '));
}
