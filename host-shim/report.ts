/**
 * The shim's own error report for a page it refuses (docs/security.md "The shim trusts only itself"),
 * sent without the loader or page runtime, which the broken page may stop from loading.
 */
import { redactText, redactUrl } from '../shared/runtime/redact';
import type { ErrorReport } from '../shared/types';

/** POSTs one redacted error report for `error` (source `host-shim`) under `apiBase`. Never throws. */
export function sendShimReport(error: Error, apiBase: string): void {
  try {
    const report: ErrorReport = {
      time: new Date().toISOString(),
      message: redactText(`${error.name}: ${error.message}`),
      source: 'host-shim',
      line: 0,
      column: 0,
      ua: navigator.userAgent,
      pageUrl: redactUrl(location.href),
      stack: '',
    };
    fetch(new URL(`${apiBase}/report/error`, location.href).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch, or no location: nothing to report with.
  }
}
