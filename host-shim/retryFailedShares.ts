/**
 * A federation runtime plugin built into the shim and every remote (webpack.config.js
 * `runtimePlugins`): a shared module whose code failed to load is loaded again the next time it is
 * needed (docs/offline.md "Code that loads again").
 *
 * The federation runtime keeps the promise of a shared module's load in the share scope
 * (`loading`) and hands it to every later caller; a load that failed (the connection dropped while
 * axios was loading in idle time) would fail every later action without a request going out. On
 * `errorLoadShare`, this plugin removes that failed promise from the share scope, so the next
 * action calls the provider's `get()` again. A load still in flight, or one that succeeded, is left
 * alone. (The same fix is proposed upstream: module-federation/core pull request 5068.)
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** One provider of a shared module in a share scope, as far as this plugin reads it. */
interface ShareEntry {
  loaded?: boolean;
  loading?: Promise<unknown> | null;
}

/** The share scopes: scope name → package name → version → provider. */
type ShareScopes = Record<string, Record<string, Record<string, ShareEntry>>>;

/**
 * Forgets the failed loads of `pkgName` in `scopes`: every provider whose `loading` promise has
 * settled as rejected and that never loaded.
 *
 * @param scopes the federation instance's share scope map
 * @param pkgName the shared module whose load failed, e.g. `axios`
 * @returns the number of providers forgotten; resolves once their promises have been read
 */
export async function forgetFailedLoads(scopes: ShareScopes, pkgName: string): Promise<number> {
  const entries = Object.values(scopes).flatMap((scope) => Object.values(scope[pkgName] ?? {}));
  const failed = await Promise.all(
    entries.map(async (entry) => {
      const loading = entry.loading;
      if (!loading || entry.loaded) return false;
      const [outcome] = await Promise.allSettled([loading]);
      // A newer load may have taken its place meanwhile: only the failed promise is removed.
      if (outcome.status !== 'rejected' || entry.loading !== loading) return false;
      entry.loading = null;
      return true;
    }),
  );
  return failed.filter(Boolean).length;
}

/** The plugin object the federation runtime asks for. */
export default function retryFailedShares(): ModuleFederationRuntimePlugin {
  return {
    name: 'rw-retry-failed-shares',
    errorLoadShare({ pkgName, shareScopeMap }) {
      void forgetFailedLoads(shareScopeMap as unknown as ShareScopes, pkgName);
    },
  };
}
