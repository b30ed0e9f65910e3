// @ts-check
// Where an uploaded image ends, by walking its format's structure: the marker's bytes can occur
// inside the image (docs/uploads.md "On the reference backend").
'use strict';

/** @param {Buffer} buffer chunks (length, type, data, CRC) from byte 8 up to IEND */
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

/** @param {Buffer} buffer header and colour table, then extensions (0x21) and images (0x2C) up to 0x3B */
function gifEnd(buffer) {
  /** @param {number} packed */
  const colourTable = (packed) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  /** @type {(offset: number) => number | null} after the data sub-blocks' 0 terminator */
  const skipSubBlocks = (offset) => {
    for (let at = offset; at < buffer.length; at += 1 + buffer[at]) if (buffer[at] === 0) return at + 1;
    return null;
  };
  if (buffer.length < 13) return null;
  /** @type {number | null} */
  let offset = 13 + colourTable(buffer[10]);
  while (offset !== null && offset < buffer.length) {
    const introducer = buffer[offset];
    if (introducer === 0x3b) return offset + 1;
    if (introducer === 0x21) offset = skipSubBlocks(offset + 2);
    else if (introducer !== 0x2c || offset + 10 > buffer.length) return null;
    else offset = skipSubBlocks(offset + 10 + colourTable(buffer[offset + 9]) + 1);
  }
  return null;
}

/** @param {Buffer} buffer segments and entropy-coded data up to the first 0xFFD9 outside a segment */
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
    // Entropy-coded data: up to a marker that is not a stuffed byte, a restart or fill.
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
 * The offset just after the image's end.
 * @param {Buffer} buffer
 * @param {'image/png' | 'image/gif' | 'image/jpeg'} type as sniffed
 * @returns {number | null} null when cut short or malformed (or another type)
 */
function imageEnd(buffer, type) {
  const finder = /** @type {Record<string, ((bytes: Buffer) => number | null) | undefined>} */ (FINDERS)[type];
  return finder && Buffer.isBuffer(buffer) ? finder(buffer) : null;
}

module.exports = { imageEnd };
