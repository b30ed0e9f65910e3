/**
 * Test helpers of the manual claim: a fake XMLHttpRequest for dropzone's uploads (axios calls are
 * mocked with axios-mock-adapter instead), and image files of given sizes.
 */
import { act } from '@testing-library/react';

/** A stand-in for the browser's XMLHttpRequest that records what dropzone sends and answers on demand. */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  readyState = 0;
  status = 0;
  responseType = '';
  responseText = '';
  timeout = 0;
  withCredentials = false;
  upload: { onprogress: ((event: unknown) => void) | null } = { onprogress: null };
  onload: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  ontimeout: ((event: unknown) => void) | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  answered = false;
  aborted = false;
  private responseHeaders: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData | null) {
    this.body = body;
    FakeXhr.requests.push(this);
  }

  abort() {
    this.aborted = true;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  /** Answers the request (inside act, so React state updates are flushed). */
  respond(status: number, body: string, contentType = 'application/json') {
    act(() => {
      this.answered = true;
      this.readyState = 4;
      this.status = status;
      this.responseText = body;
      this.responseHeaders['content-type'] = contentType;
      this.onload?.({});
    });
  }

  /** Requests sent and not yet answered or aborted. */
  static pending(): FakeXhr[] {
    return FakeXhr.requests.filter((xhr) => !xhr.answered && !xhr.aborted);
  }

  /** Installs the fake as `window.XMLHttpRequest`; returns the function that restores the real one. */
  static install(): () => void {
    const real = window.XMLHttpRequest;
    FakeXhr.requests = [];
    Object.defineProperty(window, 'XMLHttpRequest', { configurable: true, writable: true, value: FakeXhr });
    return () => Object.defineProperty(window, 'XMLHttpRequest', { configurable: true, writable: true, value: real });
  }
}

/** A file of `size` bytes; distinct names or `lastModified` make distinct files. */
export function fileOf(name: string, type: string, size = 2048, lastModified = 1_700_000_000_000): File {
  return new File([new Uint8Array(size)], name, { type, lastModified });
}

/** n distinct small PNG files named photo-1.png … */
export function photos(n: number, prefix = 'photo'): File[] {
  return Array.from({ length: n }, (_, i) => fileOf(`${prefix}-${i + 1}.png`, 'image/png', 4096 + i));
}
