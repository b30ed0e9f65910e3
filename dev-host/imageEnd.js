// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * Where an uploaded image ends (docs/uploads.md "On the reference backend"): the offset just after
 * PNG's IEND chunk, GIF's trailer or JPEG's end-of-image marker, found by walking the format's
 * structure (chunks, blocks, segments and entropy-coded data), not by searching for the marker's
 * bytes, which can occur inside the image. Anything after that offset (an HTML page, a script, a
 * second file) is not part of the image, and the reference backend stores the image without it.
 */
'use strict';

/**
 * The end of a PNG: chunks (length, type, data, CRC) from byte 8 up to and including IEND.
 * @param {Buffer} buffer
 * @returns {number | null}
 */
function pngEnd(buffer) {
  let offset = 8;
  while (offset + 12 <= buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const next = offset + 12 + length;
    if (length > 0x7fffffff || next > buffer.length) return null;
    if (type === 'IEND') return next;
    offset = next;
  }
  return null;
}

/**
 * The end of a GIF: header, logical screen descriptor and global colour table, then extensions
 * (0x21) and images (0x2C), each with their data sub-blocks, up to and including the trailer 0x3B.
 * @param {Buffer} buffer
 * @returns {number | null}
 */
function gifEnd(buffer) {
  /** @param {number} packed */
  const colourTable = (packed) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  /**
   * Skips data sub-blocks from `offset`; returns the offset after the 0 terminator, or null.
   * @param {number} offset
   * @returns {number | null}
   */
  const skipSubBlocks = (offset) => {
    let at = offset;
    while (at < buffer.length) {
      const size = buffer[at];
      at += 1 + size;
      if (size === 0) return at;
    }
    return null;
  };
  if (buffer.length < 13) return null;
  /** @type {number | null} */
  let offset = 13 + colourTable(buffer[10]);
  while (offset !== null && offset < buffer.length) {
    const introducer = buffer[offset];
    if (introducer === 0x3b) return offset + 1;
    if (introducer === 0x21) {
      offset = skipSubBlocks(offset + 2);
    } else if (introducer === 0x2c) {
      if (offset + 10 > buffer.length) return null;
      offset = skipSubBlocks(offset + 10 + colourTable(buffer[offset + 9]) + 1);
    } else {
      return null;
    }
  }
  return null;
}

/**
 * The end of a JPEG: marker segments from the start-of-image, the entropy-coded data after each
 * start-of-scan (where 0xFF is followed by a stuffed 0x00 or a restart marker), up to and
 * including the first end-of-image marker 0xFFD9 outside a segment.
 * @param {Buffer} buffer
 * @returns {number | null}
 */
function jpegEnd(buffer) {
  let offset = 2;
  while (offset + 1 < buffer.length) {
    if (buffer[offset] !== 0xff) return null;
    const marker = buffer[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return offset + 2;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2; // a marker without a segment
      continue;
    }
    if (offset + 4 > buffer.length) return null;
    const next = offset + 2 + buffer.readUInt16BE(offset + 2);
    if (next > buffer.length) return null;
    offset = next;
    if (marker !== 0xda) continue;
    // Entropy-coded data until the next marker that is not a stuffed byte or a restart.
    while (offset + 1 < buffer.length) {
      if (buffer[offset] === 0xff) {
        const following = buffer[offset + 1];
        if (following === 0x00 || (following >= 0xd0 && following <= 0xd7) || following === 0xff) {
          offset += following === 0xff ? 1 : 2;
          continue;
        }
        break;
      }
      offset += 1;
    }
  }
  return null;
}

const FINDERS = { 'image/png': pngEnd, 'image/gif': gifEnd, 'image/jpeg': jpegEnd };

/**
 * The offset just after the end of the image in `buffer`.
 *
 * @param {Buffer} buffer the uploaded bytes, already sniffed as `type`
 * @param {'image/png' | 'image/gif' | 'image/jpeg'} type
 * @returns {number | null} the image's length in bytes (≤ `buffer.length`); null when the image
 *   is cut short or malformed, so that no end is found
 */
function imageEnd(buffer, type) {
  // A type outside the three finds no end (the caller sniffed it, but this is the last check).
  const finder = /** @type {Record<string, ((bytes: Buffer) => number | null) | undefined>} */ (FINDERS)[type];
  return finder && Buffer.isBuffer(buffer) ? finder(buffer) : null;
}

module.exports = { imageEnd };
