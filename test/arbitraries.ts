/**
 * fast-check arbitraries shared by the property tests (Jest only).
 *
 * `codePoint` stands in for `fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })`: the same
 * values (any Unicode scalar value, surrogates excluded, as one string), without the reverse map of all
 * 1,114,112 code points that fast-check builds for that unit in every test file (about 0.8 s of
 * CPU each, measured; docs/testing.md "Speed").
 */
import fc from 'fast-check';

/** One UTF-16 code unit, lone surrogates included. */
export const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** The surrogate code points, U+D800 to U+DFFF, which are not scalar values. */
const SURROGATES = 0x800;

/** One Unicode scalar value (U+0000 to U+10FFFF, no surrogate), as a string of one or two code units. */
export const codePoint = fc
  .integer({ min: 0, max: 0x10ffff - SURROGATES })
  .map((code) => String.fromCodePoint(code < 0xd800 ? code : code + SURROGATES));
