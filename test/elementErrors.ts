/**
 * Jest setup (jsdom): Testing Library's element errors print the DOM only when someone reads them
 * (docs/testing.md "Speed"), through the documented `configure({ getElementError })`.
 *
 * A findBy* query, or a getBy* query inside waitFor, is tried again at each DOM change until it
 * passes, and the errors of the failed tries are dropped unread. Testing Library's own
 * `getElementError` prints the whole DOM into each one: a twentieth of the CPU of the component
 * tests. Here each error keeps a copy of the container as it was (a deep clone, cheap beside the
 * print) and prints it the first time its `message` or `stack` is read: by `expect(…).toThrow`,
 * by Jest's report of a failed test, or by waitFor when it gives up (it passes the last error's
 * message to `getElementError` again; a message that already carries the print is kept as it is,
 * so the DOM is printed once).
 */
import { configure, getConfig, prettyDOM } from '@testing-library/react';

/** What Testing Library's own `getElementError` writes before the DOM print. */
const printHeading = () => `Ignored nodes: comments, ${getConfig().defaultIgnore}`;

/**
 * An element error whose DOM print is made on first read.
 *
 * @param message the query's message (may already carry a DOM print)
 * @param container the element or document the query searched, or nothing
 * @returns an Error named `TestingLibraryElementError`, as Testing Library's own
 */
function lazyElementError(message: string | null, container: Node | undefined): Error {
  const short = message ?? '';
  const error = new Error(short);
  error.name = 'TestingLibraryElementError';
  if (short.includes(printHeading()) || !container) return error;
  const copy = container.cloneNode(true) as Element | Document;
  let full: string | undefined;
  const fullMessage = () => {
    full ??= [short, `${printHeading()}\n${prettyDOM(copy)}`].filter(Boolean).join('\n\n');
    return full;
  };
  // A stack set from outside (waitFor copies the message it reads into a stack of its own) is kept.
  let stack = error.stack ?? '';
  let stackSet = false;
  Object.defineProperty(error, 'message', {
    configurable: true,
    enumerable: false,
    get: fullMessage,
    set: (value: string) => {
      full = value;
    },
  });
  Object.defineProperty(error, 'stack', {
    configurable: true,
    get: () => (stackSet ? stack : stack.replace(short, fullMessage())),
    set: (value: string) => {
      stack = value;
      stackSet = true;
    },
  });
  return error;
}

/** Installs the error factory; call once per test file (setup.ts). */
export function printDomWhenRead(): void {
  configure({ getElementError: (message, container) => lazyElementError(message, container) });
}
