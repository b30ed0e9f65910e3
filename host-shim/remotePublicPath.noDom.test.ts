/**
 * @jest-environment @stryker-mutator/jest-runner/jest-env/node
 *
 * The remotes' public-path plugin where there is no DOM (a remote loaded in a worker or on a
 * server): it leaves webpack's public path as it was and does not throw. Jest's node environment,
 * wrapped as Stryker's documentation asks (docs/mutation-testing.md).
 */
const webpackGlobals = globalThis as unknown as { __webpack_public_path__: string };

test('without a document, the public path stays as webpack set it', () => {
  expect(typeof document).toBe('undefined');
  webpackGlobals.__webpack_public_path__ = 'https://cdn.example.net/rw/refund/';
  let plugin: (() => { name: string }) | undefined;
  expect(() =>
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- run the module's top level in the test
      plugin = (require('./remotePublicPath') as typeof import('./remotePublicPath')).default;
    }),
  ).not.toThrow();
  expect(webpackGlobals.__webpack_public_path__).toBe('https://cdn.example.net/rw/refund/');
  expect(plugin?.()).toEqual({ name: 'rw-remote-public-path' });
});
