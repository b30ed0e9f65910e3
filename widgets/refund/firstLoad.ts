/**
 * The preamble's classes for a load's `attempt` (0 the first): `rw-first-load` keeps the mount's reserved space until
 * the first panel shows (docs/host-contract.md "Reserved space"); a retry shows the plain preamble, so the page does
 * not grow.
 */
export function preambleClass(attempt: number): string {
  return attempt === 0 ? 'rw-refund__preamble rw-first-load' : 'rw-refund__preamble';
}
