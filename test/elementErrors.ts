/**
 * Jest setup (jsdom): Testing Library's element errors without a print of the DOM while a query
 * is being retried (docs/testing.md "Speed").
 *
 * A findBy* query, or a getBy* query inside waitFor, is tried again at each DOM change until it
 * passes, and the errors of the failed tries are dropped. Testing Library still prints the whole
 * DOM into each one: a twentieth of the CPU of the component tests. While it retries (its
 * `_disableExpensiveErrorDiagnostics` flag, set by waitFor around each try), the error here
 * carries the message alone. If waitFor gives up, it passes the last error's message to
 * `getElementError` again, outside the retry, and the DOM is printed once as before; the error's
 * `stack`, which Jest prints, follows the message it then has. Outside waitFor nothing changes.
 */
import { configure, getConfig } from '@testing-library/react';

/** Installs the error factory; call once per test file (setup.ts). */
export function printDomOnlyWhenFinal(): void {
  const withDom = getConfig().getElementError;
  configure({
    getElementError(message, container) {
      const retrying = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
        ._disableExpensiveErrorDiagnostics;
      if (!retrying) return withDom(message, container);
      const short = message ?? '';
      const error = new Error(short);
      error.name = 'TestingLibraryElementError';
      let stack = error.stack ?? '';
      Object.defineProperty(error, 'stack', {
        configurable: true,
        get: () => stack.replace(short, error.message),
        set: (value: string) => {
          stack = value;
        },
      });
      return error;
    },
  });
}
