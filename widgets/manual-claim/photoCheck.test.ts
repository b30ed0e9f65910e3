/**
 * The photo checks on their own (photoCheck.ts; docs/uploads.md), each exported function's rules:
 * the type by the first bytes, never the name; the size from the header, decoding nothing; the
 * limit is the photo's area, 40 megapixels, never a limit per side, so portrait and wide photos
 * of a phone pass; the digest that finds a duplicate; and the decode check before the resize.
 */
import { canDecode, checkPhoto, headerSize, sha256Hex, sniffPhotoType } from './photoCheck';
import { fileOf, imageHeader } from '../../test/widgets/manual-claim/testUtils';
import { REFUSAL, texts } from './texts';
import { UPLOAD_LIMITS } from './validation';

describe('checkPhoto: at most 40 megapixels, by area', () => {
  it.each([
    ['a 24-megapixel portrait', 4000, 6000],
    ['a 36-megapixel wide photo', 9000, 4000],
    ['a 40-megapixel photo, the limit itself', 8000, 5000],
    ['a tall strip', 1000, 40000],
  ])('accepts %s (%i × %i)', async (_name, width, height) => {
    expect(width * height).toBeLessThanOrEqual(UPLOAD_LIMITS.maxPixels);
    const result = await checkPhoto(fileOf('photo.jpg', 'image/jpeg', 4096, 1, { width, height }));
    expect(result).toMatchObject({ ok: true, type: 'image/jpeg', width, height });
  });

  it.each([
    ['one pixel row over the limit', 8000, 5001],
    ['a 42-megapixel wide photo', 10500, 4000],
    ['a square of 6325 × 6325', 6325, 6325],
  ])('refuses %s (%i × %i) with the message naming its size', async (_name, width, height) => {
    expect(width * height).toBeGreaterThan(UPLOAD_LIMITS.maxPixels);
    const result = await checkPhoto(fileOf('photo.png', 'image/png', 4096, 1, { width, height }));
    expect(result).toEqual({ ok: false, message: texts.tooManyPixels(width, height) });
  });
});

describe('the header readers', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif'] as const)('read %s type and size from the header', (type) => {
    const bytes = imageHeader(type, 4000, 6000);
    expect(sniffPhotoType(bytes)).toBe(type);
    expect(headerSize(type, bytes)).toEqual({ width: 4000, height: 6000 });
  });
});

describe('sniffPhotoType: the type by the magic number', () => {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG (SOI and a marker)', [0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    ['GIF87a', [0x47, 0x49, 0x46, 0x38, 0x37, 0x61], 'image/gif'],
    ['GIF89a', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 'image/gif'],
  ])('knows %s', (_name, bytes, type) => {
    expect(sniffPhotoType(Uint8Array.from([...bytes, 0, 0, 0]))).toBe(type);
    // The signature alone is enough, nothing after it is needed.
    expect(sniffPhotoType(Uint8Array.from(bytes))).toBe(type);
  });

  it.each([
    ['a near-miss JPEG, FF D8 00', [0xff, 0xd8, 0x00, 0xe0]],
    ['GIF88a, no GIF version', [0x47, 0x49, 0x46, 0x38, 0x38, 0x61]],
    ['a PNG signature with its last byte changed', [...PNG.slice(0, 7), 0x0b]],
    ['a PNG signature cut short', PNG.slice(0, 7)],
    ['a JPEG start cut short', [0xff, 0xd8]],
    ['a PDF', Array.from('%PDF-1.7', (c) => c.charCodeAt(0))],
    ['a WebP', Array.from('RIFF\0\0\0\0WEBP', (c) => c.charCodeAt(0))],
    ['no bytes', []],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffPhotoType(Uint8Array.from(bytes))).toBeNull();
  });
});

describe('headerSize: the size written in the header', () => {
  it('is null when the header is not of the type given', () => {
    expect(headerSize('image/jpeg', imageHeader('image/png', 800, 600))).toBeNull();
    expect(headerSize('image/gif', imageHeader('image/jpeg', 800, 600))).toBeNull();
  });

  it('is null when the header gives no width or no height', () => {
    expect(headerSize('image/png', imageHeader('image/png', 0, 600))).toBeNull();
    expect(headerSize('image/png', imageHeader('image/png', 800, 0))).toBeNull();
    expect(headerSize('image/gif', imageHeader('image/gif', 0, 0))).toBeNull();
  });

  it('is null, never a throw, for a header cut short or without a size', () => {
    expect(headerSize('image/png', imageHeader('image/png', 800, 600).slice(0, 12))).toBeNull();
    // A JPEG with no frame header (SOFn): nothing says its size.
    const noFrame = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0), 0xff, 0xd9]);
    expect(headerSize('image/jpeg', noFrame)).toBeNull();
    expect(headerSize('image/jpeg', imageHeader('image/jpeg', 800, 600).slice(0, 8))).toBeNull();
  });
});

/** Runs `run` with `crypto.subtle` taken away (a page that is not a secure context), then puts it back. */
async function withoutSubtle<T>(run: () => Promise<T>): Promise<T> {
  const own = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle');
  Object.defineProperty(globalThis.crypto, 'subtle', { configurable: true, value: undefined });
  try {
    return await run();
  } finally {
    if (own) Object.defineProperty(globalThis.crypto, 'subtle', own);
    else delete (globalThis.crypto as { subtle?: unknown }).subtle;
  }
}

const ABC = Uint8Array.from([0x61, 0x62, 0x63]);

describe('sha256Hex: the digest that finds a duplicate', () => {
  it('is the SHA-256 of the bytes as 64 lower-case hex digits, leading zeros kept', async () => {
    expect(await sha256Hex(ABC)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // The digest of no bytes starts with 0xe3, of one zero byte with 0x6e; a byte below 16 keeps its 0.
    expect(await sha256Hex(new Uint8Array(0))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex(Uint8Array.from([0]))).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
  });

  it('is null where the browser has no crypto.subtle', async () => {
    expect(await withoutSubtle(() => sha256Hex(ABC))).toBeNull();
  });
});

describe('canDecode: the browser decodes the photo before it is resized', () => {
  const photo = fileOf('photo.png', 'image/png');
  const bitmaps = globalThis as { createImageBitmap?: unknown };

  afterEach(() => {
    delete bitmaps.createImageBitmap;
  });

  it('cannot tell, so lets the photo through, where the browser has no createImageBitmap', async () => {
    expect(bitmaps.createImageBitmap).toBeUndefined();
    expect(await canDecode(photo)).toBe(true);
  });

  it('asks for a 1 × 1 bitmap, closes it at once, and says yes', async () => {
    const close = jest.fn();
    const createImageBitmap = jest.fn().mockResolvedValue({ close });
    bitmaps.createImageBitmap = createImageBitmap;
    expect(await canDecode(photo)).toBe(true);
    expect(createImageBitmap).toHaveBeenCalledWith(photo, { resizeWidth: 1, resizeHeight: 1 });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('says no when the browser cannot decode it', async () => {
    bitmaps.createImageBitmap = jest.fn().mockRejectedValue(new DOMException('The source image could not be decoded.'));
    expect(await canDecode(photo)).toBe(false);
  });
});

describe('checkPhoto: the checks in order, before any request', () => {
  afterEach(() => jest.restoreAllMocks());

  it('refuses a file that is no JPEG, PNG or GIF by its bytes, whatever its name and type say', async () => {
    const text = new File(['not a photo at all'], 'ticket.jpg', { type: 'image/jpeg' });
    expect(await checkPhoto(text)).toEqual({ ok: false, message: REFUSAL.wrongType });
  });

  it('takes the type from the bytes: a PNG named .jpg is a PNG', async () => {
    const result = await checkPhoto(
      new File([Uint8Array.from(imageHeader('image/png', 800, 600))], 'ticket.jpg', { type: 'image/jpeg' }),
    );
    expect(result).toMatchObject({ ok: true, type: 'image/png', width: 800, height: 600 });
  });

  it('refuses a photo whose header gives no size as one it could not open', async () => {
    const cut = new File([Uint8Array.from(imageHeader('image/png', 800, 600).slice(0, 12))], 'cut.png', {
      type: 'image/png',
    });
    expect(await checkPhoto(cut)).toEqual({ ok: false, message: texts.photoUnreadable });
  });

  it('refuses a file the browser cannot read as one it could not open', async () => {
    const gone = fileOf('gone.png', 'image/png');
    Object.defineProperty(gone, 'arrayBuffer', { value: () => Promise.reject(new DOMException('NotReadableError')) });
    expect(await checkPhoto(gone)).toEqual({ ok: false, message: texts.photoUnreadable });
  });

  it('gives the digest of the file’s bytes, the same for the same bytes under another name', async () => {
    const first = fileOf('photo.png', 'image/png', 4096);
    const again = fileOf('copy of photo.png', 'image/png', 4096, 42);
    const other = fileOf('other.png', 'image/png', 4097);
    const digest = await sha256Hex(new Uint8Array(await first.arrayBuffer()));
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await checkPhoto(first)).toEqual({ ok: true, type: 'image/png', width: 1600, height: 1200, digest });
    expect(await checkPhoto(again)).toMatchObject({ ok: true, digest });
    expect(await checkPhoto(other)).toMatchObject({ ok: true, digest: expect.not.stringMatching(digest as string) });
  });

  it('accepts the photo without a digest where there is no crypto.subtle or the digest fails', async () => {
    const photo = fileOf('photo.gif', 'image/gif');
    const accepted = { ok: true, type: 'image/gif', width: 1600, height: 1200, digest: null };
    expect(await withoutSubtle(() => checkPhoto(photo))).toEqual(accepted);
    jest.spyOn(globalThis.crypto.subtle, 'digest').mockRejectedValueOnce(new DOMException('OperationError'));
    expect(await checkPhoto(photo)).toEqual(accepted);
  });
});
