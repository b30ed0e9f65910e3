import type { RefundPageConfig } from '../types';

/** The six-month modal 'Automated refunds are not available' (SPEC.md section 8); placeholder, completed by the modals work. */
export function SixMonthsModal(_props: { config: RefundPageConfig }) {
  return null;
}
