/**
 * Bench only: the same widgets built a second way, as plain webpack bundles with no federation:
 * one compiler per widget (bench/plain/<name>.ts mounts it the way the shim would), each bundle
 * with its own React. It reuses the production config of ../webpack.config.js (loaders, SWC
 * minifier, CSS extraction, moment locale trimming) and only drops the federation plugin, so the
 * two builds differ by federation alone (and by one import made eager, see `module.rules`).
 *
 * Output: `BENCH_PLAIN_DIR/<name>/widget.js` (+ `widget.css` when the widget has CSS) and hashed
 * lazy chunks beside them. Widgets not in host-shim/widgets.json, or whose mount file does not
 * exist yet, are skipped.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const federatedConfig = require('../webpack.config.js');
const widgets = require('../host-shim/widgets.json');

const ROOT = path.resolve(__dirname, '..');

/** The widgets that can be built plain: listed, with a mount file and a plain entry. */
function plainWidgets() {
  return widgets.filter(
    (w) => fs.existsSync(path.resolve(ROOT, w.expose)) && fs.existsSync(path.join(__dirname, 'plain', `${w.name}.ts`)),
  );
}

module.exports = (env = {}, argv = {}) => {
  const out = path.resolve(process.env.BENCH_PLAIN_DIR || path.join(os.tmpdir(), 'rw-bench', 'plain'));
  const names = new Set(plainWidgets().map((w) => w.name));
  const remotes = federatedConfig(env, { ...argv, mode: argv.mode || 'production' }).filter((c) => names.has(c.name));
  return remotes.map((config) => ({
    ...config,
    name: `plain-${config.name}`,
    entry: { widget: `./bench/plain/${config.name}.ts` },
    output: {
      path: path.join(out, config.name),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: '[name].[contenthash:8][ext]',
      uniqueName: `rw_plain_${config.name}`,
    },
    module: {
      ...config.module,
      rules: [
        ...config.module.rules,
        // The federated widgets load axios on first use (shared/api/client.ts): their first panel
        // takes the shim's prefetched answers. A plain bundle has no prefetch, so a plain author
        // would bundle axios with the widget: the client's import is made eager here, not a
        // second round trip that would handicap the plain variant.
        { test: path.join(ROOT, 'shared', 'api', 'client.ts'), parser: { dynamicImportMode: 'eager' } },
      ],
    },
    plugins: config.plugins
      .filter((plugin) => !(plugin instanceof ModuleFederationPlugin))
      .map((plugin) =>
        plugin instanceof MiniCssExtractPlugin
          ? new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].[contenthash:8].css' })
          : plugin,
      ),
  }));
};

module.exports.plainWidgets = plainWidgets;
