/**
 * Types for pages that use the refund widgets from their own TypeScript: `window.RefundWidgets`,
 * the options `mount` takes, and the `refundwidgets:complete` event (docs/host-contract.md "The host
 * contract", "Events"). `npm run build` copies this file to `dist/refund-widgets.d.ts`, beside
 * `dist/manifest.json`, which lists the same widgets with their mount ids and attributes.
 *
 * Use: copy the file into your project (or reference it with `/// <reference path="…">`); it
 * declares globals only, so `window.RefundWidgets` and `addEventListener('refundwidgets:complete', …)`
 * are typed without an import.
 */

export {};

declare global {
  /** A widget's remote name, as `RefundWidgets.mount` and `dist/manifest.json` name it. */
  type RefundWidgetName = 'refund' | 'journeySummary' | 'manualClaim' | 'lookup' | 'disruption';

  /** Options a page may pass to `RefundWidgets.mount`; every one is optional. */
  interface RefundWidgetMountOptions {
    /** Prefix for the widgets' fixed API paths (default: the script tag's `data-api-base`, else the page's origin). */
    apiBase?: string;
    /** The query string the widget reads instead of the page's (without the leading `?`). */
    search?: string;
    /** Further options are passed to the widget's own `mount` unchanged. */
    [option: string]: unknown;
  }

  /** Removes a mounted widget from its element. */
  type RefundWidgetUnmount = () => void;

  /** `window.RefundWidgets`, set by `host-shim.js` when it runs. */
  interface RefundWidgetsApi {
    /**
     * Loads widget `name` and mounts it into `element` (a page that mounts by hand, or with
     * `data-auto-mount="false"` on the script tag). Resolves to the widget's unmount function;
     * rejects when the widget cannot load, after showing a short fallback inside `element`.
     */
    mount(
      name: RefundWidgetName,
      element: HTMLElement,
      options?: RefundWidgetMountOptions,
    ): Promise<RefundWidgetUnmount>;
    /** The version of the build the shim came from (`version` in `dist/manifest.json`). */
    readonly version: string;
    /** The names of the widgets this build knows. */
    readonly widgets: readonly string[];
  }

  /** What a widget has completed: a refund, a deferral, a replacement booking, a manual claim. */
  type RefundWidgetCompleteKind = 'refund' | 'deferral' | 'replacement' | 'claim';

  /** `detail` of the bubbling `refundwidgets:complete` event dispatched on the mount element. */
  interface RefundWidgetCompleteDetail {
    kind: RefundWidgetCompleteKind;
    /** The booking reference the completed action was for. */
    bookingReference?: string;
    [field: string]: unknown;
  }

  interface Window {
    /** Set by `host-shim.js`; undefined until the shim has run (it is loaded with `defer`). */
    RefundWidgets?: RefundWidgetsApi;
  }

  interface HTMLElementEventMap {
    'refundwidgets:complete': CustomEvent<RefundWidgetCompleteDetail>;
  }
  interface DocumentEventMap {
    'refundwidgets:complete': CustomEvent<RefundWidgetCompleteDetail>;
  }
  interface WindowEventMap {
    'refundwidgets:complete': CustomEvent<RefundWidgetCompleteDetail>;
  }
}
