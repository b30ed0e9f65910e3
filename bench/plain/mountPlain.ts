/**
 * Bench only: what the host shim does for one mount id, without federation. A plain bundle
 * (bench/webpack.plain.js) carries one widget and its own React; its deferred script finds the
 * widget's mount point, starts the page runtime and mounts the widget, isolating a failure.
 */
import { installGlobalErrorHandlers, reportError, setApiBase } from '@rw/page-runtime';
import { showFallback } from '../../host-shim/fallback';

type Mount = (element: HTMLElement, options?: Record<string, unknown>) => () => void;

export function mountPlain(widget: string, mountId: string, mount: Mount): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const apiBase = (script?.dataset.apiBase ?? '').replace(/\/+$/, '');
  const run = () => {
    const element = document.getElementById(mountId);
    if (!element || element.hasAttribute('data-rw-mounted')) return;
    setApiBase(apiBase);
    installGlobalErrorHandlers();
    try {
      mount(element, { apiBase });
    } catch (error) {
      showFallback(element);
      reportError(error, { source: `widget:${widget}` });
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}
