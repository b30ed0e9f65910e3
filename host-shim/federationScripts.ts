/**
 * The federation runtime's own script loading (docs/cross-origin.md "`dist/` on a CDN", "Trusted
 * Types"): a runtime plugin whose `createScript` hook builds each remote entry's `<script>` itself,
 * so it
 * - carries `integrity`: the sha384 the build baked into the shim (host-shim/integrity.ts,
 *   docs/security.md "Every file under SRI"); a remote entry with no value is not
 *   loaded at all;
 * - carries `crossorigin="anonymous"` when it comes from another origin than the page's, as
 *   webpack's own chunk loading does: an error thrown in remote code served from a CDN (with CORS
 *   headers) reaches the error report with its message, line and stack, not as `Script error.`,
 *   and the first-panel preloads (firstPanel.ts) match the fetch;
 * - gets its `src` from the Trusted Types policy {@link FEDERATION_POLICY_NAME} where the page's
 *   CSP requires Trusted Types (`require-trusted-types-for 'script'`). The policy passes only
 *   http(s) URLs of a remote entry (`…/remoteEntry.js`).
 *
 * Registered through `runtimePlugins` in webpack.config.js (the shim's federation host). Webpack's
 * own chunk loading gets the same two things from `output.crossOriginLoading` and
 * `output.trustedTypes`.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteEntryIntegrity } from './integrity';

/** Name of the Trusted Types policy that creates remote-entry URLs (listed in docs/error-reports.md). */
export const FEDERATION_POLICY_NAME = 'refund-widgets-federation';

/** The slice of the Trusted Types API this file uses (not yet in TypeScript's DOM types). */
interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy;
}

let policy: ScriptUrlPolicy | null | undefined;

/**
 * Checks a remote entry URL: absolute http(s), its path ending in `/remoteEntry.js`.
 *
 * @returns the URL unchanged
 * @throws Error naming the URL otherwise
 */
export function checkRemoteEntryUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`refund-widgets: "${url}" is not an absolute remote entry URL`);
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || !parsed.pathname.endsWith('/remoteEntry.js')) {
    throw new Error(`refund-widgets: "${url}" is not a remote entry URL`);
  }
  return url;
}

/**
 * The value to assign to a remote entry script's `src`: a TrustedScriptURL from the policy when
 * the browser has Trusted Types, else the checked string.
 *
 * @param url the remote entry's absolute URL
 * @param win the window (default: `window`)
 * @throws Error when the URL is not a remote entry URL, or the policy cannot be created (the
 *   page's `trusted-types` directive does not list {@link FEDERATION_POLICY_NAME})
 */
export function trustedScriptUrl(url: string, win: Window = window): string {
  const factory = (win as Window & { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory || typeof factory.createPolicy !== 'function') return checkRemoteEntryUrl(url);
  policy ??= factory.createPolicy(FEDERATION_POLICY_NAME, { createScriptURL: checkRemoteEntryUrl });
  // A TrustedScriptURL is assignable to `src`; TypeScript's DOM types only know strings.
  return policy.createScriptURL(url) as string;
}

/**
 * True when `url` is on another origin than the page (then scripts load with `crossorigin`).
 * `pageUrl` defaults to the page's address, also when given as undefined; a `pageUrl` that is not
 * an absolute URL gives false.
 */
export function isCrossOrigin(url: string, pageUrl: string = location.href): boolean {
  try {
    return new URL(url, pageUrl).origin !== new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

/**
 * The runtime plugin: remote entries load through a script element with the build's `integrity`,
 * a trusted `src`, and `crossorigin="anonymous"` when they come from another origin. Its
 * `createScript` throws (the widget then shows its fallback and reports) for a URL that is not a
 * remote entry or that the build has no integrity value for.
 */
export default function federationScripts(): ModuleFederationRuntimePlugin {
  return {
    name: 'refund-widgets-scripts',
    createScript({ url }) {
      const integrity = remoteEntryIntegrity(checkRemoteEntryUrl(url));
      const script = document.createElement('script');
      script.setAttribute('integrity', integrity);
      if (isCrossOrigin(url)) script.crossOrigin = 'anonymous';
      script.src = trustedScriptUrl(url);
      return script;
    },
  };
}
