// @ts-check
// Dev host: a stand-in for the real legacy site and backend; never shipped in dist/.
/**
 * `npm run symbolicate -- <report.json> [--dist=DIR]`: prints an error report's stack as source
 * files and lines, using the hidden source maps of the production build (a `.map` beside each JS
 * file in dist/; docs/error-reports.md "Source lines: `npm run symbolicate`").
 *
 * The file holds one report (the JSON POSTed to /report/error) or an array of them. Each frame's
 * URL is matched to a file of the build by the longest tail of its path that exists there
 * (`https://cdn.example/static/widgets/v1/refund/242.6d8fe64e.js` → `refund/242.6d8fe64e.js`), so
 * the build can be served under any prefix. Frames that no map covers are printed unchanged.
 */
'use strict';

const fs = require('fs');
const path = require('path');
const { SourceMapConsumer } = require('source-map');

/** A stack frame of Chromium (`at fn (url:1:2)`, `at url:1:2`) or Firefox/Safari (`fn@url:1:2`). */
const FRAME = /^(\s*)(?:at\s+(?:(.*?)\s+\()?(.+?):(\d+):(\d+)\)?|(.*?)@(.+?):(\d+):(\d+))\s*$/;

/**
 * Parses one line of a stack.
 * @param {string} line
 * @returns {{ indent: string, name: string, url: string, line: number, column: number } | null}
 */
function parseFrame(line) {
  const match = FRAME.exec(line);
  if (!match) return null;
  if (match[3] !== undefined) {
    return { indent: match[1], name: match[2] ?? '', url: match[3], line: Number(match[4]), column: Number(match[5]) };
  }
  return { indent: match[1], name: match[6], url: match[7], line: Number(match[8]), column: Number(match[9]) };
}

/**
 * The build file a script URL names: the longest tail of the URL's path that is a file in `dist`.
 * @param {string} url
 * @param {string} dist the build folder, absolute
 * @returns {string | null} an absolute path, or null
 */
function distFileFor(url, dist) {
  let pathname;
  try {
    pathname = new URL(url).pathname;
  } catch {
    pathname = url;
  }
  const segments = pathname.split('/').filter(Boolean);
  for (let i = 0; i < segments.length; i += 1) {
    const candidate = path.join(dist, ...segments.slice(i));
    if (candidate.startsWith(dist + path.sep) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return candidate;
    }
  }
  return null;
}

/**
 * `webpack://rw_refund/./widgets/refund/x.tsx` → `widgets/refund/x.tsx`.
 * @param {string} source
 * @returns {string}
 */
function cleanSource(source) {
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
}

/**
 * Creates a symbolicator over a build folder. Source maps are read once each.
 * @param {string} dist the build folder (holds host-shim.js and the `.map` files)
 * @returns {{ position: (url: string, line: number, column: number) => Promise<{ source: string, line: number, column: number, name: string | null } | null>, destroy: () => void }}
 */
function createSymbolicator(dist) {
  /** @type {Map<string, import('source-map').SourceMapConsumer | null>} */
  const consumers = new Map();
  /** @param {string} file */
  async function consumerFor(file) {
    if (!consumers.has(file)) {
      const mapFile = `${file}.map`;
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
 * Symbolicates one report: its message, its `source:line:column` and every frame of its stack.
 * @param {Record<string, unknown>} report an error report (docs/product-rules.md section 3 fields)
 * @param {ReturnType<typeof createSymbolicator>} symbolicator
 * @returns {Promise<string>} the text to print
 */
async function symbolicateReport(report, symbolicator) {
  const out = [`${report.time ?? ''} ${report.message ?? ''}`.trim()];
  if (report.source) {
    const at = await symbolicator.position(String(report.source), Number(report.line), Number(report.column));
    out.push(
      at
        ? `  thrown at ${at.source}:${at.line}:${at.column}`
        : `  thrown at ${report.source}:${report.line}:${report.column}`,
    );
  }
  for (const line of String(report.stack ?? '').split('\n')) {
    const frame = parseFrame(line);
    if (!frame) {
      if (line.trim() !== '' && line.trim() !== String(report.message ?? '').trim()) out.push(`  ${line.trim()}`);
      continue;
    }
    const at = await symbolicator.position(frame.url, frame.line, frame.column);
    // A mapped frame keeps only its original name: the minified one means nothing in the source.
    const name = at ? at.name : frame.name;
    const where = at ? `${at.source}:${at.line}:${at.column}` : `${frame.url}:${frame.line}:${frame.column}`;
    out.push(`    at ${name ? `${name} (${where})` : where}`);
  }
  if (report.pageUrl) out.push(`  page ${report.pageUrl}`);
  return out.join('\n');
}

/**
 * Reads the report file and prints each report symbolicated.
 * @param {string[]} argv the command's arguments
 */
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

module.exports = { parseFrame, distFileFor, createSymbolicator, symbolicateReport, main };
