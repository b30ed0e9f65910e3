import { formatPence } from './money';

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

  it('makes the Intl formatter at the first amount shown, not when the module loads, and only once', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('./money')>('./money');
      expect(made).not.toHaveBeenCalled();
      expect(fresh.formatPence(1250)).toBe('£12.50');
      expect(fresh.formatPence(5)).toBe('£0.05');
    });
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
  });
});
