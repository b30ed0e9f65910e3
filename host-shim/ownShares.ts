/**
 * The chunks of the shares the shim provides itself (docs/performance.md "Shared libraries"), as
 * its webpack runtime knows them: `rwShares` (share key to chunk ids, build/first-panel-plugin.js),
 * `u` (a chunk's file) and `rwSri` (its integrity, build/sri-plugin.js).
 */
import type { IntegrityTable } from './integrity';

/** The shim's share files, relative to `base`, by share key, and their integrity. */
export interface OwnShares {
  base: string;
  files: Record<string, string[]>;
  integrity: IntegrityTable;
}

/** The parts of a webpack runtime read here. */
export interface ShareRuntime {
  u?: (chunkId: string | number) => string;
  rwShares?: Record<string, (string | number)[]>;
  rwSri?: { j: Record<string, string> };
}

declare const __webpack_require__: ShareRuntime | undefined;

/**
 * The shim's share files under `base` (its own URL's folder), read from `runtime` (the shim's
 * webpack runtime unless told); undefined outside a build that records them.
 */
export function ownShares(
  base: string,
  runtime: ShareRuntime | undefined = typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__,
): OwnShares | undefined {
  const chunkFile = runtime?.u;
  if (!runtime?.rwShares || !chunkFile || !runtime.rwSri) return undefined;
  const sri = runtime.rwSri.j;
  const files: Record<string, string[]> = {};
  const integrity: Record<string, string> = {};
  for (const [key, ids] of Object.entries(runtime.rwShares)) {
    files[key] = ids.map((id) => {
      const file = chunkFile(id);
      if (sri[id]) integrity[file] = sri[id];
      return file;
    });
  }
  return { base, files, integrity };
}
