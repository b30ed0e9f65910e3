/**
 * The shim's synchronous entry in jsdom: `window.RefundWidgets`, auto-mount on DOMContentLoaded,
 * `data-auto-mount="false"`, refusals of bad manual calls, and "the shim trusts only itself"
 * (issue "Hardening for a security review", finding 1). The loader is a fake.
 */
/** The fallback a mount point shows (docs/host-contract.md "Isolation"), written out. */
const WIDGET_FALLBACK_TEXT =
  'Sorry, this part of the page could not be loaded. Please refresh the page or try again later.';

const mountAll = jest.fn(async () => undefined);
const mountWidget = jest.fn(async () => () => undefined);
const refuse = jest.fn();
const unknownWidget = jest.fn((_config: unknown, name: unknown) => new Error(`unknown widget "${String(name)}"`));
jest.mock('./loader', () => ({ mountAll, mountWidget, refuse, unknownWidget }));

const WIDGETS = [
  { name: 'refund', mountId: 'refund-widget' },
  { name: 'journeySummary', mountId: 'journey-summary-widget' },
];
const SHIM = 'https://cdn.example.net/rw/host-shim.js';
const ATTACKER = 'http://127.0.0.1:32622';

let currentScript: jest.SpyInstance;

/** Runs the entry's top level as the browser would while `<script src=SHIM …attrs>` executes. */
function loadShim(scriptAttrs: Record<string, string> = {}, builtIn: { remotes?: string; api?: string } = {}) {
  jest.isolateModules(() => {
    Object.assign(globalThis, {
      __RW_WIDGETS__: WIDGETS,
      __RW_VERSION__: '9.9.9',
      __RW_REMOTE_ORIGINS__: builtIn.remotes ?? '',
      __RW_API_ORIGINS__: builtIn.api ?? '',
      __webpack_public_path__: 'https://cdn.example.net/rw/',
    });
    const script = document.createElement('script');
    script.setAttribute('src', SHIM);
    Object.entries(scriptAttrs).forEach(([k, v]) => script.setAttribute(k, v));
    currentScript.mockReturnValue(script);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- re-run the entry's top level per test
    require('./index');
  });
}

const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  jest.clearAllMocks();
  currentScript = jest.spyOn(Document.prototype, 'currentScript', 'get');
  delete window.RefundWidgets;
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
  await expect(window.RefundWidgets!.mount('refund', null as unknown as HTMLElement)).rejects.toThrow(/HTMLElement/);
  expect(mountWidget).not.toHaveBeenCalled();
});

test('a second copy of the shim on the page leaves the first in charge', () => {
  loadShim({ 'data-auto-mount': 'false' });
  const first = window.RefundWidgets;
  loadShim({ 'data-auto-mount': 'false' });
  expect(window.RefundWidgets).toBe(first);
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
    expect(error).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^refund-widgets: ${attribute} `)));
    expect(mountAll).not.toHaveBeenCalled();
    expect(refuse).toHaveBeenCalledTimes(1);
    const [config, refusal] = refuse.mock.calls[0] as unknown as [{ remotesBase: string; apiBase: string }, Error];
    expect(config).toEqual(expect.objectContaining({ remotesBase: 'https://cdn.example.net/rw/', apiBase: '' }));
    expect(refusal.message).toMatch(/^refund-widgets: /);
    // A host mounting by hand gets the refusal and the fallback text.
    const element = document.getElementById('refund-widget') as HTMLElement;
    await expect(window.RefundWidgets!.mount('refund', element)).rejects.toThrow(/^refund-widgets: /);
    expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);
    expect(mountWidget).not.toHaveBeenCalled();
  });

  test('origins built in at build time are honoured', async () => {
    loadShim(
      { 'data-remotes-base': 'https://cdn2.example.net/rw/', 'data-api-base': 'https://api.example.co.uk' },
      { remotes: 'https://cdn2.example.net', api: 'https://api.example.co.uk' },
    );
    await tick();
    expect(refuse).not.toHaveBeenCalled();
    expect((mountAll.mock.calls[0] as unknown[])[0]).toEqual({
      remotesBase: 'https://cdn2.example.net/rw/',
      apiBase: 'https://api.example.co.uk',
      autoMount: true,
    });
  });
});
