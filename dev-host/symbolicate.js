// @ts-check
// `npm run symbolicate -- <report.json> [--dist=DIR]`: an error report's stack as source lines, by
// the build's hidden source maps (docs/error-reports.md "Source lines: `npm run symbolicate`").
'use strict';

const fs = require('fs');
const path = require('path');
const { SourceMapConsumer } = require('source-map');

/** A stack frame of Chromium (`at fn (url:1:2)`, `at url:1:2`) or Firefox/Safari (`fn@url:1:2`). */
const FRAME = /^(\s*)(?:at\s+(?:(.*?)\s+\()?(.+?):(\d+):(\d+)\)?|(.*?)@(.+?):(\d+):(\d+))\s*$/;

/** @type {(line: string) => { name: string, url: string, line: number, column: number } | null} */
function parseFrame(line) {
  const m = FRAME.exec(line);
  if (!m) return null;
  const [name, url, row, column] = m[3] !== undefined ? [m[2] ?? '', m[3], m[4], m[5]] : [m[6], m[7], m[8], m[9]];
  return { name, url, line: Number(row), column: Number(column) };
}

/**
 * The longest tail of a script URL's path that is a file in `dist`, so any prefix may serve the build.
 * @type {(url: string, dist: string) => string | null}
 */
function distFileFor(url, dist) {
  const segments = (URL.canParse(url) ? new URL(url).pathname : url).split('/').filter(Boolean);
  for (let i = 0; i < segments.length; i += 1) {
    const candidate = path.join(dist, ...segments.slice(i));
    if (candidate.startsWith(dist + path.sep) && fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
      return candidate;
    }
  }
  return null;
}

/** @param {string} source `webpack://rw_refund/./widgets/refund/x.tsx` → `widgets/refund/x.tsx` */
const cleanSource = (source) => source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');

/**
 * A symbolicator over a build folder, reading each source map once.
 * @param {string} dist
 * @returns {{ position: (url: string, line: number, column: number) => Promise<{ source: string, line: number, column: number, name: string | null } | null>, destroy: () => void }}
 */
function createSymbolicator(dist) {
  /** @type {Map<string, import('source-map').SourceMapConsumer | null>} */
  const consumers = new Map();
  /** @param {string} file */
  async function consumerFor(file) {
    if (!consumers.has(file)) {
      // A fingerprinted copy (host-shim.0123abcd.js) names its original's map.
      const named = /\/\/# sourceMappingURL=([\w.-]+\.map)\s*$/.exec(fs.readFileSync(file, 'utf8'))?.[1];
      const mapFile = path.join(path.dirname(file), named ?? `${path.basename(file)}.map`);
      consumers.set(
        file,
        fs.existsSync(mapFile) ? await new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null,
      );
    }
    return consumers.get(file);
  }
  return {
    async position(url, line, column) {
      const file = distFileFor(url, dist);
      if (!file || line < 1) return null;
      const consumer = await consumerFor(file);
      if (!consumer) return null;
      // Stacks count columns from 1, source maps from 0.
      const found = consumer.originalPositionFor({ line, column: Math.max(0, column - 1) });
      if (!found.source || found.line === null || found.column === null) return null;
      return { source: cleanSource(found.source), line: found.line, column: found.column + 1, name: found.name };
    },
    destroy() {
      for (const consumer of consumers.values()) consumer?.destroy();
      consumers.clear();
    },
  };
}

/**
 * One report's message, `source:line:column` and stack frames, mapped where a map covers them.
 * @type {(report: Record<string, unknown>, symbolicator: ReturnType<typeof createSymbolicator>) => Promise<string>}
 */
async function symbolicateReport(report, symbolicator) {
  const out = [`${report.time ?? ''} ${report.message ?? ''}`.trim()];
  if (report.source) {
    const at = await symbolicator.position(String(report.source), Number(report.line), Number(report.column));
    const where = at ? `${at.source}:${at.line}:${at.column}` : `${report.source}:${report.line}:${report.column}`;
    out.push(`  thrown at ${where}`);
  }
  for (const line of String(report.stack ?? '').split('\n')) {
    const frame = parseFrame(line);
    if (!frame) {
      if (line.trim() !== '' && line.trim() !== String(report.message ?? '').trim()) out.push(`  ${line.trim()}`);
      continue;
    }
    const at = await symbolicator.position(frame.url, frame.line, frame.column);
    // A mapped frame keeps only its original name: the minified one means nothing there.
    const name = at ? at.name : frame.name;
    const where = at ? `${at.source}:${at.line}:${at.column}` : `${frame.url}:${frame.line}:${frame.column}`;
    out.push(`    at ${name ? `${name} (${where})` : where}`);
  }
  if (report.pageUrl) out.push(`  page ${report.pageUrl}`);
  return out.join('\n');
}

/** @type {(argv: string[]) => Promise<string>} the text to print; the file holds one report or an array */
async function main(argv) {
  const distArg = argv.find((arg) => arg.startsWith('--dist='));
  const files = argv.filter((arg) => !arg.startsWith('--'));
  if (files.length !== 1) throw new Error('usage: npm run symbolicate -- <report.json> [--dist=DIR]');
  const dist = path.resolve(distArg ? distArg.slice('--dist='.length) : process.env.DIST_DIR || 'dist');
  if (!fs.existsSync(path.join(dist, 'host-shim.js'))) {
    throw new Error(`${dist} holds no build (host-shim.js is missing): build first, or pass --dist=DIR`);
  }
  const parsed = JSON.parse(fs.readFileSync(files[0], 'utf8'));
  const reports = Array.isArray(parsed) ? parsed : [parsed];
  const symbolicator = createSymbolicator(dist);
  try {
    const texts = [];
    for (const report of reports) texts.push(await symbolicateReport(report, symbolicator));
    return texts.join('\n\n');
  } finally {
    symbolicator.destroy();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (text) => console.log(text),
    (error) => {
      console.error(`symbolicate: ${error.message}`);
      process.exit(1);
    },
  );
}

module.exports = { main };
