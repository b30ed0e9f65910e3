/**
 * Money formatting (docs/product-rules.md section 9: amounts are integer pence, shown in GBP by dividing by 100).
 */

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/**
 * Formats an amount of money for display.
 *
 * @param pence amount in integer pence (a fraction is rounded to the nearest penny)
 * @returns the amount in pounds, e.g. `1250` → `'£12.50'`, `0` → `'£0.00'`, `123405` → `'£1,234.05'`,
 *   `-100` → `'-£1.00'` (docs/product-rules.md section 9)
 * @throws TypeError when `pence` is not a finite number (a programming error: server answers are
 *   validated before use)
 */
export function formatPence(pence: number): string {
  if (typeof pence !== 'number' || !Number.isFinite(pence)) {
    throw new TypeError(`formatPence: expected a finite number of pence, got ${String(pence)}`);
  }
  // `|| 0` turns -0 (e.g. from rounding -0.4) into 0, so no '-£0.00' is shown.
  return GBP.format(Math.round(pence) / 100 || 0);
}
