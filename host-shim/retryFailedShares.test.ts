/**
 * A shared module whose code failed to load is loaded again (docs/offline.md "Code that loads
 * again"): the federation runtime plugin removes the failed load from the share scope, and only it.
 */
import retryFailedShares, { forgetFailedLoads } from './retryFailedShares';

/** A promise that has already failed, with its rejection handled. */
function failed(): Promise<unknown> {
  const promise = Promise.reject(new Error('Loading chunk 579 failed.'));
  promise.catch(() => undefined);
  return promise;
}

describe('forgetFailedLoads', () => {
  it('removes a failed load of the package from every scope and version, and counts them', async () => {
    const scopes = {
      default: { axios: { '1.21.1': { loaded: false, loading: failed() }, '1.20.0': { loading: failed() } } },
      other: { axios: { '1.21.1': { loading: failed() } } },
    };
    await expect(forgetFailedLoads(scopes, 'axios')).resolves.toBe(3);
    expect(scopes.default.axios['1.21.1'].loading).toBeNull();
    expect(scopes.default.axios['1.20.0'].loading).toBeNull();
    expect(scopes.other.axios['1.21.1'].loading).toBeNull();
  });

  it('keeps a load that succeeded and a failed load of another package', async () => {
    const done = Promise.resolve(() => ({}));
    const otherFailure = failed();
    const scopes = {
      default: {
        axios: { '1.21.1': { loaded: false, loading: done } },
        formik: { '2.4.9': { loading: otherFailure } },
      },
    };
    await expect(forgetFailedLoads(scopes, 'axios')).resolves.toBe(0);
    expect(scopes.default.axios['1.21.1'].loading).toBe(done);
    expect(scopes.default.formik['2.4.9'].loading).toBe(otherFailure);
  });

  it('keeps a load still in flight', async () => {
    const inFlight = new Promise<never>(() => undefined);
    const scopes = { default: { axios: { '1.21.1': { loading: inFlight } } } };
    void forgetFailedLoads(scopes, 'axios');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scopes.default.axios['1.21.1'].loading).toBe(inFlight);
  });

  it('keeps a failed promise of a provider that has loaded all the same', async () => {
    const loading = failed();
    const scopes = { default: { axios: { '1.21.1': { loaded: true, loading } } } };
    await expect(forgetFailedLoads(scopes, 'axios')).resolves.toBe(0);
    expect(scopes.default.axios['1.21.1'].loading).toBe(loading);
  });

  it('keeps a newer load that took the failed one’s place while it was being read', async () => {
    const entry: { loading?: Promise<unknown> | null } = { loading: failed() };
    const newer = Promise.resolve('again');
    const forgotten = forgetFailedLoads({ default: { axios: { '1.21.1': entry } } }, 'axios');
    entry.loading = newer;
    await expect(forgotten).resolves.toBe(0);
    expect(entry.loading).toBe(newer);
  });

  it('finds nothing to do for a package no scope has, or a provider with no load', async () => {
    await expect(forgetFailedLoads({ default: {} }, 'axios')).resolves.toBe(0);
    await expect(forgetFailedLoads({ default: { axios: { '1.21.1': {} } } }, 'axios')).resolves.toBe(0);
  });
});

describe('the runtime plugin', () => {
  it('is named, and on errorLoadShare forgets the failed load of that package', async () => {
    const plugin = retryFailedShares();
    expect(plugin.name).toBe('rw-retry-failed-shares');
    const entry = { loaded: false, loading: failed() };
    const kept = { loading: failed() };
    const shareScopeMap = { default: { axios: { '1.21.1': entry }, yup: { '1.7.1': kept } } };
    const args = { pkgName: 'axios', shareScopeMap } as unknown as Parameters<
      NonNullable<typeof plugin.errorLoadShare>
    >[0];
    plugin.errorLoadShare?.(args);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(entry.loading).toBeNull();
    expect(kept.loading).not.toBeNull();
  });
});
