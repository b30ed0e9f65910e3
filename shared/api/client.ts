/**
 * The widgets' request functions, applying shared/api/policy.ts (docs/architecture.md "One request
 * layer"). GETs and uploads retry transient failures; committing POSTs never retry and carry an
 * `Idempotency-Key` (docs/architecture.md "Exactly once"). axios loads on the first request needing it.
 */
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { v4 as uuidv4 } from 'uuid';
import { apiUrl, noteConnection, startActivity, takePrefetched } from '@rw/page-runtime';
import type { LayerConfig } from './http';
import { parseJsonBody, settings, toWidgetError } from './policy';

const loadHttp = () => import(/* webpackChunkName: "rw-http" */ './http');

let warmed = false;
/** How long after the first answer axios waits for an idle page, so it loads after the first panel paints. */
const WARM_AFTER_MS = 2000;

/**
 * Loads axios after the first panel (docs/performance.md "First panel"): at the first pointer or key
 * press, or when the page is idle `WARM_AFTER_MS` later, so an action does not wait for it. A failure is ignored.
 */
function loadHttpAfterFirstPanel(): void {
  if (warmed) return;
  warmed = true;
  const events = ['pointerdown', 'keydown'] as const;
  const load = () => {
    events.forEach((type) => document.removeEventListener(type, load, true));
    void loadHttp().catch(() => undefined);
  };
  events.forEach((type) => document.addEventListener(type, load, { capture: true, passive: true }));
  const idle = (globalThis as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number })
    .requestIdleCallback;
  setTimeout(() => (idle ? idle(load, { timeout: 3000 }) : load()), WARM_AFTER_MS);
}

/** Resolves a fixed API path of docs/product-rules.md section 7 against the host's `data-api-base`. */
export { apiUrl };

/** Sends one request through axios, loading it first; `first` is the shim's answer as the first try. Throws WidgetError. */
async function send<T>(config: AxiosRequestConfig & LayerConfig, first?: Promise<Response>): Promise<AxiosResponse<T>> {
  try {
    const http = await loadHttp();
    const response = await http.api.request<T>(first ? { ...config, ...http.firstTryFrom(first) } : config);
    noteConnection(true);
    return response;
  } catch (error) {
    const failure = toWidgetError(error);
    // Any answer means online; no answer (nor the code to send it) means offline.
    noteConnection(failure.code !== 'NETWORK_ERROR');
    throw failure;
  }
}

const AS_TEXT: Pick<AxiosRequestConfig, 'responseType' | 'transformResponse'> = {
  responseType: 'text',
  transformResponse: [(data: unknown) => data],
};

/**
 * The shim's answer when it is a success within the GET timeout; otherwise what axios takes as its
 * first try: the failed answer, or a timeout. Never rejects.
 */
async function awaitPrefetched(
  answer: Promise<Response>,
): Promise<{ success: Response } | { first: Promise<Response> }> {
  const endActivity = startActivity();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), settings.timeouts.get);
  });
  try {
    const settled = await Promise.race([
      answer.then(
        (response) => response,
        () => undefined,
      ),
      late,
    ]);
    if (settled?.ok) return { success: settled };
    if (settled !== null) return { first: answer };
    const timeout = Object.assign(new Error(`timeout of ${settings.timeouts.get}ms exceeded`), { code: 'ETIMEDOUT' });
    const timedOut = Promise.reject(timeout);
    timedOut.catch(() => undefined); // axios takes the rejection
    return { first: timedOut };
  } finally {
    clearTimeout(timer);
    endActivity();
  }
}

/**
 * GETs `url` and returns its parsed JSON body, retrying transient failures. A GET the shim prefetched
 * is the first try: a success is read here, so axios stays off the first panel; a failure goes to
 * axios as its first try (docs/performance.md "First panel").
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, INVALID_RESPONSE)
 */
export async function getJson(url: string): Promise<unknown> {
  const prefetched = takePrefetched(url);
  const outcome = prefetched ? await awaitPrefetched(prefetched) : undefined;
  if (outcome && 'success' in outcome) {
    noteConnection(true);
    loadHttpAfterFirstPanel();
    return parseJsonBody(await outcome.success.text());
  }
  const response = await send<string>(
    {
      method: 'get',
      url,
      timeout: settings.timeouts.get,
      'axios-retry': { retries: settings.retry.retries },
      ...AS_TEXT,
    },
    outcome?.first,
  );
  return parseJsonBody(response.data);
}

/** A new Idempotency-Key for one confirmed intent (docs/architecture.md "Exactly once"). */
export function newIdempotencyKey(): string {
  return uuidv4();
}

/**
 * POSTs a committing call once, with `idempotencyKey`; any 2xx is success (docs/architecture.md "Exactly once").
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, FORBIDDEN)
 */
export async function postCommitting(path: string, body: unknown, idempotencyKey: string): Promise<unknown> {
  const response = await send({
    method: 'post',
    url: apiUrl(path),
    data: body,
    timeout: settings.timeouts.post,
    headers: { 'Idempotency-Key': idempotencyKey, 'Content-Type': 'application/json' },
    'axios-retry': { retries: 0 },
  });
  return response.data;
}

/**
 * POSTs a non-committing call (LookupJourneys, DryRun) once, GET timeout; returns the parsed JSON body.
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, INVALID_RESPONSE)
 */
export async function postJson(path: string, body: unknown): Promise<unknown> {
  const response = await send<string>({
    method: 'post',
    url: apiUrl(path),
    data: body,
    timeout: settings.timeouts.get,
    headers: { 'Content-Type': 'application/json' },
    'axios-retry': { retries: 0 },
    ...AS_TEXT,
  });
  return parseJsonBody(response.data);
}

/**
 * POSTs with no body, answer unread (the manual claim's delete); not retried.
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, FORBIDDEN)
 */
export async function postWithoutBody(path: string): Promise<void> {
  await send({ method: 'post', url: apiUrl(path), timeout: settings.timeouts.post, 'axios-retry': { retries: 0 } });
}

/**
 * POSTs one file as `multipart/form-data` with `idempotencyKey`, retrying transient failures; returns
 * the body text (docs/product-rules.md section 7).
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, FORBIDDEN); an abort is a NETWORK_ERROR
 */
export async function postFile(
  path: string,
  upload: {
    field: string;
    filename: string;
    blob: Blob;
    headers: Record<string, string>;
    idempotencyKey: string;
    signal?: AbortSignal;
  },
): Promise<string> {
  const form = new FormData();
  form.append(upload.field, upload.blob, upload.filename);
  const response = await send<string>({
    method: 'post',
    url: apiUrl(path),
    data: form,
    timeout: settings.timeouts.upload,
    headers: { ...upload.headers, 'Idempotency-Key': upload.idempotencyKey },
    signal: upload.signal,
    rwRetryable: true,
    'axios-retry': { retries: settings.retry.retries },
    ...AS_TEXT,
  });
  return response.data;
}
