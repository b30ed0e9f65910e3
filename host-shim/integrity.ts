/**
 * The sha384 integrity values the build bakes into the shim (`__RW_INTEGRITY__`) for each remote
 * entry and first-panel file, by path relative to the remotes base (docs/security.md "Every file under SRI").
 */

declare const __RW_INTEGRITY__: IntegrityTable | undefined;

export type IntegrityTable = Readonly<Record<string, string>>;

export function builtIntegrity(): IntegrityTable {
  return typeof __RW_INTEGRITY__ === 'undefined' ? {} : __RW_INTEGRITY__;
}

/** The integrity of `file` in `table` (own keys only), or undefined. */
export function integrityFor(file: string, table: IntegrityTable = builtIntegrity()): string | undefined {
  return Object.prototype.hasOwnProperty.call(table, file) ? table[file] : undefined;
}

/**
 * The integrity of a remote entry URL, looked up by its last two path segments (`refund/remoteEntry.js`).
 * @throws Error naming the URL when the table has none (nothing loads unchecked)
 */
export function remoteEntryIntegrity(url: string, table: IntegrityTable = builtIntegrity()): string {
  const key = new URL(url).pathname.split('/').slice(-2).join('/');
  const integrity = integrityFor(key, table);
  if (!integrity) throw new Error(`refund-widgets: this build has no integrity value for "${url}"`);
  return integrity;
}
