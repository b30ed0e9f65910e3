/**
 * The host shim, the one classic script a host page includes (docs/host-contract.md "Mounting by
 * hand"): exposes `window.RefundWidgets` and, unless `data-auto-mount="false"`, mounts every known
 * widget on DOMContentLoaded. A page it refuses (docs/security.md "The shim trusts only itself")
 * gets the fallback in every mount point, one console error and one report.
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
import { ownShares } from './ownShares';
import type { MountOptions } from './loader';
import { sendShimReport } from './report';
import { readVitalsRate, startVitals } from './vitals';
import { clobberedDocumentMessage, clobberedDocumentNames, listenOn, readyStateOf } from '../shared/page/pageDocument';

declare const __RW_WIDGETS__: WidgetEntry[];
declare const __RW_VERSION__: string;
/** Bases data-remotes-base may name besides the shim's folder. */
declare const __RW_REMOTE_ORIGINS__: string;
/** Bases data-api-base may name besides the page's origin. */
declare const __RW_API_ORIGINS__: string;
declare const __RW_FIRST_PANEL__: FirstPanelTable | undefined;
declare let __webpack_public_path__: string;

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

/** True when the window's own `RefundWidgets` is an earlier shim's API, not a DOM node of that name. */
export function isRefundWidgetsApi(win: Window, value: unknown): value is RefundWidgetsApi {
  if (!Object.prototype.hasOwnProperty.call(win, 'RefundWidgets')) return false;
  if (typeof value !== 'object' || value === null || value instanceof (win as Window & typeof globalThis).Node)
    return false;
  const api = value as Partial<RefundWidgetsApi>;
  return typeof api.mount === 'function' && typeof api.version === 'string';
}

const script = ownScript(document);
// Chunks come from the shim's own folder, whatever a named element shadowing currentScript made of the public path.
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
/** The tag's `data-vitals` sample rate (docs/host-contract.md "POST /report/vitals"); 0: none. */
const vitalsRate = readVitalsRate(script);

function afterFirstPanel(): void {
  startVitals(vitalsRate);
}

/** Shows the fallback in every known mount point (the loader chunk failed). */
function fallbackEverywhere(): void {
  mountPoints(document, __RW_WIDGETS__).forEach(({ elements }) => elements.forEach(showFallback));
}

let refusal: ShimConfigError | null = null;

/**
 * Why the shim refuses this page (a refused base, a shadowed `document` property, differing tags),
 * checked on mount and kept; told once: fallbacks, one console error, one report.
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
    // The loader first (it registers the remotes), then the first panels, in one round trip.
    const loading = loader();
    startFirstPanels(
      typeof __RW_FIRST_PANEL__ === 'undefined' ? undefined : __RW_FIRST_PANEL__,
      config.remotesBase,
      __RW_WIDGETS__,
      document,
      config.apiBase,
      ownShares(__webpack_public_path__),
    );
    loading.then(({ mountAll }) => mountAll(config, __RW_WIDGETS__)).then(afterFirstPanel, fallbackEverywhere);
  };
  if (readyStateOf(document) === 'loading') listenOn(document, 'DOMContentLoaded', run, { once: true });
  else run();
}
