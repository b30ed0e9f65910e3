/**
 * The shares the shim provides itself: every shared library (docs/performance.md "Shared
 * libraries"), so every page loads each one from the shim's one file.
 */
'use strict';

/** Resolves a package request as webpack resolves the widgets' imports of it (ES modules, browser). */
const resolveShare = require('enhanced-resolve').create.sync({
  conditionNames: ['webpack', 'production', 'browser', 'import', 'module'],
  mainFields: ['browser', 'module', 'main'],
  aliasFields: ['browser'],
  extensions: ['.js', '.json'],
});

/** The package a share key names (`react` for `react/jsx-runtime`). */
function packageOf(key) {
  return key.startsWith('@') ? key.split('/').slice(0, 2).join('/') : key.split('/')[0];
}

/**
 * The shim's `shared`: each share of `shared`, from the file a remote's import resolves to under
 * `context` and at the installed version. An absolute `import` makes the federation plugin provide
 * it though nothing in the shim imports it; its chunk loads only when a widget consumes it. Among
 * equal versions the federation runtime keeps the provider whose name sorts last (runtime-core's
 * `initializeSharing` `register`: `hostName > versions[version].from`), hence the check on names.
 *
 * @param {Record<string, object>} shared the remotes' `shared` (a share with an `import` is kept)
 * @param {{ hostName: string, remoteNames: string[], context: string }} options the shim's and the
 *   remotes' federation names; the folder packages resolve from
 * @returns {Record<string, object>}
 * @throws Error when a remote's name sorts after `hostName`
 */
function hostSharedConfig(shared, { hostName, remoteNames, context }) {
  const after = remoteNames.filter((name) => name >= hostName);
  if (after.length) throw new Error(`remote name(s) ${after.join(', ')} must sort before "${hostName}"`);
  return Object.fromEntries(
    Object.entries(shared).map(([key, share]) => {
      if (share.import) return [key, share];
      const file = resolveShare(context, key);
      const packageJson = require.resolve(`${packageOf(key)}/package.json`, { paths: [context] });
      return [key, { ...share, import: file, version: require(packageJson).version }];
    }),
  );
}

module.exports = { hostSharedConfig };
