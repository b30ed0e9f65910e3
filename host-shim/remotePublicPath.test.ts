/**
 * The remotes' public-path plugin (docs/security.md "The shim trusts only itself"): while a
 * remote's `remoteEntry.js` runs, it sets webpack's public path to the folder of that script,
 * read through the `Document.prototype` getter, so a named element cannot move it. The module is
 * loaded inside each test, as the remote entry runs it; its tests are all here, so StrykerJS's
 * per-test coverage gives its top level to them (docs/mutation-testing.md).
 */
type PluginModule = typeof import('./remotePublicPath');

const globals = globalThis as unknown as { __webpack_public_path__: string };

/** Runs the module's top level as a remote entry would, with `current` as document.currentScript. */
function runRemoteEntry(current: Element | null): PluginModule['default'] {
  jest.spyOn(Document.prototype, 'currentScript', 'get').mockReturnValue(current as HTMLScriptElement | null);
  let plugin: PluginModule['default'] | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- run the module's top level in the test
    plugin = (require('./remotePublicPath') as PluginModule).default;
  });
  return plugin as PluginModule['default'];
}

beforeEach(() => {
  // What webpack's publicPath 'auto' made of the page: the folder of the last <script src>.
  globals.__webpack_public_path__ = 'https://cdn.example.net/some/injected/';
});

afterEach(() => {
  jest.restoreAllMocks();
});

test("sets the public path to the folder of the remote's own script", () => {
  const script = document.createElement('script');
  script.src = 'https://cdn.example.net/rw/refund/remoteEntry.js?v=2';
  const plugin = runRemoteEntry(script);
  expect(globals.__webpack_public_path__).toBe('https://cdn.example.net/rw/refund/');
  expect(plugin()).toEqual({ name: 'rw-remote-public-path' });
});

test('leaves the public path alone when the current script is not a script element with a src', () => {
  const image = document.createElement('img');
  image.setAttribute('name', 'currentScript');
  runRemoteEntry(image);
  expect(globals.__webpack_public_path__).toBe('https://cdn.example.net/some/injected/');
  runRemoteEntry(document.createElement('script'));
  expect(globals.__webpack_public_path__).toBe('https://cdn.example.net/some/injected/');
  runRemoteEntry(null);
  expect(globals.__webpack_public_path__).toBe('https://cdn.example.net/some/injected/');
});
