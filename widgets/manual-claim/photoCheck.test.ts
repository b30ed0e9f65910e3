/**
 * The photo checks on their own (photoCheck.ts; docs/uploads.md): the limit is the photo's area,
 * 40 megapixels, never a limit per side, so portrait and wide photos of a phone pass.
 */
import { checkPhoto, headerSize, sniffPhotoType } from './photoCheck';
import { fileOf, imageHeader } from '../../test/widgets/manual-claim/testUtils';
import { texts } from './texts';
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
