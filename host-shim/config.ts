/**
 * Reading the shim's own script tag (docs/host-contract.md "The host contract", build output, and "The shim
 * trusts only itself"): where the remotes are, the API base and whether to mount automatically.
 * Where the remotes and the API may be is checked against the shim's own origin, the page's
 * origin and the origins built in at build time (`REMOTE_ORIGINS`, `API_ORIGINS`).
 */

/** A widget the build knows: its remote name and the id of its mount point. */
export interface WidgetEntry {
  name: string;
  mountId: string;
}

/** Configuration read from the `<script src=".../host-shim.js">` tag. */
export interface ShimConfig {
  /** Base URL of the remotes, ending in '/': `data-remotes-base`, else the folder host-shim.js came from. */
  remotesBase: string;
  /** Prefix for the fixed API paths of docs/product-rules.md section 7, without a trailing '/'; '' means the page's origin. */
  apiBase: string;
  /** False when the tag says `data-auto-mount="false"`. */
  autoMount: boolean;
}

/** Origins other than its own that the build lets the shim use (`REMOTE_ORIGINS`, `API_ORIGINS`). */
export interface AllowedOrigins {
  /** Origins `data-remotes-base` may name besides the shim's own (e.g. a CDN). */
  remotes: readonly string[];
  /** Origins `data-api-base` may name besides the page's own (a cross-origin backend). */
  api: readonly string[];
}

/** A `data-remotes-base` or `data-api-base` the shim refuses; its message starts `refund-widgets:`. */
export class ShimConfigError extends Error {
  constructor(message: string) {
    super(`refund-widgets: ${message}`);
    this.name = 'ShimConfigError';
  }
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Parses a comma- or space-separated list of origins (a build-time setting) into canonical
 * origins (`https://cdn.example.net`). Entries that are not http(s) URLs (an empty one among
 * them, which `new URL` refuses) are dropped.
 */
export function parseOrigins(list: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (list ?? '').split(/[\s,]+/)) {
    try {
      const url = new URL(item);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.push(url.origin);
    } catch {
      // not a URL: ignored
    }
  }
  return origins;
}

/**
 * Checks a base URL attribute: it must resolve (against the page) to an http(s) URL without user
 * name or password, on `ownOrigin` or one of `allowed`. Returns the URL without query or
 * fragment, or null when the attribute is absent or blank.
 * @throws ShimConfigError naming the attribute and `rule` otherwise
 */
function checkedBase(
  attribute: string,
  value: string | undefined,
  pageUrl: string,
  ownOrigin: string,
  allowed: readonly string[],
  rule: string,
): URL | null {
  const raw = (value ?? '').trim();
  if (raw === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(raw, pageUrl);
  } catch {
    // refused below
  }
  const ok =
    url !== null &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    (url.origin === ownOrigin || allowed.includes(url.origin));
  if (!ok || url === null) throw new ShimConfigError(`${attribute} "${raw}" refused: ${rule}`);
  url.search = '';
  url.hash = '';
  return url;
}

/**
 * The shim's own script element: the real `document.currentScript`, read through the
 * `Document.prototype` getter because a named element (`<img name="currentScript">`) shadows the
 * property on the document itself. Null unless it is an `HTMLScriptElement` with a `src` (no
 * script while running in a callback or as a module).
 */
export function ownScript(doc: Document): HTMLScriptElement | null {
  const getter = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript')?.get;
  const element: unknown = getter ? getter.call(doc) : null;
  const view = doc.defaultView;
  if (!view || !(element instanceof view.HTMLScriptElement) || element.src === '') return null;
  return element;
}

/**
 * Reads the shim configuration from its own script element and checks it.
 *
 * @param script the shim's own `<script>` (see {@link ownScript}); null when unavailable, and
 *   then no `data-` attribute is read
 * @param publicPath the folder webpack's `publicPath: 'auto'` computed for the shim's file, used
 *   when `script` is null
 * @param pageUrl the page's URL; relative attribute values resolve against it
 * @param allowed the origins built in besides the shim's own (remotes) and the page's own (API)
 * @returns the configuration: the remotes base ends in '/', the API base has no trailing '/'
 *   ('' when not set)
 * @throws ShimConfigError when `data-remotes-base` is not an http(s) URL on the shim's own origin
 *   or an allowed remote origin, or `data-api-base` is not an http(s) URL on the page's origin
 *   or an allowed API origin
 */
export function readShimConfig(
  script: HTMLScriptElement | null,
  publicPath: string,
  pageUrl: string,
  allowed: AllowedOrigins = { remotes: [], api: [] },
): ShimConfig {
  const own = new URL(script?.src ? '.' : publicPath, script?.src || pageUrl).href;
  const data = script?.dataset ?? {};
  const autoMount = (data.autoMount ?? '').toLowerCase() !== 'false';

  const remotes = checkedBase(
    'data-remotes-base',
    data.remotesBase,
    pageUrl,
    new URL(own).origin,
    allowed.remotes,
    "the remotes must be on the shim's own origin or an origin built in with REMOTE_ORIGINS",
  );
  const api = checkedBase(
    'data-api-base',
    data.apiBase,
    pageUrl,
    new URL(pageUrl).origin,
    allowed.api,
    "the API must be on the page's own origin or an origin built in with API_ORIGINS",
  );
  const remotesBase = remotes ? remotes.href : own;
  const apiBase = api ? `${api.origin}${api.pathname}`.replace(/\/+$/, '') : '';
  return { remotesBase: withSlash(remotesBase), apiBase, autoMount };
}

/** URL of a remote's entry under the remotes base: `<base><name>/remoteEntry.js`. */
export function remoteEntryUrl(config: ShimConfig, name: string): string {
  return `${config.remotesBase}${name}/remoteEntry.js`;
}

/** The global under which a remote's entry puts its container (webpack.config.js `library.name`). */
export function containerGlobal(name: string): string {
  return `__rw_remote_${name}`;
}

/** The widgets whose mount id is on the page, in document order of the widget list. */
export function widgetsOnPage(doc: Document, widgets: WidgetEntry[]): { widget: WidgetEntry; element: HTMLElement }[] {
  const found: { widget: WidgetEntry; element: HTMLElement }[] = [];
  for (const widget of widgets) {
    const element = doc.getElementById(widget.mountId);
    if (element) found.push({ widget, element });
  }
  return found;
}
