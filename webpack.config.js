/**
 * One webpack build, a multi-compiler array (docs/architecture.md "Federation"):
 * - the host shim (`dist/host-shim.js`, a classic script), the federation host, which provides the
 *   federation runtime to the remotes (`externalRuntime: 'provide'`) and every shared library, the
 *   page-wide singleton module `@rw/page-runtime` among them (build/host-shares.js);
 * - one remote per widget (`dist/<name>/remoteEntry.js`) exposing `./mount`, sharing React (and
 *   its subpaths) as singletons and the libraries two widgets use.
 * Remotes are located at run time from the shim's own URL, so `dist/` works under any path.
 * The shim compiles after the remotes and carries each remote's first-panel files
 * (`__RW_FIRST_PANEL__`, build/first-panel-plugin.js), so it can preload them as soon as it runs,
 * and their sha384 integrity with each remote entry's (`__RW_INTEGRITY__`, host-shim/integrity.ts).
 * Every runtime sets `integrity` on the chunks and CSS it loads (ChunkIntegrityPlugin,
 * build/sri-plugin.js; docs/security.md "Every file under SRI").
 * Production writes hidden source maps (a `.map` beside each JS file, no `sourceMappingURL`
 * comment: browsers never fetch them; `npm run symbolicate` reads them) and extracts CSS to
 * files: no eval, no inline styles (CSP).
 */
const path = require('path');
const webpack = require('webpack');
const zlib = require('zlib');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MomentTimezoneDataPlugin = require('moment-timezone-data-webpack-plugin');
const widgets = require('./host-shim/widgets.json');
const { shadowNamedGlobals } = require('./host-shim/namedGlobals');
const { RefundWidgetsManifestPlugin } = require('./build/manifest-plugin');
const { FirstPanelFiles } = require('./build/first-panel-plugin');
const { externalRuntimeInjectorAsEsModule } = require('./build/third-party-patches');
const { ChunkIntegrityPlugin } = require('./build/sri-plugin');
const { hostSharedConfig } = require('./build/host-shares');
const pkg = require('./package.json');

/** Output folder: `DIST_DIR` (relative to the repo root) or `dist/`. */
const dist = path.resolve(__dirname, process.env.DIST_DIR || 'dist');
/** Remotes are found by entry URL (no manifest snapshots) and only ever run in browsers. */
const FEDERATION_OPTIMIZATION = { disableSnapshot: true, target: 'web' };
const deps = pkg.dependencies;

/** Libraries shared between the shim and remotes. React and its subpaths are singletons. */
function sharedConfig() {
  const singleton = (name, version) => ({ singleton: true, requiredVersion: `^${version}`, version });
  return {
    react: singleton('react', deps.react),
    'react/jsx-runtime': singleton('react', deps.react),
    'react-dom': singleton('react-dom', deps['react-dom']),
    'react-dom/client': singleton('react-dom', deps['react-dom']),
    '@rw/page-runtime': {
      singleton: true,
      import: path.resolve(__dirname, 'shared/runtime/index.ts'),
      version: pkg.version,
      requiredVersion: `^${pkg.version}`,
    },
    axios: { requiredVersion: `^${deps.axios}` },
    // One moment per page: moment-timezone's own `require('moment')` gets the shared one too.
    moment: singleton('moment', deps.moment),
    'moment-timezone': singleton('moment-timezone', deps['moment-timezone']),
    yup: { requiredVersion: `^${deps.yup}` },
    formik: { requiredVersion: `^${deps.formik}` },
  };
}

/** The shim's federation name; it must sort after every remote's (build/host-shares.js). */
const HOST_NAME = 'rw_host';

/** Shares the shim provides, all of them: never preloaded from a remote. */
const HOST_PROVIDES = Object.keys(sharedConfig());
/**
 * What each remote's first panel needs and the integrity of its files, recorded by each remote's
 * compiler (build/first-panel-plugin.js) for the shim's, which is built after them.
 */
const firstPanel = new FirstPanelFiles({ hostProvides: HOST_PROVIDES });

/**
 * How a compiler's runtime loads scripts (docs/cross-origin.md "`dist/` on a CDN", "Trusted
 * Types"): chunks with `crossorigin="anonymous"` (so errors in code from a CDN are readable), their
 * URLs through the Trusted Types policy `refund-widgets-<name>` (docs/error-reports.md lists the
 * names).
 */
function scriptLoading(name) {
  return {
    crossOriginLoading: 'anonymous',
    // No `charset` on chunk scripts: Firefox matches no preload to a script that has one.
    charset: false,
    trustedTypes: { policyName: `refund-widgets-${name}` },
    // A module that threw while it ran (a shared module it needs failed to load) is dropped from
    // the module cache, so the next import runs it again instead of handing out a half-run module
    // (docs/offline.md "Code that loads again").
    strictModuleExceptionHandling: true,
  };
}

/** Loaders and plugins every compiler uses. */
function base(name, { production }) {
  return {
    name,
    mode: production ? 'production' : 'development',
    devtool: production ? 'hidden-source-map' : 'source-map',
    context: __dirname,
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { '@rw/page-runtime': path.resolve(__dirname, 'shared/runtime/index.ts') },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|gif)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 2048 } } },
        // Inlined SVGs as URL-encoded text, which Brotli compresses better than base64.
        {
          test: /\.svg$/,
          type: 'asset',
          parser: { dataUrlCondition: { maxSize: 2048 } },
          generator: { dataUrl: { encoding: false } },
        },
      ],
    },
    optimization: {
      minimize: production,
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          extractComments: false,
          terserOptions: { compress: true, mangle: true },
        }),
      ],
      // The claim drafts are one chunk, whichever part loads them first (the upload area, the
      // device cleanup): on the manual claim page the cleanup finds it loaded.
      splitChunks: {
        cacheGroups: {
          drafts: {
            test: /[\\/](shared[\\/]storage[\\/]claimDrafts\.ts|node_modules[\\/]idb-keyval[\\/])/,
            name: 'rw-drafts',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
    performance: { hints: false },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
      // Every chunk and stylesheet the runtime loads carries integrity (build/sri-plugin.js).
      new ChunkIntegrityPlugin(),
      // moment without its locales; moment-timezone with Europe/London's rules for 2000–2040 only
      // (docs/performance.md "moment-timezone's cost").
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
      new MomentTimezoneDataPlugin({ matchZones: 'Europe/London', startYear: 2000, endYear: 2040 }),
      // A Brotli copy (quality 11) beside each JS and CSS file, for servers that send it as is
      // (docs/host-contract.md "In brief").
      ...(production
        ? [
            new CompressionPlugin({
              algorithm: 'brotliCompress',
              filename: '[path][base].br',
              test: /\.(js|css)$/,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              minRatio: 1,
            }),
          ]
        : []),
      new webpack.DefinePlugin({
        __RW_VERSION__: JSON.stringify(pkg.version),
        // Origins besides the page's a navigation attribute may name (shared/page/navigationTarget.ts).
        __RW_NAVIGATION_ORIGINS__: JSON.stringify(process.env.NAVIGATION_ORIGINS || ''),
      }),
    ],
  };
}

/** The globals the shim's and the remotes' runtimes look up by name (uniqueName, library name). */
function namedGlobals() {
  return [
    'RefundWidgets',
    '_FEDERATION_RUNTIME_CORE',
    '_FEDERATION_RUNTIME_CORE_FROM',
    'webpackChunkrw_host_shim',
    ...widgets.flatMap((w) => [`__rw_remote_${w.name}`, `webpackChunkrw_${w.name}`]),
  ];
}

function shimConfig(opts, remoteNames) {
  const config = base('host-shim', opts);
  return {
    ...config,
    // Built after the remotes: it carries their first-panel files (build/first-panel-plugin.js).
    dependencies: remoteNames,
    entry: { 'host-shim': './host-shim/index.ts' },
    output: {
      path: dist,
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: 'host-shim/[name].[contenthash:8].js',
      assetModuleFilename: 'host-shim/[name].[contenthash:8][ext]',
      uniqueName: 'rw_host_shim',
      ...scriptLoading('host-shim'),
    },
    plugins: [
      ...config.plugins.map((p) =>
        p instanceof MiniCssExtractPlugin
          ? new MiniCssExtractPlugin({
              filename: 'host-shim/[name].[contenthash:8].css',
              chunkFilename: 'host-shim/[name].[contenthash:8].css',
            })
          : p,
      ),
      new webpack.DefinePlugin({
        __RW_WIDGETS__: JSON.stringify(widgets.map(({ name, mountId, prefetch }) => ({ name, mountId, prefetch }))),
        __RW_FIRST_PANEL__: webpack.DefinePlugin.runtimeValue(() => JSON.stringify(firstPanel.table()), true),
        __RW_INTEGRITY__: webpack.DefinePlugin.runtimeValue(
          () => JSON.stringify(firstPanel.shimIntegrity(firstPanel.table())),
          true,
        ),
        // Origins besides its own the shim may load remotes from / call the API on (docs/security.md).
        __RW_REMOTE_ORIGINS__: JSON.stringify(process.env.REMOTE_ORIGINS || ''),
        __RW_API_ORIGINS__: JSON.stringify(process.env.API_ORIGINS || ''),
      }),
      // The loader chunk's files, for the preload hints of dist/manifest.json and dist/preload/.
      firstPanel.shimPlugin(),
      // Before webpack's own runtime reads a global, named elements standing in for the globals of
      // the shim and the remotes are hidden (host-shim/namedGlobals.js, docs/security.md).
      new webpack.BannerPlugin({
        raw: true,
        entryOnly: true,
        test: /^host-shim\.js$/,
        banner: `(${shadowNamedGlobals})(self,${JSON.stringify(namedGlobals())});`,
      }),
      // One copy of runtime-core and the sdk: the injector's ES module build (build/third-party-patches.js).
      externalRuntimeInjectorAsEsModule(),
      new ModuleFederationPlugin({
        name: HOST_NAME,
        remotes: {},
        // Every shared library, from the shim's own chunks (docs/performance.md "Shared libraries").
        shared: hostSharedConfig(sharedConfig(), {
          hostName: HOST_NAME,
          remoteNames: widgets.map((w) => w.name),
          context: __dirname,
        }),
        // Remote entries load with crossorigin and a Trusted Types URL (host-shim/federationScripts.ts).
        // A shared module that failed to load is loaded again (host-shim/retryFailedShares.ts).
        runtimePlugins: [
          path.resolve(__dirname, 'host-shim/federationScripts.ts'),
          path.resolve(__dirname, 'host-shim/retryFailedShares.ts'),
        ],
        dts: false,
        manifest: false,
        experiments: { provideExternalRuntime: true, optimization: FEDERATION_OPTIMIZATION },
      }),
    ],
  };
}

function remoteConfig(widget, opts) {
  const config = base(widget.name, opts);
  return {
    ...config,
    entry: {},
    output: {
      path: path.join(dist, widget.name),
      publicPath: 'auto',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: '[name].[contenthash:8][ext]',
      uniqueName: `rw_${widget.name}`,
      ...scriptLoading(widget.name),
    },
    plugins: [
      ...config.plugins,
      new ModuleFederationPlugin({
        name: widget.name,
        filename: 'remoteEntry.js',
        // The container global is namespaced so it cannot collide with a host page's own globals.
        library: { type: 'var', name: `__rw_remote_${widget.name}` },
        exposes: { './mount': widget.expose },
        // Public path from the remote's own script element, whatever shadows document.currentScript.
        // A shared module that failed to load is loaded again (host-shim/retryFailedShares.ts).
        runtimePlugins: [
          path.resolve(__dirname, 'host-shim/remotePublicPath.ts'),
          path.resolve(__dirname, 'host-shim/retryFailedShares.ts'),
        ],
        shared: sharedConfig(),
        dts: false,
        manifest: false,
        // A remote loads no remote itself: its bundler runtime leaves out the code that would
        // (docs/performance.md "Main thread of the refund page"). The shim, which loads them, keeps it.
        experiments: { externalRuntime: true, optimization: { ...FEDERATION_OPTIMIZATION, disableRemote: true } },
      }),
      firstPanel.plugin(widget.name, './mount'),
    ],
  };
}

module.exports = (env = {}, argv = {}) => {
  const opts = { production: (argv.mode || process.env.NODE_ENV || 'production') === 'production' };
  const only = env.only ? String(env.only).split(',') : null;
  const remotes = widgets.filter((w) => !only || only.includes(w.name)).map((w) => remoteConfig(w, opts));
  // dist/manifest.json and dist/refund-widgets.d.ts, written once all compilers have emitted.
  return RefundWidgetsManifestPlugin.attach(
    [
      shimConfig(
        opts,
        remotes.map((r) => r.name),
      ),
      ...remotes,
    ],
    { distDir: dist, version: pkg.version, widgets, firstPanel: () => firstPanel.manifestTable() },
  );
};
