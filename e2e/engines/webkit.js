/**
 * WebKit for the journeys: Debian's WebKitWebDriver driving WebKitGTK's MiniBrowser under an Xvfb
 * display of its own, through selenium-webdriver (docs/testing.md "Engines"). Each page is a new
 * WebDriver session, ephemeral as Safari's Private Browsing. Pages load with
 * `pageLoadStrategy: 'none'`, so the adapter polls for the new document itself (with 'eager' every
 * script after a navigation hung); a GTK style sheet shrinks MiniBrowser's toolbar, so its window
 * can be a 375 px phone.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const net = require('net');
const { spawn } = require('child_process');

const DRIVER = process.env.WEBKIT_WEBDRIVER_PATH || '/usr/bin/WebKitWebDriver';
/** MiniBrowser of Debian's libwebkit2gtk-4.1-0, under the machine's multiarch folder. */
const MINIBROWSER =
  process.env.MINIBROWSER_PATH ||
  fs
    .readdirSync('/usr/lib')
    .map((dir) => path.join('/usr/lib', dir, 'webkit2gtk-4.1', 'MiniBrowser'))
    .find((file) => fs.existsSync(file)) ||
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const DESKTOP = { width: 1280, height: 900 };
/** MiniBrowser's toolbar, small enough for a 375 px window. */
const GTK_CSS =
  'toolbar, toolbar *, entry, button, image { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free TCP port on the loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on a display it chooses itself (`-displayfd`); gives `{ display, stop }`. */
function startXvfb() {
  return new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    xvfb.on('error', (error) => reject(new Error(`Xvfb could not start (apt-get install -y xvfb): ${error.message}`)));
    xvfb.stdout.once('data', (data) => resolve({ display: `:${String(data).trim()}`, stop: () => xvfb.kill() }));
  });
}

/** Waits until WebKitWebDriver at `url` answers /status (at most 10 s). */
async function waitForDriver(url) {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`WebKitWebDriver did not answer at ${url}`);
    await sleep(100);
  }
}

const KEYS = { Escape: 'ESCAPE', Tab: 'TAB', ArrowDown: 'ARROW_DOWN', Enter: 'ENTER', Space: 'SPACE' };

/**
 * Starts Xvfb and WebKitWebDriver. `gate` (./gate.js) is the door the pages come through: closing
 * it stands in for going offline. Gives `{ version, canGoOffline: false, newDriver, close }`.
 */
async function startWebKit({ timeZone, gate }) {
  const { Builder, Capabilities, Key } = require('selenium-webdriver');
  for (const file of [DRIVER, MINIBROWSER]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: apt-get install -y webkit2gtk-driver`);
  }
  const xvfb = await startXvfb();
  const config = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-webkit-'));
  fs.mkdirSync(path.join(config, 'gtk-3.0'));
  fs.writeFileSync(path.join(config, 'gtk-3.0', 'gtk.css'), GTK_CSS);
  const port = await freePort();
  const driverProcess = spawn(DRIVER, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: xvfb.display, XDG_CONFIG_HOME: config, TZ: timeZone },
    stdio: 'ignore',
  });
  const server = `http://127.0.0.1:${port}`;
  await waitForDriver(server);
  const version = require('child_process')
    .execFileSync(MINIBROWSER, ['--version'], { env: { ...process.env, DISPLAY: xvfb.display } })
    .toString()
    .trim();
  const sessions = new Set();

  return {
    version,
    canGoOffline: false,
    async newDriver({ viewport }) {
      const capabilities = new Capabilities({
        browserName: 'MiniBrowser',
        pageLoadStrategy: 'none',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', `--time-zone=${timeZone}`] },
      });
      const driver = await new Builder().usingServer(server).withCapabilities(capabilities).build();
      sessions.add(driver);
      await driver
        .manage()
        .window()
        .setRect(viewport ?? DESKTOP);
      const run = (script, args) => driver.executeScript(`return (${script}).apply(null, arguments)`, ...args);
      return {
        goto: (url) => driver.get(url.replace(/^http:\/\/127\.0\.0\.1:\d+/, gate.url)),
        reload: () => driver.navigate().refresh(),
        run: (script, ...args) => run(script, args),
        handle: (script, ...args) => run(script, args),
        withElement: (element, fn, arg) =>
          driver.executeScript(`return (${fn})(arguments[0], arguments[1])`, element, arg ?? null),
        click: (element) => element.click(),
        type: (element, text) => element.sendKeys(text),
        upload: (element, paths) => element.sendKeys(paths.join('\n')),
        press: (key) =>
          driver
            .actions()
            .sendKeys(Key[KEYS[key] ?? key])
            .perform(),
        setOffline: async (offline) => gate.close(offline),
        close: async () => {
          sessions.delete(driver);
          await driver.quit();
        },
      };
    },
    async close() {
      await Promise.all([...sessions].map((driver) => driver.quit().catch(() => undefined)));
      driverProcess.kill();
      xvfb.stop();
      fs.rmSync(config, { recursive: true, force: true });
    },
  };
}

module.exports = { startWebKit };
