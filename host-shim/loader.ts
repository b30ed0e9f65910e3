/**
 * The shim's asynchronous part: registers the remotes a page needs with the federation runtime,
 * initialises sharing once (so React loads once), loads each widget's `./mount` and mounts it,
 * each mount point failing alone (docs/host-contract.md "In brief").
 */
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { installGlobalErrorHandlers, reportError, setApiBase } from '@rw/page-runtime';
import { announceSetupError, isSetupError, SetupError } from '../shared/mount/setupError';
import { elementsWithId } from '../shared/page/pageDocument';
import { containerGlobal, mountPoints, remoteEntryUrl, type ShimConfig, type WidgetEntry } from './config';
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
 * The SetupError of a mount id that more than one element carries (docs/host-contract.md "One
 * element per id"): none of them is mounted, as an injected element with the id could be the one
 * found first. Each shows the fallback text; the error is logged and reported once.
 */
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
 * Loads widget `widget` and mounts it into `element`. Resolves to its unmount function once the
 * widget's first render has committed. A page set up wrongly rejects with a SetupError (already
 * logged and reported; the mount point shows the traveller's text or the fallback): the widget's
 * own, or `DUPLICATE_MOUNT_ID` when another element carries `element`'s id. Any other failure
 * shows the fallback in `element`, is reported, and rejects. An `apiBase` in `options` (the
 * host's own script gives it) is the page's API base from here on.
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
 * Mounts every known widget whose mount id is on exactly one element of the page. Only those
 * remotes are registered, so nothing is downloaded for absent widgets. A mount id on more than
 * one element mounts nothing there: every one of them shows the fallback text, with one console
 * error and one report (docs/host-contract.md "One element per id"). Each failure stays in its
 * own mount point; one whose code did not arrive is mounted again when the browser is back online.
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
 * Mounts one widget of the page; when it fails for another reason than the page's set-up (its
 * remote entry or a chunk did not arrive: the page was opened offline), it is mounted again the
 * next time the browser says it is back online, and so on until it mounts (docs/offline.md "Code
 * that loads again"). Meanwhile the mount point shows the fallback text. Never rejects.
 */
async function mountOrWait(config: ShimConfig, point: { widget: WidgetEntry; element: HTMLElement }): Promise<void> {
  try {
    await mountWidget(config, point.widget, point.element);
  } catch (error) {
    // The widget's SetupError comes from its own bundle: told by name and code, not instanceof.
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
