import { ownScript, parseOrigins, readShimConfig, remoteEntryUrl, ShimConfigError, widgetsOnPage } from './config';

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

  it('honours data-remotes-base on its own origin, data-api-base on the page origin and data-auto-mount="false"', () => {
    const config = readShimConfig(
      script({
        src: 'https://www.example-rail.co.uk/static/host-shim.js',
        'data-remotes-base': '/other/widgets',
        'data-api-base': '/api-root/',
        'data-auto-mount': 'FALSE',
      }),
      'https://cdn.example.net/x/',
      page,
    );
    expect(config.remotesBase).toBe('https://www.example-rail.co.uk/other/widgets/');
    expect(config.apiBase).toBe('https://www.example-rail.co.uk/api-root');
    expect(config.autoMount).toBe(false);
  });

  it('honours origins built in with REMOTE_ORIGINS and API_ORIGINS', () => {
    const allowed = {
      remotes: parseOrigins('https://cdn2.example.net'),
      api: parseOrigins('https://api.example.co.uk, https://api2.example.co.uk'),
    };
    const config = readShimConfig(
      script({
        src: SHIM,
        'data-remotes-base': 'https://cdn2.example.net/rw',
        'data-api-base': 'https://api.example.co.uk/',
      }),
      '',
      page,
      allowed,
    );
    expect(config.remotesBase).toBe('https://cdn2.example.net/rw/');
    expect(config.apiBase).toBe('https://api.example.co.uk');
  });

  it('drops every trailing slash of data-api-base, not just the last one', () => {
    const config = readShimConfig(
      script({
        src: 'https://www.example-rail.co.uk/static/host-shim.js',
        'data-api-base': '/api-root///',
      }),
      '',
      page,
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
  ])('refuses %s="%s" (not its own origin nor built in) with a refund-widgets: error', (attribute, value) => {
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
    expect((remotes as Error).message).toBe(
      'refund-widgets: data-remotes-base "http://127.0.0.1:32622/" refused: ' +
        "the remotes must be on the shim's own origin or an origin built in with REMOTE_ORIGINS",
    );
    expect((refusal('data-api-base', ATTACKER) as Error).message).toBe(
      'refund-widgets: data-api-base "http://127.0.0.1:32622" refused: ' +
        "the API must be on the page's own origin or an origin built in with API_ORIGINS",
    );
  });

  it.each([
    ['a user name', 'https://someone@cdn.example.net/static/other/'],
    ['a password', 'https://:secret@cdn.example.net/static/other/'],
  ])('refuses a base on its own origin that carries %s', (_what, value) => {
    expect(() => readShimConfig(script({ src: SHIM, 'data-remotes-base': value }), '', page)).toThrow(
      /^refund-widgets: data-remotes-base /,
    );
    expect(() =>
      readShimConfig(
        script({ src: SHIM, 'data-api-base': value.replace('cdn.example.net', 'www.example-rail.co.uk') }),
        '',
        page,
      ),
    ).toThrow(/^refund-widgets: data-api-base /);
  });

  it('accepts plain http on its own origin (a developer machine), and refuses other schemes even on a matching origin', () => {
    const local = 'http://localhost:8080';
    const config = readShimConfig(
      script({
        src: `${local}/host-shim.js`,
        'data-remotes-base': `${local}/remotes/`,
        'data-api-base': `${local}/api`,
      }),
      '',
      `${local}/ConfirmRefund`,
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

  it('parseOrigins keeps http(s) origins only', () => {
    expect(parseOrigins(' https://a.example/x ,http://b.example:8080  javascript:x nonsense')).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(parseOrigins(undefined)).toEqual([]);
  });

  it('finds only the widgets whose mount id is on the page', () => {
    document.body.innerHTML = '<div id="refund-widget"></div><div id="unrelated"></div>';
    const found = widgetsOnPage(document, [
      { name: 'refund', mountId: 'refund-widget' },
      { name: 'journeySummary', mountId: 'journey-summary-widget' },
    ]);
    expect(found.map((f) => f.widget.name)).toEqual(['refund']);
    expect(found[0].element.id).toBe('refund-widget');
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
