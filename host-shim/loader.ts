/** The shim's lazy part: registers remotes, initialises sharing once, mounts each widget (docs/host-contract.md "In brief"). */
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { installGlobalErrorHandlers, reportError, setApiBase } from '@rw/page-runtime';
import { announceSetupError, isSetupError, SetupError } from '../shared/mount/setupError';
import { elementsWithId } from '../shared/page/pageDocument';
import { containerGlobal, mountPoints, remoteEntryUrl, type ShimConfig, type WidgetEntry } from './config';
import { showFallback } from './fallback';
import { shadowNamedGlobals } from './namedGlobals';

export type MountOptions = Record<string, unknown>;
/** A remote's `./mount` module; `mount` returns unmount carrying `ready` (shared/mount/createMount.tsx). */
export interface RemoteMountModule {
  mount: (element: HTMLElement, options?: MountOptions) => (() => void) & { ready?: Promise<void> };
}

const registered = new Set<string>();
let sharingReady: Promise<unknown> | null = null;

async function ensureRemotes(config: ShimConfig, names: string[]): Promise<void> {
  const fresh = names.filter((name) => !registered.has(name));
  if (fresh.length > 0) {
    // A named element (`<img name="__rw_remote_refund">`) must not pass for a loaded container.
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

export function start(config: ShimConfig): void {
  setApiBase(config.apiBase);
  installGlobalErrorHandlers();
}

/** The `DUPLICATE_MOUNT_ID` SetupError (docs/host-contract.md "One element per id"): all show the fallback; logged and reported once. */
function duplicateMountId(widget: WidgetEntry, id: string, elements: Element[]): SetupError {
  elements.forEach(showFallback);
  const error = new SetupError(
    'DUPLICATE_MOUNT_ID',
    widget.name,
    id,
    `${elements.length} elements have the id "${id}"; a mount point must be the only element with its id, so none is mounted`,
  );
  announceSetupError(error);
  return error;
}

/**
 * Loads and mounts `widget` into `element`, resolving to unmount once its first render committed.
 * Rejects with a SetupError (already announced) for a page set up wrongly, else shows the fallback,
 * reports and rejects. An `apiBase` in `options` becomes the page's API base.
 */
export async function mountWidget(
  config: ShimConfig,
  widget: WidgetEntry,
  element: HTMLElement,
  options: MountOptions = {},
): Promise<() => void> {
  start(typeof options.apiBase === 'string' ? { ...config, apiBase: options.apiBase } : config);
  if (element.id !== '') {
    const sharing = elementsWithId(element.ownerDocument, element.id);
    if (sharing.length > 1) throw duplicateMountId(widget, element.id, sharing);
  }
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

/** The `UNKNOWN_WIDGET` SetupError of a name `mount()` does not know, logged and reported once. */
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
 * Mounts every known widget whose mount id is on exactly one element; only those remotes are
 * registered. Each failure stays in its mount point (docs/host-contract.md "One element per id").
 */
export async function mountAll(config: ShimConfig, widgets: WidgetEntry[], doc: Document = document): Promise<void> {
  start(config);
  const onPage: { widget: WidgetEntry; element: HTMLElement }[] = [];
  for (const { widget, elements } of mountPoints(doc, widgets)) {
    const [element] = elements;
    if (elements.length > 1) duplicateMountId(widget, widget.mountId, elements);
    else if (element instanceof HTMLElement && !element.hasAttribute('data-rw-mounted'))
      onPage.push({ widget, element });
  }
  try {
    await ensureRemotes(
      config,
      onPage.map(({ widget }) => widget.name),
    );
  } catch (error) {
    reportError(error, { source: 'host-shim' });
  }
  await Promise.all(onPage.map((point) => mountOrWait(config, point)));
}

/**
 * Mounts one widget; a failure other than a SetupError mounts it again when the browser is back
 * online (docs/offline.md "Code that loads again"). Never rejects.
 */
async function mountOrWait(config: ShimConfig, point: { widget: WidgetEntry; element: HTMLElement }): Promise<void> {
  try {
    await mountWidget(config, point.widget, point.element);
  } catch (error) {
    // From the widget's own bundle: told by name and code, not instanceof.
    if (isSetupError(error)) return;
    const view = point.element.ownerDocument.defaultView;
    view?.addEventListener(
      'online',
      () => {
        if (point.element.isConnected) void mountOrWait(config, point);
      },
      { once: true },
    );
  }
}
