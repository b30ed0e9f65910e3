/**
 * Preamble classes on the first load: `rw-first-load` keeps the mount's reserved space until the first panel shows
 * (docs/host-contract.md "Reserved space"); a retry shows the plain preamble, so the page does not grow.
 */
export const FIRST_LOAD_PREAMBLE_CLASS = 'rw-refund__preamble rw-first-load';
