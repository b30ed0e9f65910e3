/**
 * The one place where the build swaps a file inside a third-party package for another
 * (docs/architecture.md "Federation"), by webpack's public `NormalModuleReplacementPlugin`. It
 * relies on how the package is laid out inside, which no release promises to keep:
 * build/third-party.test.js checks that against the installed package, so an upgrade that changes
 * it fails there instead of making the bundles silently larger or broken.
 */
'use strict';

const webpack = require('webpack');

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
  INJECTOR_COMMONJS,
  injectorAsEsModule,
  externalRuntimeInjectorAsEsModule,
};
