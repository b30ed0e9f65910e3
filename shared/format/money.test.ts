import fc from 'fast-check';
import { formatPence } from './money';

/** The browser's own GBP formatter, which formatPence writes like (shared/format/money.ts). */
const intlGbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

describe('formatPence', () => {
  it.each([
    [1250, '£12.50'],
    [0, '£0.00'],
    [123405, '£1,234.05'],
    [5, '£0.05'],
    [100000000, '£1,000,000.00'],
    [-100, '-£1.00'],
    [-1250, '-£12.50'],
  ])('formats %p pence as %p', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  // Up to a trillion pounds (10^14 pence); above that Intl's `pence / 100` in floating point loses
  // pennies, and formatPence stays exact.
  it('writes every whole amount up to a trillion pounds exactly as Intl.NumberFormat en-GB GBP does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), (pence) => {
        expect(formatPence(pence)).toBe(intlGbp.format(pence / 100 || 0));
      }),
      { numRuns: 2000 },
    );
    for (const pence of [1, 9, 10, 99, 100, 99999, 100000, 999999, 1000000, -5, -99999, -100000]) {
      expect(formatPence(pence)).toBe(intlGbp.format(pence / 100));
    }
  });

  it('rounds fractions of a penny as Intl.NumberFormat rounds the rounded pence (half up, -0.5 to zero)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (pence) => {
        expect(formatPence(pence)).toBe(intlGbp.format(Math.round(pence) / 100 || 0));
      }),
      { numRuns: 2000 },
    );
    expect(formatPence(1.5)).toBe('£0.02');
    expect(formatPence(-1.5)).toBe('-£0.01');
    expect(formatPence(-0.5)).toBe('£0.00');
    expect(formatPence(1e21)).toBe('£10,000,000,000,000,000,000.00');
    expect(formatPence(-7418086419859641)).toBe('-£74,180,864,198,596.41');
  });

  it('rounds a fraction of a penny and never shows a negative zero', () => {
    expect(formatPence(1249.6)).toBe('£12.50');
    expect(formatPence(-0.4)).toBe('£0.00');
    expect(formatPence(-0)).toBe('£0.00');
  });

  it('throws a TypeError for values that are not finite numbers', () => {
    expect(() => formatPence(Number.NaN)).toThrow(TypeError);
    expect(() => formatPence(Number.POSITIVE_INFINITY)).toThrow(TypeError);
    expect(() => formatPence('1250' as unknown as number)).toThrow(TypeError);
  });

  it('names the value it refused in the error message', () => {
    expect(() => formatPence(Number.NaN)).toThrow(
      new TypeError('formatPence: expected a finite number of pence, got NaN'),
    );
    expect(() => formatPence(Number.NEGATIVE_INFINITY)).toThrow(
      new TypeError('formatPence: expected a finite number of pence, got -Infinity'),
    );
  });
});
