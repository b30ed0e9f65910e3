/** Kinds of completion a widget announces to the host (docs/host-contract.md "Events"). */
export type CompleteKind = 'refund' | 'deferral' | 'replacement' | 'claim';

/**
 * Dispatches the bubbling `refundwidgets:complete` CustomEvent with `detail.kind` on the mount
 * element, for host analytics. Never throws (a host listener's error is the host's).
 */
export function dispatchComplete(element: HTMLElement, kind: CompleteKind, detail: Record<string, unknown> = {}): void {
  try {
    element.dispatchEvent(new CustomEvent('refundwidgets:complete', { bubbles: true, detail: { ...detail, kind } }));
  } catch {
    // a listener threw; the widget carries on
  }
}
