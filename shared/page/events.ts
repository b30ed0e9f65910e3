/** Kinds of completion a widget announces to the host (docs/host-contract.md "Events"). */
export type CompleteKind = 'refund' | 'deferral' | 'replacement' | 'claim';

/** Dispatches the bubbling `refundwidgets:complete` event with `detail.kind` on the mount. Never throws. */
export function dispatchComplete(element: HTMLElement, kind: CompleteKind, detail: Record<string, unknown> = {}): void {
  try {
    element.dispatchEvent(new CustomEvent('refundwidgets:complete', { bubbles: true, detail: { ...detail, kind } }));
  } catch {
    // a listener threw; the widget carries on
  }
}
