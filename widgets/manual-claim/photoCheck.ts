/**
 * What the browser checks on a chosen photo before any request or decoding (docs/uploads.md "In the browser, before
 * any request"): the type by its bytes, the size from its header, at most 40 megapixels, and its SHA-256 digest.
 */
import { GIF } from 'image-size/types/gif';
import { JPG } from 'image-size/types/jpg';
import { PNG } from 'image-size/types/png';
import { texts, REFUSAL } from './texts';
import { UPLOAD_LIMITS } from './validation';

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/gif';

/** Magic numbers: PNG's 8-byte signature, JPEG's SOI and a marker, GIF87a/GIF89a. */
const SIGNATURES: { type: PhotoType; bytes: number[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
];

const READERS = { 'image/png': PNG, 'image/jpeg': JPG, 'image/gif': GIF } as const;

/** The photo's type from its first 8 bytes; null for anything else, a near miss such as `FF D8 00` too. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  const found = SIGNATURES.find(
    ({ bytes: magic }) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b),
  );
  return found ? found.type : null;
}

/** Width and height in pixels from the image's header, decoding nothing; null when it gives none. */
export function headerSize(type: PhotoType, bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const reader = READERS[type];
    if (!reader.validate(bytes)) return null;
    const { width, height } = reader.calculate(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null; // a corrupt header (image-size throws on one)
  }
}

/**
 * The SHA-256 of `bytes` as 64 hex digits; null without `crypto.subtle` (not a secure context), where the server
 * still refuses a duplicate (409).
 */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the browser can decode the image (into a 1 × 1 bitmap): a corrupt PNG loads from its header and would be
 * sent blank. True when it cannot tell (no `createImageBitmap`).
 */
export async function canDecode(file: Blob): Promise<boolean> {
  if (typeof globalThis.createImageBitmap !== 'function') return true;
  try {
    const bitmap = await globalThis.createImageBitmap(file, { resizeWidth: 1, resizeHeight: 1 });
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/** The outcome of {@link checkPhoto}: the photo's digest and size, or why it is refused. */
export type PhotoCheck =
  { ok: true; type: PhotoType; width: number; height: number; digest: string | null } | { ok: false; message: string };

/**
 * Checks a chosen file (at most 10 MiB: dropzone checks first) before any request: type by its bytes, a readable
 * header, at most {@link UPLOAD_LIMITS.maxPixels} pixels, and its digest. Never throws.
 */
export async function checkPhoto(file: Blob): Promise<PhotoCheck> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, message: texts.photoUnreadable };
  }
  const type = sniffPhotoType(bytes);
  if (!type) return { ok: false, message: REFUSAL.wrongType };
  const size = headerSize(type, bytes);
  if (!size) return { ok: false, message: texts.photoUnreadable };
  if (size.width * size.height > UPLOAD_LIMITS.maxPixels) {
    return { ok: false, message: texts.tooManyPixels(size.width, size.height) };
  }
  let digest: string | null;
  try {
    digest = await sha256Hex(bytes);
  } catch {
    digest = null;
  }
  return { ok: true, type, ...size, digest };
}
