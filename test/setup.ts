/**
 * Jest setup: jest-dom matchers, a test that writes to the console fails (docs/testing.md "Quiet
 * output"), and the jsdom gaps our code relies on.
 */
import '@testing-library/jest-dom';
import failOnConsole from 'jest-fail-on-console';
import { TextDecoder, TextEncoder } from 'util';
import { printDomWhenRead } from './elementErrors';

// An expected error is asserted (`jest.spyOn(console, 'error').mockImplementation(…)` and an
// `expect` on its calls), never printed: any other console output fails its test.
failOnConsole({ shouldFailOnError: true, shouldFailOnWarn: true, shouldFailOnLog: true, shouldFailOnInfo: true });

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no HTMLDialogElement.showModal/close: model the open state and
// the `cancel` event that Escape fires in browsers. Focus trapping itself is tested in Chromium.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dialogs = Array.from(document.querySelectorAll('dialog[open]'));
    const top = dialogs[dialogs.length - 1];
    if (top) top.dispatchEvent(new Event('cancel', { cancelable: true }));
  });
}

// jsdom's Blob has no arrayBuffer(), and its window has no crypto.subtle; the manual claim reads a
// chosen photo's bytes and digests them (SHA-256) as browsers do: give jsdom both.
if (typeof Blob !== 'undefined' && !Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob): Promise<ArrayBuffer> {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}
// Mock Service Worker reads an upload's multipart body as a stream of each part's bytes.
if (typeof Blob !== 'undefined' && !Blob.prototype.stream) {
  Blob.prototype.stream = function stream(this: Blob) {
    return new ReadableStream<Uint8Array<ArrayBuffer>>({
      start: async (controller) => {
        controller.enqueue(new Uint8Array(await this.arrayBuffer()));
        controller.close();
      },
    });
  };
}
if (typeof window !== 'undefined' && window.crypto && !window.crypto.subtle) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  Object.defineProperty(window.crypto, 'subtle', { configurable: true, value: require('crypto').webcrypto.subtle });
}

// No test reaches the network (docs/testing.md "Faking the API"): Mock Service Worker answers every
// request of a jsdom test with test/api/handlers.ts or the test's own `server.use(…)`; a request no
// handler answers fails its test here. A file's own `@jest-environment jsdom` lacks the Fetch API
// MSW needs: there XMLHttpRequest refuses to send.
if (typeof window !== 'undefined' && typeof Response === 'undefined') {
  XMLHttpRequest.prototype.send = function refusedSend() {
    throw new Error('A test reached the network');
  };
} else if (typeof window !== 'undefined') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { server } = require('./api/server') as typeof import('./api/server');
  const unhandled: string[] = [];
  server.events.on('request:unhandled', ({ request }) => {
    unhandled.push(`${request.method} ${request.url}`);
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    const requests = unhandled.splice(0);
    expect({ 'requests no handler answered': requests }).toEqual({ 'requests no handler answered': [] });
  });
  afterAll(() => server.close());
}

if (typeof window !== 'undefined') printDomWhenRead();
