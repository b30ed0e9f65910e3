/**
 * The two places where the build swaps a file inside a third-party package for another
 * (docs/architecture.md "Federation"). Both use webpack's public `NormalModuleReplacementPlugin`,
 * but each relies on how the package is laid out inside, which no release promises to keep:
 * build/third-party.test.js checks each assumption against the installed package, so an upgrade
 * that changes one fails there instead of making the bundles silently larger or broken.
 */
'use strict';

const path = require('path');
const webpack = require('webpack');

/**
 * axios's fetch adapter (`axios/lib/adapters/fetch.js`), which `lib/adapters/adapters.js` imports
 * for its `getFetch` only. Browsers use the XHR adapter (axios's default order is
 * `['xhr', 'http', 'fetch']`), so the fetch adapter never runs in the widgets, but axios has no
 * build without it. Upstream: "Reduce size after tree shaking",
 * https://github.com/axios/axios/issues/5380.
 */
const AXIOS_FETCH_ADAPTER = /axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/;
/** What stands in for it: a `getFetch` that says "not supported here". */
const NO_FETCH_ADAPTER = path.resolve(__dirname, '..', 'shared', 'api', 'noFetchAdapter.js');

/**
 * The runtime-core injector the federation plugin adds for `provideExternalRuntime`, by
 * `require.resolve('@module-federation/inject-external-runtime-core-plugin')`: the package's
 * CommonJS build (`dist/index.cjs`), which pulls in a second, CommonJS copy of runtime-core and the
 * sdk (~20 KB gz) beside the ES module copy the bundler runtime uses. Its ES module build
 * (`dist/index.js`, the package's `import` export) shares that one copy. Upstream: runtime plugins
 * are taken as resolved paths, https://github.com/module-federation/core/issues/4953, and the
 * runtime's composition by export conditions is proposed in
 * https://github.com/module-federation/core/issues/5036.
 */
const INJECTOR_COMMONJS = /inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/;

/**
 * Every compiler: axios's fetch adapter replaced by {@link NO_FETCH_ADAPTER}.
 *
 * @returns {import('webpack').NormalModuleReplacementPlugin}
 */
function withoutAxiosFetchAdapter() {
  return new webpack.NormalModuleReplacementPlugin(AXIOS_FETCH_ADAPTER, NO_FETCH_ADAPTER);
}

/**
 * The `.cjs` path of the injector's CommonJS build turned into its ES module build's `.js` path.
 *
 * @param {string} request a request matching {@link INJECTOR_COMMONJS}
 * @returns {string} the same path ending in `index.js`
 */
function injectorAsEsModule(request) {
  return request.replace(/index\.cjs$/, 'index.js');
}

/**
 * The shim's compiler (the one with `provideExternalRuntime`): the injector's ES module build in
 * place of its CommonJS build.
 *
 * @returns {import('webpack').NormalModuleReplacementPlugin}
 */
function externalRuntimeInjectorAsEsModule() {
  return new webpack.NormalModuleReplacementPlugin(INJECTOR_COMMONJS, (resource) => {
    resource.request = injectorAsEsModule(resource.request);
  });
}

module.exports = {
  AXIOS_FETCH_ADAPTER,
  NO_FETCH_ADAPTER,
  INJECTOR_COMMONJS,
  injectorAsEsModule,
  withoutAxiosFetchAdapter,
  externalRuntimeInjectorAsEsModule,
};
