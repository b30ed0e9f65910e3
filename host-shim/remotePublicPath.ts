/**
 * A federation runtime plugin in every remote: sets the remote's public path from its own script,
 * read through `Document.prototype`, since a named element can shadow `document.currentScript`
 * (docs/security.md "The shim trusts only itself").
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { ownScript } from './config';

declare let __webpack_public_path__: string;

const script = typeof document === 'undefined' ? null : ownScript(document);
if (script) __webpack_public_path__ = new URL('.', script.src).href;

/** The plugin object; the work is done when the module runs. */
export default function remotePublicPath(): ModuleFederationRuntimePlugin {
  return { name: 'rw-remote-public-path' };
}
