/**
 * Reading the shim's own script tag (docs/host-contract.md "The host contract", build output, and "The shim
 * trusts only itself"): where the remotes are, the API base and whether to mount automatically.
 * Each base must be one fixed at build time, origin and path: the remotes the shim's own folder
 * or a `REMOTE_ORIGINS` entry, the API the page's own origin or an `API_ORIGINS` entry. Also: the
 * mount points of the widgets (one element per mount id) and the check that every copy of the
 * shim's tag on the page is the same (docs/security.md "One shim").
 */
import { WidgetError, type WidgetErrorCode } from '../shared/errors/WidgetError';
import { allMatching, elementsWithId, windowOf } from '../shared/page/pageDocument';

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

/**
 * Bases other than its defaults that the build lets the shim use (`REMOTE_ORIGINS`,
 * `API_ORIGINS`), as {@link parseBases} gives them.
 */
export interface AllowedBases {
  /** Bases `data-remotes-base` may name besides the shim's own folder (e.g. a CDN folder). */
  remotes: readonly string[];
  /** Bases `data-api-base` may name besides the page's own origin (a cross-origin backend). */
  api: readonly string[];
}

/** Why the shim refuses a page: the codes of a {@link ShimConfigError}. */
export type ShimConfigErrorCode = Extract<
  WidgetErrorCode,
  'BASE_REFUSED' | 'SHIM_CONFIG_UNREADABLE' | 'SHIM_TAGS_DIFFER' | 'DOCUMENT_SHADOWED' | 'INVALID_VITALS_RATE'
>;

/**
 * Why the shim refuses a page (docs/security.md "The shim trusts only itself"; docs/host-contract.md "Error codes"): a
 * `data-remotes-base` or `data-api-base` that is no base built in (`BASE_REFUSED`), a tag or page
 * address it cannot read (`SHIM_CONFIG_UNREADABLE`), copies of its tag that differ
 * (`SHIM_TAGS_DIFFER`), or a shadowed property of `document` (`DOCUMENT_SHADOWED`); and the
 * one warning it logs without refusing, a `data-vitals` that is no sample rate
 * (`INVALID_VITALS_RATE`, ./vitals.ts). A
 * {@link WidgetError} named `ShimConfigError`; its message starts `refund-widgets:`.
 */
export class ShimConfigError extends WidgetError {
  declare readonly code: ShimConfigErrorCode;

  constructor(code: ShimConfigErrorCode, message: string) {
    super(code, `refund-widgets: ${message}`);
    this.name = 'ShimConfigError';
  }
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * A base as it is compared: origin and path, without user name, password, query, fragment or
 * trailing slashes (`https://api.example.co.uk/refunds`; an origin's root is just the origin).
 */
function baseKey(url: URL): string {
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * Parses a comma- or space-separated list of bases (a build-time setting, docs/security.md
 * "Bases fixed at build time"). An entry is an http(s) URL, whose origin and path count (an
 * entry without a path is that origin's root), or a path beginning with a single `/`, which is
 * that path on the shim's own origin (remotes) or on the page's own origin (API). Other entries
 * (an empty one among them) are dropped.
 *
 * @returns `https://cdn.example.net/rw` or `/rail-api` forms: no query, fragment or trailing `/`
 */
export function parseBases(list: string | undefined): string[] {
  const bases: string[] = [];
  // Stryker disable next-line StringLiteral,Regex: empty and unknown entries are dropped below anyway
  for (const item of (list ?? '').split(/[\s,]+/)) {
    if (/^\/(?![/\\])/.test(item)) {
      bases.push(new URL(item, 'http://path.invalid').pathname.replace(/\/+$/, '') || '/');
      continue;
    }
    try {
      const url = new URL(item);
      if (url.protocol === 'https:' || url.protocol === 'http:') bases.push(baseKey(url));
    } catch {
      // not a URL: ignored
    }
  }
  return bases;
}

/**
 * Checks a base URL attribute: it must resolve (against the page) to an http(s) URL without user
 * name or password whose origin and path are one of `permitted` (trailing slashes aside).
 * Returns the base as {@link baseKey} gives it, or null when the attribute is absent or blank.
 * @throws ShimConfigError('BASE_REFUSED') naming the attribute and `rule` otherwise
 */
function checkedBase(
  attribute: string,
  value: string | undefined,
  pageUrl: string,
  permitted: readonly string[],
  rule: string,
): string | null {
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
    permitted.includes(baseKey(url));
  if (!ok || url === null) throw new ShimConfigError('BASE_REFUSED', `${attribute} "${raw}" refused: ${rule}`);
  return baseKey(url);
}

/** The keys of `defaults` and `allowed`; a path-only entry of `allowed` is on `origin`. */
function permittedBases(defaults: string[], allowed: readonly string[], origin: string): string[] {
  const bases = [...defaults];
  for (const entry of allowed) {
    try {
      bases.push(baseKey(new URL(entry, origin)));
    } catch {
      // a path on an origin that has none (a page opened from a file): nothing to allow
    }
  }
  return bases;
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
  const view = windowOf(doc);
  if (!view || !(element instanceof view.HTMLScriptElement) || element.src === '') return null;
  return element;
}

/**
 * Reads the shim configuration from its own script element and checks it (docs/security.md
 * "Bases fixed at build time").
 *
 * @param script the shim's own `<script>` (see {@link ownScript}); null when unavailable, and
 *   then no `data-` attribute is read
 * @param publicPath the folder webpack's `publicPath: 'auto'` computed for the shim's file, used
 *   when `script` is null
 * @param pageUrl the page's URL; relative attribute values resolve against it
 * @param allowed the bases built in besides the shim's own folder (remotes) and the page's own
 *   origin (API), from {@link parseBases}
 * @returns the configuration: the remotes base ends in '/', the API base has no trailing '/'
 *   ('' when not set)
 * @throws ShimConfigError('BASE_REFUSED') when `data-remotes-base` is neither the shim's own folder nor a
 *   `REMOTE_ORIGINS` base, or `data-api-base` is neither the page's own origin nor an
 *   `API_ORIGINS` base (origin and path, trailing slashes aside), or either is not http(s) or
 *   carries a user name or password
 */
export function readShimConfig(
  script: HTMLScriptElement | null,
  publicPath: string,
  pageUrl: string,
  allowed: AllowedBases = { remotes: [], api: [] },
): ShimConfig {
  const own = new URL(script?.src ? '.' : publicPath, script?.src || pageUrl);
  const page = new URL(pageUrl);
  const data = script?.dataset ?? {};
  const autoMount = (data.autoMount ?? '').toLowerCase() !== 'false';

  const remotes = checkedBase(
    'data-remotes-base',
    data.remotesBase,
    pageUrl,
    permittedBases([baseKey(own)], allowed.remotes, own.origin),
    "the remotes must be in the shim's own folder or at a base built in with REMOTE_ORIGINS (origin and path)",
  );
  const api = checkedBase(
    'data-api-base',
    data.apiBase,
    pageUrl,
    permittedBases([page.origin], allowed.api, page.origin),
    "the API must be on the page's own origin or at a base built in with API_ORIGINS (origin and path)",
  );
  return { remotesBase: withSlash(remotes ?? own.href), apiBase: api ?? '', autoMount };
}

/** URL of a remote's entry under the remotes base: `<base><name>/remoteEntry.js`. */
export function remoteEntryUrl(config: ShimConfig, name: string): string {
  return `${config.remotesBase}${name}/remoteEntry.js`;
}

/** The global under which a remote's entry puts its container (webpack.config.js `library.name`). */
export function containerGlobal(name: string): string {
  return `__rw_remote_${name}`;
}

/** A known widget and every element of the page that carries its mount id. */
export interface MountPoints<W extends WidgetEntry = WidgetEntry> {
  widget: W;
  /** In document order; more than one means none may be mounted (docs/host-contract.md "One element per id"). */
  elements: Element[];
}

/**
 * The widgets whose mount id is on the page, in the order of the widget list, each with every
 * element carrying that id (found with `Document.prototype`'s `querySelectorAll`, whatever
 * shadows it on the document).
 */
export function mountPoints<W extends WidgetEntry>(doc: Document, widgets: readonly W[]): MountPoints<W>[] {
  return widgets
    .map((widget) => ({ widget, elements: elementsWithId(doc, widget.mountId) }))
    .filter(({ elements }) => elements.length > 0);
}

/** What a copy of the shim's tag is made of: its resolved `src` and its `data-` attributes. */
function tagSignature(script: HTMLScriptElement): string {
  const data = Array.from(script.attributes)
    .filter((attribute) => attribute.name.startsWith('data-'))
    .map((attribute) => `${attribute.name}=${attribute.value}`)
    .sort();
  return JSON.stringify([script.src, ...data]);
}

/** True when `src` names a file called `host-shim.js` (whatever its query or fragment). */
function isShimFile(src: string): boolean {
  try {
    return new URL(src).pathname.endsWith('/host-shim.js');
  } catch {
    return false;
  }
}

/**
 * Checks that every `<script>` of the page that loads the shim (a `src` whose file is
 * `host-shim.js`, or the same `src` as the shim's own tag) is the same: the same resolved `src`
 * and the same `data-` attributes (docs/security.md "One shim"). Identical copies (a layout and a
 * view that both include the tag) pass. Run when the shim mounts, once the page is parsed, so a
 * copy injected before the real tag is compared with it.
 *
 * @param doc the page
 * @param own the shim's own tag ({@link ownScript}); counted even when it is no longer in `doc`
 * @returns the ShimConfigError (`SHIM_TAGS_DIFFER`) to refuse the page with, or null when the copies agree
 */
export function shimTagsRefusal(doc: Document, own: HTMLScriptElement | null): ShimConfigError | null {
  const scripts = allMatching(doc, 'script[src]').filter(
    (element): element is HTMLScriptElement =>
      element instanceof HTMLScriptElement && (isShimFile(element.src) || element.src === own?.src),
  );
  if (own && !scripts.includes(own)) scripts.push(own);
  const signatures = new Set(scripts.map(tagSignature));
  if (signatures.size < 2) return null;
  return new ShimConfigError(
    'SHIM_TAGS_DIFFER',
    `the page has ${scripts.length} host-shim.js script tags that differ in src or in their data- attributes; ` +
      'nothing is mounted (include the tag once, or only identical copies)',
  );
}
