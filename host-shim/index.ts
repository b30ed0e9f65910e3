/**
 * The host shim: the one classic script a host page includes (DESIGN.md "The host contract").
 * This top level runs synchronously while the script tag executes, so it can read
 * `document.currentScript`; the federation work happens in the lazily loaded `./loader`.
 *
 * Exposes `window.RefundWidgets = { mount(name, element, options?) → Promise<unmount>, version }`
 * and, unless the tag says `data-auto-mount="false"`, mounts every known widget on
 * DOMContentLoaded.
 */
import { readShimConfig, type WidgetEntry } from './config';
import { showFallback } from './fallback';
import type { MountOptions } from './loader';

declare const __RW_WIDGETS__: WidgetEntry[];
declare const __RW_VERSION__: string;
declare let __webpack_public_path__: string;

/** The page-facing API of the shim. */
export interface RefundWidgetsApi {
  mount(name: string, element: HTMLElement, options?: MountOptions): Promise<() => void>;
  readonly version: string;
  readonly widgets: readonly string[];
}

declare global {
  interface Window {
    RefundWidgets?: RefundWidgetsApi;
  }
}

const config = readShimConfig(
  document.currentScript as HTMLScriptElement | null,
  __webpack_public_path__,
  location.href,
);
const loader = () => import(/* webpackChunkName: "loader" */ './loader');

const api: RefundWidgetsApi = {
  version: __RW_VERSION__,
  widgets: __RW_WIDGETS__.map((w) => w.name),
  async mount(name, element, options) {
    const widget = __RW_WIDGETS__.find((w) => w.name === name);
    if (!widget) throw new Error(`RefundWidgets.mount: unknown widget "${name}" (known: ${this.widgets.join(', ')})`);
    if (!(element instanceof HTMLElement)) throw new Error('RefundWidgets.mount: element must be an HTMLElement');
    const { mountWidget } = await loader();
    return mountWidget(config, widget, element, options);
  },
};

if (!window.RefundWidgets) {
  window.RefundWidgets = api;
  if (config.autoMount) {
    const run = () => {
      loader()
        .then(({ mountAll }) => mountAll(config, __RW_WIDGETS__))
        .catch(() => {
          // The loader chunk itself failed: no widget can mount; show each mount point's fallback.
          __RW_WIDGETS__.forEach((w) => {
            const el = document.getElementById(w.mountId);
            if (el) showFallback(el);
          });
        });
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  }
}
