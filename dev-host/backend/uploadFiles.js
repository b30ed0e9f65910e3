// @ts-check
// Upload files: image types by their first bytes, upload ids (18 random bytes, base64url) and
// their paths, which cannot leave the uploads folder (docs/reference-backend.md "Code").
'use strict';

const { randomBytes } = require('crypto');
const path = require('path');

const UPLOAD_ID = /^[A-Za-z0-9_-]{24}$/;
const EXTENSIONS = ['.png', '.jpg', '.gif'];

/** @typedef {'image/png' | 'image/jpeg' | 'image/gif'} ImageType */

/** @type {Array<{ type: ImageType, ext: string, bytes: number[] }>} */
const SIGNATURES = [
  { type: 'image/png', ext: '.png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', ext: '.jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', ext: '.gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { type: 'image/gif', ext: '.gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
];

/** @type {(buffer: Buffer) => { type: ImageType, ext: string } | null} JPEG, PNG or GIF by its magic number */
function sniffImageType(buffer) {
  if (!Buffer.isBuffer(buffer)) return null;
  const found = SIGNATURES.find(({ bytes }) => bytes.every((b, i) => buffer[i] === b));
  return found ? { type: found.type, ext: found.ext } : null;
}

const newUploadId = () => randomBytes(18).toString('base64url');

/** @type {(value: unknown) => value is string} */
const isUploadId = (value) => typeof value === 'string' && UPLOAD_ID.test(value);

/** @param {unknown} ext */
const isUploadExtension = (ext) => typeof ext === 'string' && EXTENSIONS.includes(ext);

/** @type {(uploadsDir: string, id: string, ext: string) => string} absolute; throws for a malformed id or extension */
function uploadPath(uploadsDir, id, ext) {
  if (!isUploadId(id) || !isUploadExtension(ext)) throw new Error('Invalid upload id');
  const file = path.resolve(uploadsDir, `${id}${ext}`);
  if (path.dirname(file) !== path.resolve(uploadsDir)) throw new Error('Invalid upload path');
  return file;
}

module.exports = { sniffImageType, newUploadId, isUploadId, isUploadExtension, uploadPath };
