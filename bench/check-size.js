/**
 * `npm run size`: the size gate. Builds production (federated) into a temporary folder (or reuses
 * a build: `--dist=DIR`), loads each page of the bench once in headless Debian Chromium with no
 * throttling, and exits non-zero when a page's widget JS+CSS (gzip bytes, everything the page
 * fetched by the time its first panel showed and the network went idle) exceeds its limit in
 * bench/budgets.json. Pages whose widget is not in this build are reported and skipped.
 *
 * Options: --dist=DIR (reuse the build in DIR; default: build into DIST_DIR or a temporary
 * folder), --update (rewrite bench/budgets.json to measured + 5 %, rounded up to 512 bytes).
 */
const fs = require('fs');
const path = require('path');
const lib = require('./lib');

const BUDGETS_FILE = path.join(__dirname, 'budgets.json');
const HEADROOM = 1.05;
/** A page this far under its limit should get a lower limit (docs/performance.md "Size gate"). */
const SHRUNK = 0.9;

async function main() {
  const args = process.argv.slice(2);
  const distArg = args.find((a) => a.startsWith('--dist='));
  const update = args.includes('--update');
  const unknown = args.filter((a) => a !== '--update' && !a.startsWith('--dist='));
  if (unknown.length) throw new Error(`unknown option ${unknown.join(' ')}`);

  const distDir = distArg ? path.resolve(distArg.slice(7)) : lib.benchDist();
  if (!distArg) {
    console.log(`size: building production into ${distDir} …`);
    lib.buildFederated(distDir);
  } else if (!fs.existsSync(path.join(distDir, 'host-shim.js'))) {
    throw new Error(`${distDir}/host-shim.js is missing: build first (npm run build) or drop --dist`);
  }

  const budgets = JSON.parse(fs.readFileSync(BUDGETS_FILE, 'utf8'));
  const limits = budgets.pages || {};
  const bench = await lib.startBench(distDir);
  const rows = [];
  let failed = false;
  try {
    for (const pageSpec of lib.PAGES) {
      const why = lib.unavailableReason(pageSpec, distDir);
      if (why) {
        rows.push({ id: pageSpec.id, status: 'skipped', note: why });
        continue;
      }
      let load;
      try {
        load = await lib.measureLoad(bench, pageSpec, { variant: 'federated', distDir, timeoutMs: 30_000 });
      } catch (error) {
        failed = true;
        rows.push({ id: pageSpec.id, status: 'FAIL', note: `could not measure: ${error.message.split('\n')[0]}` });
        continue;
      }
      const bytes = load.settled.jsGz + load.settled.cssGz;
      const limit = limits[pageSpec.id];
      const row = { id: pageSpec.id, bytes, limit, js: load.settled.jsGz, css: load.settled.cssGz };
      if (limit == null) row.status = 'no budget';
      else if (bytes > limit) {
        row.status = 'FAIL';
        row.note = `over by ${bytes - limit} bytes: lower the page's weight (or raise the limit with a reason in the note)`;
        failed = true;
      } else {
        row.status = 'ok';
        if (bytes < limit * SHRUNK) row.note = 'well under: lower the limit (npm run size -- --update)';
      }
      rows.push(row);
    }
  } finally {
    await bench.close();
  }

  for (const r of rows) {
    const figures =
      r.bytes == null ? '' : `${r.bytes} B (${lib.kb(r.bytes)}; JS ${r.js}, CSS ${r.css}) / limit ${r.limit ?? '—'}`;
    console.log(`size ${r.status.padEnd(9)} ${r.id.padEnd(12)} ${figures}${r.note ? `  ${r.note}` : ''}`);
  }

  if (update) {
    const next = { ...limits };
    for (const r of rows) if (r.bytes != null) next[r.id] = Math.ceil((r.bytes * HEADROOM) / 512) * 512;
    fs.writeFileSync(BUDGETS_FILE, `${JSON.stringify({ ...budgets, pages: next }, null, 2)}\n`);
    console.log(`size: wrote ${path.relative(process.cwd(), BUDGETS_FILE)} (measured + 5 %)`);
    return;
  }
  const measured = rows.filter((r) => r.bytes != null).length;
  console.log(`size: ${measured} page(s) measured, ${failed ? 'budget exceeded' : 'all within budget'}`);
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`size: ${error.message}`);
  process.exitCode = 1;
});
