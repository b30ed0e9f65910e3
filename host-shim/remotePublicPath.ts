/**
 * A federation runtime plugin built into every remote (webpack.config.js `runtimePlugins`), run
 * while the remote's `remoteEntry.js` executes (docs/security.md "The shim trusts only itself").
 *
 * webpack's `publicPath: 'auto'` reads `document.currentScript`, which a named element
 * (`<img name="currentScript">`) shadows; webpack then falls back to the last `<script src>` of
 * the page and would load the remote's chunks and CSS from the wrong folder, or from wherever an
 * injected `<script src>` points. This plugin sets the remote's public path from its own script
 * element, read through the `Document.prototype` getter that no named element can shadow.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { ownScript } from './config';

declare let __webpack_public_path__: string;

const script = typeof document === 'undefined' ? null : ownScript(document);
if (script) __webpack_public_path__ = new URL('.', script.src).href;

/** The plugin object the runtime asks for; the work is done above, when the module runs. */
export default function remotePublicPath(): ModuleFederationRuntimePlugin {
  return { name: 'rw-remote-public-path' };
}
