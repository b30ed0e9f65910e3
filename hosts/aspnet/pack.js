/**
 * Packs the ASP.NET kit with the built dist/ as its static web assets (docs/aspnet.md "The package"):
 * `npm run pack:aspnet` builds dist/ and then runs this file, which writes
 * `hosts/aspnet/feed/RefundWidgets.AspNetCore.<package.json version>.nupkg`, the folder feed that
 * hosts/aspnet/nuget.config names, and forgets the copy of that version NuGet extracted before, so
 * the next restore of the site takes the package just made (a version is rebuilt here, never on a
 * real feed).
 * Environment: `DIST_DIR` (default `dist/`).
 */
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '../..');
const FEED = path.join(__dirname, 'feed');
const KIT = path.join(__dirname, 'RefundWidgets.AspNetCore');
const PACKAGE_ID = 'RefundWidgets.AspNetCore';
const DOTNET_ENV = { DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_NOLOGO: '1' };

/**
 * Runs `dotnet` with `args`; returns its standard output.
 *
 * @param {string[]} args
 * @param {{ capture?: boolean }} [options] capture: return the output instead of showing it
 * @returns {string}
 * @throws Error when dotnet fails
 */
function dotnet(args, { capture = false } = {}) {
  const result = spawnSync('dotnet', args, {
    // hosts/aspnet/nuget.config (its feed and its packages folder) applies.
    cwd: __dirname,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, ...DOTNET_ENV },
  });
  if (result.status !== 0) throw new Error(`dotnet ${args.join(' ')} failed (exit ${result.status})`);
  return result.stdout ?? '';
}

/**
 * Packs the kit into the feed and drops NuGet's extracted copy of the same version.
 *
 * @param {{ distDir?: string }} [options] the dist/ to pack (default `dist/`)
 * @returns {string} the path of the .nupkg
 * @throws Error when dist/ is not built or `dotnet pack` fails
 */
function pack({ distDir = path.resolve(ROOT, process.env.DIST_DIR || 'dist') } = {}) {
  const manifest = path.join(distDir, 'manifest.json');
  if (!fs.existsSync(manifest)) throw new Error(`${manifest} is missing: run \`npm run build\` first`);
  const { version } = require(path.join(ROOT, 'package.json'));
  const nupkg = path.join(FEED, `${PACKAGE_ID}.${version}.nupkg`);
  fs.mkdirSync(FEED, { recursive: true });
  fs.rmSync(nupkg, { force: true });
  dotnet([
    'pack',
    KIT,
    '-c',
    'Release',
    '-o',
    FEED,
    '--nologo',
    '-v',
    'q',
    `-p:RefundWidgetsDist=${distDir}${path.sep}`,
  ]);
  if (!fs.existsSync(nupkg)) throw new Error(`dotnet pack wrote no ${nupkg}`);
  const listing = dotnet(['nuget', 'locals', 'global-packages', '--list'], { capture: true });
  const globalPackages = /global-packages:\s*(.+)/.exec(listing)?.[1].trim();
  if (globalPackages) {
    fs.rmSync(path.join(globalPackages, PACKAGE_ID.toLowerCase(), version), { recursive: true, force: true });
  }
  return nupkg;
}

if (require.main === module) {
  try {
    console.log(`Packed ${path.relative(ROOT, pack())}`);
  } catch (error) {
    console.error(`Packing the ASP.NET kit failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

module.exports = { pack };
