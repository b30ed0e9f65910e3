/**
 * Money formatting (docs/product-rules.md section 9). The formatter is made at first use: it is the
 * page's first use of locale data (docs/performance.md "Main thread of the refund page").
 */

let gbp: Intl.NumberFormat | undefined;

const GBP = (): Intl.NumberFormat => (gbp ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }));

/**
 * Integer pence as pounds: `1250` → `'£12.50'`, `-100` → `'-£1.00'`; a fraction is rounded.
 * @throws TypeError when `pence` is not a finite number
 */
export function formatPence(pence: number): string {
  if (typeof pence !== 'number' || !Number.isFinite(pence)) {
    throw new TypeError(`formatPence: expected a finite number of pence, got ${String(pence)}`);
  }
  // `|| 0`: no '-£0.00'.
  return GBP().format(Math.round(pence) / 100 || 0);
}
