/**
 * A federation runtime plugin whose `createScript` builds each remote entry's `<script>` with the
 * build's `integrity` (docs/security.md "Every file under SRI"), `crossorigin="anonymous"` from
 * another origin (so errors keep their stack), and a `src` from a Trusted Types policy
 * (docs/cross-origin.md "Trusted Types"). Webpack's own chunks get the same from its output options.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteEntryIntegrity } from './integrity';

/** Name of the Trusted Types policy that creates remote-entry URLs (listed in docs/error-reports.md). */
export const FEDERATION_POLICY_NAME = 'refund-widgets-federation';

/** The slice of the Trusted Types API used here (not in TypeScript's DOM types). */
interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy;
}

let policy: ScriptUrlPolicy | null | undefined;

/** Returns `url` when an absolute http(s) URL ending in `/remoteEntry.js`; throws an Error naming it otherwise. */
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
 * A remote entry's `src`: a TrustedScriptURL from the policy when the browser has Trusted Types, else the checked string.
 * @throws Error for a URL that is no remote entry, or when the page's CSP does not list {@link FEDERATION_POLICY_NAME}
 */
export function trustedScriptUrl(url: string, win: Window = window): string {
  const factory = (win as Window & { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory || typeof factory.createPolicy !== 'function') return checkRemoteEntryUrl(url);
  policy ??= factory.createPolicy(FEDERATION_POLICY_NAME, { createScriptURL: checkRemoteEntryUrl });
  // A TrustedScriptURL is assignable to `src`; TypeScript's DOM types only know strings.
  return policy.createScriptURL(url) as string;
}

/** True when `url` is on another origin than `pageUrl`; false when `pageUrl` is not absolute. */
export function isCrossOrigin(url: string, pageUrl: string = location.href): boolean {
  try {
    return new URL(url, pageUrl).origin !== new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

/** The runtime plugin; its `createScript` throws for a URL that is no remote entry or has no integrity value. */
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
