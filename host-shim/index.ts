/**
 * The host shim: the one classic script a host page includes (docs/host-contract.md "The host contract").
 * This top level runs synchronously while the script tag executes, so it can read its own script
 * element; the federation work happens in the lazily loaded `./loader`.
 *
 * Exposes `window.RefundWidgets = { mount(name, element, options?) → Promise<unmount>, version }`
 * (`name`: the widget's name or its mount id; resolves once the widget's first render committed,
 * rejects with a SetupError carrying `code`, `widget`, `mountId` and `detail` for a page set up
 * wrongly or an unknown name)
 * and, unless the tag says `data-auto-mount="false"`, mounts every known widget on
 * DOMContentLoaded. It trusts only itself (docs/host-contract.md "The shim trusts only itself"): its
 * configuration comes from its own `<script>` element, a `data-remotes-base` or `data-api-base`
 * outside the allowed origins stops every widget with the fallback text, and named elements
 * standing in for its globals are ignored.
 */
import { ownScript, parseOrigins, readShimConfig, ShimConfigError, type ShimConfig, type WidgetEntry } from './config';
import { showFallback } from './fallback';
import { type FirstPanelTable, startFirstPanels } from './firstPanel';
import type { MountOptions } from './loader';

declare const __RW_WIDGETS__: WidgetEntry[];
declare const __RW_VERSION__: string;
/** Build-time `REMOTE_ORIGINS` (webpack.config.js): origins data-remotes-base may name besides the shim's. */
declare const __RW_REMOTE_ORIGINS__: string;
/** Build-time `API_ORIGINS` (webpack.config.js): origins data-api-base may name besides the page's. */
declare const __RW_API_ORIGINS__: string;
declare const __RW_FIRST_PANEL__: FirstPanelTable | undefined;
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

/**
 * True when `value` is a RefundWidgets API that an earlier copy of the shim installed: the
 * window's own property, an object (not a DOM node such as `<a id="RefundWidgets">`) with a
 * `mount` function and a string `version`.
 */
export function isRefundWidgetsApi(win: Window, value: unknown): value is RefundWidgetsApi {
  if (!Object.prototype.hasOwnProperty.call(win, 'RefundWidgets')) return false;
  if (typeof value !== 'object' || value === null || value instanceof (win as Window & typeof globalThis).Node)
    return false;
  const api = value as Partial<RefundWidgetsApi>;
  return typeof api.mount === 'function' && typeof api.version === 'string';
}

const script = ownScript(document);
// Chunks (the loader) come from the shim's own folder, whatever webpack's automatic public path
// made of a named element shadowing document.currentScript.
if (script) __webpack_public_path__ = new URL('.', script.src).href;

let config: ShimConfig;
let refusal: ShimConfigError | null = null;
try {
  config = readShimConfig(script, __webpack_public_path__, location.href, {
    remotes: parseOrigins(__RW_REMOTE_ORIGINS__),
    api: parseOrigins(__RW_API_ORIGINS__),
  });
} catch (error) {
  refusal = error instanceof ShimConfigError ? error : new ShimConfigError(String(error));
  // Nothing is loaded from the refused URLs; reports go to the page's own origin. The page runs
  // as if auto-mounted, whatever it asked: every known mount point shows the fallback text.
  config = { remotesBase: __webpack_public_path__, apiBase: '', autoMount: true };
  console.error(refusal.message);
}
const loader = () => import(/* webpackChunkName: "loader" */ './loader');

/** Shows the fallback in every known mount point on the page (the loader chunk itself failed). */
function fallbackEverywhere(): void {
  __RW_WIDGETS__.forEach((w) => {
    const el = document.getElementById(w.mountId);
    if (el) showFallback(el);
  });
}

const api: RefundWidgetsApi = {
  version: __RW_VERSION__,
  widgets: __RW_WIDGETS__.map((w) => w.name),
  async mount(name, element, options) {
    // A widget is named by its remote name (`refund`) or its mount id (`refund-widget`).
    const widget = __RW_WIDGETS__.find((w) => w.name === name || w.mountId === name);
    if (!widget) {
      const { unknownWidget } = await loader();
      throw unknownWidget(config, name, element, __RW_WIDGETS__);
    }
    if (!(element instanceof HTMLElement)) throw new Error('RefundWidgets.mount: element must be an HTMLElement');
    if (refusal) {
      showFallback(element);
      throw refusal;
    }
    const { mountWidget } = await loader();
    return mountWidget(config, widget, element, options);
  },
};

if (!isRefundWidgetsApi(window, window.RefundWidgets)) {
  window.RefundWidgets = api;
  const run = () => {
    // The loader chunk is requested first (it registers the remotes), then the first panels'
    // files and data, all in the one round trip after the shim (host-shim/firstPanel.ts);
    // nothing of the kind when the configuration was refused.
    const loading = loader();
    if (!refusal) {
      startFirstPanels(
        typeof __RW_FIRST_PANEL__ === 'undefined' ? undefined : __RW_FIRST_PANEL__,
        config.remotesBase,
        __RW_WIDGETS__,
        document,
        config.apiBase,
      );
    }
    loading
      .then(({ mountAll, refuse }) =>
        refusal ? refuse(config, refusal, __RW_WIDGETS__) : mountAll(config, __RW_WIDGETS__),
      )
      .catch(fallbackEverywhere);
  };
  if (config.autoMount) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  }
}
