/**
 * The classes of the preamble while the page loads for the first time (the refund page's and the
 * Refund unavailable page's): `rw-first-load` keeps the mount point's reserved space until the
 * first panel shows (host-shim/refund-widgets.css, docs/host-contract.md "Reserved space"). A
 * retry the traveller asked for shows the plain preamble, so the page does not grow under them.
 */
export const FIRST_LOAD_PREAMBLE_CLASS = 'rw-refund__preamble rw-first-load';
