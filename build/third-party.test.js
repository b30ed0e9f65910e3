/**
 * The build's reads and swaps of third-party internals (build/third-party-patches.js,
 * build/first-panel-plugin.js `shareKeyOf`), checked against the installed packages: each test
 * fails when an upgrade changes what the build relies on, instead of the build silently growing
 * or loading the wrong file.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const { INJECTOR_COMMONJS, injectorAsEsModule, externalRuntimeInjectorAsEsModule } = require('./third-party-patches');
const { shareKeyOf } = require('./first-panel-plugin');

const ROOT = path.resolve(__dirname, '..');
/** A file of an installed package, by its path inside the package (not through its exports). */
const packageFile = (name, ...segments) => path.join(ROOT, 'node_modules', name, ...segments);
const read = (file) => fs.readFileSync(file, 'utf8');

describe("the federation plugin's runtime-core injector, swapped for its ES module build", () => {
  const injector = '@module-federation/inject-external-runtime-core-plugin';

  it('is added by the federation plugin by require.resolve, for provideExternalRuntime', () => {
    const plugin = read(
      packageFile('@module-federation/enhanced', 'dist', 'src', 'lib', 'container', 'ModuleFederationPlugin.js'),
    );
    expect(plugin).toContain(`require.resolve("${injector}")`);
    expect(plugin).toMatch(/experiments\?\.provideExternalRuntime/);
  });

  it('resolves, as require.resolve does, to the CommonJS build the swap matches', () => {
    const commonJs = require.resolve(injector, { paths: [packageFile('@module-federation/enhanced')] });
    expect(INJECTOR_COMMONJS.test(commonJs)).toBe(true);
    expect(externalRuntimeInjectorAsEsModule().resourceRegExp).toBe(INJECTOR_COMMONJS);
  });

  it('is swapped for the file the package exports for import, which exists', () => {
    const manifest = JSON.parse(read(packageFile(injector, 'package.json')));
    expect(manifest.exports['.'].require.default).toBe('./dist/index.cjs');
    expect(manifest.exports['.'].import.default).toBe('./dist/index.js');
    const commonJs = packageFile(injector, 'dist', 'index.cjs');
    const esModule = injectorAsEsModule(commonJs);
    expect(esModule).toBe(packageFile(injector, 'dist', 'index.js'));
    expect(fs.existsSync(esModule)).toBe(true);
  });

  it('rewrites the request of the resource webpack is about to load', () => {
    const resource = { request: packageFile(injector, 'dist', 'index.cjs') };
    externalRuntimeInjectorAsEsModule().newResource(resource);
    expect(resource.request).toBe(packageFile(injector, 'dist', 'index.js'));
  });
});

describe('the share key of a provided module (shareKeyOf reads its private _name)', () => {
  const sharing = packageFile('@module-federation/enhanced', 'dist', 'src', 'lib', 'sharing');

  it('is the key a ProvideSharedModule of @module-federation/enhanced was made for', () => {
    const ProvideSharedModule = require(path.join(sharing, 'ProvideSharedModule.js')).default;
    const module = new ProvideSharedModule(
      'default',
      'react/jsx-runtime',
      '19.3.1',
      '/app/node_modules/react/jsx-runtime.js',
      false,
      '^19.3.1',
      false,
      true,
    );
    expect(module.type).toBe('provide-module');
    expect(shareKeyOf(module)).toBe('react/jsx-runtime');
  });

  it('fails loudly when a provided module holds no key there', () => {
    const changed = { _name: undefined, identifier: () => 'provide module (default) react@19 = react' };
    expect(() => shareKeyOf(changed)).toThrow(
      'FirstPanelFilesPlugin: provide module (default) react@19 = react has no share key in _name (did @module-federation/enhanced change?)',
    );
  });
});
