/**
 * The shim's synchronous entry in jsdom: `window.RefundWidgets`, auto-mount on DOMContentLoaded,
 * `data-auto-mount="false"`, and refusals of bad manual calls. The loader is a fake.
 */
const mountAll = jest.fn(async () => undefined);
const mountWidget = jest.fn(async () => () => undefined);
jest.mock('./loader', () => ({ mountAll, mountWidget }));

const WIDGETS = [
  { name: 'refund', mountId: 'refund-widget' },
  { name: 'journeySummary', mountId: 'journey-summary-widget' },
];

function loadShim(scriptAttrs: Record<string, string> = {}) {
  jest.isolateModules(() => {
    Object.assign(globalThis, {
      __RW_WIDGETS__: WIDGETS,
      __RW_VERSION__: '9.9.9',
      __webpack_public_path__: 'https://cdn.example.net/rw/',
    });
    const script = document.createElement('script');
    Object.entries(scriptAttrs).forEach(([k, v]) => script.setAttribute(k, v));
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- re-run the entry's top level per test
    require('./index');
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  delete window.RefundWidgets;
  document.body.innerHTML = '<div id="refund-widget"></div>';
});

test('exposes RefundWidgets with the version and known widgets, and auto-mounts', async () => {
  loadShim();
  expect(window.RefundWidgets?.version).toBe('9.9.9');
  expect(window.RefundWidgets?.widgets).toEqual(['refund', 'journeySummary']);
  await new Promise((r) => setTimeout(r, 0));
  expect(mountAll).toHaveBeenCalledTimes(1);
  const [config, widgets] = mountAll.mock.calls[0] as unknown as [{ remotesBase: string }, unknown];
  expect(config.remotesBase).toBe('https://cdn.example.net/rw/');
  expect(widgets).toEqual(WIDGETS);
});

test('data-auto-mount="false" mounts nothing until the host asks', async () => {
  loadShim({ 'data-auto-mount': 'false' });
  await new Promise((r) => setTimeout(r, 0));
  expect(mountAll).not.toHaveBeenCalled();
  const element = document.getElementById('refund-widget') as HTMLElement;
  await window.RefundWidgets!.mount('refund', element, { search: 'covid19=true' });
  expect(mountWidget).toHaveBeenCalledWith(expect.objectContaining({ autoMount: false }), WIDGETS[0], element, {
    search: 'covid19=true',
  });
});

test('mount refuses an unknown widget name and a non-element', async () => {
  loadShim({ 'data-auto-mount': 'false' });
  await expect(window.RefundWidgets!.mount('nope', document.body)).rejects.toThrow(/unknown widget "nope"/);
  await expect(window.RefundWidgets!.mount('refund', null as unknown as HTMLElement)).rejects.toThrow(/HTMLElement/);
  expect(mountWidget).not.toHaveBeenCalled();
});

test('a second copy of the shim on the page leaves the first in charge', () => {
  loadShim({ 'data-auto-mount': 'false' });
  const first = window.RefundWidgets;
  loadShim({ 'data-auto-mount': 'false' });
  expect(window.RefundWidgets).toBe(first);
});
