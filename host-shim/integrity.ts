/**
 * The integrity values the shim carries for the files it loads and preloads from the remotes
 * (docs/security.md "Every file under SRI"): each remote entry and each first-panel
 * file, by path relative to the remotes base (`refund/remoteEntry.js`), as sha384 of the final
 * bytes, the values `dist/manifest.json` lists. The build bakes them in as `__RW_INTEGRITY__`
 * (build/first-panel-plugin.js `shimIntegrity`). The chunks and CSS a remote loads itself carry
 * integrity from that remote's runtime (build/sri-plugin.js).
 */

/** Build-time table (webpack.config.js); absent where the shim is not built by webpack (tests). */
declare const __RW_INTEGRITY__: IntegrityTable | undefined;

/** Integrity values (`sha384-…`) by path relative to the remotes base. */
export type IntegrityTable = Readonly<Record<string, string>>;

/** The table built into the shim, or an empty one when the shim was not built with one. */
export function builtIntegrity(): IntegrityTable {
  return typeof __RW_INTEGRITY__ === 'undefined' ? {} : __RW_INTEGRITY__;
}

/**
 * The integrity of `file` (a path relative to the remotes base) in `table`, or undefined when the
 * table has none (only its own keys count: `__proto__` or `constructor` find nothing).
 */
export function integrityFor(file: string, table: IntegrityTable = builtIntegrity()): string | undefined {
  return Object.prototype.hasOwnProperty.call(table, file) ? table[file] : undefined;
}

/**
 * The integrity of the remote entry at `url` (absolute, ending in `/<remote>/remoteEntry.js`):
 * looked up by its last two path segments, whatever the origin and folder the remotes are served from.
 *
 * @throws Error naming the URL when the table has no value for it (nothing is loaded unchecked)
 */
export function remoteEntryIntegrity(url: string, table: IntegrityTable = builtIntegrity()): string {
  const key = new URL(url).pathname.split('/').slice(-2).join('/');
  const integrity = integrityFor(key, table);
  if (!integrity) throw new Error(`refund-widgets: this build has no integrity value for "${url}"`);
  return integrity;
}
