/**
 * What each remote's first panel needs, learned from its compilation (docs/architecture.md
 * "Federation"; docs/security.md "Every file under SRI"). The shim is compiled after
 * the remotes and bakes it in as `__RW_FIRST_PANEL__` (host-shim/firstPanel.ts preloads it) and
 * `__RW_INTEGRITY__` (host-shim/integrity.ts).
 *
 * For each remote, with paths relative to the remotes base:
 * - `files`: the remote entry and the chunks (JS and CSS) of the exposed `./mount`;
 * - `consumes`: the share keys those chunks consume (and, transitively, the ones the shared
 *   modules' own chunks consume), i.e. what the runtime loads before `./mount` runs;
 * - `provides`: for each share key the remote provides, the chunk files its provider loads.
 * Lazily loaded chunks (forms, the picker, the manual claim's upload area) are not in the list.
 *
 * Read on webpack's public compilation API: the remote's entrypoint (`compilation.entrypoints`,
 * named after the remote by the federation plugin), its child chunk groups and their `origins`
 * (the expose's group is the one whose origin location is the expose's name, as `stats.toJson()`
 * prints it), `ChunkGraph` and the final assets at `afterProcessAssets`. One read is not public:
 * the share key of a provided module (see {@link shareKeyOf}).
 */
'use strict';

const { integrityOf } = require('./manifest-plugin');

const PLUGIN = 'FirstPanelFilesPlugin';
/** The module types of the federation plugin's consumed and provided shared modules. */
const CONSUME_TYPE = 'consume-shared-module';
const PROVIDE_TYPE = 'provide-module';

/**
 * The share key a provided shared module registers (`shared: { [key]: … }` of the federation
 * plugin).
 *
 * Not on a public API: neither webpack's stats nor the module's public methods give it, only the
 * module's private `_name`. Upstream: "RFC: report concrete shared providers in federation
 * manifests", https://github.com/module-federation/core/issues/5082 ("recovering that detail
 * currently requires access to bundler-specific module data"). build/third-party.test.js fails if
 * @module-federation/enhanced stops keeping the key there.
 *
 * @param {import('webpack').Module} module a module of type `provide-module`
 * @returns {string} its share key
 * @throws Error when the module holds no share key where this reads it
 */
function shareKeyOf(module) {
  const key = module._name;
  if (typeof key !== 'string' || !key) {
    throw new Error(
      `${PLUGIN}: ${module.identifier()} has no share key in _name (did @module-federation/enhanced change?)`,
    );
  }
  return key;
}

/**
 * The chunk group of the expose `exposeName` of the container entry named `entryName`: a child of
 * that entrypoint whose origin location is the expose's name. Undefined when the compilation has
 * no such entrypoint (a build without federation, as bench/webpack.plain.js makes).
 *
 * @returns {{ entrypoint?: import('webpack').Entrypoint, group?: import('webpack').ChunkGroup }}
 */
function exposeChunkGroup(compilation, entryName, exposeName) {
  const entrypoint = compilation.entrypoints.get(entryName);
  if (!entrypoint) return {};
  const group = entrypoint
    .getChildren()
    .find((child) => child.origins.some((origin) => origin.loc && origin.loc.name === exposeName));
  return { entrypoint, group };
}

/** The JS and CSS files (prefixed) and the consumed share keys of a chunk group's chunks. */
function groupFiles(chunkGraph, group, prefix) {
  const files = [];
  const modules = [];
  for (const chunk of group ? group.chunks : []) {
    for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.push(prefix + file);
    modules.push(...chunkGraph.getChunkModulesIterable(chunk));
  }
  const consumes = modules.filter((m) => m.type === CONSUME_TYPE).map((m) => m.options.shareKey);
  return { files, consumes };
}

/**
 * Collects the first-panel files and the file integrity of every remote compiler it is given a
 * plugin for ({@link FirstPanelFiles#plugin}), for the shim compiler that runs after them.
 */
class FirstPanelFiles {
  /**
   * @param {{ hostProvides: string[] }} options `hostProvides`: shares the shim provides and loads
   *   itself (the page runtime), never preloaded from a remote
   */
  constructor({ hostProvides }) {
    this.hostProvides = hostProvides;
    /** `{ [remote]: { files, consumes, provides } }`, see the file's comment. */
    this.remotes = {};
    /** The sha384 of each remote's final JS and CSS files, by path relative to the remotes base. */
    this.integrity = {};
    /** The JS and CSS files of the shim's loader and of the shares it loads, relative to dist/ ({@link FirstPanelFiles#shimPlugin}). */
    this.shim = [];
    /** For each share key the shim provides, its provider's chunk files, relative to dist/. */
    this.hostFiles = {};
  }

  /**
   * The webpack plugin of the shim's compiler that records the files of its chunk group
   * `chunkName`: the loader, which the shim imports first on every page with a widget
   * (host-shim/index.ts), and of the shares the shim provides itself (`hostProvides`, the page
   * runtime), which the loader's federation runtime loads next. The shim does not need them; the preload
   * hints do: a page that hints them starts them with the HTML, not after the shim ran
   * (docs/host-contract.md "Preload hints"; docs/performance.md "Pages with preload hints").
   *
   * @param {string} [chunkName] the chunk's `webpackChunkName`, `loader` unless told
   * @returns {{ apply: (compiler: import('webpack').Compiler) => void }}
   */
  shimPlugin(chunkName = 'loader') {
    return {
      apply: (compiler) => {
        compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
          // The shim's runtime learns its own shares' chunks (host-shim/ownShares.ts preloads them).
          compilation.hooks.additionalTreeRuntimeRequirements.tap(PLUGIN, (chunk) => {
            compilation.addRuntimeModule(chunk, new (sharesRuntimeModule(compiler.webpack))(this.hostProvides));
          });
          compilation.hooks.afterProcessAssets.tap(PLUGIN, () => {
            const { chunkGraph } = compilation;
            const loader = groupFiles(chunkGraph, compilation.namedChunkGroups.get(chunkName), '');
            const provided = {};
            for (const m of compilation.modules) {
              if (m.type !== PROVIDE_TYPE || !this.hostProvides.includes(shareKeyOf(m))) continue;
              const block = m.blocks[0];
              provided[shareKeyOf(m)] = groupFiles(chunkGraph, block && chunkGraph.getBlockChunkGroup(block), '').files;
            }
            // The shares the loader consumes itself (the page runtime): its first use of the
            // federation runtime loads them on every page with a widget.
            const files = new Set(loader.files);
            loader.consumes.forEach((key) => (provided[key] || []).forEach((f) => files.add(f)));
            this.shim = [...files];
            const byName = ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0);
            this.hostFiles = Object.fromEntries(Object.entries(provided).sort(byName));
          });
        });
      },
    };
  }

  /**
   * What dist/manifest.json holds as `firstPanel`: the table the shim carries ({@link
   * FirstPanelFiles#table}) and `shim`, the files of the shim's loader chunk group, which the
   * preload hints add to every widget's (build/preload-snippets.js, the ASP.NET kit).
   *
   * @returns {{ hostProvides: string[], remotes: object, shim: string[] }}
   */
  manifestTable() {
    return { ...this.table(), shim: this.shim, hostFiles: this.hostFiles };
  }

  /**
   * The webpack plugin that records remote `remoteName`'s expose `exposeName`.
   *
   * @param {string} remoteName the federation `name` of the remote (its entrypoint's name)
   * @param {string} [exposeName] the exposed module, `./mount` unless told
   * @returns {FirstPanelFilesPlugin}
   */
  plugin(remoteName, exposeName = './mount') {
    return new FirstPanelFilesPlugin(this, remoteName, exposeName);
  }

  /**
   * The first-panel table the shim carries: the remotes without the providers of shares no first
   * panel consumes (or that the shim provides itself), which are never preloaded. Remotes and share
   * keys are in name order, not in the order the compilers happened to finish, so two builds of the
   * same sources write the same `host-shim.js`.
   *
   * @returns {{ hostProvides: string[], remotes: object }}
   */
  table() {
    const consumed = new Set(Object.values(this.remotes).flatMap((remote) => remote.consumes));
    this.hostProvides.forEach((key) => consumed.delete(key));
    const byName = ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0);
    const remotes = {};
    for (const [name, remote] of Object.entries(this.remotes).sort(byName)) {
      const provides = Object.fromEntries(
        Object.entries(remote.provides)
          .filter(([key]) => consumed.has(key))
          .sort(byName),
      );
      remotes[name] = { ...remote, provides };
    }
    return { hostProvides: this.hostProvides, remotes };
  }

  /**
   * The integrity of every file the shim loads or preloads from the remotes (docs/security.md
   * "Every file under SRI"): each remote entry and the files of `table`, by path
   * relative to the remotes base, sorted.
   *
   * @param {{ remotes: object }} table the result of {@link FirstPanelFiles#table}
   * @returns {Record<string, string>}
   */
  shimIntegrity(table) {
    const files = Object.values(table.remotes).flatMap((remote) => [
      ...remote.files,
      ...Object.values(remote.provides).flat(),
    ]);
    return Object.fromEntries([...new Set(files)].sort().map((file) => [file, this.integrity[file]]));
  }
}

/**
 * The runtime module class that sets `__webpack_require__.rwShares`: for each share key of
 * `hostProvides` the shim's compilation provides, the ids of its provider's JS chunks (their URLs are
 * `__webpack_require__.u`'s, their integrity `__webpack_require__.rwSri`'s: build/sri-plugin.js).
 *
 * @param {typeof import('webpack')} webpack the compiler's webpack
 */
function sharesRuntimeModule({ RuntimeModule, javascript }) {
  const { chunkHasJs } = javascript.JavascriptModulesPlugin;
  return class SharesRuntimeModule extends RuntimeModule {
    constructor(hostProvides) {
      super('own shares', RuntimeModule.STAGE_NORMAL);
      this.hostProvides = hostProvides;
    }

    generate() {
      const { compilation, chunkGraph } = this;
      const table = {};
      for (const m of compilation.modules) {
        if (m.type !== PROVIDE_TYPE || !this.hostProvides.includes(shareKeyOf(m))) continue;
        const group = m.blocks[0] && chunkGraph.getBlockChunkGroup(m.blocks[0]);
        const loadable = (chunk) => !chunk.canBeInitial() && chunkHasJs(chunk, chunkGraph);
        table[shareKeyOf(m)] = group ? group.chunks.filter(loadable).map((chunk) => chunk.id) : [];
      }
      const sorted = Object.fromEntries(
        Object.keys(table)
          .sort()
          .map((key) => [key, table[key]]),
      );
      return `__webpack_require__.rwShares = ${JSON.stringify(sorted)};`;
    }
  };
}

/** Webpack plugin of one remote compiler; made by {@link FirstPanelFiles#plugin}. */
class FirstPanelFilesPlugin {
  constructor(collector, remoteName, exposeName) {
    this.collector = collector;
    this.remoteName = remoteName;
    this.exposeName = exposeName;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.afterProcessAssets.tap(PLUGIN, () => this.record(compilation));
    });
  }

  /** Records this remote's first panel and file integrity from a sealed compilation. */
  record(compilation) {
    const { chunkGraph } = compilation;
    const prefix = `${this.remoteName}/`;
    const { entrypoint, group } = exposeChunkGroup(compilation, this.remoteName, this.exposeName);
    if (!entrypoint) return; // not a federated build (bench/webpack.plain.js reuses these configs)
    const missing = (what) =>
      compilation.errors.push(
        new compilation.compiler.webpack.WebpackError(`${PLUGIN}: remote "${this.remoteName}" has no ${what}`),
      );
    if (!group) return missing(`chunk group for its expose "${this.exposeName}"`);
    const expose = groupFiles(chunkGraph, group, prefix);
    const provides = {};
    const providedConsumes = {};
    for (const m of compilation.modules) {
      if (m.type !== PROVIDE_TYPE) continue;
      const block = m.blocks[0];
      const provided = groupFiles(chunkGraph, block && chunkGraph.getBlockChunkGroup(block), prefix);
      const key = shareKeyOf(m);
      provides[key] = provided.files;
      providedConsumes[key] = provided.consumes;
    }
    const consumes = new Set();
    const visit = (key) => {
      if (consumes.has(key)) return;
      consumes.add(key);
      (providedConsumes[key] || []).forEach(visit);
    };
    expose.consumes.forEach(visit);
    this.collector.remotes[this.remoteName] = {
      files: [`${prefix}remoteEntry.js`, ...expose.files],
      consumes: [...consumes].sort(),
      provides,
    };
    // The final bytes (after realContentHash and ChunkIntegrityPlugin), as dist/manifest.json hashes them.
    for (const asset of compilation.getAssets()) {
      if (!/\.(js|css)$/.test(asset.name)) continue;
      this.collector.integrity[prefix + asset.name] = integrityOf(asset.source.buffer());
    }
  }
}

module.exports = { FirstPanelFiles, FirstPanelFilesPlugin, shareKeyOf, exposeChunkGroup };
