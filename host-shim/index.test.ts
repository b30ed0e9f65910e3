/**
 * The shim's synchronous entry in jsdom: `window.RefundWidgets`, auto-mount on DOMContentLoaded,
 * `data-auto-mount="false"`, refusals of bad manual calls, and "the shim trusts only itself"
 * (docs/security.md "The shim trusts only itself"). The loader is a fake.
 */
/** The fallback a mount point shows (docs/host-contract.md "In brief"), written out. */
const WIDGET_FALLBACK_TEXT =
  'Sorry, this part of the page could not be loaded. Please refresh the page or try again later.';

// The first panel's module, and federationScripts.ts under it, are loaded once here, not by the
// entry each test runs again: their module-level code then stays out of this file's per-test
// coverage, which would make StrykerJS run only these tests for it (docs/mutation-testing.md,
// "Module-level code loaded inside one test").
import { waitFor } from '@testing-library/react';

const mockFirstPanel = jest.requireActual('./firstPanel') as typeof import('./firstPanel');
jest.mock('./firstPanel', () => mockFirstPanel);

const mountAll = jest.fn(async () => undefined);
const mountWidget = jest.fn(async () => () => undefined);
const unknownWidget = jest.fn((_config: unknown, name: unknown) => new Error(`unknown widget "${String(name)}"`));
jest.mock('./loader', () => ({ mountAll, mountWidget, unknownWidget }));
/** The vitals chunk (host-shim/vitalsReporter.ts), loaded only for a page view sampled in. */
const observeVitals = jest.fn();
jest.mock('./vitalsReporter', () => ({ observeVitals }));
/** The shim's own reports (host-shim/report.ts) go through fetch. */
const fetchMock = jest.fn(async () => ({ ok: true }));

const WIDGETS = [
  { name: 'refund', mountId: 'refund-widget' },
  { name: 'journeySummary', mountId: 'journey-summary-widget' },
];
const SHIM = 'https://cdn.example.net/rw/host-shim.js';
const ATTACKER = 'http://127.0.0.1:32622';

let currentScript: jest.SpyInstance;

type ShimModule = typeof import('./index');

/**
 * Runs the entry's top level as the browser would while `<script src=SHIM …attrs>` executes, with
 * the build's origin lists and first-panel table (`builtIn`); returns the entry's exports.
 */
function loadShim(
  scriptAttrs: Record<string, string> = {},
  builtIn: { remotes?: string; api?: string; firstPanel?: unknown } = {},
  { inPage = false }: { inPage?: boolean } = {},
): ShimModule {
  let shim: ShimModule | undefined;
  jest.isolateModules(() => {
    Object.assign(globalThis, {
      __RW_WIDGETS__: WIDGETS,
      __RW_VERSION__: '9.9.9',
      __RW_REMOTE_ORIGINS__: builtIn.remotes ?? '',
      __RW_API_ORIGINS__: builtIn.api ?? '',
      __webpack_public_path__: 'https://cdn.example.net/rw/',
    });
    if (builtIn.firstPanel) Object.assign(globalThis, { __RW_FIRST_PANEL__: builtIn.firstPanel });
    // The prototype's createElement: some tests shadow document.createElement first.
    const script = Document.prototype.createElement.call(document, 'script');
    script.setAttribute('src', SHIM);
    Object.entries(scriptAttrs).forEach(([k, v]) => script.setAttribute(k, v));
    // `inPage`: the tag is in the page after the ones loaded before it, as a parsed page has it.
    if (inPage) document.body.append(script);
    currentScript.mockReturnValue(script);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- re-run the entry's top level per test
    shim = require('./index') as ShimModule;
  });
  return shim as ShimModule;
}

/** A build's first-panel table (host-shim/firstPanel.ts) with one file of each kind for `refund`. */
const FIRST_PANEL = {
  remotes: { refund: { files: ['refund/first-panel.js', 'refund/first-panel.css'], consumes: [], provides: {} } },
  hostProvides: [],
};

/** The hrefs of the preload links the shim put in the head. */
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"][data-rw-preload]')].map((link) => link.getAttribute('href'));

const tick = () => new Promise((r) => setTimeout(r, 0));

/** The reports the shim sent itself: their URL and body. */
const reports = () =>
  (fetchMock.mock.calls as unknown as [string, { body: string }][]).map(([url, init]) => ({
    url,
    report: JSON.parse(init.body) as Record<string, unknown>,
  }));

beforeEach(() => {
  jest.clearAllMocks();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  currentScript = jest.spyOn(Document.prototype, 'currentScript', 'get');
  delete window.RefundWidgets;
  delete (globalThis as { __RW_FIRST_PANEL__?: unknown }).__RW_FIRST_PANEL__;
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="refund-widget"></div>';
});

afterEach(() => {
  jest.restoreAllMocks();
  delete (document as unknown as Record<string, unknown>).currentScript;
});

test('exposes RefundWidgets with the version and known widgets, and auto-mounts', async () => {
  loadShim();
  expect(window.RefundWidgets?.version).toBe('9.9.9');
  expect(window.RefundWidgets?.widgets).toEqual(['refund', 'journeySummary']);
  await tick();
  expect(mountAll).toHaveBeenCalledTimes(1);
  const [config, widgets] = mountAll.mock.calls[0] as unknown as [{ remotesBase: string }, unknown];
  expect(config.remotesBase).toBe('https://cdn.example.net/rw/');
  expect(widgets).toEqual(WIDGETS);
});

test('data-auto-mount="false" mounts nothing until the host asks', async () => {
  loadShim({ 'data-auto-mount': 'false' });
  await tick();
  expect(mountAll).not.toHaveBeenCalled();
  const element = document.getElementById('refund-widget') as HTMLElement;
  await window.RefundWidgets!.mount('refund', element, { search: 'covid19=true' });
  expect(mountWidget).toHaveBeenCalledWith(expect.objectContaining({ autoMount: false }), WIDGETS[0], element, {
    search: 'covid19=true',
  });
});

test('mount takes a widget name or its mount id', async () => {
  loadShim({ 'data-auto-mount': 'false' });
  const element = document.getElementById('refund-widget') as HTMLElement;
  await window.RefundWidgets!.mount('refund-widget', element);
  expect(mountWidget).toHaveBeenCalledWith(expect.anything(), WIDGETS[0], element, undefined);
});

test('mount refuses an unknown widget name (told by the loader) and a non-element', async () => {
  loadShim({ 'data-auto-mount': 'false' });
  await expect(window.RefundWidgets!.mount('nope', document.body)).rejects.toThrow(/unknown widget "nope"/);
  expect(unknownWidget).toHaveBeenCalledWith(expect.anything(), 'nope', document.body, WIDGETS);
  await expect(window.RefundWidgets!.mount('refund', null as unknown as HTMLElement)).rejects.toMatchObject({
    name: 'WidgetError',
    code: 'INVALID_PAGE_DATA',
    message: 'RefundWidgets.mount: element must be an HTMLElement',
  });
  expect(mountWidget).not.toHaveBeenCalled();
});

test('a second copy of the shim on the page leaves the first in charge', () => {
  loadShim({ 'data-auto-mount': 'false' });
  const first = window.RefundWidgets;
  loadShim({ 'data-auto-mount': 'false' });
  expect(window.RefundWidgets).toBe(first);
});

test('while the page is still loading, waits for DOMContentLoaded, and mounts once', async () => {
  const readyState = jest.spyOn(Document.prototype, 'readyState', 'get').mockReturnValue('loading');
  loadShim();
  await tick();
  expect(mountAll).not.toHaveBeenCalled();
  readyState.mockReturnValue('interactive');
  document.dispatchEvent(new Event('DOMContentLoaded'));
  document.dispatchEvent(new Event('DOMContentLoaded'));
  await tick();
  expect(mountAll).toHaveBeenCalledTimes(1);
});

test('when the loader fails, every known mount point on the page shows the fallback text', async () => {
  document.body.innerHTML =
    '<div id="refund-widget"></div><div id="journey-summary-widget"></div><div id="other"></div>';
  mountAll.mockRejectedValueOnce(new Error('Loading chunk loader failed.'));
  loadShim();
  await tick();
  for (const id of ['refund-widget', 'journey-summary-widget']) {
    const element = document.getElementById(id) as HTMLElement;
    expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);
    expect(element.querySelector('p.rw-fallback[role="status"]')).not.toBeNull();
    expect(element.getAttribute('data-rw-state')).toBe('failed');
  }
  expect(document.getElementById('other')).toBeEmptyDOMElement();
});

describe("the first panel's head start (host-shim/firstPanel.ts)", () => {
  // The build's integrity for those files (host-shim/integrity.ts): a file without one is not preloaded.
  beforeEach(() => {
    const integrity = `sha384-${'f'.repeat(64)}`;
    const files = FIRST_PANEL.remotes.refund.files;
    Object.assign(globalThis, { __RW_INTEGRITY__: Object.fromEntries(files.map((f) => [f, integrity])) });
  });
  afterEach(() => {
    delete (globalThis as { __RW_INTEGRITY__?: unknown }).__RW_INTEGRITY__;
  });

  test("auto-mount preloads the first panel's files of the widgets on the page", async () => {
    loadShim({}, { firstPanel: FIRST_PANEL });
    expect(preloads()).toEqual([
      'https://cdn.example.net/rw/refund/first-panel.js',
      'https://cdn.example.net/rw/refund/first-panel.css',
    ]);
    await tick();
    expect(mountAll).toHaveBeenCalledTimes(1);
  });

  test('nothing is preloaded without a table, with data-auto-mount="false", or when the configuration is refused', async () => {
    loadShim();
    expect(preloads()).toEqual([]);
    delete window.RefundWidgets;
    loadShim({ 'data-auto-mount': 'false' }, { firstPanel: FIRST_PANEL });
    expect(preloads()).toEqual([]);
    delete window.RefundWidgets;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadShim({ 'data-remotes-base': `${ATTACKER}/` }, { firstPanel: FIRST_PANEL });
    expect(preloads()).toEqual([]);
    await tick();
    expect(reports()).toHaveLength(1);
  });
});

describe('isRefundWidgetsApi: what counts as an earlier copy of the shim', () => {
  const earlier = { mount: async () => () => undefined, version: '1.0.0', widgets: [] };
  /** A window-like object whose own `RefundWidgets` is `value`. */
  const windowWith = (value: unknown) => ({ Node: window.Node, RefundWidgets: value }) as unknown as Window;

  test("the window's own property: an object with a mount function and a string version", () => {
    const { isRefundWidgetsApi } = loadShim({ 'data-auto-mount': 'false' });
    expect(isRefundWidgetsApi(windowWith(earlier), earlier)).toBe(true);
  });

  test('not a property the window inherits (as a named element is, in a browser)', () => {
    const { isRefundWidgetsApi } = loadShim({ 'data-auto-mount': 'false' });
    const inherits = Object.assign(Object.create({ RefundWidgets: earlier }), { Node: window.Node }) as Window;
    expect(isRefundWidgetsApi(inherits, earlier)).toBe(false);
  });

  const noop = (): undefined => undefined;
  test.each<[string, unknown]>([
    ['null', null],
    ['a string', 'RefundWidgets'],
    ['a function with mount and version', Object.assign(noop.bind(null), { mount: noop, version: '1' })],
    ['a DOM element with mount and version', Object.assign(document.createElement('a'), { mount: noop, version: '1' })],
    ['an empty object', {}],
    ['an object without a version', { mount: noop }],
    ['an object without mount', { version: '1.0.0' }],
    ['an object whose mount is not a function', { mount: 'mount', version: '1.0.0' }],
  ])('not %s', (_name, value) => {
    const { isRefundWidgetsApi } = loadShim({ 'data-auto-mount': 'false' });
    expect(isRefundWidgetsApi(windowWith(value), value)).toBe(false);
  });
});

describe('the shim trusts only itself', () => {
  test('<a id="RefundWidgets"> does not make the shim skip its set-up', async () => {
    document.body.innerHTML = '<a id="RefundWidgets" href="#">x</a><div id="refund-widget"></div>';
    loadShim();
    expect(typeof window.RefundWidgets?.mount).toBe('function');
    expect(window.RefundWidgets?.version).toBe('9.9.9');
    await tick();
    expect(mountAll).toHaveBeenCalledTimes(1);
  });

  test('<img name="currentScript" data-remotes-base data-api-base> is ignored: the config comes from its own <script>', async () => {
    document.body.innerHTML = `<img name="currentScript" data-remotes-base="${ATTACKER}/" data-api-base="${ATTACKER}"><div id="refund-widget"></div>`;
    // As in a browser: the named element shadows document.currentScript on the document itself.
    Object.defineProperty(document, 'currentScript', {
      configurable: true,
      get: () => document.getElementsByName('currentScript')[0],
    });
    loadShim();
    await tick();
    expect(mountAll).toHaveBeenCalledTimes(1);
    expect(mountAll.mock.calls[0]).toEqual([
      { remotesBase: 'https://cdn.example.net/rw/', apiBase: '', autoMount: true },
      WIDGETS,
    ]);
  });

  test.each([
    ['data-remotes-base', `${ATTACKER}/`],
    ['data-api-base', ATTACKER],
  ])('%s on another origin: console error, report, fallback, nothing mounted', async (attribute, value) => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadShim({ [attribute]: value });
    await tick();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^refund-widgets: ${attribute} `)));
    expect(mountAll).not.toHaveBeenCalled();
    // One report, to the page's own origin (never to the refused base).
    expect(reports()).toEqual([
      {
        url: 'http://localhost/report/error',
        report: expect.objectContaining({
          message: expect.stringMatching(new RegExp(`^ShimConfigError: refund-widgets: ${attribute} `)),
          source: 'host-shim',
        }),
      },
    ]);
    const element = document.getElementById('refund-widget') as HTMLElement;
    expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);
    // A host mounting by hand gets the refusal and the fallback text, and nothing is told twice.
    element.replaceChildren();
    await expect(window.RefundWidgets!.mount('refund', element)).rejects.toMatchObject({
      name: 'ShimConfigError',
      code: 'BASE_REFUSED',
      message: expect.stringMatching(new RegExp(`^refund-widgets: ${attribute} `)),
    });
    expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);
    expect(mountWidget).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(1);
    expect(reports()).toHaveLength(1);
  });

  test('bases built in at build time (origin and path) are honoured', async () => {
    loadShim(
      { 'data-remotes-base': 'https://cdn2.example.net/rw/', 'data-api-base': 'https://api.example.co.uk' },
      { remotes: 'https://cdn2.example.net/rw', api: 'https://api.example.co.uk' },
    );
    await tick();
    expect(reports()).toEqual([]);
    expect((mountAll.mock.calls[0] as unknown[])[0]).toEqual({
      remotesBase: 'https://cdn2.example.net/rw/',
      apiBase: 'https://api.example.co.uk',
      autoMount: true,
    });
  });

  test('a data-remotes-base on a look-alike of its own origin is refused', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadShim({ 'data-remotes-base': 'https://cdn.example.net.evil.example/rw/' });
    await tick();
    expect(mountAll).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^refund-widgets: data-remotes-base /));
  });

  test('the report of a refusal carries no e-mail address and no Email or BookingReference value (docs/error-reports.md "What a report never contains")', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = location.href;
    history.replaceState(null, '', '/ConfirmRefund?BookingReference=KXB7HT2N&Email=someone&covid19=true#top');
    const base = 'https://cdn.example.net.evil.example/rw/?to=Traveller@Mail.Example.co.uk&cc=jo%40example.org&n=1';
    try {
      loadShim({ 'data-remotes-base': base });
      await tick();
      const [report] = reports().map((r) => r.report);
      expect(report.pageUrl).toBe(
        'http://localhost/ConfirmRefund?BookingReference=REDACTED&Email=REDACTED&covid19=true#top',
      );
      expect(String(report.message).split(' refused: ')[0]).toBe(
        'ShimConfigError: refund-widgets: data-remotes-base "https://cdn.example.net.evil.example/rw/?to=REDACTED&cc=REDACTED&n=1"',
      );
    } finally {
      history.replaceState(null, '', before);
    }
  });

  test('a tag it cannot read is refused as SHIM_CONFIG_UNREADABLE: console error, report, fallback, nothing mounted', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataset = jest.spyOn(HTMLElement.prototype, 'dataset', 'get').mockImplementation(() => {
      throw new TypeError('no dataset');
    });
    loadShim();
    dataset.mockRestore();
    await tick();
    const message = 'refund-widgets: TypeError: no dataset';
    expect(mountAll).not.toHaveBeenCalled();
    expect(error.mock.calls).toEqual([[message]]);
    expect(reports().map((r) => r.report.message)).toEqual([`ShimConfigError: ${message}`]);
    const element = document.getElementById('refund-widget') as HTMLElement;
    expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);
    await expect(window.RefundWidgets!.mount('refund', element)).rejects.toMatchObject({
      name: 'ShimConfigError',
      code: 'SHIM_CONFIG_UNREADABLE',
      message,
    });
  });
});

describe('one shim (docs/security.md "One shim")', () => {
  const TAGS_DIFFER =
    'refund-widgets: the page has 2 host-shim.js script tags that differ in src or in their data- attributes; ' +
    'nothing is mounted (include the tag once, or only identical copies)';

  test('a second tag with data-api-base="/gallery-api" before the real one: nothing mounts, fallback, one console error, one report', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadShim({ 'data-api-base': '/gallery-api' }, {}, { inPage: true });
    loadShim({}, {}, { inPage: true });
    await tick();
    expect(mountAll).not.toHaveBeenCalled();
    expect(document.getElementById('refund-widget')).toHaveTextContent(WIDGET_FALLBACK_TEXT);
    expect(error.mock.calls).toEqual([
      [expect.stringMatching(/^refund-widgets: data-api-base "\/gallery-api" refused/)],
    ]);
    expect(reports()).toHaveLength(1);
  });

  test('copies that differ only in an allowed data- attribute: nothing mounts either', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const readyState = jest.spyOn(Document.prototype, 'readyState', 'get').mockReturnValue('loading');
    loadShim({ 'data-auto-mount': 'false' }, {}, { inPage: true });
    loadShim({}, {}, { inPage: true });
    readyState.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await tick();
    expect(mountAll).not.toHaveBeenCalled();
    expect(document.getElementById('refund-widget')).toHaveTextContent(WIDGET_FALLBACK_TEXT);
    expect(error.mock.calls).toEqual([[TAGS_DIFFER]]);
    expect(reports().map((r) => r.report.message)).toEqual([`ShimConfigError: ${TAGS_DIFFER}`]);
    const element = document.getElementById('refund-widget') as HTMLElement;
    await expect(window.RefundWidgets!.mount('refund', element)).rejects.toMatchObject({
      name: 'ShimConfigError',
      code: 'SHIM_TAGS_DIFFER',
      message: TAGS_DIFFER,
    });
    expect(error).toHaveBeenCalledTimes(1);
  });

  test('the check runs when the shim mounts, not when it executes: a tag injected before it is seen', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const readyState = jest.spyOn(Document.prototype, 'readyState', 'get').mockReturnValue('loading');
    loadShim({}, {}, { inPage: true });
    const injected = document.createElement('script');
    injected.setAttribute('src', SHIM);
    injected.setAttribute('data-api-base', 'https://api.example.co.uk');
    document.body.prepend(injected);
    readyState.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await tick();
    expect(mountAll).not.toHaveBeenCalled();
    expect(document.getElementById('refund-widget')).toHaveTextContent(WIDGET_FALLBACK_TEXT);
  });

  test('identical copies (a layout and a view both include the tag) mount once', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadShim({ 'data-api-base': '/' }, {}, { inPage: true });
    loadShim({ 'data-api-base': '/' }, {}, { inPage: true });
    await tick();
    expect(mountAll).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    expect(reports()).toEqual([]);
  });
});

describe('clobbered document properties (docs/security.md "Clobbered document properties")', () => {
  /** Shadows `document[name]` as `<form name=name>` does in a browser; undone after each test. */
  let shadowed: string | null = null;
  function shadow(name: string): void {
    const form = document.createElement('form');
    form.setAttribute('name', name);
    document.body.append(form);
    Object.defineProperty(document, name, { configurable: true, value: form });
    shadowed = name;
  }
  function unshadow(): void {
    if (shadowed) delete (document as unknown as Record<string, unknown>)[shadowed];
    shadowed = null;
  }
  afterEach(unshadow);

  // getElementsByTagName is tested in the browser (e2e/shim-trust-2.test.js): jsdom's own
  // querySelectorAll calls document.getElementsByTagName, which a browser's never does.
  test.each(['getElementById', 'createElement', 'defaultView', 'querySelector', 'createTextNode', 'body', 'cookie'])(
    '<form name="%s">: the fallback text (never a blank mount point), one console error, one report, nothing loaded',
    async (name) => {
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      document.body.innerHTML = '<div id="refund-widget"></div><div id="journey-summary-widget"></div>';
      const [refund, summary] = [...document.querySelectorAll('div')];
      shadow(name);
      loadShim({}, { firstPanel: FIRST_PANEL });
      await tick();
      const mounting = window.RefundWidgets!.mount('refund', refund);
      await mounting.catch(() => undefined);
      unshadow(); // the test's own matchers read the document too
      expect(mountAll).not.toHaveBeenCalled();
      expect(preloads()).toEqual([]);
      for (const element of [refund, summary]) {
        expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);
        expect(element.querySelector('p.rw-fallback[role="status"]')).not.toBeNull();
      }
      const message = `refund-widgets: a named element (such as <form name="${name}">) shadows document.${name}; no widget can run on this page, so none is mounted`;
      expect(error.mock.calls).toEqual([[message]]);
      expect(reports().map((r) => r.report.message)).toEqual([`ShimConfigError: ${message}`]);
      await expect(mounting).rejects.toMatchObject({ name: 'ShimConfigError', code: 'DOCUMENT_SHADOWED', message });
      expect(mountWidget).not.toHaveBeenCalled();
    },
  );

  test("the report goes under the tag's data-api-base when that base is built in", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    shadow('querySelector');
    loadShim({ 'data-api-base': 'https://api.example.co.uk' }, { api: 'https://api.example.co.uk' });
    await tick();
    expect(reports().map((r) => r.url)).toEqual(['https://api.example.co.uk/report/error']);
  });

  test('a page clobbered after the shim started is refused when it mounts', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadShim({ 'data-auto-mount': 'false' });
    shadow('createTextNode');
    const element = document.getElementById('refund-widget') as HTMLElement;
    await expect(window.RefundWidgets!.mount('refund', element)).rejects.toThrow(/shadows document\.createTextNode/);
    expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);
    expect(reports()).toHaveLength(1);
  });
});

test('mount by hand shows the fallback when the loader chunk cannot load', async () => {
  loadShim({ 'data-auto-mount': 'false' });
  jest.resetModules();
  jest.doMock('./loader', () => {
    throw new Error('Loading chunk loader failed.');
  });
  try {
    const element = document.getElementById('refund-widget') as HTMLElement;
    await expect(window.RefundWidgets!.mount('refund', element)).rejects.toThrow('Loading chunk loader failed.');
    expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);
  } finally {
    jest.doMock('./loader', () => ({ mountAll, mountWidget, unknownWidget }));
  }
});

describe('data-vitals (docs/host-contract.md "POST /report/vitals")', () => {
  /** After the mounts, the idle callback (a timeout in jsdom) and the chunk's import. */
  const settle = () => new Promise((r) => setTimeout(r, 20));

  /** The loader's mountAll, mounting the refund widget (createMount marks its mount point). */
  const mountsRefund = async () => {
    document.getElementById('refund-widget')?.setAttribute('data-rw-mounted', 'refund');
    return undefined;
  };

  test('data-vitals="1": the vitals chunk observes the widgets once the widgets are mounted', async () => {
    let mounted: () => void = () => undefined;
    mountAll.mockImplementationOnce(
      () => new Promise<undefined>((resolve) => (mounted = () => resolve(mountsRefund()))),
    );
    loadShim({ 'data-vitals': '1' });
    await settle();
    expect(mountAll).toHaveBeenCalledTimes(1);
    expect(observeVitals).not.toHaveBeenCalled();
    mounted();
    await waitFor(() => expect(observeVitals).toHaveBeenCalledTimes(1));
    expect(observeVitals).toHaveBeenCalledWith();
  });

  test('no attribute, or data-vitals="0": nothing is loaded', async () => {
    mountAll.mockImplementationOnce(mountsRefund).mockImplementationOnce(mountsRefund);
    loadShim();
    await settle();
    delete window.RefundWidgets;
    loadShim({ 'data-vitals': '0' });
    await settle();
    expect(mountAll).toHaveBeenCalledTimes(2);
    expect(observeVitals).not.toHaveBeenCalled();
  });

  test('a page where no widget mounted (none on it, or all failed) loads nothing, whatever the rate', async () => {
    loadShim({ 'data-vitals': '1' });
    await settle();
    expect(mountAll).toHaveBeenCalledTimes(1);
    expect(observeVitals).not.toHaveBeenCalled();
  });

  test('a bad value: one console warning, the widgets mount as usual, nothing is loaded or reported', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mountAll.mockImplementationOnce(mountsRefund);
    loadShim({ 'data-vitals': '1.5' });
    await settle();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/^refund-widgets: data-vitals "1\.5" ignored: /);
    expect(error).not.toHaveBeenCalled();
    expect(mountAll).toHaveBeenCalledTimes(1);
    expect(observeVitals).not.toHaveBeenCalled();
    expect(reports()).toEqual([]);
  });

  test('data-auto-mount="false": the first mount by hand starts the vitals, a refused page never does', async () => {
    loadShim({ 'data-auto-mount': 'false', 'data-vitals': '1' });
    await settle();
    expect(observeVitals).not.toHaveBeenCalled();
    mountWidget.mockImplementationOnce(async () => {
      await mountsRefund();
      return () => undefined;
    });
    await window.RefundWidgets!.mount('refund', document.getElementById('refund-widget') as HTMLElement);
    await waitFor(() => expect(observeVitals).toHaveBeenCalledTimes(1));

    observeVitals.mockClear();
    delete window.RefundWidgets;
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadShim({ 'data-vitals': '1', 'data-api-base': 'https://elsewhere.example' });
    await settle();
    expect(error).toHaveBeenCalledTimes(1);
    expect(mountAll).not.toHaveBeenCalled();
    expect(observeVitals).not.toHaveBeenCalled();
  });
});
