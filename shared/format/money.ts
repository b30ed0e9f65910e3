/**
 * Money formatting (docs/product-rules.md section 9: amounts are integer pence, shown in GBP by dividing by 100).
 *
 * The browser's own `Intl.NumberFormat` writes the amounts. It is made at the first amount shown,
 * not when the module loads: making it is the page's first use of the locale data (24–60 ms at
 * 4× CPU), which a first panel without an amount need not pay (docs/performance.md "Main thread of
 * the refund page").
 */

let gbp: Intl.NumberFormat | undefined;

/** The en-GB pounds sterling formatter, made once, on first use. */
const GBP = (): Intl.NumberFormat => (gbp ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }));

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
  return GBP().format(Math.round(pence) / 100 || 0);
}
