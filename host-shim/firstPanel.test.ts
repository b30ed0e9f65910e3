/**
 * The shim's head start (docs/performance.md "First panel"): which files it preloads for the widgets on
 * the page, and which first GETs it starts.
 */
import {
  firstPanelFiles,
  prefetchFirstGets,
  preloadFiles,
  type FirstPanelTable,
  type FirstPanelWidget,
  startFirstPanels,
} from './firstPanel';
import widgetList from './widgets.json';

const TABLE: FirstPanelTable = {
  hostProvides: ['@rw/page-runtime'],
  remotes: {
    refund: {
      files: ['refund/remoteEntry.js', 'refund/242.a.css', 'refund/242.a.js'],
      consumes: ['@rw/page-runtime', 'react', 'react-dom/client', 'axios'],
      provides: {
        '@rw/page-runtime': ['refund/480.js'],
        react: ['refund/react.js'],
        'react-dom/client': ['refund/react-dom.js'],
        axios: ['refund/axios.js'],
      },
    },
    journeySummary: {
      files: ['journeySummary/remoteEntry.js', 'journeySummary/178.js'],
      consumes: ['react', 'react-dom/client', 'moment'],
      provides: {
        react: ['journeySummary/react.js'],
        'react-dom/client': ['journeySummary/react-dom.js'],
        moment: ['journeySummary/moment.js'],
      },
    },
    lookup: { files: ['lookup/remoteEntry.js'], consumes: [], provides: {} },
  },
};

/** What the build bakes in as `__RW_INTEGRITY__`: a value for every file of TABLE. */
const INTEGRITY: Record<string, string> = Object.fromEntries(
  Object.values(TABLE.remotes)
    .flatMap((remote) => [...remote.files, ...Object.values(remote.provides).flat()])
    .map((file, i) => [file, `sha384-${String(i).padStart(64, 'x')}`]),
);

/** The widgets and their first GETs as the build bakes them into the shim (`__RW_WIDGETS__`). */
const WIDGETS: FirstPanelWidget[] = widgetList.map(({ name, mountId, prefetch }) => ({ name, mountId, prefetch }));

const preloads = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][data-rw-preload]')].map((l) => [
    l.getAttribute('href'),
    l.getAttribute('as'),
  ]);

const fetchMock = jest.fn(() => new Promise(() => undefined));

beforeEach(() => {
  document.head.innerHTML = '';
  fetchMock.mockClear();
  Object.assign(globalThis, { fetch: fetchMock, __RW_INTEGRITY__: INTEGRITY });
});

afterAll(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  delete (globalThis as { __RW_INTEGRITY__?: unknown }).__RW_INTEGRITY__;
});

describe('firstPanelFiles', () => {
  it("lists a widget's own files and its shared modules' files, never the shim's own shares", () => {
    expect(firstPanelFiles(TABLE, ['refund'])).toEqual([
      'refund/remoteEntry.js',
      'refund/242.a.css',
      'refund/242.a.js',
      'refund/react.js',
      'refund/react-dom.js',
      'refund/axios.js',
    ]);
  });

  it('takes each shared module from one provider, the one the runtime keeps (greatest name)', () => {
    const files = firstPanelFiles(TABLE, ['journeySummary', 'refund']);
    expect(files).toContain('refund/react-dom.js');
    expect(files).not.toContain('journeySummary/react-dom.js');
    expect(files).toContain('journeySummary/moment.js');
    expect(files.filter((f) => f.includes('react-dom'))).toHaveLength(1);
    // In whatever order the widgets stand on the page.
    expect(firstPanelFiles(TABLE, ['refund', 'journeySummary'])).toEqual(files);
  });

  it('knows nothing of a remote missing from the build', () => {
    expect(firstPanelFiles(TABLE, ['manualClaim'])).toEqual([]);
  });

  it('lists no file for a shared module that no widget on the page provides', () => {
    const table: FirstPanelTable = {
      hostProvides: [],
      remotes: { lookup: { files: ['lookup/remoteEntry.js'], consumes: ['moment'], provides: {} } },
    };
    expect(firstPanelFiles(table, ['lookup'])).toEqual(['lookup/remoteEntry.js']);
  });
});

describe('startFirstPanels', () => {
  it('preloads only the widgets on the page and starts their first GETs', () => {
    document.body.innerHTML =
      '<div id="refund-widget" data-refund-status-url="/Refund/Status?b=1" data-dry-run-url="/Refund/DryRun?b=1"></div>';
    startFirstPanels(TABLE, 'https://cdn.example.net/rw/', WIDGETS);
    expect(preloads()).toContainEqual(['https://cdn.example.net/rw/refund/remoteEntry.js', 'script']);
    expect(preloads()).toContainEqual(['https://cdn.example.net/rw/refund/242.a.css', 'style']);
    expect(preloads().some(([href]) => href?.includes('lookup') || href?.includes('journeySummary'))).toBe(false);
    expect(fetchMock.mock.calls.map((c) => String((c as unknown[])[0]))).toEqual([
      `${location.origin}/Refund/Status?b=1`,
      `${location.origin}/Refund/DryRun?b=1`,
    ]);
  });

  it('does nothing on a page without widgets, or for a mount already mounted', () => {
    document.body.innerHTML = '<div id="other"></div><div id="lookup-widget" data-rw-mounted=""></div>';
    startFirstPanels(TABLE, 'https://cdn.example.net/rw/', WIDGETS);
    expect(preloads()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on the Refund unavailable page (data-view) starts the status GET, never the dry run', () => {
    document.body.innerHTML =
      '<div id="refund-widget" data-view="unavailable" data-refund-status-url="/Refund/Status?b=2" data-dry-run-url="/Refund/DryRun?b=2"></div>';
    startFirstPanels(TABLE, 'https://cdn.example.net/rw/', WIDGETS);
    expect(fetchMock.mock.calls.map((c) => String((c as unknown[])[0]))).toEqual([
      `${location.origin}/Refund/Status?b=2`,
    ]);
  });

  it('on the disruption outcome page (data-view="finished") starts no GET; without data-view, the status GET', () => {
    document.body.innerHTML =
      '<div id="disruption-widget" data-view="finished" data-refund-status-url="/Refund/Status?b=3"></div>';
    startFirstPanels(TABLE, 'https://cdn.example.net/rw/', WIDGETS);
    expect(fetchMock).not.toHaveBeenCalled();
    document.body.innerHTML = '<div id="disruption-widget" data-refund-status-url="/Refund/Status?b=4"></div>';
    startFirstPanels(TABLE, 'https://cdn.example.net/rw/', WIDGETS);
    expect(fetchMock.mock.calls.map((c) => String((c as unknown[])[0]))).toEqual([
      `${location.origin}/Refund/Status?b=4`,
    ]);
  });

  it('skips only the GET whose `unless` attribute the mount element has, wherever it is in the list', () => {
    const element = document.createElement('div');
    element.setAttribute('data-view', 'x');
    element.setAttribute('data-a-url', '/a');
    element.setAttribute('data-b-url', '/b');
    prefetchFirstGets(element, { urls: ['data-a-url', 'data-b-url'], unless: { 'data-a-url': 'data-view' } });
    expect(fetchMock.mock.calls.map((c) => String((c as unknown[])[0]))).toEqual([`${location.origin}/b`]);
  });

  it('starts no GET for a URL attribute the mount element lacks or leaves empty', () => {
    document.body.innerHTML = '<div id="refund-widget" data-view="unavailable"></div>';
    startFirstPanels(TABLE, 'https://cdn.example.net/rw/', WIDGETS);
    document.body.innerHTML = '<div id="refund-widget" data-refund-status-url="" data-dry-run-url=""></div>';
    startFirstPanels(TABLE, 'https://cdn.example.net/rw/', WIDGETS);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("skips a widget whose mount id is on two elements: no GET of an injected copy's dry run, no preload", () => {
    document.body.innerHTML =
      '<div id="refund-widget" data-refund-status-url="/Refund/Status?bookingReference=OTHER" data-dry-run-url="/Refund/DryRun?bookingReference=OTHER"></div>' +
      '<div id="refund-widget" data-refund-status-url="/Refund/Status?b=1" data-dry-run-url="/Refund/DryRun?b=1"></div>' +
      '<div id="lookup-widget"></div>';
    startFirstPanels(TABLE, 'https://cdn.example.net/rw/', WIDGETS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(preloads().map(([href]) => href)).toEqual(['https://cdn.example.net/rw/lookup/remoteEntry.js']);
  });

  it("preloads the shim's own files of the shares the widgets on the page consume, from the shim's base, with integrity", () => {
    const table: FirstPanelTable = {
      ...TABLE,
      hostProvides: ['@rw/page-runtime', 'react', 'react-dom/client', 'axios', 'moment'],
    };
    const own = {
      base: 'https://shim.example.net/rw/',
      files: {
        react: ['host-shim/1.a.js'],
        'react-dom/client': ['host-shim/2.a.js'],
        axios: ['host-shim/3.a.js'],
        moment: ['host-shim/4.a.js'],
      },
      integrity: {
        'host-shim/1.a.js': `sha384-${'1'.repeat(64)}`,
        'host-shim/2.a.js': `sha384-${'2'.repeat(64)}`,
        'host-shim/4.a.js': `sha384-${'4'.repeat(64)}`,
      },
    };
    document.body.innerHTML = '<div id="refund-widget" data-view="unavailable"></div>';
    startFirstPanels(table, 'https://cdn.example.net/rw/', WIDGETS, document, '', own);
    const hrefs = preloads().map(([href]) => href);
    expect(hrefs).toContain('https://shim.example.net/rw/host-shim/1.a.js');
    expect(hrefs).toContain('https://shim.example.net/rw/host-shim/2.a.js');
    // Not the refund remote's own copies; not moment, which no widget on the page consumes; not
    // axios, whose file has no integrity.
    expect(hrefs.filter((href) => /react|axios|moment|host-shim\/[34]/.test(href ?? ''))).toEqual([]);
    const link = document.querySelector('link[href="https://shim.example.net/rw/host-shim/2.a.js"]');
    expect(link?.getAttribute('integrity')).toBe(`sha384-${'2'.repeat(64)}`);
    expect(link?.getAttribute('as')).toBe('script');
  });

  it('never throws: without a build table it still starts the GETs', () => {
    document.body.innerHTML = '<div id="refund-widget" data-refund-status-url="/Refund/Status?b=3"></div>';
    expect(() => startFirstPanels(undefined, 'https://cdn.example.net/rw/', WIDGETS)).not.toThrow();
    expect(preloads()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('preloadFiles', () => {
  it('adds one marked preload link per script or style, and says how many', () => {
    const added = preloadFiles(document, 'https://cdn.example.net/rw/', [
      'refund/remoteEntry.js',
      'refund/242.a.css',
      'refund/font.woff2',
    ]);
    expect(added).toBe(2);
    expect(preloads()).toEqual([
      ['https://cdn.example.net/rw/refund/remoteEntry.js', 'script'],
      ['https://cdn.example.net/rw/refund/242.a.css', 'style'],
    ]);
    const marks = [...document.head.querySelectorAll('link[rel=preload]')].map((l) =>
      l.getAttribute('data-rw-preload'),
    );
    expect(marks).toEqual(['', '']);
  });

  it('gives each preload the integrity of its file, as its later load carries (docs/security.md "every file under SRI")', () => {
    const table = {
      'refund/remoteEntry.js': `sha384-${'e'.repeat(64)}`,
      'refund/242.a.css': `sha384-${'c'.repeat(64)}`,
    };
    expect(
      preloadFiles(document, 'https://cdn.example.net/rw/', ['refund/remoteEntry.js', 'refund/242.a.css'], table),
    ).toBe(2);
    const links = [...document.head.querySelectorAll('link[rel=preload]')];
    expect(links.map((l) => [l.getAttribute('href'), l.getAttribute('integrity')])).toEqual([
      ['https://cdn.example.net/rw/refund/remoteEntry.js', table['refund/remoteEntry.js']],
      ['https://cdn.example.net/rw/refund/242.a.css', table['refund/242.a.css']],
    ]);
  });

  it('preloads no file the build has no integrity for (nor one named like an Object property)', () => {
    const table = { 'refund/remoteEntry.js': `sha384-${'e'.repeat(64)}` };
    expect(
      preloadFiles(
        document,
        'https://cdn.example.net/rw/',
        ['refund/242.a.js', '__proto__.js', 'refund/remoteEntry.js'],
        table,
      ),
    ).toBe(1);
    expect(preloads()).toEqual([['https://cdn.example.net/rw/refund/remoteEntry.js', 'script']]);
    delete (globalThis as { __RW_INTEGRITY__?: unknown }).__RW_INTEGRITY__;
    expect(preloadFiles(document, 'https://cdn.example.net/rw/', ['refund/remoteEntry.js'])).toBe(0);
  });

  it("adds no preload for a file the page's hints already preload (Firefox would report one of the two as failed)", () => {
    const hint = document.createElement('link');
    hint.rel = 'preload';
    hint.setAttribute('as', 'script');
    hint.href = 'https://cdn.example.net/rw/refund/remoteEntry.js';
    document.head.appendChild(hint);
    expect(preloadFiles(document, 'https://cdn.example.net/rw/', ['refund/remoteEntry.js', 'refund/242.a.css'])).toBe(
      1,
    );
    expect(preloads()).toEqual([['https://cdn.example.net/rw/refund/242.a.css', 'style']]);
    expect(document.head.querySelectorAll('link[rel=preload]')).toHaveLength(2);
  });

  it("works in a document without a location (one made by DOMImplementation), against the page's", () => {
    const detached = document.implementation.createHTMLDocument('');
    expect(detached.location).toBeNull();
    expect(preloadFiles(detached, `${location.origin}/static/`, ['refund/remoteEntry.js'])).toBe(1);
    expect(detached.head.querySelector('link[rel=preload]')?.getAttribute('crossorigin')).toBeNull();
  });
});

test('preloads of files from another origin carry crossorigin, as their loading does; same-origin ones do not', () => {
  document.head.innerHTML = '';
  preloadFiles(document, 'https://cdn.rail.example/widgets/', ['refund/remoteEntry.js', 'refund/242.a.css']);
  preloadFiles(document, `${location.origin}/static/`, ['refund/remoteEntry.js']);
  const links = [...document.head.querySelectorAll('link[rel="preload"]')];
  expect(links.map((link) => link.getAttribute('crossorigin'))).toEqual(['anonymous', 'anonymous', null]);
});
