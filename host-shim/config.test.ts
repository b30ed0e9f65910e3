import { isWidgetError, WidgetError } from '../shared/errors/WidgetError';
import {
  mountPoints,
  ownScript,
  parseBases,
  readShimConfig,
  remoteEntryUrl,
  ShimConfigError,
  shimTagsRefusal,
} from './config';

function script(attrs: Record<string, string>): HTMLScriptElement {
  const el = document.createElement('script');
  Object.entries(attrs).forEach(([k, v]) => el.setAttribute(k, v));
  return el;
}

const SHIM = 'https://cdn.example.net/static/refund-widgets/host-shim.js';
const page = 'https://www.example-rail.co.uk/ConfirmRefund?BookingReference=KXB7HT2N';
const ATTACKER = 'http://127.0.0.1:32622';

describe('host shim configuration (docs/architecture.md host contract)', () => {
  it("locates remotes from the shim's own src by default", () => {
    const config = readShimConfig(script({ src: SHIM }), 'https://elsewhere.example/x/', page);
    expect(config).toEqual({
      remotesBase: 'https://cdn.example.net/static/refund-widgets/',
      apiBase: '',
      autoMount: true,
    });
    expect(remoteEntryUrl(config, 'refund')).toBe(
      'https://cdn.example.net/static/refund-widgets/refund/remoteEntry.js',
    );
  });

  it('honours data-remotes-base naming its own folder, data-api-base naming the page origin and data-auto-mount="false"', () => {
    const config = readShimConfig(
      script({
        src: 'https://www.example-rail.co.uk/static/host-shim.js',
        'data-remotes-base': '/static',
        'data-api-base': '/',
        'data-auto-mount': 'FALSE',
      }),
      'https://cdn.example.net/x/',
      page,
    );
    expect(config.remotesBase).toBe('https://www.example-rail.co.uk/static/');
    expect(config.apiBase).toBe('https://www.example-rail.co.uk');
    expect(config.autoMount).toBe(false);
  });

  it('honours bases built in with REMOTE_ORIGINS and API_ORIGINS, origin and path', () => {
    const allowed = {
      remotes: parseBases('https://cdn2.example.net/rw/'),
      api: parseBases('https://api.example.co.uk, https://api2.example.co.uk/refunds'),
    };
    const read = (attrs: Record<string, string>) => readShimConfig(script({ src: SHIM, ...attrs }), '', page, allowed);
    const config = read({
      'data-remotes-base': 'https://cdn2.example.net/rw',
      'data-api-base': 'https://api.example.co.uk/',
    });
    expect(config.remotesBase).toBe('https://cdn2.example.net/rw/');
    expect(config.apiBase).toBe('https://api.example.co.uk');
    expect(read({ 'data-api-base': 'https://api2.example.co.uk/refunds/?x=1#y' }).apiBase).toBe(
      'https://api2.example.co.uk/refunds',
    );
  });

  it("honours a built-in path on the page's origin (API) or the shim's origin (remotes)", () => {
    const allowed = { remotes: parseBases('/widgets/v2/'), api: parseBases('/rail-api') };
    const config = readShimConfig(
      script({ src: SHIM, 'data-remotes-base': 'https://cdn.example.net/widgets/v2', 'data-api-base': '/rail-api/' }),
      '',
      page,
      allowed,
    );
    expect(config.remotesBase).toBe('https://cdn.example.net/widgets/v2/');
    expect(config.apiBase).toBe('https://www.example-rail.co.uk/rail-api');
    // The path is the page's (API) or the shim's (remotes) origin's, never another's.
    expect(() => readShimConfig(script({ src: SHIM, 'data-remotes-base': '/widgets/v2/' }), '', page, allowed)).toThrow(
      /^refund-widgets: data-remotes-base /,
    );
    expect(() =>
      readShimConfig(script({ src: SHIM, 'data-api-base': 'https://cdn.example.net/rail-api' }), '', page, allowed),
    ).toThrow(/^refund-widgets: data-api-base /);
  });

  it('ignores a built-in path where the origin has none (a page and shim opened from files)', () => {
    const config = readShimConfig(script({ src: 'file:///site/host-shim.js' }), '', 'file:///site/ConfirmRefund.html', {
      remotes: parseBases('/widgets/'),
      api: parseBases('/rail-api'),
    });
    expect(config).toEqual({ remotesBase: 'file:///site/', apiBase: '', autoMount: true });
  });

  it('drops every trailing slash of data-api-base, not just the last one', () => {
    const config = readShimConfig(
      script({
        src: 'https://www.example-rail.co.uk/static/host-shim.js',
        'data-api-base': '/api-root///',
      }),
      '',
      page,
      { remotes: [], api: ['/api-root'] },
    );
    expect(config.apiBase).toBe('https://www.example-rail.co.uk/api-root');
  });

  it.each([
    ['data-remotes-base', `${ATTACKER}/`],
    ['data-remotes-base', `//127.0.0.1:32622/`],
    ['data-remotes-base', '/\t/127.0.0.1:32622/'],
    ['data-remotes-base', 'javascript:alert(1)'],
    ['data-remotes-base', 'https://cdn.example.net@127.0.0.1:32622/'],
    ['data-api-base', ATTACKER],
    ['data-api-base', '//127.0.0.1:32622'],
    ['data-api-base', 'https://api.example.co.uk'],
    // Another path on an allowed origin: the second shim tag of the second review.
    ['data-api-base', '/gallery-api'],
    ['data-api-base', 'https://www.example-rail.co.uk/uploads/'],
    ['data-remotes-base', '/static/refund-widgets/'],
    ['data-remotes-base', 'https://cdn.example.net/static/'],
    ['data-remotes-base', 'https://cdn.example.net/static/refund-widgets/old/'],
    ['data-remotes-base', 'https://cdn.example.net/'],
  ])('refuses %s="%s" (not a default base nor built in) with a refund-widgets: error', (attribute, value) => {
    expect(() => readShimConfig(script({ src: SHIM, [attribute]: value }), '', page)).toThrow(ShimConfigError);
    expect(() => readShimConfig(script({ src: SHIM, [attribute]: value }), '', page)).toThrow(
      new RegExp(`^refund-widgets: ${attribute} `),
    );
  });

  it('tells the host developer which attribute was refused, its value and the rule, as a ShimConfigError', () => {
    const refusal = (attribute: string, value: string): unknown => {
      try {
        readShimConfig(script({ src: SHIM, [attribute]: value }), '', page);
      } catch (error) {
        return error;
      }
      return null;
    };
    const remotes = refusal('data-remotes-base', `${ATTACKER}/`);
    expect(remotes).toBeInstanceOf(ShimConfigError);
    expect((remotes as Error).name).toBe('ShimConfigError');
    expect((remotes as ShimConfigError).code).toBe('BASE_REFUSED');
    expect((refusal('data-api-base', ATTACKER) as ShimConfigError).code).toBe('BASE_REFUSED');
    expect((remotes as Error).message).toBe(
      'refund-widgets: data-remotes-base "http://127.0.0.1:32622/" refused: ' +
        "the remotes must be in the shim's own folder or at a base built in with REMOTE_ORIGINS (origin and path)",
    );
    expect((refusal('data-api-base', ATTACKER) as Error).message).toBe(
      'refund-widgets: data-api-base "http://127.0.0.1:32622" refused: ' +
        "the API must be on the page's own origin or at a base built in with API_ORIGINS (origin and path)",
    );
  });

  it.each([
    ['a user name', 'https://someone@cdn.example.net/static/refund-widgets/'],
    ['a password', 'https://:secret@cdn.example.net/static/refund-widgets/'],
  ])('refuses a base on its own origin that carries %s', (_what, value) => {
    expect(() => readShimConfig(script({ src: SHIM, 'data-remotes-base': value }), '', page)).toThrow(
      /^refund-widgets: data-remotes-base /,
    );
    expect(() =>
      readShimConfig(
        script({
          src: SHIM,
          'data-api-base': value.replace('cdn.example.net/static/refund-widgets', 'www.example-rail.co.uk'),
        }),
        '',
        page,
      ),
    ).toThrow(/^refund-widgets: data-api-base /);
  });

  it('accepts plain http on its own origin (a developer machine), and refuses other schemes even on a matching origin', () => {
    const local = 'http://localhost:8080';
    const config = readShimConfig(
      script({
        src: `${local}/remotes/host-shim.js`,
        'data-remotes-base': `${local}/remotes/`,
        'data-api-base': `${local}/api`,
      }),
      '',
      `${local}/ConfirmRefund`,
      { remotes: [], api: ['/api'] },
    );
    expect(config.remotesBase).toBe('http://localhost:8080/remotes/');
    expect(config.apiBase).toBe('http://localhost:8080/api');
    // A page and shim opened from files share the opaque origin "null"; a file base is still refused.
    expect(() =>
      readShimConfig(
        script({ src: 'file:///site/host-shim.js', 'data-remotes-base': 'file:///elsewhere/' }),
        '',
        'file:///site/ConfirmRefund.html',
      ),
    ).toThrow(/^refund-widgets: data-remotes-base "file:\/\/\/elsewhere\/" refused/);
    // Even the shim's own folder, when that is a file: only http(s) is ever a base.
    expect(() =>
      readShimConfig(
        script({ src: 'file:///site/host-shim.js', 'data-remotes-base': 'file:///site/' }),
        '',
        'file:///site/ConfirmRefund.html',
      ),
    ).toThrow(/^refund-widgets: data-remotes-base "file:\/\/\/site\/" refused/);
  });

  it('treats a blank data-api-base or data-remotes-base as absent', () => {
    const config = readShimConfig(script({ src: SHIM, 'data-api-base': '   ', 'data-remotes-base': ' \t ' }), '', page);
    expect(config.apiBase).toBe('');
    expect(config.remotesBase).toBe('https://cdn.example.net/static/refund-widgets/');
  });

  it("data-remotes-base on the page's origin is refused when the shim comes from a CDN", () => {
    expect(() => readShimConfig(script({ src: SHIM, 'data-remotes-base': '/static/' }), '', page)).toThrow(
      ShimConfigError,
    );
  });

  it('falls back to the public path webpack computed when there is no script element', () => {
    expect(readShimConfig(null, 'https://cdn.example.net/a/', page).remotesBase).toBe('https://cdn.example.net/a/');
  });

  it('parseBases keeps http(s) bases (origin and path) and site-root paths only', () => {
    expect(
      parseBases(
        ' https://a.example/x/?q=1#f ,http://b.example:8080  javascript:x nonsense //c.example/p /rail-api/ / /\\d.example /v2///',
      ),
    ).toEqual(['https://a.example/x', 'http://b.example:8080', '/rail-api', '/', '/v2']);
    expect(parseBases(undefined)).toEqual([]);
    expect(parseBases('')).toEqual([]);
  });

  it('finds the widgets whose mount id is on the page, with every element carrying it', () => {
    document.body.innerHTML =
      '<div id="lookup-widget" data-n="injected"></div><div id="refund-widget"></div><div id="unrelated"></div>' +
      '<div id="lookup-widget" data-n="real"></div>';
    const found = mountPoints(document, [
      { name: 'lookup', mountId: 'lookup-widget' },
      { name: 'refund', mountId: 'refund-widget' },
      { name: 'journeySummary', mountId: 'journey-summary-widget' },
    ]);
    expect(found.map((f) => [f.widget.name, f.elements.map((e) => e.getAttribute('data-n') ?? e.id)])).toEqual([
      ['lookup', ['injected', 'real']],
      ['refund', ['refund-widget']],
    ]);
  });
});

describe('origins that only look like an allowed one are refused (data-remotes-base, data-api-base)', () => {
  // The shim on a CDN, the page on the site: each look-alike begins with the allowed origin's text.
  it.each([
    ['data-remotes-base', 'https://cdn.example.net.evil.example/static/refund-widgets/'],
    ['data-remotes-base', 'https://cdn.example.net:8443/static/refund-widgets/'],
    ['data-remotes-base', 'https://cdn.example.net2/static/refund-widgets/'],
    ['data-api-base', 'https://www.example-rail.co.uk.evil.example'],
    ['data-api-base', 'https://www.example-rail.co.uk:8443'],
    ['data-api-base', 'https://www.example-rail.co.uk.evil.example/api'],
  ])('%s="%s"', (attribute, value) => {
    expect(() => readShimConfig(script({ src: SHIM, [attribute]: value }), '', page)).toThrow(
      new RegExp(`^refund-widgets: ${attribute} `),
    );
  });

  it.each([
    ['data-remotes-base', 'https://cdn2.example.net.evil.example/rw/'],
    ['data-remotes-base', 'https://cdn2.example.net:444/rw/'],
    ['data-remotes-base', 'https://cdn2.example.net/rw-evil/'],
    ['data-api-base', 'https://api.example.co.uk.evil.example'],
    ['data-api-base', 'https://api.example.co.uk:8443'],
    ['data-api-base', 'https://api.example.co.uk/refunds-evil'],
  ])('%s="%s" beside a built-in base', (attribute, value) => {
    const allowed = {
      remotes: parseBases('https://cdn2.example.net/rw'),
      api: parseBases('https://api.example.co.uk'),
    };
    expect(() => readShimConfig(script({ src: SHIM, [attribute]: value }), '', page, allowed)).toThrow(
      new RegExp(`^refund-widgets: ${attribute} `),
    );
  });
});

describe('shimTagsRefusal: every copy of the shim tag is the same (docs/security.md "One shim")', () => {
  const REAL =
    '<script src="https://cdn.example.net/static/refund-widgets/host-shim.js" data-api-base="/rail-api" defer></script>';
  /** The page's body from `html`; its scripts are inert (jsdom does not run scripts set as HTML). */
  const pageWith = (html: string) => {
    document.body.innerHTML = html;
    return document.querySelector('body > script:last-of-type') as HTMLScriptElement;
  };

  it('one tag, or identical copies (attributes in another order, other non-data attributes): no refusal', () => {
    expect(shimTagsRefusal(document, pageWith(REAL))).toBeNull();
    const copy =
      '<script defer crossorigin="anonymous" data-api-base="/rail-api" src="https://cdn.example.net/static/refund-widgets/host-shim.js"></script>';
    expect(shimTagsRefusal(document, pageWith(`${REAL}<div>${copy}</div>`))).toBeNull();
    expect(shimTagsRefusal(document, null)).toBeNull();
  });

  it.each([
    ['another data-api-base before the real tag', REAL.replace('/rail-api', '/gallery-api')],
    ['no data-api-base', REAL.replace(' data-api-base="/rail-api"', '')],
    ['an added data- attribute', REAL.replace(' defer', ' data-auto-mount="false" defer')],
    ['another src of the same file', REAL.replace('refund-widgets/host-shim.js', 'old/host-shim.js')],
    ['the same src with a query', REAL.replace('host-shim.js', 'host-shim.js?v=2')],
    ['the fingerprinted copy of the same file', REAL.replace('host-shim.js', 'host-shim.0123abcd.js')],
  ])('%s: refused, naming the count', (_case, injected) => {
    const own = pageWith(`${injected}${REAL}`);
    const refusal = shimTagsRefusal(document, own);
    expect(refusal).toBeInstanceOf(ShimConfigError);
    expect(refusal?.code).toBe('SHIM_TAGS_DIFFER');
    expect(refusal?.message).toBe(
      'refund-widgets: the page has 2 host-shim.js script tags that differ in src or in their data- attributes; ' +
        'nothing is mounted (include the tag once, or only identical copies)',
    );
  });

  it("counts the shim's own tag when it is no longer in the page, and a copy under another name with its src", () => {
    const own = pageWith(REAL);
    own.remove();
    document.body.innerHTML = REAL.replace('/rail-api', '/gallery-api');
    expect(shimTagsRefusal(document, own)).toBeInstanceOf(ShimConfigError);
    const renamed = script({ src: 'https://cdn.example.net/static/rw.js', 'data-api-base': '/x' });
    document.body.innerHTML = '<script src="https://cdn.example.net/static/rw.js"></script>';
    expect(shimTagsRefusal(document, renamed)).toBeInstanceOf(ShimConfigError);
  });

  it('leaves other scripts alone: other files, an unparsable src, an SVG <script>', () => {
    const own = pageWith(
      '<script src="https://cdn.example.net/app.js" data-x="1"></script><script src="/host-shim.json"></script>' +
        '<script src="/host-shim.min.js" data-x="1"></script><script src="/host-shim.0123.js" data-x="1"></script>' +
        '<script src="http://[bad/host-shim.js" data-x="1"></script>' +
        '<svg><script src="https://cdn.example.net/static/refund-widgets/host-shim.js" data-x="1"></script></svg>' +
        REAL,
    );
    expect(shimTagsRefusal(document, own)).toBeNull();
  });

  it('compares the data- attributes as a set, whatever their order', () => {
    const two = (first: string, second: string) =>
      `<script src="https://cdn.example.net/static/refund-widgets/host-shim.js" ${first} ${second}></script>`;
    const own = pageWith(
      two('data-api-base="/rail-api"', 'data-auto-mount="false"') +
        two('data-auto-mount="false"', 'data-api-base="/rail-api"'),
    );
    expect(shimTagsRefusal(document, own)).toBeNull();
  });
});

describe('ownScript: the real currentScript, checked to be a <script>', () => {
  afterEach(() => jest.restoreAllMocks());

  it('reads Document.prototype.currentScript, not a named element on the document', () => {
    const real = script({ src: SHIM });
    jest.spyOn(Document.prototype, 'currentScript', 'get').mockReturnValue(real);
    document.body.innerHTML = `<img name="currentScript" data-remotes-base="${ATTACKER}/">`;
    // Browsers let the named element shadow the property on the document itself.
    Object.defineProperty(document, 'currentScript', {
      configurable: true,
      get: () => document.getElementsByName('currentScript')[0],
    });
    try {
      expect(ownScript(document)).toBe(real);
    } finally {
      delete (document as unknown as Record<string, unknown>).currentScript;
    }
  });

  it('is null for an element that is not a script, and for a script without src', () => {
    const img = document.createElement('img');
    const getter = jest.spyOn(Document.prototype, 'currentScript', 'get');
    getter.mockReturnValue(img as unknown as HTMLScriptElement);
    expect(ownScript(document)).toBeNull();
    getter.mockReturnValue(script({}));
    expect(ownScript(document)).toBeNull();
    getter.mockReturnValue(null);
    expect(ownScript(document)).toBeNull();
  });
});

describe('ShimConfigError: one of the WidgetError family (docs/host-contract.md "Error codes")', () => {
  it.each(['BASE_REFUSED', 'SHIM_CONFIG_UNREADABLE', 'SHIM_TAGS_DIFFER', 'DOCUMENT_SHADOWED'] as const)(
    '%s is a WidgetError named ShimConfigError whose message starts refund-widgets:',
    (code) => {
      const error = new ShimConfigError(code, 'the page is refused');
      expect(error).toBeInstanceOf(WidgetError);
      expect(error).toBeInstanceOf(ShimConfigError);
      expect(error).toBeInstanceOf(Error);
      expect(isWidgetError(error)).toBe(true);
      expect(isWidgetError(error, code)).toBe(true);
      expect(isWidgetError(error, 'BASE_REFUSED' === code ? 'SHIM_TAGS_DIFFER' : 'BASE_REFUSED')).toBe(false);
      expect(error.name).toBe('ShimConfigError');
      expect(error.code).toBe(code);
      expect(error.message).toBe('refund-widgets: the page is refused');
      expect(String(error)).toBe('ShimConfigError: refund-widgets: the page is refused');
      expect(Object.keys(error).sort()).toEqual(['code', 'name']);
    },
  );
});
