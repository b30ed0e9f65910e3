/**
 * Starts the ASP.NET Core example host (hosts/aspnet/ExampleRail) beside the reference backend.
 *
 * `npm run host:aspnet` runs this file: it builds `dist/` (unless `--no-build`), packs it into the
 * RefundWidgets.AspNetCore package of the folder feed (hosts/aspnet/pack.js), builds the site with
 * `dotnet build`, which installs that package from the feed as a customer's site would, starts the
 * reference backend (the dev host's, on a free port of 127.0.0.1, state in `.data/`, with its dev
 * tools off) and the site on `PORT` (default 0: a free port), and prints the site's URL. The site
 * serves the widgets' files from the package, with MapStaticAssets (docs/aspnet.md). The backend serves the page data (`/host-data/*`) only to requests
 * carrying a key made up here, which the site gets as `Backend__HostDataKey` and sends as the
 * `X-Host-Data-Key` header (docs/reference-backend.md "Dev tools").
 * Environment: `PORT`, `DIST_DIR` (default `dist/`), `DATA_DIR` (default `.data/`).
 *
 * The browser tests run `npm run test:e2e:aspnet`, which packs and builds the same way, and use
 * `startAspNetHost` to run the built site against a backend they started.
 */
'use strict';

const { spawn, spawnSync } = require('child_process');
const { pack } = require('./pack');
const { randomBytes } = require('crypto');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '../..');
const SITE_DIR = path.join(__dirname, 'ExampleRail');
const SITE_DLL = path.join(SITE_DIR, 'bin', 'Debug', 'net10.0', 'ExampleRail.dll');
const DOTNET_ENV = { DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_NOLOGO: '1' };

/**
 * True when the widgets in `distDir` send the page's antiforgery token (they read
 * `<meta name="request-verification-token">`); builds from before that feature do not, and the
 * site then cannot check the token on the calls it forwards.
 *
 * @param {string} distDir a built dist/
 * @returns {boolean}
 */
function widgetsSendToken(distDir) {
  const files = fs.readdirSync(distDir, { recursive: true }).filter((file) => String(file).endsWith('.js'));
  return files.some((file) =>
    fs.readFileSync(path.join(distDir, String(file)), 'utf8').includes('request-verification-token'),
  );
}

/** Runs `dotnet build` of the site, which restores the kit's package from the feed; throws when it fails. */
function buildSite() {
  const result = spawnSync('dotnet', ['build', SITE_DIR, '--nologo', '-v', 'q'], {
    stdio: 'inherit',
    env: { ...process.env, ...DOTNET_ENV },
  });
  if (result.status !== 0) throw new Error(`dotnet build failed (exit ${result.status})`);
}

/**
 * Starts the built site (`ExampleRail.dll`) and resolves once Kestrel listens.
 *
 * @param {object} options
 * @param {string} options.backendUrl the reference backend, e.g. `http://127.0.0.1:41234`
 * @param {string} options.distDir the dist/ the package was made from (read for `validateAntiforgery`)
 * @param {{ baseUrl: string, manifestFile: string }} [options.cdn] CDN mode: the widgets' files come
 *   from `baseUrl` (another origin), and the page names the integrity of `manifestFile`, that build's
 *   manifest.json (docs/aspnet.md "A CDN"); default: the package's files on the site itself
 * @param {number} [options.port] default 0 (a free port)
 * @param {boolean} [options.validateAntiforgery] default: whether the widgets in distDir send the token
 * @param {string} [options.hostDataKey] the backend's page-data key, given to the site as
 *   `Backend__HostDataKey` (none by default: a backend with its dev tools on needs none)
 * @param {(line: string) => void} [options.log] receives the site's output lines (default: dropped)
 * @returns {Promise<{ url: string, close: () => Promise<void>, output: string[], antiforgery: boolean }>}
 * @throws Error when the site is not built or exits before listening
 */
function startAspNetHost({ backendUrl, distDir, cdn, port = 0, validateAntiforgery, hostDataKey, log = () => {} }) {
  if (!fs.existsSync(SITE_DLL)) throw new Error(`${SITE_DLL} is missing: run \`dotnet build hosts/aspnet\``);
  const antiforgery = validateAntiforgery ?? widgetsSendToken(distDir);
  const child = spawn('dotnet', [SITE_DLL, '--urls', `http://127.0.0.1:${port}`], {
    cwd: SITE_DIR,
    env: {
      ...process.env,
      ...DOTNET_ENV,
      ASPNETCORE_ENVIRONMENT: 'Production',
      Backend__Url: backendUrl,
      Backend__ValidateAntiforgery: String(antiforgery),
      ...(hostDataKey ? { Backend__HostDataKey: hostDataKey } : {}),
      ...(cdn
        ? { RefundWidgets__BaseUrl: cdn.baseUrl, RefundWidgets__ManifestFile: path.resolve(cdn.manifestFile) }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', resolve)).then(() => {
    exited = true;
  });
  return new Promise((resolve, reject) => {
    const onLine = (chunk) => {
      for (const line of String(chunk).split('\n')) {
        if (!line.trim()) continue;
        output.push(line);
        log(line);
        const match = /Now listening on: (http:\/\/\S+)/.exec(line);
        if (match) {
          resolve({
            url: match[1].replace(/\/$/, ''),
            output,
            antiforgery,
            async close() {
              if (!exited) child.kill('SIGTERM');
              await exit;
            },
          });
        }
      }
    };
    child.stdout.on('data', onLine);
    child.stderr.on('data', onLine);
    exit.then(() => reject(new Error(`The ASP.NET host exited before listening:\n${output.join('\n')}`)));
  });
}

/**
 * Starts the reference backend for the site as `npm run host:aspnet` does: the dev host on a free
 * port of 127.0.0.1 with its dev tools off (no gallery, no /__dev/*), serving the page data
 * (`/host-data/*`) only to requests carrying a key made up here (docs/reference-backend.md "Dev tools").
 *
 * @param {{ distDir: string, dataDir: string }} options
 * @returns {Promise<{ backend: { url: string, close: () => Promise<void> }, hostDataKey: string }>}
 *   the running backend and the key to give the site
 */
async function startReferenceBackend({ distDir, dataDir }) {
  const { startServer } = require('../../dev-host/server');
  const hostDataKey = randomBytes(32).toString('base64url');
  const backend = await startServer({ port: 0, distDir, dataDir, devTools: false, hostDataKey });
  return { backend, hostDataKey };
}

async function main() {
  const distDir = path.resolve(ROOT, process.env.DIST_DIR || 'dist');
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: process.env });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  pack({ distDir });
  buildSite();
  const { backend, hostDataKey } = await startReferenceBackend({
    distDir,
    dataDir: process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(ROOT, '.data'),
  });
  console.log(`Reference backend on ${backend.url}`);
  const port = process.env.PORT ? Number(process.env.PORT) : 0;
  const site = await startAspNetHost({
    backendUrl: backend.url,
    distDir,
    port,
    hostDataKey,
    log: (line) => console.log(line),
  });
  if (!site.antiforgery) {
    console.warn('The widgets in dist/ do not send RequestVerificationToken: antiforgery checks are off.');
  }
  console.log(`ASP.NET host listening on ${site.url}`);
  const stop = async () => {
    await site.close();
    await backend.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(`ASP.NET host failed to start: ${error.message}`);
    process.exit(1);
  });
}

module.exports = { startAspNetHost, startReferenceBackend, buildSite, widgetsSendToken, SITE_DLL };
