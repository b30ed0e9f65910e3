/**
 * Page-wide singletons (docs/architecture.md "Page-wide singletons"): request activity, the one thin
 * progress bar and the error-report throttle. Federation shares this module as a singleton
 * (`@rw/page-runtime`), so a page with three widgets has one bar and one throttle.
 *
 * Error reports use `fetch`, not the widgets' axios client: the reporter lives in the host shim,
 * must work when a widget bundle failed to load, and must never report its own failures. They
 * follow the request policy (shared/api/policy.ts) all the same: its URL, credentials and headers.
 */
import type { ErrorReport } from '../types';
import { pageBookingReferences, redactText, redactUrl } from './redact';
import './runtime.css';

import { crossOriginApiRequest, requestHeaders, resolveApiUrl } from '../api/policy';
export { prefetchGet, takePrefetched, type PrefetchedAnswer } from './prefetch';
export { noteConnection, offlineReason, subscribeConnection, type OfflineReason } from './connection';
// The shim's vitals chunk redacts its route as error reports are redacted (host-shim/vitalsReporter.ts).
export { pageBookingReferences, redactUrl } from './redact';

/** Minimum time between two error reports (docs/product-rules.md section 9). */
export const REPORT_THROTTLE_MS = 150;
/** Progress bar fill and fade timers (docs/product-rules.md section 9). */
export const PROGRESS_FADE_MS = 500;

interface RuntimeState {
  active: number;
  apiBase: string;
  lastReportAt: number;
  reporting: boolean;
  bar: HTMLElement | null;
  fadeTimer: ReturnType<typeof setTimeout> | null;
  listeners: Set<(active: boolean) => void>;
}

const state: RuntimeState = {
  active: 0,
  apiBase: '',
  lastReportAt: Number.NEGATIVE_INFINITY,
  reporting: false,
  bar: null,
  fadeTimer: null,
  listeners: new Set(),
};

/** Sets the prefix for the fixed API paths of docs/product-rules.md section 7 (the shim's `data-api-base`); '' is the page's origin. */
export function setApiBase(base: string): void {
  state.apiBase = base.replace(/\/+$/, '');
}

/** Returns `path` prefixed with the API base (see {@link setApiBase}). */
export function apiUrl(path: string): string {
  return resolveApiUrl(path, state.apiBase);
}

/**
 * Whether a request to `url` carries the browser's credentials (the session cookie) across
 * origins: true only when the API base is an absolute URL of another origin than the page's and
 * `url` resolves to that same origin (docs/cross-origin.md). Same-origin requests carry cookies
 * anyway; no other origin ever gets them. Never throws.
 *
 * @param url an absolute URL or one relative to the page
 */
export function sendsCredentials(url: string): boolean {
  return typeof location !== 'undefined' && crossOriginApiRequest(url, state.apiBase, location.href);
}

function progressBar(): HTMLElement | null {
  if (typeof document === 'undefined' || !document.body) return null;
  if (!state.bar || !state.bar.isConnected) {
    const bar = document.createElement('div');
    bar.className = 'rw-progress';
    bar.setAttribute('aria-hidden', 'true');
    bar.setAttribute('data-rw-progress', '');
    document.body.appendChild(bar);
    state.bar = bar;
  }
  return state.bar;
}

function renderBar(): void {
  const bar = progressBar();
  if (!bar) return;
  if (state.fadeTimer) {
    clearTimeout(state.fadeTimer);
    state.fadeTimer = null;
  }
  if (state.active > 0) {
    bar.classList.remove('rw-progress--done');
    bar.classList.add('rw-progress--active');
  } else {
    bar.classList.remove('rw-progress--active');
    bar.classList.add('rw-progress--done');
    state.fadeTimer = setTimeout(() => {
      bar.classList.remove('rw-progress--done');
      state.fadeTimer = null;
    }, PROGRESS_FADE_MS);
  }
}

/**
 * Marks the start of one unit of activity (a request). Returns a function that ends it; calling
 * it more than once has no further effect. The progress bar shows while any activity is open.
 */
export function startActivity(): () => void {
  let ended = false;
  state.active += 1;
  if (state.active === 1) {
    renderBar();
    state.listeners.forEach((fn) => fn(true));
  }
  return () => {
    if (ended) return;
    ended = true;
    state.active = Math.max(0, state.active - 1);
    if (state.active === 0) {
      renderBar();
      state.listeners.forEach((fn) => fn(false));
    }
  };
}

/** Number of open activities (requests in flight) on the page. */
export function activeCount(): number {
  return state.active;
}

/** Subscribes to activity changes (true when the first starts, false when the last ends). Returns unsubscribe. */
export function subscribeActivity(listener: (active: boolean) => void): () => void {
  state.listeners.add(listener);
  return () => {
    state.listeners.delete(listener);
  };
}

/** Extra fields an error report may carry beyond what the error itself gives. */
export interface ReportContext {
  source?: string;
  line?: number;
  column?: number;
}

/**
 * Builds the error report of docs/product-rules.md section 3 for `error`. Pure apart from reading the page URL,
 * the Details block and the UA. Personal data is removed (see `redact.ts`): in `pageUrl` and
 * `source` the `BookingReference` and `Email` query values and any query value that, decoded as
 * often as it was encoded, carries an e-mail address or a booking reference; in all four fields
 * every e-mail address (encoded any number of times) and the page's booking reference.
 */
export function buildErrorReport(error: unknown, context: ReportContext = {}): ErrorReport {
  const err = error instanceof Error ? error : null;
  const message = err ? `${err.name}: ${err.message}` : typeof error === 'string' ? error : safeString(error);
  const pageUrl = typeof location === 'undefined' ? '' : location.href;
  const references = pageBookingReferences(pageUrl, typeof document === 'undefined' ? undefined : document);
  return {
    time: new Date().toISOString(),
    message: redactText(message.slice(0, 2000), references),
    source: redactUrl(context.source ?? '', references),
    line: context.line ?? 0,
    column: context.column ?? 0,
    ua: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    pageUrl: redactUrl(pageUrl, references),
    stack: redactText((err?.stack ?? '').slice(0, 8000), references),
  };
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The message of a report for a thrown value that cannot be turned into text. */
export const UNREADABLE_ERROR_TEXT = 'An error that could not be read';

/**
 * POSTs an error report to `/report/error` (docs/product-rules.md sections 3 and 7), at most one per 150 ms
 * page-wide; reports inside the window are dropped. Never throws and never reports its own
 * failure. Returns true when a report was sent.
 */
export function reportError(error: unknown, context: ReportContext = {}): boolean {
  const now = Date.now();
  if (state.reporting || now - state.lastReportAt < REPORT_THROTTLE_MS) return false;
  if (typeof fetch !== 'function') return false;
  state.lastReportAt = now;
  state.reporting = true;
  try {
    let report: ErrorReport;
    try {
      report = buildErrorReport(error, context);
    } catch {
      // A thrown value that cannot be read (a throwing getter, a cyclic null-prototype object) is
      // still reported, as what little can be said about it.
      report = buildErrorReport(UNREADABLE_ERROR_TEXT, context);
    }
    return sendReport('/report/error', report);
  } catch {
    return false;
  } finally {
    state.reporting = false;
  }
}

/**
 * POSTs one report as JSON to `path` under the API base (`/report/error`, and `/report/vitals`
 * of docs/host-contract.md "POST /report/vitals"): the request policy's headers and credentials,
 * as every request (shared/api/policy.ts), and `keepalive`, so a report sent while the page is
 * being hidden or left still arrives. A failed send is dropped, never retried nor reported.
 *
 * @param path the fixed API path, e.g. `/report/vitals`
 * @param report the body, already free of personal data (./redact.ts)
 * @returns true when the request was started; false without `fetch`. Never throws.
 */
export function sendReport(path: string, report: object): boolean {
  try {
    if (typeof fetch !== 'function') return false;
    const url = apiUrl(path);
    fetch(url, {
      method: 'POST',
      headers: { ...requestHeaders('POST'), 'Content-Type': 'application/json' },
      credentials: sendsCredentials(url) ? 'include' : 'same-origin',
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

let globalHandlersInstalled = false;

/**
 * Installs `window.onerror` and `unhandledrejection` listeners that report to `/report/error`
 * (once per page, whatever calls it). Listeners are added with addEventListener, so the host's
 * own handlers keep working.
 */
export function installGlobalErrorHandlers(): void {
  if (globalHandlersInstalled || typeof window === 'undefined') return;
  globalHandlersInstalled = true;
  window.addEventListener('error', (event: ErrorEvent) => {
    reportError(event.error ?? event.message, { source: event.filename, line: event.lineno, column: event.colno });
  });
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    reportError(event.reason);
  });
}
