// @ts-check
/**
 * The reference backend's upload files (docs/uploads.md "On the reference backend"): the image
 * type told from the bytes, and the upload ids and the paths they give. Upload ids come from
 * `crypto.randomBytes` (144 bits, base64url, 24 characters); an id is checked against that shape
 * before it is used in a path, so no id can reach outside the uploads folder.
 */
'use strict';

const { randomBytes } = require('crypto');
const path = require('path');

/** The shape of every upload id this backend issues. */
const UPLOAD_ID = /^[A-Za-z0-9_-]{24}$/;
/** The extensions an upload's file may have. */
const EXTENSIONS = ['.png', '.jpg', '.gif'];

/** @typedef {'image/png' | 'image/jpeg' | 'image/gif'} ImageType */

/**
 * Magic numbers of the accepted image types.
 * @type {Array<{ type: ImageType, ext: string, bytes: number[] }>}
 */
const SIGNATURES = [
  { type: 'image/png', ext: '.png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', ext: '.jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', ext: '.gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { type: 'image/gif', ext: '.gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
];

/**
 * Tells the image type from the first bytes of a file.
 *
 * @param {Buffer} buffer the file's bytes
 * @returns {{ type: ImageType, ext: string } | null} JPEG, PNG or GIF, else null
 */
function sniffImageType(buffer) {
  if (!Buffer.isBuffer(buffer)) return null;
  // Past the end of a short buffer a byte reads as undefined, which matches no signature byte.
  const found = SIGNATURES.find(({ bytes }) => bytes.every((b, i) => buffer[i] === b));
  return found ? { type: found.type, ext: found.ext } : null;
}

/** A new upload id: 18 random bytes as base64url (24 characters, cannot be guessed). */
function newUploadId() {
  return randomBytes(18).toString('base64url');
}

/**
 * True for a string of the shape {@link newUploadId} makes.
 *
 * @param {unknown} value
 * @returns {value is string}
 */
function isUploadId(value) {
  return typeof value === 'string' && UPLOAD_ID.test(value);
}

/**
 * True for an extension an upload's file may have.
 *
 * @param {unknown} ext
 */
function isUploadExtension(ext) {
  return typeof ext === 'string' && EXTENSIONS.includes(ext);
}

/**
 * The path of an upload's file, refusing anything that is not a well-formed id or would leave
 * the uploads folder.
 *
 * @param {string} uploadsDir absolute folder of the uploads
 * @param {string} id an upload id
 * @param {string} ext `.png`, `.jpg` or `.gif`
 * @returns {string} the absolute path
 * @throws {Error} for a malformed id or extension
 */
function uploadPath(uploadsDir, id, ext) {
  if (!isUploadId(id) || !isUploadExtension(ext)) throw new Error('Invalid upload id');
  const file = path.resolve(uploadsDir, `${id}${ext}`);
  if (path.dirname(file) !== path.resolve(uploadsDir)) throw new Error('Invalid upload path');
  return file;
}

module.exports = { sniffImageType, newUploadId, isUploadId, isUploadExtension, uploadPath };
