/**
 * The texts each state of the states gallery shows (`shows` in fixtures/gallery.json;
 * docs/gallery.md "What a state shows"), read from where the widgets take them: the widgets'
 * texts.ts tables, a few shared modules, and the fixtures. The gallery itself holds no product
 * text; its tests (dev-host/gallery.test.js, e2e/gallery.test.js) check each state with these.
 *
 * A text table is read from its TypeScript source: TypeScript's `transpileModule` turns the one
 * module into CommonJS, which runs with every import but JSON replaced by an inert stub. Texts are
 * top-level constants, so they need none of their module's imports; a module whose top level
 * called an import would fail here, loudly.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const vm = require('vm');
const ts = require('typescript');

const ROOT = path.join(__dirname, '..');

/**
 * The tables a reference may start with: the module and, for a widget's table, its export.
 * @type {Record<string, { file: string, name?: string }>}
 */
const TEXT_TABLES = {
  refund: { file: 'widgets/refund/texts.ts', name: 'texts' },
  replacement: { file: 'widgets/refund/replacement/texts.ts', name: 'texts' },
  manualClaim: { file: 'widgets/manual-claim/texts.ts', name: 'texts' },
  disruption: { file: 'widgets/disruption/texts.ts', name: 'texts' },
  lookup: { file: 'widgets/lookup/texts.ts', name: 'texts' },
  errorSummary: { file: 'shared/forms/ErrorSummary.tsx' },
  delayRepay: { file: 'shared/ui/DelayRepayClaim.tsx', name: 'DELAY_REPAY_CLAIM_TEXT' },
  pageData: { file: 'shared/errors/WidgetError.ts' },
  journey: { file: 'shared/journey/SelectedJourney.tsx' },
};

/** Stands in for every import: any property, call or `new` gives the stub again. */
const STUB = new Proxy(function stub() {}, {
  get: (_target, key) => (key === Symbol.toPrimitive ? () => '' : STUB),
  apply: () => STUB,
  construct: () => STUB,
});

/** @type {Map<string, Record<string, unknown>>} */
const modules = new Map();

/**
 * The exports of a TypeScript module of this repository, run without its imports.
 *
 * @param {string} file relative to the repository, e.g. `widgets/refund/texts.ts`
 * @returns {Record<string, unknown>}
 * @throws Error when the module's top level needs what an import gives
 */
function moduleExports(file) {
  const cached = modules.get(file);
  if (cached) return cached;
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: file,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
      esModuleInterop: true,
    },
  });
  const module = { exports: {} };
  const run = vm.runInThisContext(`(function (exports, require, module) {\n${outputText}\n})`, { filename: file });
  try {
    // A JSON import is data (contract/rules/): read for real.
    const load = (/** @type {string} */ id) =>
      id.endsWith('.json') ? require(path.resolve(ROOT, path.dirname(file), id)) : STUB;
    run(module.exports, load, module);
  } catch (error) {
    throw new Error(`test/galleryTexts.js: ${file} needs its imports at its top level (${error})`);
  }
  modules.set(file, module.exports);
  return module.exports;
}

/** `formatPence` of shared/format/money.ts: how the widgets show an amount of pence. */
const formatPence = /** @type {(pence: number) => string} */ (moduleExports('shared/format/money.ts').formatPence);

/**
 * Follows a dotted path; a JSON text met on the way (a planned failure's body) is read through.
 *
 * @param {unknown} value
 * @param {string[]} keys
 * @param {string} reference for the error
 */
function follow(value, keys, reference) {
  let here = value;
  for (const key of keys) {
    if (typeof here === 'string') here = JSON.parse(here);
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, key)) {
      throw new Error(`gallery: ${reference} names nothing`);
    }
    here = /** @type {Record<string, unknown>} */ (here)[key];
  }
  return here;
}

/**
 * The fixtures a reference may read: the state's booking (`booking.…`, fixtures/bookings.json), its
 * replacement booking (`replacementBooking.…`, fixtures/lookups.json) and the station names
 * (`stations.…`, fixtures/stations.json).
 *
 * @typedef {{ bookings: Record<string, any>, lookups: Record<string, any>, stations: Record<string, string> }} Fixtures
 */

/**
 * What a reference names: a text of a table (`refund.noProtectedReference`), or a fixture value
 * (`booking.dryRun.refundValue`).
 *
 * @param {string} reference
 * @param {{ booking?: string, replacementBooking?: string }} state
 * @param {Fixtures} fixtures
 * @returns {unknown}
 */
function referenced(reference, state, fixtures) {
  const [root, ...keys] = reference.split('.');
  /** @type {Record<string, unknown>} */
  const roots = {
    booking: state.booking === undefined ? undefined : fixtures.bookings[state.booking],
    replacementBooking: state.replacementBooking === undefined ? undefined : fixtures.lookups[state.replacementBooking],
    stations: fixtures.stations,
  };
  if (Object.hasOwn(TEXT_TABLES, root)) {
    const { file, name } = TEXT_TABLES[root];
    const exports = moduleExports(file);
    return follow(name === undefined ? exports : exports[name], keys, reference);
  }
  if (Object.hasOwn(roots, root) && roots[root] !== undefined) return follow(roots[root], keys, reference);
  throw new Error(`gallery: ${reference} names nothing`);
}

/** Stands for a `*` argument in a text (a private-use character no text holds). */
const HOLE = '\uE000';

/** @param {string} text */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One text a state shows: `text` as the widget writes it (`…` where a `*` argument stands), and
 * `pattern`, the source of a RegExp that finds it in the state's text (white space folded).
 *
 * @typedef {{ text: string, pattern: string }} ShownText
 */

/**
 * The texts a gallery state shows, each found in its section once it is reached.
 *
 * An entry of `shows` is a reference (a text of a table, or a fixture value that is a string), or
 * `{ text, args }`: a text function of a table called with its arguments, each a reference, `£`
 * and a reference to an amount of pence (shown as the widgets show it), or `*` (any text).
 *
 * @param {{ slug: string, booking?: string, replacementBooking?: string,
 *   shows: Array<string | { text: string, args: string[] }> }} state an entry of fixtures/gallery.json
 * @param {Fixtures} fixtures
 * @returns {ShownText[]}
 * @throws Error when a reference names nothing, or not a text
 */
function shownTexts(state, fixtures) {
  const shown = [];
  for (const entry of state.shows) {
    if (typeof entry === 'string') {
      const text = referenced(entry, state, fixtures);
      if (typeof text !== 'string' || text === '') throw new Error(`gallery: ${state.slug}: ${entry} is no text`);
      shown.push({ text, pattern: escapeRegExp(text) });
      continue;
    }
    const write = referenced(entry.text, state, fixtures);
    if (typeof write !== 'function') throw new Error(`gallery: ${state.slug}: ${entry.text} is no text function`);
    // Each `*` is called with a marker no text holds, where the pattern then matches any text.
    const args = entry.args.map((arg) => {
      if (arg === '*') return HOLE;
      const value = referenced(arg.replace(/^£/, ''), state, fixtures);
      if (arg.startsWith('£')) {
        if (typeof value !== 'number') throw new Error(`gallery: ${state.slug}: ${arg} is no amount`);
        return formatPence(value);
      }
      if (typeof value !== 'string') throw new Error(`gallery: ${state.slug}: ${arg} is no text`);
      return value;
    });
    const text = String(write(...args));
    const parts = text.split(HOLE);
    shown.push({ text: parts.join('…'), pattern: parts.map(escapeRegExp).join('.+?') });
  }
  return shown;
}

module.exports = { shownTexts, moduleExports, TEXT_TABLES };
