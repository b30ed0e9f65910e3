/**
 * Page-wide singletons shared by federation as `@rw/page-runtime` (docs/architecture.md "Page-wide
 * singletons"): request activity, the progress bar, the error-report throttle. Reports use `fetch`,
 * not axios: the shim reports even when a widget bundle failed to load.
 */
import type { ErrorReport } from '../types';
import { pageBookingReferences, redactText, redactUrl } from './redact';
import './runtime.css';

import { crossOriginApiRequest, requestHeaders, resolveApiUrl } from '../api/policy';
export { prefetchGet, takePrefetched } from './prefetch';
export { noteConnection, offlineReason, subscribeConnection, type OfflineReason } from './connection';
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

/** Sets the API base of docs/product-rules.md section 7 (the shim's `data-api-base`); '' = the page's origin. */
export function setApiBase(base: string): void {
  state.apiBase = base.replace(/\/+$/, '');
}

export function apiUrl(path: string): string {
  return resolveApiUrl(path, state.apiBase);
}

/** Whether a request to `url` carries cookies across origins: only to the API base (docs/cross-origin.md). Never throws. */
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

/** Opens one unit of activity (a request) for the progress bar; returns its idempotent end. */
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

export function activeCount(): number {
  return state.active;
}

/** Subscribes to activity changes (true: the first starts; false: the last ends); returns unsubscribe. */
export function subscribeActivity(listener: (active: boolean) => void): () => void {
  state.listeners.add(listener);
  return () => {
    state.listeners.delete(listener);
  };
}

export interface ReportContext {
  source?: string;
  line?: number;
  column?: number;
}

/**
 * The error report of docs/product-rules.md section 3 for `error`, with personal data removed
 * (docs/error-reports.md "What a report never contains").
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
      // A value that cannot be read (a throwing getter, a cyclic object) is still reported.
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
 * POSTs `report` as JSON to `path` under the API base with the policy's headers and `keepalive`, so
 * it arrives as the page is left; a failure is dropped. Returns whether it was sent. Never throws.
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

/** Reports `error` and `unhandledrejection` events, once per page; the host's handlers keep working. */
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
