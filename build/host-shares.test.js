/**
 * build/host-shares.js: the shim provides every shared library itself (docs/performance.md "Shared
 * libraries"), and the build refuses a remote name that would win the federation runtime's tie
 * between equal versions.
 */
'use strict';

const path = require('path');
const { hostSharedConfig } = require('./host-shares');

const ROOT = path.resolve(__dirname, '..');
const versionOf = (name) => require(`${name}/package.json`).version;
const SHARED = {
  react: { singleton: true, requiredVersion: `^${versionOf('react')}`, version: versionOf('react') },
  'react-dom/client': { singleton: true, requiredVersion: `^${versionOf('react-dom')}` },
  axios: { requiredVersion: `^${versionOf('axios')}` },
  '@rw/page-runtime': { singleton: true, import: path.join(ROOT, 'shared/runtime/index.ts'), version: '9.9.9' },
};
const OPTIONS = { hostName: 'rw_host', remoteNames: ['refund', 'lookup'], context: ROOT };

describe('hostSharedConfig', () => {
  it('provides every share from the file webpack picks for the widgets, at the installed version', () => {
    const shared = hostSharedConfig(SHARED, OPTIONS);
    expect(Object.keys(shared)).toEqual(Object.keys(SHARED));
    expect(shared.react).toEqual({ ...SHARED.react, import: require.resolve('react'), version: versionOf('react') });
    expect(shared['react-dom/client'].import).toBe(require.resolve('react-dom/client'));
    expect(shared['react-dom/client'].version).toBe(versionOf('react-dom'));
    // axios's browser build (its `browser` condition), not the Node build `require.resolve` gives.
    expect(shared.axios.import).toBe(path.join(path.dirname(require.resolve('axios/package.json')), 'index.js'));
    expect(shared.axios.version).toBe(versionOf('axios'));
    // A share with its own import is the remotes' as it is.
    expect(shared['@rw/page-runtime']).toBe(SHARED['@rw/page-runtime']);
  });

  it("refuses a remote whose name sorts after the shim's", () => {
    expect(() => hostSharedConfig(SHARED, { ...OPTIONS, remoteNames: ['refund', 'seats'] })).toThrow(
      'remote name(s) seats must sort before "rw_host"',
    );
    expect(() => hostSharedConfig(SHARED, { ...OPTIONS, remoteNames: ['rw_host'] })).toThrow('rw_host');
  });
});
