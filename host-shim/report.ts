/**
 * The shim's own error report for a page it refuses (docs/security.md "The shim trusts only itself"). It is sent
 * without the loader chunk and the page runtime, because what the page broke (a shadowed
 * `document.getElementsByTagName`, say) may be what loading them needs: one
 * `POST <base>/report/error` in the format of docs/error-reports.md, with the page address and
 * the message redacted as the page runtime does.
 */
import { redactText, redactUrl } from '../shared/runtime/redact';
import type { ErrorReport } from '../shared/types';

/**
 * Sends one error report for `error` (source `host-shim`). Never throws; a failed send is dropped.
 *
 * @param error the refusal; the report's message is `<name>: <message>`
 * @param apiBase where `/report/error` is: '' for the page's own origin, else a checked base
 */
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
