/**
 * A host team's first hour as a test (docs/aspnet.md "Your own site, start to finish"): a new
 * `dotnet new mvc` site in a temporary folder gets the section's marked blocks applied in order
 * (`<!-- first-hour: ACTION -->` before each fenced block), is built and run against the reference
 * backend the section starts, and a refund is accepted in Chromium. The commands and code come from
 * the doc alone, so doc and test cannot drift.
 *
 * Actions: `run` (bash in the site's folder), `file PATH` (write), `insert PATH at top|at end`,
 * `insert PATH after|before "LINE"` (the line must be there once), `start backend` (in the clone),
 * `start site`, `open` (the page to accept a refund on). The documented ports 8081 and 5080 become
 * free ones. Needs the package in hosts/aspnet/feed/ (`npm run pack:aspnet`) and a build with
 * `API_ORIGINS` as the ASP.NET browser tests have. Run: `npm run test:first-hour:aspnet`.
 */
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');
const { launchBrowser } = require('../../../e2e/harness');

const ROOT = path.resolve(__dirname, '../../..');
const DOC = path.join(ROOT, 'docs/aspnet.md');
const SECTION = '## Your own site, start to finish';
const FEED = path.join(ROOT, 'hosts/aspnet/feed');
const DOC_BACKEND = '127.0.0.1:8081';
const DOC_SITE = '127.0.0.1:5080';

/**
 * The marked blocks of the doc's first section, in order.
 *
 * @param {string} markdown docs/aspnet.md
 * @returns {{ action: string, text: string }[]}
 * @throws AssertionError when the section or its blocks are missing
 */
function firstHourSteps(markdown) {
  const start = markdown.indexOf(SECTION);
  assert.ok(start >= 0, `docs/aspnet.md has no "${SECTION}"`);
  const end = markdown.indexOf('\n## ', start + SECTION.length);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const steps = [...section.matchAll(/<!-- first-hour: (.+?) -->\s*```[^\n]*\n([\s\S]*?)\n```/g)].map((m) => ({
    action: m[1].trim(),
    text: m[2],
  }));
  assert.ok(steps.length > 0, `no <!-- first-hour: … --> blocks in "${SECTION}"`);
  return steps;
}

/**
 * Inserts `text` into the file at `file`: at its top or end, or after or before the one line that
 * is `anchor` (surrounding spaces ignored), with that line's indentation.
 *
 * @param {string} file
 * @param {string} where `at top`, `at end`, `after "…"` or `before "…"`
 * @param {string} text
 * @throws AssertionError when the anchor is not in the file exactly once
 */
function insertInto(file, where, text) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const block = text.split('\n');
  if (where === 'at top') lines.unshift(...block, '');
  else if (where === 'at end') lines.push(...block);
  else {
    const match = /^(after|before) "(.+)"$/.exec(where);
    assert.ok(match, `unknown insertion "${where}"`);
    const at = lines.flatMap((line, i) => (line.trim() === match[2] ? [i] : []));
    assert.equal(at.length, 1, `${path.basename(file)} must hold the line "${match[2]}" once`);
    const indent = /^\s*/.exec(lines[at[0]])[0];
    lines.splice(match[1] === 'after' ? at[0] + 1 : at[0], 0, ...block.map((line) => indent + line));
  }
  fs.writeFileSync(file, lines.join('\n'));
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `command` in bash, in its own process group; its output is kept for failure messages.
 *
 * @returns {{ child: import('child_process').ChildProcess, output: () => string, stop: () => void }}
 */
function startCommand(command, cwd, env) {
  const child = spawn('bash', ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return {
    child,
    output: () => output,
    stop: () => {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    },
  };
}

/** Resolves once `url` answers at all; rejects when the process ends first or after `ms`. */
async function waitForServer(url, started, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`it exited (${started.child.exitCode}):\n${started.output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`${url} did not answer in ${ms / 1000} s:\n${started.output()}`);
}

test("docs/aspnet.md's first section, on a new MVC site, accepts a refund", { timeout: 15 * 60_000 }, async () => {
  assert.ok(
    fs.existsSync(FEED) && fs.readdirSync(FEED).some((name) => name.endsWith('.nupkg')),
    `no package in ${FEED}: run \`npm run pack:aspnet\` first`,
  );
  const steps = firstHourSteps(fs.readFileSync(DOC, 'utf8'));
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-first-hour-'));
  const site = path.join(temp, 'AcmeSite');
  const [backendPort, sitePort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    REFUND_WIDGETS: ROOT,
    // A fresh NuGet folder: the package is the one just packed, and nothing is left in ~/.nuget.
    NUGET_PACKAGES: path.join(temp, 'nuget-packages'),
    DOTNET_CLI_TELEMETRY_OPTOUT: '1',
    DOTNET_NOLOGO: '1',
  };
  const ports = (text) =>
    text.replaceAll(DOC_BACKEND, `127.0.0.1:${backendPort}`).replaceAll(DOC_SITE, `127.0.0.1:${sitePort}`);
  const running = [];
  let browser;
  try {
    const created = spawnSync('dotnet', ['new', 'mvc', '-o', 'AcmeSite'], { cwd: temp, env, encoding: 'utf8' });
    assert.equal(created.status, 0, `dotnet new mvc:\n${created.stdout}${created.stderr}`);
    let opened = false;
    for (const { action, text } of steps) {
      const [verb, ...rest] = action.split(' ');
      const argument = rest.join(' ');
      if (verb === 'run') {
        const result = spawnSync('bash', ['-euo', 'pipefail', '-c', text], { cwd: site, env, encoding: 'utf8' });
        assert.equal(result.status, 0, `the documented command\n${text}\nfailed:\n${result.stdout}${result.stderr}`);
      } else if (verb === 'file') {
        const file = path.join(site, argument);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, `${text}\n`);
      } else if (verb === 'insert') {
        const [, file, where] = /^(\S+) (.+)$/.exec(argument) ?? [];
        insertInto(path.join(site, file), where, text);
      } else if (action === 'start backend') {
        const backend = startCommand(text, ROOT, {
          ...env,
          PORT: String(backendPort),
          DATA_DIR: path.join(temp, 'data'),
        });
        running.push(backend);
        await waitForServer(`http://127.0.0.1:${backendPort}/`, backend, 60_000);
      } else if (action === 'start site') {
        const started = startCommand(ports(text), site, env);
        running.push(started);
        await waitForServer(`http://127.0.0.1:${sitePort}/`, started, 180_000);
      } else if (action === 'open') {
        browser = await launchBrowser();
        const page = await browser.newPage();
        const errors = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(ports(text.trim()));
        const mount = page.locator('#refund-widget');
        try {
          await page.getByRole('heading', { name: 'Selected Journey: London Kings Cross to Edinburgh' }).waitFor();
          await page.getByRole('button', { name: 'Accept refund' }).click();
          await page.getByRole('heading', { name: 'Refund request accepted' }).waitFor();
        } catch (error) {
          const site = running.at(-1)?.output() ?? '';
          assert.fail(
            `no accepted refund on ${page.url()}: the widget shows "${(await mount.innerText().catch(() => '')).trim()}"` +
              `\n${error.message.split('\n')[0]}\nsite output:\n${site.slice(-3000)}`,
          );
        }
        assert.deepEqual(errors, [], 'no uncaught exception on the page');
        const requests = await (await fetch(`http://127.0.0.1:${backendPort}/__dev/requests`)).json();
        const refunds = requests.filter((r) => r.path === '/api/ProcessRefund');
        assert.equal(refunds.length, 1, 'the API received one ProcessRefund, through the site');
        opened = true;
      } else {
        assert.fail(`unknown first-hour action "${action}" in docs/aspnet.md`);
      }
    }
    assert.ok(opened, 'the section has an "open" block: the page to accept a refund on');
  } finally {
    await browser?.close();
    running.forEach((started) => started.stop());
    fs.rmSync(temp, { recursive: true, force: true });
  }
});
