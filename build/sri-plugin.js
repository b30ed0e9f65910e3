/**
 * Every chunk and stylesheet a webpack runtime loads carries `integrity` (docs/security.md "Every
 * file under SRI"). Used by every compiler of webpack.config.js: the shim's runtime
 * (its lazy loader chunk) and each remote's runtime in `remoteEntry.js` (the remote's own chunks,
 * its CSS, and the chunks of the shared modules it provides).
 *
 * How, with webpack's and mini-css-extract-plugin's public hooks only:
 * - a runtime module in each runtime chunk defines `__webpack_require__.rwSri = { j, c }`: for every
 *   chunk the runtime can load, the integrity of its JS file (`j`) and of its CSS file (`c`), by
 *   chunk id. It is generated with placeholders of the final length (`sha384-` and 64 characters);
 * - `LoadScriptRuntimeModule`'s `createScript` and the JSONP `linkPreload` hooks set
 *   `script.integrity` / `link.integrity` from `j`; mini-css-extract-plugin's `beforeTagInsert`
 *   and `linkPreload` hooks set `link.integrity` from `c`;
 * - once the files are final (after `realContentHash`, stage `PROCESS_ASSETS_STAGE_OPTIMIZE_HASH`),
 *   each placeholder is replaced with the sha384 of the chunk file's bytes. The two have the same
 *   length, so the runtime's hidden source map stays exact.
 * A chunk id with no value gets {@link NO_MATCH}, a digest no file has: it fails to load rather
 * than load unchecked.
 *
 * webpack-subresource-integrity 5.1.0 was tried first: it leaves placeholders unresolved in a
 * federation `remoteEntry.js` (a build error) and gives a chunk's JS and CSS one value.
 */
'use strict';

const { createHash } = require('crypto');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { integrityOf } = require('./manifest-plugin');

const PLUGIN = 'RefundWidgetsChunkIntegrityPlugin';
/** The property of `__webpack_require__` that holds the runtime's table. */
const PROPERTY = 'rwSri';
/** Start of every placeholder; none may be left in an emitted file. */
const PLACEHOLDER_PREFIX = 'sha384-rwSriPlaceholder';
/** A well-formed sha384 integrity value that matches no file: what an unknown chunk id gets. */
const NO_MATCH = `sha384-${'A'.repeat(64)}`;
/** The module type of mini-css-extract-plugin's CSS modules. */
const CSS_TYPE = 'css/mini-extract';
/** The file extension of each kind of chunk file. */
const EXTENSION = { j: '.js', c: '.css' };

/**
 * The placeholder for one chunk file, as long as a sha384 integrity value (71 characters).
 *
 * @param {'j' | 'c'} kind `j` for the chunk's JS file, `c` for its CSS file
 * @param {string | number} chunkId the chunk's id
 * @returns {string} `sha384-rwSriPlaceholder…`, unique to `kind` and `chunkId`
 */
function placeholder(kind, chunkId) {
  const tag = createHash('sha256').update(`${kind}:${chunkId}`).digest('hex');
  return `${PLACEHOLDER_PREFIX}${tag}`.slice(0, NO_MATCH.length);
}

/** The chunks a runtime chunk can load, by id, with which kinds of file each has. */
function loadableChunks(runtimeChunk, chunkGraph, chunkHasJs) {
  return [...runtimeChunk.getAllAsyncChunks()]
    .filter((chunk) => chunk.id !== null && chunk.id !== undefined)
    .sort((a, b) => String(a.id).localeCompare(String(b.id)))
    .map((chunk) => ({
      chunk,
      kinds: [
        ...(chunkHasJs(chunk, chunkGraph) ? ['j'] : []),
        ...(chunkGraph.getChunkModulesIterableBySourceType(chunk, CSS_TYPE) ? ['c'] : []),
      ],
    }));
}

/** Webpack plugin; see the file's comment. */
class ChunkIntegrityPlugin {
  apply(compiler) {
    const { webpack } = compiler;
    const { Compilation, RuntimeModule, Template, sources } = webpack;
    const { chunkHasJs } = webpack.javascript.JavascriptModulesPlugin;
    const lookup = (kind, chunkIdVar) =>
      `(__webpack_require__.${PROPERTY}.${kind}[${chunkIdVar}] || ${JSON.stringify(NO_MATCH)})`;

    class ChunkIntegrityRuntimeModule extends RuntimeModule {
      constructor() {
        super('chunk integrity', RuntimeModule.STAGE_NORMAL);
      }

      generate() {
        const table = { j: {}, c: {} };
        for (const { chunk, kinds } of loadableChunks(this.chunk, this.chunkGraph, chunkHasJs)) {
          for (const kind of kinds) table[kind][chunk.id] = placeholder(kind, chunk.id);
        }
        return `__webpack_require__.${PROPERTY} = ${JSON.stringify(table)};`;
      }
    }

    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // In every runtime chunk, so the hooks below never read a missing table.
      compilation.hooks.additionalTreeRuntimeRequirements.tap(PLUGIN, (chunk) => {
        compilation.addRuntimeModule(chunk, new ChunkIntegrityRuntimeModule());
      });

      const scriptHooks = webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation);
      scriptHooks.createScript.tap(PLUGIN, (source) =>
        Template.asString([source, `script.integrity = ${lookup('j', 'chunkId')};`]),
      );
      const jsonpHooks = webpack.web.JsonpChunkLoadingRuntimeModule.getCompilationHooks(compilation);
      jsonpHooks.linkPreload.tap(PLUGIN, (source) =>
        Template.asString([source, `link.integrity = ${lookup('j', 'chunkId')};`]),
      );
      const cssHooks = MiniCssExtractPlugin.getCompilationHooks(compilation);
      cssHooks.beforeTagInsert.tap(PLUGIN, (source, varNames) =>
        Template.asString([source, `${varNames.tag}.integrity = ${lookup('c', varNames.chunkId)};`]),
      );
      cssHooks.linkPreload.tap(PLUGIN, (source) =>
        Template.asString([source, `link.integrity = ${lookup('c', 'chunkId')};`]),
      );

      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => resolvePlaceholders(compilation, sources, chunkHasJs),
      );
    });
  }
}

/** The sha384 of chunk `chunk`'s final `kind` file; a compilation error (and undefined) if it has none or several. */
function chunkFileIntegrity(compilation, chunk, kind) {
  const files = [...chunk.files].filter((file) => file.endsWith(EXTENSION[kind]));
  if (files.length !== 1) {
    compilation.errors.push(
      new compilation.compiler.webpack.WebpackError(
        `${PLUGIN}: chunk ${chunk.id} has ${files.length} ${EXTENSION[kind]} files (${files.join(', ')}), expected one`,
      ),
    );
    return undefined;
  }
  const bytes = compilation.getAsset(files[0]).source.buffer();
  if (bytes.includes(PLACEHOLDER_PREFIX)) {
    compilation.errors.push(
      new compilation.compiler.webpack.WebpackError(
        `${PLUGIN}: ${files[0]} is loaded by a runtime but holds integrity placeholders itself`,
      ),
    );
    return undefined;
  }
  return integrityOf(bytes);
}

/** Replaces every placeholder in the runtime chunks with the integrity of the file it stands for. */
function resolvePlaceholders(compilation, sources, chunkHasJs) {
  const fail = (message) =>
    compilation.errors.push(new compilation.compiler.webpack.WebpackError(`${PLUGIN}: ${message}`));
  for (const runtimeChunk of compilation.chunks) {
    if (!runtimeChunk.hasRuntime()) continue;
    for (const file of runtimeChunk.files) {
      if (!file.endsWith('.js')) continue;
      const asset = compilation.getAsset(file);
      const text = asset.source.source().toString();
      if (!text.includes(PLACEHOLDER_PREFIX)) continue;
      if (asset.info.contenthash) {
        fail(`${file} holds integrity values, so its name cannot carry a content hash`);
        continue;
      }
      const replaced = new sources.ReplaceSource(asset.source);
      for (const { chunk, kinds } of loadableChunks(runtimeChunk, compilation.chunkGraph, chunkHasJs)) {
        for (const kind of kinds) {
          const marker = placeholder(kind, chunk.id);
          let at = text.indexOf(marker);
          if (at < 0) continue;
          const integrity = chunkFileIntegrity(compilation, chunk, kind);
          if (!integrity) continue;
          for (; at >= 0; at = text.indexOf(marker, at + marker.length)) {
            replaced.replace(at, at + marker.length - 1, integrity);
          }
        }
      }
      compilation.updateAsset(file, replaced);
    }
  }
  for (const asset of compilation.getAssets()) {
    if (/\.(js|css)$/.test(asset.name) && asset.source.buffer().includes(PLACEHOLDER_PREFIX)) {
      fail(`${asset.name} still holds integrity placeholders`);
    }
  }
}

module.exports = { ChunkIntegrityPlugin, NO_MATCH, PLACEHOLDER_PREFIX, placeholder };
