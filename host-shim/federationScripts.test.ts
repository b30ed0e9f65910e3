/**
 * The federation runtime plugin's script loading (docs/cross-origin.md "Trusted Types";
 * docs/security.md "Every file under SRI"): remote entries get the build's
 * `integrity`, `crossorigin="anonymous"` and a `src` made by the Trusted Types policy.
 */
import federationScripts, {
  FEDERATION_POLICY_NAME,
  checkRemoteEntryUrl,
  isCrossOrigin,
  trustedScriptUrl,
} from './federationScripts';

const ENTRY = 'https://cdn.rail.example/static/widgets/v1/refund/remoteEntry.js';
/** What the build bakes in as `__RW_INTEGRITY__` (build/first-panel-plugin.js `shimIntegrity`). */
const INTEGRITY = { 'refund/remoteEntry.js': `sha384-${'r'.repeat(64)}` };

beforeEach(() => {
  Object.assign(globalThis, { __RW_INTEGRITY__: INTEGRITY });
});

afterEach(() => {
  delete (window as { trustedTypes?: unknown }).trustedTypes;
  delete (globalThis as { __RW_INTEGRITY__?: unknown }).__RW_INTEGRITY__;
});

describe('checkRemoteEntryUrl', () => {
  it('passes an absolute http(s) remote entry URL unchanged', () => {
    expect(checkRemoteEntryUrl(ENTRY)).toBe(ENTRY);
    expect(checkRemoteEntryUrl('http://127.0.0.1:8080/static/refund-widgets/lookup/remoteEntry.js')).toBe(
      'http://127.0.0.1:8080/static/refund-widgets/lookup/remoteEntry.js',
    );
  });

  it.each([
    'javascript:alert(1)//remoteEntry.js',
    'data:text/javascript,alert(1)//remoteEntry.js',
    'https://cdn.rail.example/evil.js',
    '/relative/remoteEntry.js',
    'https://cdn.rail.example/refund/remoteEntry.js.evil',
  ])('refuses %s', (url) => {
    expect(() => checkRemoteEntryUrl(url)).toThrow(/^refund-widgets: /);
  });
});

describe('trustedScriptUrl', () => {
  it('creates one policy under its documented name and asks it for every URL', () => {
    // A fresh copy of the module: the policy is made once per page.
    let fresh: typeof import('./federationScripts') | undefined;
    jest.isolateModules(() => {
      fresh = jest.requireActual<typeof import('./federationScripts')>('./federationScripts');
    });
    const { trustedScriptUrl } = fresh as typeof import('./federationScripts');
    const created: string[] = [];
    const createScriptURL = jest.fn((url: string) => ({ trusted: url }));
    (window as { trustedTypes?: unknown }).trustedTypes = {
      createPolicy: (name: string, rules: { createScriptURL(url: string): string }) => {
        created.push(name);
        return { createScriptURL: (url: string) => createScriptURL(rules.createScriptURL(url)) };
      },
    };
    expect(trustedScriptUrl(ENTRY)).toEqual({ trusted: ENTRY });
    expect(trustedScriptUrl(ENTRY)).toEqual({ trusted: ENTRY });
    expect(created).toEqual([FEDERATION_POLICY_NAME]);
    expect(FEDERATION_POLICY_NAME).toBe('refund-widgets-federation');
    expect(() => trustedScriptUrl('https://evil.example/x.js')).toThrow('is not a remote entry URL');
  });

  it('without Trusted Types, checks the URL and returns it as a string', () => {
    expect(trustedScriptUrl(ENTRY)).toBe(ENTRY);
    expect(() => trustedScriptUrl('javascript:alert(1)')).toThrow();
  });

  it('treats a trustedTypes object without createPolicy (a partial polyfill) as no Trusted Types', () => {
    (window as { trustedTypes?: unknown }).trustedTypes = { isScriptURL: () => false };
    expect(trustedScriptUrl(ENTRY)).toBe(ENTRY);
    expect(() => trustedScriptUrl('https://evil.example/x.js')).toThrow('is not a remote entry URL');
  });
});

describe('isCrossOrigin', () => {
  it("compares with the page's origin, also when the page address is given as undefined", () => {
    expect(isCrossOrigin(ENTRY)).toBe(true);
    expect(isCrossOrigin(ENTRY, undefined)).toBe(true);
    expect(isCrossOrigin('/static/refund/remoteEntry.js', undefined)).toBe(false);
    expect(isCrossOrigin(ENTRY, 'https://cdn.rail.example/checkout')).toBe(false);
  });

  it('says false when the page address is not an absolute URL', () => {
    expect(isCrossOrigin(ENTRY, 'not a page address')).toBe(false);
  });
});

describe('the runtime plugin', () => {
  it('builds each remote entry script with crossorigin="anonymous" and its src', () => {
    const plugin = federationScripts();
    expect(plugin.name).toBe('refund-widgets-scripts');
    const createScript = plugin.createScript as (args: { url: string }) => HTMLScriptElement;
    const script = createScript({ url: ENTRY });
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect(script.getAttribute('crossorigin')).toBe('anonymous');
    expect(script.src).toBe(ENTRY);
    // From the page's own origin, as webpack does for chunks: no crossorigin (errors are readable anyway).
    const local = createScript({ url: `${location.origin}/static/refund-widgets/refund/remoteEntry.js` });
    expect(local.hasAttribute('crossorigin')).toBe(false);
  });

  it("gives each remote entry script the build's integrity, from whatever origin and folder", () => {
    const createScript = federationScripts().createScript as (args: { url: string }) => HTMLScriptElement;
    expect(createScript({ url: ENTRY }).getAttribute('integrity')).toBe(INTEGRITY['refund/remoteEntry.js']);
    const local = createScript({ url: `${location.origin}/static/refund-widgets/refund/remoteEntry.js` });
    expect(local.getAttribute('integrity')).toBe(INTEGRITY['refund/remoteEntry.js']);
  });

  it('loads no remote entry the build has no integrity for: createScript throws, so the widget falls back', () => {
    const createScript = federationScripts().createScript as (args: { url: string }) => HTMLScriptElement;
    const appended = jest.spyOn(document, 'createElement');
    expect(() => createScript({ url: 'https://cdn.rail.example/static/widgets/v1/lookup/remoteEntry.js' })).toThrow(
      /^refund-widgets: this build has no integrity value for/,
    );
    delete (globalThis as { __RW_INTEGRITY__?: unknown }).__RW_INTEGRITY__;
    expect(() => createScript({ url: ENTRY })).toThrow(/no integrity value/);
    expect(appended).not.toHaveBeenCalled();
    appended.mockRestore();
  });
});
