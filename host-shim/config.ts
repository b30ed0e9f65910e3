/**
 * Reads and checks the shim's own script tag (docs/security.md "The shim trusts only itself"): the
 * remotes and API bases (each fixed at build time), auto-mount, the mount points, and that every
 * copy of the tag is the same (docs/security.md "One shim").
 */
import { WidgetError, type WidgetErrorCode } from '../shared/errors/WidgetError';
import { allMatching, elementsWithId, windowOf } from '../shared/page/pageDocument';

export interface WidgetEntry {
  name: string;
  mountId: string;
}

export interface ShimConfig {
  /** Ends in '/': `data-remotes-base`, else the folder host-shim.js came from. */
  remotesBase: string;
  /** The API base without a trailing '/'; '' means the page's origin. */
  apiBase: string;
  autoMount: boolean;
}

/** Bases the build allows besides the defaults (`REMOTE_ORIGINS`, `API_ORIGINS`), as {@link parseBases} gives them. */
export interface AllowedBases {
  remotes: readonly string[];
  api: readonly string[];
}

export type ShimConfigErrorCode = Extract<
  WidgetErrorCode,
  'BASE_REFUSED' | 'SHIM_CONFIG_UNREADABLE' | 'SHIM_TAGS_DIFFER' | 'DOCUMENT_SHADOWED' | 'INVALID_VITALS_RATE'
>;

/**
 * Why the shim refuses a page, or warns (`INVALID_VITALS_RATE`) (docs/host-contract.md "Error
 * codes"); its message starts `refund-widgets:`.
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

/** A base as compared: origin and path, without credentials, query, fragment or trailing slashes. */
function baseKey(url: URL): string {
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * Parses a comma- or space-separated list of bases (docs/security.md "Bases fixed at build time"):
 * http(s) URLs (origin and path) or `/paths` on the default origin; other entries are dropped.
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
 * The {@link baseKey} of a base attribute, or null when blank; it must be http(s), without
 * credentials, and one of `permitted`.
 * @throws ShimConfigError('BASE_REFUSED') naming the attribute and `rule`
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
 * The shim's own script element, read through `Document.prototype`'s `currentScript` getter (a
 * named element may shadow it); null unless an `HTMLScriptElement` with a `src`.
 */
export function ownScript(doc: Document): HTMLScriptElement | null {
  const getter = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript')?.get;
  const element: unknown = getter ? getter.call(doc) : null;
  const view = windowOf(doc);
  if (!view || !(element instanceof view.HTMLScriptElement) || element.src === '') return null;
  return element;
}

/**
 * Reads the shim's configuration from its tag, or from `publicPath` when `script` is null
 * (docs/security.md "Bases fixed at build time").
 * @throws ShimConfigError('BASE_REFUSED') when a base is neither the default nor one built in
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

export function remoteEntryUrl(config: ShimConfig, name: string): string {
  return `${config.remotesBase}${name}/remoteEntry.js`;
}

/** The global of a remote's container (webpack.config.js `library.name`). */
export function containerGlobal(name: string): string {
  return `__rw_remote_${name}`;
}

export interface MountPoints<W extends WidgetEntry = WidgetEntry> {
  widget: W;
  /** More than one means none may be mounted (docs/host-contract.md "One element per id"). */
  elements: Element[];
}

/** The widgets whose mount id is on the page, in list order, each with every element carrying it. */
export function mountPoints<W extends WidgetEntry>(doc: Document, widgets: readonly W[]): MountPoints<W>[] {
  return widgets
    .map((widget) => ({ widget, elements: elementsWithId(doc, widget.mountId) }))
    .filter(({ elements }) => elements.length > 0);
}

function tagSignature(script: HTMLScriptElement): string {
  const data = Array.from(script.attributes)
    .filter((attribute) => attribute.name.startsWith('data-'))
    .map((attribute) => `${attribute.name}=${attribute.value}`)
    .sort();
  return JSON.stringify([script.src, ...data]);
}

/** True when `src` names `host-shim.js` or its fingerprinted copy `host-shim.0123abcd.js`, whatever its query. */
function isShimFile(src: string): boolean {
  try {
    return /\/host-shim(\.[0-9a-f]{8,})?\.js$/.test(new URL(src).pathname);
  } catch {
    return false;
  }
}

/**
 * The `SHIM_TAGS_DIFFER` refusal when the page's copies of the shim's tag differ in `src` or
 * `data-` attributes, else null (docs/security.md "One shim"). `own` counts even when removed.
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
