/**
 * The host shim: the one classic script a host page includes (docs/host-contract.md "The host contract").
 * This top level runs synchronously while the script tag executes, so it can read its own script
 * element; the federation work happens in the lazily loaded `./loader`.
 *
 * Exposes `window.RefundWidgets = { mount(name, element, options?) → Promise<unmount>, version }`
 * (`name`: the widget's name or its mount id; resolves once the widget's first render committed,
 * rejects with a SetupError carrying `code`, `widget`, `mountId` and `detail` for a page set up
 * wrongly or an unknown name, and with the ShimConfigError, carrying `code`, of a page it refuses;
 * both are WidgetErrors, docs/host-contract.md "Error codes")
 * and, unless the tag says `data-auto-mount="false"`, mounts every known widget on
 * DOMContentLoaded. It trusts only itself (docs/security.md "The shim trusts
 * only itself"): its configuration comes from its own `<script>` element and its bases must
 * be ones fixed at build time; when it mounts it checks that every copy of its tag on the page
 * is the same and that no named element shadows a property of `document` that React or the
 * widgets read. A page that fails any of these gets the fallback text in every mount point, one
 * console error and one report, and nothing is mounted. Named elements standing in for its
 * globals are ignored, and it calls `Document.prototype`'s methods, captured when it starts.
 */
import {
  mountPoints,
  ownScript,
  parseBases,
  readShimConfig,
  ShimConfigError,
  shimTagsRefusal,
  type ShimConfig,
  type WidgetEntry,
} from './config';
import { WidgetError } from '../shared/errors/WidgetError';
import { showFallback } from './fallback';
import { type FirstPanelTable, startFirstPanels } from './firstPanel';
import type { MountOptions } from './loader';
import { sendShimReport } from './report';
import { readVitalsRate, startVitals } from './vitals';
import { clobberedDocumentMessage, clobberedDocumentNames, listenOn, readyStateOf } from '../shared/page/pageDocument';

declare const __RW_WIDGETS__: WidgetEntry[];
declare const __RW_VERSION__: string;
/** Build-time `REMOTE_ORIGINS` (webpack.config.js): bases data-remotes-base may name besides the shim's folder. */
declare const __RW_REMOTE_ORIGINS__: string;
/** Build-time `API_ORIGINS` (webpack.config.js): bases data-api-base may name besides the page's origin. */
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
let configRefusal: ShimConfigError | null = null;
try {
  config = readShimConfig(script, __webpack_public_path__, location.href, {
    remotes: parseBases(__RW_REMOTE_ORIGINS__),
    api: parseBases(__RW_API_ORIGINS__),
  });
} catch (error) {
  configRefusal =
    error instanceof ShimConfigError ? error : new ShimConfigError('SHIM_CONFIG_UNREADABLE', String(error));
  // Nothing is loaded from the refused URLs; the report goes to the page's own origin.
  config = { remotesBase: __webpack_public_path__, apiBase: '', autoMount: true };
}
const loader = async () => import(/* webpackChunkName: "loader" */ './loader');
/** The tag's `data-vitals` sample rate (./vitals.ts; docs/host-contract.md "POST /report/vitals"); 0: none. */
const vitalsRate = readVitalsRate(script);

/** Once a first panel is shown: Web Vitals for a page view sampled in, when the page is idle. */
function afterFirstPanel(): void {
  startVitals(vitalsRate);
}

/** Shows the fallback in every element that carries a known mount id (the loader chunk itself failed). */
function fallbackEverywhere(): void {
  mountPoints(document, __RW_WIDGETS__).forEach(({ elements }) => elements.forEach(showFallback));
}

let refusal: ShimConfigError | null = null;

/**
 * Why the shim refuses this page, if it does (docs/security.md "The shim trusts only itself"): a
 * refused base, a property of `document` shadowed by a named element, or copies of the shim's
 * tag that differ. Checked when the shim mounts (DOMContentLoaded) and on each `mount()` call;
 * the first refusal found is kept, and is told once: the fallback text in every known mount
 * point, one console error, one report.
 */
function pageRefusal(): ShimConfigError | null {
  if (refusal) return refusal;
  const clobbered = clobberedDocumentNames(document);
  refusal =
    configRefusal ??
    (clobbered.length > 0 ? new ShimConfigError('DOCUMENT_SHADOWED', clobberedDocumentMessage(clobbered)) : null) ??
    shimTagsRefusal(document, script);
  if (refusal) {
    console.error(refusal.message);
    fallbackEverywhere();
    sendShimReport(refusal, config.apiBase);
  }
  return refusal;
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
    if (!(element instanceof HTMLElement))
      throw new WidgetError('INVALID_PAGE_DATA', 'RefundWidgets.mount: element must be an HTMLElement');
    const refused = pageRefusal();
    if (refused) {
      showFallback(element);
      throw refused;
    }
    const { mountWidget } = await loader().catch((error: unknown) => {
      showFallback(element);
      throw error;
    });
    const unmount = await mountWidget(config, widget, element, options);
    afterFirstPanel();
    return unmount;
  },
};

if (!isRefundWidgetsApi(window, window.RefundWidgets)) {
  window.RefundWidgets = api;
  // Runs once the page is parsed, whatever data-auto-mount says: the page's checks come first.
  const run = () => {
    if (pageRefusal() || !config.autoMount) return;
    // The loader chunk is requested first (it registers the remotes), then the first panels'
    // files and data, all in the one round trip after the shim (host-shim/firstPanel.ts).
    const loading = loader();
    startFirstPanels(
      typeof __RW_FIRST_PANEL__ === 'undefined' ? undefined : __RW_FIRST_PANEL__,
      config.remotesBase,
      __RW_WIDGETS__,
      document,
      config.apiBase,
    );
    loading.then(({ mountAll }) => mountAll(config, __RW_WIDGETS__)).then(afterFirstPanel, fallbackEverywhere);
  };
  if (readyStateOf(document) === 'loading') listenOn(document, 'DOMContentLoaded', run, { once: true });
  else run();
}
