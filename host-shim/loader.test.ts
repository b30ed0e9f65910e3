/**
 * The shim in jsdom: mounts by id, registers only the remotes on the page, isolates failures.
 * The federation runtime is replaced by a fake; the browser tests use the real one.
 */
import type { ShimConfig } from './config';

/** The fallback a mount point shows (docs/host-contract.md "In brief"), written out. */
const WIDGET_FALLBACK_TEXT =
  'Sorry, this part of the page could not be loaded. Please refresh the page or try again later.';

const registerRemotes = jest.fn();
const initializeSharing = jest.fn(() => [Promise.resolve()]);
const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (...args: unknown[]) => registerRemotes(...args),
  getInstance: () => ({ initializeSharing }),
  loadRemote: (...args: unknown[]) => loadRemote(...args),
}));
const reportError = jest.fn();
const setApiBase = jest.fn();
const installGlobalErrorHandlers = jest.fn();
jest.mock('@rw/page-runtime', () => ({
  reportError: (...args: unknown[]) => reportError(...args),
  setApiBase: (...args: unknown[]) => setApiBase(...args),
  installGlobalErrorHandlers: () => installGlobalErrorHandlers(),
}));

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { mountAll, mountWidget, unknownWidget } = require('./loader') as typeof import('./loader');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SetupError } = require('../shared/mount/setupError') as typeof import('../shared/mount/setupError');

const config: ShimConfig = { remotesBase: 'https://cdn.example.net/rw/', apiBase: '', autoMount: true };
const widgets = [
  { name: 'refund', mountId: 'refund-widget' },
  { name: 'journeySummary', mountId: 'journey-summary-widget' },
  { name: 'lookup', mountId: 'lookup-widget' },
];

beforeEach(() => {
  jest.clearAllMocks();
  document.body.innerHTML = '';
});

test('mounts every widget whose mount id is on the page and registers only those remotes', async () => {
  document.body.innerHTML = '<div id="refund-widget"></div><div id="journey-summary-widget"></div>';
  const mounted: string[] = [];
  loadRemote.mockImplementation(async (id: string) => ({
    mount: (element: HTMLElement, options: Record<string, unknown>) => {
      element.textContent = `mounted ${id}`;
      mounted.push(`${id} ${String(options.apiBase)}`);
      return () => undefined;
    },
  }));
  await mountAll(config, widgets);
  expect(registerRemotes).toHaveBeenCalledTimes(1);
  expect(registerRemotes.mock.calls[0][0]).toEqual([
    {
      name: 'refund',
      entry: 'https://cdn.example.net/rw/refund/remoteEntry.js',
      entryGlobalName: '__rw_remote_refund',
    },
    {
      name: 'journeySummary',
      entry: 'https://cdn.example.net/rw/journeySummary/remoteEntry.js',
      entryGlobalName: '__rw_remote_journeySummary',
    },
  ]);
  expect(initializeSharing).toHaveBeenCalledWith('default', { strategy: 'version-first' });
  expect(mounted.sort()).toEqual(['journeySummary/mount ', 'refund/mount ']);
  expect(document.getElementById('refund-widget')).toHaveTextContent('mounted refund/mount');
});

test('a failing widget shows the fallback in its own mount point and is reported; the other still mounts', async () => {
  document.body.innerHTML = '<div id="refund-widget"></div><div id="journey-summary-widget"></div>';
  loadRemote.mockImplementation(async (id: string) => {
    if (id === 'journeySummary/mount')
      throw new Error('Failed to load script https://cdn.example.net/rw/journeySummary/remoteEntry.js');
    return {
      mount: (element: HTMLElement) => {
        element.textContent = 'refund ok';
        return () => undefined;
      },
    };
  });
  await mountAll(config, widgets);
  expect(document.getElementById('refund-widget')).toHaveTextContent('refund ok');
  expect(document.getElementById('journey-summary-widget')).toHaveTextContent(WIDGET_FALLBACK_TEXT);
  expect(reportError).toHaveBeenCalledTimes(1);
  expect(reportError.mock.calls[0][1]).toEqual({ source: 'widget:journeySummary' });
});

test('a widget whose code did not arrive is mounted again when the browser is back online, once each time (docs/offline.md "Code that loads again")', async () => {
  document.body.innerHTML = '<div id="refund-widget"></div>';
  let connected = false;
  loadRemote.mockImplementation(async () => {
    if (!connected) throw new Error('Failed to load script https://cdn.example.net/rw/refund/remoteEntry.js');
    return {
      mount: (element: HTMLElement) => {
        element.textContent = 'refund ok';
        return () => undefined;
      },
    };
  });
  await mountAll(config, widgets);
  const element = document.getElementById('refund-widget') as HTMLElement;
  expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);
  expect(loadRemote).toHaveBeenCalledTimes(1);

  // Still offline at the first online event: it fails again, and waits for the next one.
  window.dispatchEvent(new Event('online'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loadRemote).toHaveBeenCalledTimes(2);
  expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);

  connected = true;
  window.dispatchEvent(new Event('online'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loadRemote).toHaveBeenCalledTimes(3);
  expect(element).toHaveTextContent('refund ok');

  // Mounted: later online events load nothing more.
  window.dispatchEvent(new Event('online'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loadRemote).toHaveBeenCalledTimes(3);
});

test('a mount point removed from the page, or set up wrongly, is not mounted again when back online', async () => {
  document.body.innerHTML = '<div id="refund-widget"></div><div id="lookup-widget"></div>';
  loadRemote.mockImplementation(async (id: string) => {
    if (id === 'refund/mount') throw new Error('Failed to load script');
    return {
      mount: () => {
        throw new SetupError('INVALID_PAGE_DATA', 'lookup', 'lookup-widget', 'set up wrongly');
      },
    };
  });
  await mountAll(config, widgets);
  expect(loadRemote).toHaveBeenCalledTimes(2);
  document.getElementById('refund-widget')?.remove();
  window.dispatchEvent(new Event('online'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loadRemote).toHaveBeenCalledTimes(2);
});

test("a widget's SetupError from its own bundle (not instanceof the shim's class) is not mounted again when back online", async () => {
  document.body.innerHTML = '<div id="lookup-widget"></div>';
  // Each remote bundles its own copy of shared/mount/setupError.ts: the shim tells it by name and code.
  const foreign = Object.assign(new Error('refund-widgets: widget "lookup", mount #lookup-widget: x'), {
    name: 'SetupError',
    code: 'INVALID_PAGE_DATA',
  });
  const ready = Promise.reject(foreign);
  ready.catch(() => undefined);
  loadRemote.mockResolvedValue({ mount: () => Object.assign(jest.fn(), { ready }) });
  await mountAll(config, widgets);
  expect(foreign).not.toBeInstanceOf(SetupError);
  expect(loadRemote).toHaveBeenCalledTimes(1);
  window.dispatchEvent(new Event('online'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loadRemote).toHaveBeenCalledTimes(1);
});

test('a widget whose mount throws is isolated the same way, and mountWidget rejects for manual callers', async () => {
  document.body.innerHTML = '<div id="refund-widget"></div>';
  loadRemote.mockResolvedValue({
    mount: () => {
      throw new TypeError('bad page');
    },
  });
  const element = document.getElementById('refund-widget') as HTMLElement;
  await expect(mountWidget(config, widgets[0], element)).rejects.toThrow('bad page');
  expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);
  expect(element.querySelector('[role="status"]')).not.toBeNull();
});

test("a manual mount registers its widget's remote, sets the API base and installs the error handlers", async () => {
  document.body.innerHTML = '<div id="manual-claim-widget"></div>';
  loadRemote.mockResolvedValueOnce({ mount: () => () => undefined });
  const element = document.getElementById('manual-claim-widget') as HTMLElement;
  await mountWidget(
    { ...config, apiBase: 'https://api.example.co.uk' },
    { name: 'manualClaim', mountId: 'manual-claim-widget' },
    element,
  );
  expect(registerRemotes.mock.calls).toEqual([
    [
      [
        {
          name: 'manualClaim',
          entry: 'https://cdn.example.net/rw/manualClaim/remoteEntry.js',
          entryGlobalName: '__rw_remote_manualClaim',
        },
      ],
    ],
  ]);
  expect(setApiBase).toHaveBeenCalledWith('https://api.example.co.uk');
  expect(installGlobalErrorHandlers).toHaveBeenCalled();
  expect(loadRemote).toHaveBeenCalledWith('manualClaim/mount');
});

test('a remote without a mount function shows the fallback and rejects, saying what is missing', async () => {
  document.body.innerHTML = '<div id="refund-widget"></div>';
  const element = document.getElementById('refund-widget') as HTMLElement;
  for (const remote of [{ mount: 'mount' }, null]) {
    loadRemote.mockResolvedValueOnce(remote);
    element.replaceChildren();
    await expect(mountWidget(config, widgets[0], element)).rejects.toThrow(/^Widget "refund" has no mount function$/);
    expect(element).toHaveTextContent(WIDGET_FALLBACK_TEXT);
  }
  expect(reportError).toHaveBeenCalledTimes(2);
});

test('a failure to register the remotes is reported once for the shim; each widget then fails alone', async () => {
  document.body.innerHTML = '<div id="disruption-widget"></div>';
  const failure = new Error('registerRemotes failed');
  registerRemotes.mockImplementation(() => {
    throw failure;
  });
  await mountAll(config, [{ name: 'disruption', mountId: 'disruption-widget' }]);
  expect(reportError.mock.calls).toEqual([
    [failure, { source: 'host-shim' }],
    [failure, { source: 'widget:disruption' }],
  ]);
  expect(document.getElementById('disruption-widget')).toHaveTextContent(WIDGET_FALLBACK_TEXT);
  expect(loadRemote).not.toHaveBeenCalled();
  registerRemotes.mockReset();
});

test('a page with no known mount point registers and loads nothing', async () => {
  document.body.innerHTML = '<div id="something-else"></div>';
  await mountAll(config, widgets);
  expect(registerRemotes).not.toHaveBeenCalled();
  expect(loadRemote).not.toHaveBeenCalled();
});

test('a named element in place of a remote container is hidden before the runtime looks the container up', async () => {
  document.body.innerHTML = '<img name="__rw_remote_lookup" alt=""><div id="lookup-widget"></div>';
  const seen: unknown[] = [];
  registerRemotes.mockImplementation(() =>
    seen.push((window as unknown as Record<string, unknown>).__rw_remote_lookup),
  );
  loadRemote.mockResolvedValue({ mount: () => () => undefined });
  await mountAll(config, widgets);
  expect(seen).toEqual([undefined]);
  registerRemotes.mockReset();
});

describe('a mount id on more than one element (docs/host-contract.md "One element per id")', () => {
  const DUPLICATE =
    'refund-widgets: widget "lookup", mount #lookup-widget: 2 elements have the id "lookup-widget"; ' +
    'a mount point must be the only element with its id, so none is mounted';

  test('an injected copy before the real one: both show the fallback, one console error, one report, nothing loaded', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML =
      '<div id="lookup-widget" data-action="http://127.0.0.2:45229/steal"></div>' +
      '<div id="refund-widget"></div><div id="lookup-widget"></div>';
    const mounted: string[] = [];
    loadRemote.mockImplementation(async (id: string) => ({
      mount: () => {
        mounted.push(id);
        return () => undefined;
      },
    }));
    await mountAll(config, widgets);
    const copies = [...document.querySelectorAll('[id="lookup-widget"]')];
    expect(copies).toHaveLength(2);
    for (const copy of copies) {
      expect(copy).toHaveTextContent(WIDGET_FALLBACK_TEXT);
      expect(copy).toHaveAttribute('data-rw-state', 'failed');
    }
    expect(consoleError.mock.calls).toEqual([[DUPLICATE]]);
    expect(reportError.mock.calls).toEqual([[DUPLICATE, { source: 'widget:lookup' }]]);
    // The other widget is mounted as usual; the lookup remote is not even loaded.
    expect(mounted).toEqual(['refund/mount']);
    expect(loadRemote.mock.calls).toEqual([['refund/mount']]);
    consoleError.mockRestore();
  });

  test('mounting by hand an element whose id another element carries rejects with DUPLICATE_MOUNT_ID', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML = '<div id="lookup-widget"></div><div id="lookup-widget"></div>';
    const [injected, real] = [...document.querySelectorAll<HTMLElement>('[id="lookup-widget"]')];
    const mounting = mountWidget(config, widgets[2], real);
    await expect(mounting).rejects.toBeInstanceOf(SetupError);
    await expect(mounting).rejects.toMatchObject({
      code: 'DUPLICATE_MOUNT_ID',
      widget: 'lookup',
      mountId: 'lookup-widget',
    });
    expect(injected).toHaveTextContent(WIDGET_FALLBACK_TEXT);
    expect(real).toHaveTextContent(WIDGET_FALLBACK_TEXT);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(loadRemote).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  test('an element without an id (or an empty one), or with its own id, mounts by hand', async () => {
    document.body.innerHTML = '<div class="a"></div><div id="" class="a"></div><div id=""></div><div id="mine"></div>';
    loadRemote.mockResolvedValue({ mount: () => () => undefined });
    for (const element of document.querySelectorAll<HTMLElement>('div')) {
      await expect(mountWidget(config, widgets[2], element)).resolves.toEqual(expect.any(Function));
    }
    expect(loadRemote).toHaveBeenCalledTimes(4);
  });

  test('a mount id on an element that is not HTML (an SVG element) mounts nothing and loads nothing', async () => {
    document.body.innerHTML = '<svg id="lookup-widget"></svg>';
    await mountAll(config, widgets);
    expect(loadRemote).not.toHaveBeenCalled();
  });
});

test("an apiBase given to mount by hand is the page's API base from the start", async () => {
  document.body.innerHTML = '<div id="refund-widget"></div>';
  const element = document.getElementById('refund-widget') as HTMLElement;
  let seen: unknown;
  loadRemote.mockResolvedValue({
    mount: (_element: HTMLElement, options: Record<string, unknown>) => {
      seen = options.apiBase;
      return () => undefined;
    },
  });
  await mountWidget(config, widgets[0], element, { apiBase: '/gallery-api' });
  expect(setApiBase.mock.calls).toEqual([['/gallery-api']]);
  expect(seen).toBe('/gallery-api');
});

test('mountWidget resolves only once the widget says its first render committed', async () => {
  document.body.innerHTML = '<div id="refund-widget"></div>';
  const element = document.getElementById('refund-widget') as HTMLElement;
  let commit: () => void = () => undefined;
  const unmount = Object.assign(jest.fn(), { ready: new Promise<void>((resolve) => (commit = resolve)) });
  loadRemote.mockResolvedValue({ mount: () => unmount });
  let resolved = false;
  const mounting = mountWidget(config, widgets[0], element).then((result) => {
    resolved = true;
    return result;
  });
  await new Promise((r) => setTimeout(r, 0));
  expect(resolved).toBe(false);
  commit();
  await expect(mounting).resolves.toBe(unmount);
});

test('a page set up wrongly rejects with the SetupError of the widget, keeps its text and is not reported again', async () => {
  document.body.innerHTML = '<div id="refund-widget"><p>Missing JSON data from DOM</p></div>';
  const element = document.getElementById('refund-widget') as HTMLElement;
  const setup = new SetupError(
    'MISSING_DETAILS',
    'refund',
    'refund-widget',
    'No element with id "refund-details" on the page',
  );
  const ready = Promise.reject(setup);
  ready.catch(() => undefined);
  loadRemote.mockResolvedValue({ mount: () => Object.assign(jest.fn(), { ready }) });
  await expect(mountWidget(config, widgets[0], element)).rejects.toBe(setup);
  expect(element).toHaveTextContent('Missing JSON data from DOM');
  expect(element).not.toHaveTextContent(WIDGET_FALLBACK_TEXT);
  expect(reportError).not.toHaveBeenCalled();
});

test('an unknown widget name is one refund-widgets: console error and one report, as a SetupError', () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const element = document.createElement('div');
  element.id = 'my-widget';
  const error = unknownWidget(config, 'refnud', element, widgets);
  const text =
    'refund-widgets: widget "refnud", mount #my-widget: unknown widget "refnud"; known: refund (#refund-widget), journeySummary (#journey-summary-widget), lookup (#lookup-widget)';
  expect(error).toMatchObject({
    name: 'SetupError',
    code: 'UNKNOWN_WIDGET',
    widget: 'refnud',
    mountId: 'my-widget',
    message: text,
  });
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(consoleError).toHaveBeenCalledWith(text);
  expect(reportError).toHaveBeenCalledTimes(1);
  expect(reportError).toHaveBeenCalledWith(text, { source: 'widget:refnud' });
  consoleError.mockRestore();
});

test('an unknown widget name given with something that is not an element names no mount id', () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const error = unknownWidget(config, 'refnud', 'refund-widget', widgets);
  expect(error).toMatchObject({ code: 'UNKNOWN_WIDGET', widget: 'refnud', mountId: '' });
  expect(consoleError).toHaveBeenCalledWith(error.message);
  consoleError.mockRestore();
});

test('a mount point already mounted (marked data-rw-mounted) is skipped: mountAll run twice mounts each widget once', async () => {
  document.body.innerHTML =
    '<div id="refund-widget" data-rw-mounted="refund">refund by the host</div><div id="lookup-widget"></div>';
  let mounts = 0;
  loadRemote.mockImplementation(async () => ({
    mount: (element: HTMLElement) => {
      mounts += 1;
      element.setAttribute('data-rw-mounted', 'lookup');
      element.textContent = 'lookup ok';
      return () => undefined;
    },
  }));
  await mountAll(config, widgets);
  await mountAll(config, widgets);
  expect(mounts).toBe(1);
  expect(loadRemote.mock.calls).toEqual([['lookup/mount']]);
  expect(document.getElementById('refund-widget')).toHaveTextContent(/^refund by the host$/);
  expect(document.getElementById('lookup-widget')).toHaveTextContent(/^lookup ok$/);
});
