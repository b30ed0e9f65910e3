/**
 * A federation runtime plugin in the shim and every remote: on `errorLoadShare` it removes the
 * failed load's promise from the share scope, so the next use loads the module again (docs/offline.md
 * "Code that loads again").
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

interface ShareEntry {
  loaded?: boolean;
  loading?: Promise<unknown> | null;
}

/** Scope name → package name → version → provider. */
type ShareScopes = Record<string, Record<string, Record<string, ShareEntry>>>;

/** Forgets the rejected `loading` promises of `pkgName`'s providers that never loaded; resolves to how many. */
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

export default function retryFailedShares(): ModuleFederationRuntimePlugin {
  return {
    name: 'rw-retry-failed-shares',
    errorLoadShare({ pkgName, shareScopeMap }) {
      void forgetFailedLoads(shareScopeMap as unknown as ShareScopes, pkgName);
    },
  };
}
