/**
 * What the browser checks on a chosen photo before any request and before any decoding (docs/product-rules.md
 * sections 5 and 9; docs/decisions.md "Uploads" and "Duplicate photos"; docs/uploads.md): the type from
 * the file's first bytes (its magic number, not its name), the width and height from the image's
 * header (image-size's JPEG, PNG and GIF readers, which parse headers and decode nothing), at most
 * 40 megapixels, and the SHA-256 digest of the file's bytes that finds a duplicate however the
 * photo was picked.
 */
import { GIF } from 'image-size/types/gif';
import { JPG } from 'image-size/types/jpg';
import { PNG } from 'image-size/types/png';
import { texts, REFUSAL } from './texts';
import { UPLOAD_LIMITS } from './validation';

/** The image types a claim accepts, as their MIME types. */
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/gif';

/** Magic numbers of the accepted types: PNG's 8-byte signature, JPEG's SOI and a marker, GIF87a/GIF89a. */
const SIGNATURES: { type: PhotoType; bytes: number[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
];

const READERS = { 'image/png': PNG, 'image/jpeg': JPG, 'image/gif': GIF } as const;

/**
 * The photo's type from its first bytes.
 *
 * @param bytes the file's bytes (the first 8 are enough)
 * @returns JPEG, PNG or GIF; null for anything else, including a near miss such as `FF D8 00`
 */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  const found = SIGNATURES.find(
    ({ bytes: magic }) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b),
  );
  return found ? found.type : null;
}

/**
 * The width and height in pixels written in the image's header; nothing is decoded.
 *
 * @param type the sniffed type ({@link sniffPhotoType})
 * @param bytes the file's bytes
 * @returns the size, or null when the header cannot be read or gives no size
 */
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
 * The SHA-256 digest of `bytes` as 64 hex digits, with the browser's `crypto.subtle`.
 *
 * @returns the digest, or null where `crypto.subtle` is missing (a page served over plain http
 *   from another host than localhost is not a secure context); the server still refuses a
 *   duplicate there (HTTP 409)
 */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the browser can decode the image, asked with `createImageBitmap` into a 1 × 1 bitmap
 * (so little is kept), after {@link checkPhoto} bounded its pixels. An image can load into an
 * `<img>` from its header alone and still fail to decode (a corrupt PNG does): it would then be
 * drawn as nothing and sent blank.
 *
 * @returns false when the browser cannot decode it; true when it can, or cannot tell (no
 *   `createImageBitmap`, as in old browsers: dropzone's own resize check still applies)
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
 * Checks a chosen file before any request: a JPEG, PNG or GIF by its bytes (else
 * {@link REFUSAL.wrongType}), a readable header (else
 * {@link texts.photoUnreadable}), at most {@link UPLOAD_LIMITS.maxPixels} pixels (else
 * {@link texts.tooManyPixels}), and its SHA-256 digest for the duplicate check.
 *
 * @param file the chosen file (at most 10 MiB: dropzone checks the size first)
 * @returns the check's outcome; never throws
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
