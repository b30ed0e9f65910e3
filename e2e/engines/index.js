/* global document, window -- the query and problem scripts run in the browser */
/**
 * One adapter over three engines, so a journey is written once (docs/testing.md "Engines"):
 * Chromium through playwright-core, Firefox ESR through puppeteer-core over WebDriver BiDi, and
 * WebKit (WebKitGTK's MiniBrowser) through selenium-webdriver and WebKitWebDriver under Xvfb. All
 * three are Debian's; none is ever downloaded. Elements are found in the page by role, label or text
 * with Testing Library's DOM build (injected by the driver, so the page's CSP stays on), then acted
 * on with the engine's own input.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { launchBrowser } = require('../harness');
const { startWebKit } = require('./webkit');

const NAMES = { chromium: 'Chromium', firefox: 'Firefox ESR', webkit: 'WebKit (WebKitGTK)' };
const TIME_ZONE = 'Europe/London';
const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

const TL_SOURCE = fs.readFileSync(require.resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'), 'utf8');
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs in the page: where the document stands. 'old' while it is the one a navigation left (it
 * carries `token`), 'loading', 'bare' (loaded, no Testing Library yet) or 'ready'.
 */
const STATE = `(token) => document.__rwLeft === token || location.href === 'about:blank' ? 'old'
  : document.readyState === 'loading' ? 'loading' : document.__rwReady ? 'ready' : 'bare'`;

/** Runs in the page: Testing Library and a recorder of page errors and CSP violations, once per document. */
const PREPARE = `() => {
  if (!window.TestingLibraryDom) { ${TL_SOURCE}\n }
  window.__rwProblems = window.__rwProblems || { pageErrors: [], cspViolations: [] };
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__rwProblems.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
  });
  window.addEventListener('error', (e) => window.__rwProblems.pageErrors.push(String(e.message)));
  document.__rwReady = true;
}`;

/**
 * Runs in the page: the elements matching a query, as Testing Library finds them.
 * @param {{ role?: string, name?: string|{source: string, flags: string}, label?: string,
 *   text?: string|{source: string, flags: string}, within?: string, exact?: boolean }} q
 */
function findAll(q) {
  const TL = window.TestingLibraryDom;
  const root = q.within ? document.querySelector(q.within) : document.body;
  if (!root) return [];
  const text = (value) => (value && typeof value === 'object' ? new RegExp(value.source, value.flags) : value);
  if (q.role) return TL.queryAllByRole(root, q.role, q.name === undefined ? {} : { name: text(q.name) });
  if (q.label) return TL.queryAllByLabelText(root, text(q.label));
  if (q.selector) return [...root.querySelectorAll(q.selector)];
  return TL.queryAllByText(root, text(q.text), { exact: q.exact !== false });
}

/** A query for the page, with RegExps made plain objects so they pass to the browser. */
function plain(query) {
  const out = { ...query };
  for (const key of ['name', 'text', 'label']) {
    if (out[key] instanceof RegExp) out[key] = { source: out[key].source, flags: out[key].flags };
  }
  return out;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The files chosen in file inputs, kept until the engine closes (Firefox reads them late). */
const UPLOADS = path.join(os.tmpdir(), `rw-e2e-uploads-${process.pid}`);

/** Writes `files` ({ name, buffer }) to a new folder under {@link UPLOADS}; returns their paths. */
function writeFiles(files) {
  fs.mkdirSync(UPLOADS, { recursive: true });
  const dir = fs.mkdtempSync(path.join(UPLOADS, 'files-'));
  return files.map((file) => {
    const where = path.join(dir, file.name);
    fs.writeFileSync(where, file.buffer);
    return where;
  });
}

/**
 * One engine's page, reduced to what the journeys need.
 * @typedef {object} Driver
 * @property {(url: string) => Promise<void>} goto
 * @property {() => Promise<void>} reload
 * @property {(script: string, ...args: unknown[]) => Promise<any>} run runs `return (script)(...args)`
 * @property {(script: string, ...args: unknown[]) => Promise<any>} handle the same, giving an element
 * @property {(element: any, fn: Function, arg?: unknown) => Promise<any>} withElement runs `fn(element, arg)`
 * @property {(element: any) => Promise<void>} click
 * @property {(element: any, text: string) => Promise<void>} type
 * @property {(element: any, paths: string[]) => Promise<void>} upload
 * @property {(key: string) => Promise<void>} press a key name as playwright writes it
 * @property {(offline: boolean) => Promise<void>} setOffline
 * @property {() => Promise<void>} close
 */

/** Chromium through playwright-core: a new context per page. */
async function chromiumEngine() {
  const browser = await launchBrowser();
  return {
    version: browser.version(),
    canGoOffline: true,
    async newDriver({ viewport }) {
      const context = await browser.newContext({ timezoneId: TIME_ZONE, ...(viewport ? { viewport } : {}) });
      const page = await context.newPage();
      const problems = { pageErrors: [], cspViolations: [] };
      page.on('pageerror', (error) => problems.pageErrors.push(String(error)));
      page.on(
        'console',
        (m) =>
          m.type() === 'error' && /Content Security Policy/i.test(m.text()) && problems.cspViolations.push(m.text()),
      );
      const call = (script, args) => page.evaluateHandle(`(${script})(...${JSON.stringify(args)})`);
      return {
        problems,
        goto: async (url) => void (await page.goto(url, { waitUntil: 'commit' })),
        reload: async () => void (await page.reload({ waitUntil: 'commit' })),
        run: async (script, ...args) => page.evaluate(`(${script})(...${JSON.stringify(args)})`),
        handle: async (script, ...args) => (await call(script, args)).asElement(),
        click: (element) => element.click(),
        type: (element, text) => element.type(text),
        upload: (element, paths) => element.setInputFiles(paths),
        withElement: (element, fn, arg) => element.evaluate(fn, arg),
        press: (key) => page.keyboard.press(key),
        setOffline: (offline) => context.setOffline(offline),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/** Firefox ESR through puppeteer-core over WebDriver BiDi: a new browser context per page. */
async function firefoxEngine() {
  const puppeteer = require('puppeteer-core');
  if (!fs.existsSync(FIREFOX)) throw new Error(`Firefox ESR not found at ${FIREFOX}: apt-get install -y firefox-esr`);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
    env: { ...process.env, TZ: TIME_ZONE },
  });
  return {
    version: await browser.version(),
    canGoOffline: true,
    async newDriver({ viewport }) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      if (viewport) await page.setViewport(viewport);
      const problems = { pageErrors: [], cspViolations: [] };
      page.on('pageerror', (error) => problems.pageErrors.push(String(error)));
      await page.evaluateOnNewDocument(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      page.on(
        'console',
        (m) =>
          m.type() === 'error' && /Content Security Policy/i.test(m.text()) && problems.cspViolations.push(m.text()),
      );
      return {
        problems,
        goto: async (url) => void (await page.goto(url, { waitUntil: 'domcontentloaded' })),
        reload: async () => void (await page.reload({ waitUntil: 'domcontentloaded' })),
        run: async (script, ...args) => page.evaluate(`(${script})(...${JSON.stringify(args)})`),
        handle: async (script, ...args) =>
          (await page.evaluateHandle(`(${script})(...${JSON.stringify(args)})`)).asElement(),
        click: (element) => element.click(),
        type: (element, text) => element.type(text),
        upload: (element, paths) => element.uploadFile(...paths),
        withElement: (element, fn, arg) => element.evaluate(fn, arg),
        press: (key) => page.keyboard.press(key),
        setOffline: (offline) => page.setOfflineMode(offline),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/**
 * Opens `engine` for a test file. Returns `{ name, title, version, canGoOffline, newPage, close }`;
 * `newPage({ viewport })` gives a {@link Page}. `gate` (./gate.js) is the door WebKit's pages come
 * through, closed where the engine cannot go offline.
 */
async function openEngine(engine, { gate } = {}) {
  const made =
    engine === 'chromium'
      ? await chromiumEngine()
      : engine === 'firefox'
        ? await firefoxEngine()
        : await startWebKit({ timeZone: TIME_ZONE, gate });
  return {
    name: engine,
    title: NAMES[engine],
    version: made.version,
    canGoOffline: made.canGoOffline,
    async newPage({ viewport } = {}) {
      return new Page(await made.newDriver({ viewport }), engine);
    },
    async close() {
      await made.close();
      fs.rmSync(UPLOADS, { recursive: true, force: true });
    },
  };
}

/** A page in any engine: find by role, label or text; act with the engine's own input. */
class Page {
  constructor(driver, engine) {
    this.driver = driver;
    this.engine = engine;
    this.navigation = 0;
    this.token = null;
  }

  /** Loads `url`; the next query waits for the new document. */
  async goto(url) {
    await this.leave();
    await this.driver.goto(url);
  }

  /** Reloads the page; the next query waits for the new document. */
  async reload() {
    await this.leave();
    await this.driver.reload();
  }

  async leave() {
    this.navigation += 1;
    this.token = `rw-nav-${this.navigation}`;
    await this.driver.run(`(token) => { document.__rwLeft = token; }`, this.token).catch(() => undefined);
  }

  /** Waits until the page is a loaded document with Testing Library in it. */
  async ready(timeout = 20_000) {
    const until = Date.now() + timeout;
    for (;;) {
      const state = await this.driver.run(STATE, this.token).catch(() => 'old');
      if (state === 'ready') return;
      if (state === 'bare') {
        await this.driver.run(PREPARE);
        return;
      }
      if (Date.now() > until) throw new Error(`${this.engine}: the page never loaded`);
      await sleep(100);
    }
  }

  /** Runs `fn(...args)` in the page (a function without outer variables) and gives its result. */
  async evaluate(fn, ...args) {
    await this.ready();
    return this.driver.run(String(fn), ...args);
  }

  /** The current URL. */
  url() {
    return this.evaluate(() => window.location.href);
  }

  /** How many elements match `query` now (see {@link findAll}). */
  async count(query) {
    await this.ready();
    return this.driver.run(`(q) => (${findAll})(q).length`, plain(query));
  }

  /**
   * Waits until the `nth` element matching `query` exists (default 15 s) and gives it as an
   * {@link Element}. `query`: `{ role, name }`, `{ label }`, `{ text, exact }`, `{ selector }`, each
   * with an optional `within` (a CSS selector) and `nth`.
   */
  async find(query, { timeout = 15_000 } = {}) {
    const until = Date.now() + timeout;
    const q = plain(query);
    for (;;) {
      await this.ready();
      const found = await this.driver.handle(`(q) => (${findAll})(q)[q.nth || 0] || null`, q).catch(() => null);
      if (found) return new Element(this, found);
      if (Date.now() > until)
        throw new Error(`${this.engine}: nothing matches ${JSON.stringify(query)} on ${await this.url()}`);
      await sleep(100);
    }
  }

  /** Waits until nothing matches `query`. */
  async gone(query, { timeout = 15_000 } = {}) {
    const until = Date.now() + timeout;
    while ((await this.count(query)) > 0) {
      if (Date.now() > until) throw new Error(`${this.engine}: ${JSON.stringify(query)} is still there`);
      await sleep(100);
    }
  }

  /** Waits until the URL, without its origin, is `expected`. */
  async waitForPath(expected, { timeout = 15_000 } = {}) {
    const until = Date.now() + timeout;
    for (;;) {
      const url = await this.driver
        .run(`() => document.readyState === 'loading' ? '' : location.pathname + location.search`)
        .catch(() => '');
      if (url === expected) return;
      if (Date.now() > until) throw new Error(`${this.engine}: the page stayed at ${url}, not ${expected}`);
      await sleep(100);
    }
  }

  /** Presses a key (playwright's names: `Escape`, `Tab`, `ArrowDown`). */
  press(key) {
    return this.driver.press(key);
  }

  /** Emulates going offline (Chromium, Firefox); see `canGoOffline`. */
  setOffline(offline) {
    return this.driver.setOffline(offline);
  }

  /** Page errors and CSP violations seen (in WebKit: since each document was ready, by the page's own events). */
  async problems() {
    if (this.driver.problems) return this.driver.problems;
    await this.ready();
    return this.driver.run(`() => window.__rwProblems`);
  }

  /**
   * axe-core's serious and critical violations (WCAG 2.2 `target-size` on) as `id: target…`,
   * in the document or the part `selector` names.
   */
  async axe(selector) {
    await this.ready();
    await this.driver.run(`() => { if (!window.axe) { ${AXE_SOURCE}\n } }`);
    const violations = await this.driver.run(
      `async (selector) => {
        const result = await window.axe.run(selector ? document.querySelector(selector) : document, {
          resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
      }`,
      selector ?? null,
    );
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.targets.join(', ')}`);
  }

  close() {
    return this.driver.close();
  }
}

/** An element found by {@link Page.find}. */
class Element {
  constructor(page, handle) {
    this.page = page;
    this.handle = handle;
  }

  /** Clicks it with the engine's own pointer input. */
  click() {
    return this.page.driver.click(this.handle);
  }

  /** Types `text` into it with the engine's keyboard input, replacing what it held. */
  async fill(text) {
    await this.evaluate((el) => {
      el.focus();
      el.select();
    });
    await this.page.driver.type(this.handle, text);
  }

  /** Chooses `files` ({ name, buffer }) in this file input, as a traveller's file picker would. */
  setFiles(files) {
    return this.page.driver.upload(this.handle, writeFiles(files));
  }

  /** Runs `fn(element, arg)` in the page and gives its result. */
  evaluate(fn, arg) {
    return this.page.driver.withElement(this.handle, fn, arg);
  }

  isChecked() {
    return this.evaluate((el) => el.checked === true || el.getAttribute('aria-checked') === 'true');
  }

  isDisabled() {
    return this.evaluate((el) => el.disabled === true || el.getAttribute('aria-disabled') === 'true');
  }

  textContent() {
    return this.evaluate((el) => el.textContent);
  }
}

module.exports = { openEngine };
