/**
 * Code and data in one round trip after the shim (docs/performance.md "First panel"). As soon as the shim
 * runs, for the widgets on the page only, it
 * - preloads every file their first panel needs (remote entry, the exposed module's chunks, the
 *   shared chunks the runtime will pick, CSS), learned at build time (build/first-panel-plugin.js
 *   → `__RW_FIRST_PANEL__`), with `<link rel="preload">`: the files download
 *   in parallel and nothing executes until the federation runtime asks for it (it then reuses the
 *   preloaded response, so nothing downloads twice). Each preload carries the file's `integrity`
 *   (host-shim/integrity.ts), the value its later load carries, so the browser can reuse it;
 * - starts the GETs of their first panel (the mount element's URLs, `prefetch` in widgets.json)
 *   through the page runtime's `prefetchGet`, which the widget's client takes over.
 */
import { isCrossOrigin } from './federationScripts';
import { builtIntegrity, integrityFor, type IntegrityTable } from './integrity';
import { prefetchGet } from '../shared/runtime/prefetch';
import { mountPoints, type WidgetEntry } from './config';

/** One remote's first-panel files, relative to the remotes base (see webpack.config.js). */
export interface RemoteFirstPanel {
  files: string[];
  consumes: string[];
  provides: Record<string, string[]>;
}

/** The build's table: the shares the shim provides itself, and each remote's first panel. */
export interface FirstPanelTable {
  hostProvides: string[];
  remotes: Record<string, RemoteFirstPanel>;
}

/** Which mount attributes hold the URLs of a widget's first GETs (widgets.json `prefetch`). */
export interface PrefetchSpec {
  /** Attributes whose values are GET URLs, e.g. `data-refund-status-url`. */
  urls: string[];
  /** No GET when the mount element has this attribute (the refund widget's static `data-view`). */
  unlessAttribute?: string;
}

/** A widget entry as the shim knows it, with its first GETs. */
export type FirstPanelWidget = WidgetEntry & { prefetch?: PrefetchSpec };

/**
 * The files (relative to the remotes base, no duplicates) the first panels of remotes `names`
 * need. A shared module comes from one provider per page: the federation runtime keeps, among
 * equal versions, the provider with the greatest name (runtime-core `initializeSharing`:
 * `hostName > from`), so that is the one preloaded; shares the shim provides itself are skipped.
 * All remotes of one build share one package.json, hence equal versions.
 */
export function firstPanelFiles(table: FirstPanelTable, names: string[]): string[] {
  const files = new Set<string>();
  const present = names.filter((n) => table.remotes[n]).sort();
  const shares = new Set<string>();
  for (const name of present) {
    table.remotes[name].files.forEach((f) => files.add(f));
    table.remotes[name].consumes.forEach((key) => shares.add(key));
  }
  for (const key of shares) {
    if (table.hostProvides.includes(key)) continue;
    const providers = present.filter((n) => table.remotes[n].provides[key]);
    const provider = providers[providers.length - 1];
    if (provider) table.remotes[provider].provides[key].forEach((f) => files.add(f));
  }
  return [...files];
}

/**
 * Adds one `<link rel="preload">` per file (as script or style) to the head, each with its
 * integrity from `integrity` (default: the build's table). A file without an integrity value is
 * not preloaded (docs/security.md "Every file under SRI"). Returns how many.
 */
export function preloadFiles(
  doc: Document,
  remotesBase: string,
  files: string[],
  integrity: IntegrityTable = builtIntegrity(),
): number {
  let added = 0;
  // A file the page's own hints preload is not preloaded twice (Firefox reports one as failed).
  const hinted = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((hint) => hint.href));
  for (const file of files) {
    const as = file.endsWith('.css') ? 'style' : file.endsWith('.js') ? 'script' : null;
    const hash = integrityFor(file, integrity);
    if (!as || !hash) continue;
    const href = new URL(file, remotesBase).href;
    if (hinted.has(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', as);
    link.setAttribute('integrity', hash);
    link.href = href;
    // Cross-origin files load with crossorigin (webpack crossOriginLoading, federationScripts.ts):
    // the preload must be made the same way or the browser fetches the file twice.
    // A document without a location (made by DOMImplementation) is compared with the page's.
    if (isCrossOrigin(link.href, doc.location?.href)) link.crossOrigin = 'anonymous';
    link.setAttribute('data-rw-preload', '');
    doc.head.appendChild(link);
    added += 1;
  }
  return added;
}

/**
 * Starts the first GETs of a widget's mount element (see {@link PrefetchSpec}); `apiBase` (the
 * shim's `data-api-base`) decides whether they carry cookies across origins.
 */
export function prefetchFirstGets(element: HTMLElement, spec: PrefetchSpec | undefined, apiBase = ''): void {
  if (!spec || (spec.unlessAttribute && element.hasAttribute(spec.unlessAttribute))) return;
  for (const attribute of spec.urls) {
    const url = element.getAttribute(attribute);
    if (url) prefetchGet(url, apiBase);
  }
}

/**
 * Starts the first panels of the widgets on `doc` that are not mounted yet: their files and
 * their GETs, all at once. A widget whose mount id more than one element carries is skipped: it
 * will not be mounted (docs/host-contract.md "One element per id"), and an injected copy's URLs
 * are never fetched. Called by the shim just before it loads its loader chunk. Never throws
 * (a failure here only loses the head start: the runtime and the widgets fetch for themselves).
 */
export function startFirstPanels(
  table: FirstPanelTable | undefined,
  remotesBase: string,
  widgets: FirstPanelWidget[],
  doc: Document = document,
  apiBase = '',
): void {
  try {
    const onPage = mountPoints(doc, widgets)
      .filter(({ elements }) => elements.length === 1 && !elements[0].hasAttribute('data-rw-mounted'))
      .map(({ widget, elements }) => ({ widget, element: elements[0] as HTMLElement }));
    onPage.forEach(({ widget, element }) => prefetchFirstGets(element, widget.prefetch, apiBase));
    if (table) {
      preloadFiles(
        doc,
        remotesBase,
        firstPanelFiles(
          table,
          onPage.map(({ widget }) => widget.name),
        ),
      );
    }
  } catch {
    // A head start only; the normal path loads everything.
  }
}
