/**
 * Code and data in one round trip after the shim (docs/performance.md "First panel"): for the
 * widgets on the page, preloads their first panel's files (learned at build time, with integrity)
 * and starts their first GETs through the page runtime's `prefetchGet`.
 */
import { isCrossOrigin } from './federationScripts';
import { builtIntegrity, integrityFor, type IntegrityTable } from './integrity';
import { prefetchGet } from '../shared/runtime/prefetch';
import { mountPoints, type WidgetEntry } from './config';
import type { OwnShares } from './ownShares';

/** One remote's first-panel files, relative to the remotes base. */
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
  urls: string[];
  /** By URL attribute: a mount attribute whose presence skips that GET (the refund dry run's `data-view`). */
  unless?: Partial<Record<string, string>>;
}

export type FirstPanelWidget = WidgetEntry & { prefetch?: PrefetchSpec };

/**
 * The files the first panels of remotes `names` need, without duplicates. A share is preloaded
 * from the provider the federation runtime keeps among equal versions: the greatest name.
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

/** The shares the shim provides that the first panels of remotes `names` consume, sorted. */
export function hostSharesOf(table: FirstPanelTable, names: string[]): string[] {
  const keys = new Set(names.filter((n) => table.remotes[n]).flatMap((n) => table.remotes[n].consumes));
  return [...keys].filter((key) => table.hostProvides.includes(key)).sort();
}

/**
 * Adds one `<link rel="preload">` with integrity per file to the head; a file without integrity is
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
    // As cross-origin files load (crossorigin), or the browser fetches them twice.
    if (isCrossOrigin(link.href, doc.location?.href)) link.crossOrigin = 'anonymous';
    link.setAttribute('data-rw-preload', '');
    doc.head.appendChild(link);
    added += 1;
  }
  return added;
}

/**
 * Starts the first GETs of a mount element: each URL attribute it has a value for, unless it has
 * that URL's `unless` attribute. `apiBase` decides whether they carry cookies.
 */
export function prefetchFirstGets(element: HTMLElement, spec: PrefetchSpec | undefined, apiBase = ''): void {
  for (const attribute of spec?.urls ?? []) {
    const unless = spec?.unless?.[attribute];
    if (unless && element.hasAttribute(unless)) continue;
    const url = element.getAttribute(attribute);
    if (url) prefetchGet(url, apiBase);
  }
}

/**
 * Starts the files and GETs of the first panels of widgets not mounted yet, with the shim's own
 * files of the shares they consume (`own`); a mount id on more than one element is skipped
 * (docs/host-contract.md "One element per id"). Never throws.
 */
export function startFirstPanels(
  table: FirstPanelTable | undefined,
  remotesBase: string,
  widgets: FirstPanelWidget[],
  doc: Document = document,
  apiBase = '',
  own?: OwnShares,
): void {
  try {
    const onPage = mountPoints(doc, widgets)
      .filter(({ elements }) => elements.length === 1 && !elements[0].hasAttribute('data-rw-mounted'))
      .map(({ widget, elements }) => ({ widget, element: elements[0] as HTMLElement }));
    onPage.forEach(({ widget, element }) => prefetchFirstGets(element, widget.prefetch, apiBase));
    if (table) {
      const names = onPage.map(({ widget }) => widget.name);
      preloadFiles(doc, remotesBase, firstPanelFiles(table, names));
      if (own) {
        const files = hostSharesOf(table, names).flatMap((key) => own.files[key] ?? []);
        preloadFiles(doc, own.base, files, own.integrity);
      }
    }
  } catch {
    // A head start only; the normal path loads everything.
  }
}
