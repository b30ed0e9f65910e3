/**
 * Money formatting (docs/product-rules.md section 9: amounts are integer pence, shown in GBP by dividing by 100).
 *
 * Written out by hand, as `Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })`
 * writes it: making that formatter is the first use of the browser's locale data on the page and
 * cost 25–60 ms of the main thread at 4× CPU before the refund page's first panel
 * (docs/performance.md "Main thread of the refund page"). The Jest tests check the two agree.
 */

/** Thousands separators, en-GB style: every three digits from the right. */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

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
  const rounded = Math.round(pence) || 0;
  // BigInt: exact digits for any whole number of pence, however large.
  const whole = BigInt(Math.abs(rounded));
  const pounds = (whole / BigInt(100)).toString().replace(THOUSANDS, ',');
  const pennies = (whole % BigInt(100)).toString().padStart(2, '0');
  return `${rounded < 0 ? '-' : ''}£${pounds}.${pennies}`;
}
