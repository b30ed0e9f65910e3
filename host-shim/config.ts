/**
 * Reading the shim's own script tag (DESIGN.md "The host contract", build output): where the
 * remotes are, the API base and whether to mount automatically.
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
  /** Prefix for the fixed API paths of SPEC.md section 7; '' means the page's origin. */
  apiBase: string;
  /** False when the tag says `data-auto-mount="false"`. */
  autoMount: boolean;
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Reads the shim configuration from its script element (may be null when the shim was not
 * loaded by a plain script tag) and the public path webpack computed from the shim's own URL.
 * Relative `data-remotes-base` values are resolved against the page URL.
 */
export function readShimConfig(script: HTMLScriptElement | null, publicPath: string, pageUrl: string): ShimConfig {
  const data = script?.dataset ?? {};
  const remotesBase = data.remotesBase ? new URL(data.remotesBase, pageUrl).href : publicPath;
  return {
    remotesBase: withSlash(remotesBase),
    apiBase: (data.apiBase ?? '').replace(/\/+$/, ''),
    autoMount: (data.autoMount ?? '').toLowerCase() !== 'false',
  };
}

/** URL of a remote's entry under the remotes base: `<base><name>/remoteEntry.js`. */
export function remoteEntryUrl(config: ShimConfig, name: string): string {
  return `${config.remotesBase}${name}/remoteEntry.js`;
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
