import type { RefundPageConfig } from '../types';

/** The separate 'Refund unavailable' page view (SPEC.md section 2); placeholder, completed by the unavailable-page work. */
export function UnavailablePage(_props: { config: RefundPageConfig }) {
  return null;
}
