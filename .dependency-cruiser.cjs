/**
 * dependency-cruiser (`npm run lint`): the arrows allowed between the folders (README.md
 * "Layout", docs/architecture.md "Layout").
 *
 * - `shared/` is code two widgets use at run time: it imports no widget, no dev host or host,
 *   no contract tooling (contract/rules/, shared data, aside) and no test code.
 * - A widget imports `shared/`, never another widget.
 * - `host-shim/` loads the widgets through federation at run time, never by import; the dev host
 *   and the hosts serve pages that do the same.
 * - Product code (`shared/`, `widgets/`, `host-shim/`) imports no test helper and no test file;
 *   its tests (`*.test.*`) may import `test/`.
 * - `contract/` and `test/` may import widgets; nothing in product code imports them.
 */

/** A test file, beside the code it tests. */
const TEST_FILE = '\\.test\\.[cm]?[jt]sx?$';
/** Code that ships in dist/. */
const PRODUCT = '^(shared|widgets|host-shim)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle between modules: one of them must move, or the shared part must go to a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-consumer',
      severity: 'error',
      comment:
        'shared/ is code two widgets use: it never imports a widget, the dev host, a host or the contract tooling.',
      from: { path: '^shared/' },
      // contract/rules/ is data the widgets and the reference backend share, not tooling.
      to: { path: '^(widgets|dev-host|hosts|contract)/', pathNot: '^contract/rules/[^/]+\\.json$' },
    },
    {
      name: 'widget-imports-no-other-widget',
      severity: 'error',
      comment: 'A widget never imports another widget: move what both need to shared/.',
      from: { path: '^widgets/([^/]+)/' },
      to: { path: '^widgets/', pathNot: '^widgets/$1/' },
    },
    {
      name: 'shim-imports-no-widget',
      severity: 'error',
      comment: 'host-shim/ loads the widgets through federation at run time, never by import.',
      from: { path: '^host-shim/' },
      to: { path: '^widgets/' },
    },
    {
      name: 'hosts-import-no-widget',
      severity: 'error',
      comment: 'The dev host and the hosts serve pages that load the widgets through the shim, never by import.',
      from: { path: '^(dev-host|hosts)/' },
      to: { path: '^widgets/' },
    },
    {
      name: 'product-imports-no-test-code',
      severity: 'error',
      comment:
        'Product code (shared/, widgets/, host-shim/) never imports a test helper (test/) or a test file; only tests do.',
      from: { path: PRODUCT, pathNot: TEST_FILE },
      to: { path: ['^test/', TEST_FILE] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|bin|obj|artifacts)/' },
    // Type-only imports are arrows too (a type from a widget is still a widget's).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
    },
  },
};
