/**
 * build/first-panel-plugin.js: the first-panel table and integrity values the shim carries
 * (docs/security.md "Every file under SRI"), learned from a real federated compile
 * of a small remote. It compiles with the installed webpack and @module-federation/enhanced, so an
 * upgrade that changes where the expose's chunk group or a provided module's share key is found
 * fails here.
 */
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { FirstPanelFiles } = require('./first-panel-plugin');
const { integrityOf } = require('./manifest-plugin');

const ROOT = path.resolve(__dirname, '..');
const versionOf = (name) => require(`${name}/package.json`).version;

/**
 * A remote whose `./mount` uses react-dom (which itself uses react) and loads one chunk, `later`,
 * lazily; uuid is shared (provided) but no first panel uses it.
 */
const SOURCES = {
  'mount.js': [
    "import { version } from 'react-dom';",
    'export const later = () => import(/* webpackChunkName: "later" */ \'./later.js\');',
    "export default function mount() { return 'MOUNT_MARKER ' + version; }",
  ].join('\n'),
  'later.js': "export const later = () => import('uuid').then((uuid) => 'LATER_MARKER' + uuid.v4());",
};

function shared() {
  const share = (name) => ({ version: versionOf(name), requiredVersion: `^${versionOf(name)}` });
  return {
    react: { ...share('react'), singleton: true },
    'react-dom': { ...share('react-dom'), singleton: true },
    uuid: share('uuid'),
  };
}

/** A temporary folder holding SOURCES. */
function sourceDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-first-panel-'));
  for (const [name, text] of Object.entries(SOURCES)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

/** Runs one webpack compile; resolves with its stats (errors included, not thrown). */
function compile(config) {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => (error ? reject(error) : resolve(stats)));
  });
}

/** The common part of the test configs: production output, unminified (markers stay readable). */
function baseConfig(dir, plugins, entry = {}) {
  return {
    mode: 'production',
    context: dir,
    entry,
    devtool: false,
    resolve: { modules: [path.join(ROOT, 'node_modules')] },
    output: {
      path: path.join(dir, 'out'),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: 'rw_first_panel_test',
    },
    optimization: { minimize: false },
    infrastructureLogging: { level: 'error' },
    plugins,
  };
}

/** The federation plugin of the test remote: `./mount` exposed, SHARED shared. */
function federation() {
  return new ModuleFederationPlugin({
    name: 'remote',
    filename: 'remoteEntry.js',
    library: { type: 'var', name: '__rw_remote_test' },
    exposes: { './mount': './mount.js' },
    shared: shared(),
    dts: false,
    manifest: false,
  });
}

/** The emitted files (relative to `out/`) whose text holds `marker`. */
function filesHolding(out, marker) {
  return fs.readdirSync(out).filter((file) => fs.readFileSync(path.join(out, file), 'utf8').includes(marker));
}

describe('FirstPanelFilesPlugin on a federated remote', () => {
  let dir;
  let collector;
  let stats;

  beforeAll(async () => {
    dir = sourceDir();
    collector = new FirstPanelFiles({ hostProvides: [] });
    stats = await compile(baseConfig(dir, [federation(), collector.plugin('remote')]));
  }, 120000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists the remote entry and the chunks of ./mount, not the chunks it loads later', () => {
    const out = path.join(dir, 'out');
    const { files } = collector.remotes.remote;
    const [mountChunk] = filesHolding(out, 'MOUNT_MARKER');
    const [laterChunk] = filesHolding(out, 'LATER_MARKER');
    expect(files).toEqual(['remote/remoteEntry.js', `remote/${mountChunk}`]);
    expect(laterChunk).toMatch(/\.js$/);
    expect(files).not.toContain(`remote/${laterChunk}`);
  });

  it('lists what ./mount consumes, and what the shared modules it consumes consume in turn', () => {
    // mount.js imports react-dom only; react-dom's provider chunk consumes react.
    expect(collector.remotes.remote.consumes).toEqual(['react', 'react-dom']);
  });

  it("names every provided share by its key with its provider's chunk files", () => {
    const { provides } = collector.remotes.remote;
    expect(Object.keys(provides).sort()).toEqual(['react', 'react-dom', 'uuid']);
    const out = path.join(dir, 'out');
    // react-dom's index.js defines checkDCE: its provider's chunks, not react's, hold it.
    const holding = filesHolding(out, 'function checkDCE').map((file) => `remote/${file}`);
    expect(provides['react-dom'].filter((file) => holding.includes(file))).not.toEqual([]);
    expect(provides.react.filter((file) => holding.includes(file))).toEqual([]);
    for (const files of Object.values(provides)) {
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(fs.existsSync(path.join(out, file.replace(/^remote\//, '')))).toBe(true);
    }
  });

  it("records each emitted JS file's sha384 of its final bytes", () => {
    const out = path.join(dir, 'out');
    const entry = fs.readFileSync(path.join(out, 'remoteEntry.js'));
    expect(collector.integrity['remote/remoteEntry.js']).toBe(integrityOf(entry));
  });

  it('keeps in the table only the providers of shares a first panel consumes, in name order', () => {
    const table = collector.table();
    expect(Object.keys(table.remotes.remote.provides)).toEqual(['react', 'react-dom']);
    expect(Object.keys(collector.shimIntegrity(table))).toEqual(
      [
        ...table.remotes.remote.files,
        ...table.remotes.remote.provides.react,
        ...table.remotes.remote.provides['react-dom'],
      ].sort(),
    );
  });

  it('compiles without errors', () => {
    expect(stats.compilation.errors).toEqual([]);
  });
});

describe('FirstPanelFilesPlugin told about an expose the remote does not have', () => {
  it('fails the build, naming the remote and the expose', async () => {
    const dir = sourceDir();
    const collector = new FirstPanelFiles({ hostProvides: [] });
    try {
      const stats = await compile(baseConfig(dir, [federation(), collector.plugin('remote', './missing')]));
      expect(stats.compilation.errors.map((e) => e.message)).toEqual([
        'FirstPanelFilesPlugin: remote "remote" has no chunk group for its expose "./missing"',
      ]);
      expect(collector.remotes).toEqual({});
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60000);
});

describe('FirstPanelFilesPlugin on a build without federation', () => {
  it('records nothing and reports nothing (bench/webpack.plain.js reuses the remote configs)', async () => {
    const dir = sourceDir();
    const collector = new FirstPanelFiles({ hostProvides: [] });
    try {
      const stats = await compile(baseConfig(dir, [collector.plugin('remote')], { widget: './later.js' }));
      expect(stats.hasErrors()).toBe(false);
      expect(collector.remotes).toEqual({});
      expect(collector.integrity).toEqual({});
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60000);
});

describe('FirstPanelFiles.table', () => {
  it('orders remotes and share keys by name and drops the shares the shim provides itself', () => {
    const collector = new FirstPanelFiles({ hostProvides: ['@rw/page-runtime'] });
    collector.remotes.refund = {
      files: ['refund/remoteEntry.js'],
      consumes: ['@rw/page-runtime', 'yup'],
      provides: { yup: ['refund/341.js'], '@rw/page-runtime': ['refund/9.js'], formik: ['refund/580.js'] },
    };
    collector.remotes.lookup = {
      files: ['lookup/remoteEntry.js'],
      consumes: ['formik'],
      provides: { formik: ['lookup/580.js'] },
    };
    const table = collector.table();
    expect(table.hostProvides).toEqual(['@rw/page-runtime']);
    expect(Object.keys(table.remotes)).toEqual(['lookup', 'refund']);
    expect(table.remotes.refund.provides).toEqual({ formik: ['refund/580.js'], yup: ['refund/341.js'] });
    expect(table.remotes.refund.consumes).toEqual(['@rw/page-runtime', 'yup']);
  });
});

describe('FirstPanelFiles.shimPlugin', () => {
  it("records the files of the shim's loader chunk group and of its own shares, which the manifest's table carries as `shim`", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-shim-loader-'));
    fs.writeFileSync(
      path.join(dir, 'shim.js'),
      'export const loader = () => import(/* webpackChunkName: "loader" */ \'./loader.js\');',
    );
    fs.writeFileSync(
      path.join(dir, 'loader.js'),
      "export const mountAll = () => import('uuid').then((uuid) => 'LOADER_MARKER' + uuid.v4());",
    );
    try {
      const collector = new FirstPanelFiles({ hostProvides: [] });
      const config = baseConfig(dir, [collector.shimPlugin()], { 'host-shim': './shim.js' });
      config.output.chunkFilename = 'host-shim/[name].[contenthash:8].js';
      const stats = await compile(config);
      expect(stats.compilation.errors).toEqual([]);
      expect(collector.shim).toEqual([expect.stringMatching(/^host-shim\/loader\.[0-9a-f]{8}\.js$/)]);
      expect(fs.readFileSync(path.join(dir, 'out', collector.shim[0]), 'utf8')).toContain('LOADER_MARKER');
      expect(collector.manifestTable()).toEqual({ hostProvides: [], remotes: {}, shim: collector.shim, hostFiles: {} });

      // Shares the shim provides itself: uuid, which the loader imports (as the page runtime), its
      // chunk follows the loader's; react, by its absolute path, which nothing in the shim imports.
      fs.writeFileSync(
        path.join(dir, 'loader.js'),
        "import { v4 } from 'uuid'; export const mountAll = () => 'LOADER_MARKER' + v4();",
      );
      const providing = new FirstPanelFiles({ hostProvides: ['react', 'uuid'] });
      const federated = baseConfig(
        dir,
        [
          new ModuleFederationPlugin({
            name: 'rw_host_test',
            remotes: {},
            shared: { uuid: shared().uuid, react: { ...shared().react, import: require.resolve('react') } },
            dts: false,
          }),
          providing.shimPlugin(),
        ],
        { 'host-shim': './shim.js' },
      );
      federated.output.chunkFilename = 'host-shim/[name].[contenthash:8].js';
      expect((await compile(federated)).compilation.errors).toEqual([]);
      expect(providing.shim).toEqual([
        expect.stringMatching(/^host-shim\/loader\.[0-9a-f]{8}\.js$/),
        expect.stringMatching(/^host-shim\/[0-9]+\.[0-9a-f]{8}\.js$/),
      ]);
      expect(fs.readFileSync(path.join(dir, 'out', providing.shim[1]), 'utf8')).toContain('randomUUID');
      // Every share the shim provides, with its provider's files; react is not the loader's.
      expect(providing.hostFiles).toEqual({
        react: [expect.stringMatching(/^host-shim\/[0-9]+\.[0-9a-f]{8}\.js$/)],
        uuid: [providing.shim[1]],
      });
      expect(fs.readFileSync(path.join(dir, 'out', providing.hostFiles.react[0]), 'utf8')).toContain(
        'react.transitional.element',
      );
      expect(providing.shim).not.toContain(providing.hostFiles.react[0]);
      // The shim's runtime names each share's chunks by id (host-shim/ownShares.ts reads them).
      const runtime = fs.readFileSync(path.join(dir, 'out', 'host-shim.js'), 'utf8');
      const rwShares = JSON.parse(/__webpack_require__\.rwShares = (\{.*\});/.exec(runtime)[1]);
      expect(Object.keys(rwShares)).toEqual(['react', 'uuid']);
      const idOf = (file) => /([0-9]+)\.[0-9a-f]{8}\.js$/.exec(file)[1];
      expect(rwShares.react.map(String)).toEqual([idOf(providing.hostFiles.react[0])]);
      expect(rwShares.uuid.map(String)).toEqual([idOf(providing.shim[1])]);

      const none = new FirstPanelFiles({ hostProvides: [] });
      expect(
        (await compile(baseConfig(dir, [none.shimPlugin('absent')], { 'host-shim': './shim.js' }))).hasErrors(),
      ).toBe(false);
      expect(none.shim).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60000);
});
