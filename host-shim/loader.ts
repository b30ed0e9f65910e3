/**
 * The shim's asynchronous part: registers the remotes a page needs with the federation runtime,
 * initialises sharing once (so React loads once, STACK.md pitfall 1), loads each widget's
 * `./mount` and mounts it, each mount point failing alone (STYLE.md habit 3).
 */
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { installGlobalErrorHandlers, reportError, setApiBase } from '@rw/page-runtime';
import { announceSetupError, SetupError } from '../shared/mount/setupError';
import { containerGlobal, remoteEntryUrl, type ShimConfig, type WidgetEntry, widgetsOnPage } from './config';
import { showFallback } from './fallback';
import { shadowNamedGlobals } from './namedGlobals';

/** Options a host may pass to `RefundWidgets.mount` (forwarded to the widget's mount). */
export type MountOptions = Record<string, unknown>;
/** What a remote's `./mount` module exports: `mount` returns unmount, carrying `ready` (shared/mount/createMount.tsx). */
export interface RemoteMountModule {
  mount: (element: HTMLElement, options?: MountOptions) => (() => void) & { ready?: Promise<void> };
}

const registered = new Set<string>();
let sharingReady: Promise<unknown> | null = null;

async function ensureRemotes(config: ShimConfig, names: string[]): Promise<void> {
  const fresh = names.filter((name) => !registered.has(name));
  if (fresh.length > 0) {
    // The runtime takes a truthy `window[entryGlobalName]` for a loaded container; a named element
    // injected since the shim started (`<img name="__rw_remote_refund">`) must not pass for one.
    shadowNamedGlobals(window, fresh.map(containerGlobal));
    registerRemotes(
      fresh.map((name) => ({ name, entry: remoteEntryUrl(config, name), entryGlobalName: containerGlobal(name) })),
    );
    fresh.forEach((name) => registered.add(name));
    const instance = getInstance();
    sharingReady = Promise.allSettled(
      instance ? instance.initializeSharing('default', { strategy: 'version-first' }) : [],
    );
  }
  await sharingReady;
}

/** Starts the shim: API base, global error handlers. Idempotent. */
export function start(config: ShimConfig): void {
  setApiBase(config.apiBase);
  installGlobalErrorHandlers();
}

/**
 * Loads widget `widget` and mounts it into `element`. Resolves to its unmount function once the
 * widget's first render has committed. A page set up wrongly rejects with the widget's
 * SetupError (already logged and reported by the widget; its mount point shows the traveller's
 * text). Any other failure shows the fallback in `element`, is reported, and rejects.
 */
export async function mountWidget(
  config: ShimConfig,
  widget: WidgetEntry,
  element: HTMLElement,
  options: MountOptions = {},
): Promise<() => void> {
  start(config);
  let unmount: ReturnType<RemoteMountModule['mount']>;
  try {
    await ensureRemotes(config, [widget.name]);
    const remote = await loadRemote<RemoteMountModule>(`${widget.name}/mount`);
    if (!remote || typeof remote.mount !== 'function') {
      throw new Error(`Widget "${widget.name}" has no mount function`);
    }
    unmount = remote.mount(element, { apiBase: config.apiBase, ...options });
  } catch (error) {
    showFallback(element);
    reportError(error, { source: `widget:${widget.name}` });
    throw error;
  }
  await unmount.ready;
  return unmount;
}

/**
 * A name given to `RefundWidgets.mount()` that is no known widget or mount id: logged and
 * reported once as a setup error.
 *
 * @returns the SetupError (code `UNKNOWN_WIDGET`) for `mount()` to reject with
 */
export function unknownWidget(config: ShimConfig, name: unknown, element: unknown, widgets: WidgetEntry[]): SetupError {
  start(config);
  const mountId = element instanceof HTMLElement ? element.id : '';
  const known = widgets.map((w) => `${w.name} (#${w.mountId})`).join(', ');
  const error = new SetupError(
    'UNKNOWN_WIDGET',
    String(name),
    mountId,
    `unknown widget "${String(name)}"; known: ${known}`,
  );
  announceSetupError(error);
  return error;
}

/**
 * Mounts every known widget whose mount id is on the page. Only those remotes are registered, so
 * nothing is downloaded for absent widgets. Each failure stays in its own mount point.
 */
export async function mountAll(config: ShimConfig, widgets: WidgetEntry[], doc: Document = document): Promise<void> {
  start(config);
  const onPage = widgetsOnPage(doc, widgets).filter(({ element }) => !element.hasAttribute('data-rw-mounted'));
  try {
    await ensureRemotes(
      config,
      onPage.map(({ widget }) => widget.name),
    );
  } catch (error) {
    reportError(error, { source: 'host-shim' });
  }
  await Promise.allSettled(onPage.map(({ widget, element }) => mountWidget(config, widget, element)));
}

/**
 * The shim refused its configuration (a `data-remotes-base` or `data-api-base` outside the
 * allowed origins, see config.ts): loads no remote, reports `error` to the page's own origin and
 * shows the fallback text in every known mount point on the page.
 */
export function refuse(config: ShimConfig, error: Error, widgets: WidgetEntry[], doc: Document = document): void {
  start(config);
  reportError(error, { source: 'host-shim' });
  widgetsOnPage(doc, widgets).forEach(({ element }) => showFallback(element));
}
