/**
 * Test helpers of the manual claim: a fake upload route on the test server (uploads go through the
 * request layer, docs/architecture.md "One request layer"), and image files of given sizes.
 */
import { act } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { route, server, xhrOf } from '../../api/server';

/** One upload that reached the fake server: what was sent, and a way to answer it. */
export class FakeUpload {
  answered = false;
  /** Whether the widget aborted it (the photo was removed). */
  aborted = false;
  readonly url: string;
  constructor(
    private readonly request: Request,
    /** The multipart body. */
    readonly body: FormData,
    private readonly settle: (response: Response) => void,
  ) {
    this.url = new URL(request.url).pathname;
    // The browser cancels the request on `abort()`; jsdom, whose `send` never ran, fires nothing.
    const xhr = xhrOf(request);
    if (xhr) {
      const abort = xhr.abort;
      Object.defineProperty(xhr, 'abort', {
        configurable: true,
        value: () => {
          this.aborted = true;
          abort();
        },
      });
    }
  }

  get method(): string {
    return this.request.method;
  }

  /** The request's headers, by name. */
  get headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    this.request.headers.forEach((value, name) => {
      headers[name.replace(/(^|-)[a-z]/g, (start) => start.toUpperCase())] = value;
    });
    return headers;
  }

  /** The name of the photo sent as the multipart field `file`. */
  get fileName(): string {
    return (this.body.get('file') as File).name;
  }

  /** Answers the upload (inside act, so React state updates are flushed). */
  async respond(status: number, body: string, contentType = 'application/json'): Promise<void> {
    this.answered = true;
    await act(async () => {
      this.settle(new HttpResponse(body, { status, headers: { 'Content-Type': contentType } }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }

  /** Ends the upload without an answer: a dropped connection. */
  async drop(): Promise<void> {
    this.answered = true;
    await act(async () => {
      this.settle(HttpResponse.error());
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** The uploads the widget sent to POST /tickets/upload, answered by hand: install it before each test. */
export class FakeUploads {
  static requests: FakeUpload[] = [];

  /** Uploads sent and not yet answered or aborted. */
  static pending(): FakeUpload[] {
    return FakeUploads.requests.filter((upload) => !upload.answered && !upload.aborted);
  }

  /** Makes the server hold every upload until the test answers it; forgets the uploads of earlier tests. */
  static install(path = '/tickets/upload'): void {
    FakeUploads.requests = [];
    server.use(
      route('post', path, async ({ request }) => {
        const body = await request.clone().formData();
        return new Promise<Response>((settle) => {
          FakeUploads.requests.push(new FakeUpload(request, body, settle));
        });
      }),
    );
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
