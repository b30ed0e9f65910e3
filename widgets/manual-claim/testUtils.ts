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

/**
 * The header of a JPEG, PNG or GIF of `width` × `height` pixels: enough for the browser's checks
 * (magic number, size from the header), which decode nothing. Other types give no bytes.
 */
export function imageHeader(type: string, width: number, height: number): Uint8Array {
  const be16 = (n: number) => [(n >> 8) & 255, n & 255];
  const be32 = (n: number) => [(n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];
  if (type === 'image/png') {
    const ihdr = [...be32(13), ...Array.from('IHDR', (c) => c.charCodeAt(0)), ...be32(width), ...be32(height)];
    return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...ihdr, 8, 2, 0, 0, 0, 0, 0, 0, 0]);
  }
  if (type === 'image/jpeg') {
    const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    return Uint8Array.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
  }
  if (type === 'image/gif') {
    return Uint8Array.from([
      0x47,
      0x49,
      0x46,
      0x38,
      0x39,
      0x61,
      width & 255,
      width >> 8,
      height & 255,
      height >> 8,
      0,
      0,
      0,
    ]);
  }
  return new Uint8Array(0);
}

/**
 * A file of `size` bytes: an image header of its type ({@link imageHeader}, 1600 × 1200 unless
 * given) padded with `fill`. Files differ by content when their sizes, fills or dimensions differ.
 */
export function fileOf(
  name: string,
  type: string,
  size = 2048,
  lastModified = 1_700_000_000_000,
  { width = 1600, height = 1200, fill = 0 }: { width?: number; height?: number; fill?: number } = {},
): File {
  const header = imageHeader(type, width, height);
  const bytes = new Uint8Array(Math.max(size, header.length)).fill(fill);
  bytes.set(header);
  return new File([bytes], name, { type, lastModified });
}

/** n small PNG files named photo-1.png …, each with other bytes. */
export function photos(n: number, prefix = 'photo'): File[] {
  return Array.from({ length: n }, (_, i) => fileOf(`${prefix}-${i + 1}.png`, 'image/png', 4096 + i));
}

/** Dropzone's canvas resize (absent in jsdom) as a resize that worked: a new blob of the same bytes. */
export function resizedCopy(file: Blob): Blob {
  return new Blob([file], { type: file.type });
}
