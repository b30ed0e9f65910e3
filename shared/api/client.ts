/**
 * The widgets' request functions (docs/architecture.md "One request layer"). Every call the
 * widgets make to the server goes through here: the JSON GETs and POSTs, the committing POSTs,
 * the uploads and the deletes, and the first panel's GETs the shim prefetched.
 * - The rules (URLs, credentials, headers, timeouts, what is transient, what every failure
 *   becomes) are shared/api/policy.ts's; this module applies them, and maps every failure to a
 *   WidgetError in one place ({@link send}).
 * - Every request drives the page-wide progress bar through `@rw/page-runtime`.
 * - GETs and uploads are tried again after a transient failure (no answer, timeout, 408, 429,
 *   5xx) with exponential backoff, by axios-retry alone; committing POSTs are never tried again
 *   by the code and carry an `Idempotency-Key` (docs/architecture.md "Exactly once").
 * - axios itself (shared/api/http.ts) is loaded on the first request that needs it: a first panel
 *   whose GETs the shim prefetched shows without it (docs/performance.md).
 */
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { v4 as uuidv4 } from 'uuid';
import { apiUrl, noteConnection, startActivity, takePrefetched, type PrefetchedAnswer } from '@rw/page-runtime';
import type { LayerConfig, PrefetchedOutcome } from './http';
import { parseJsonBody, settings, toWidgetError } from './policy';

/** The axios side of the client, loaded on first use (its own chunk in the build). */
const loadHttp = () => import(/* webpackChunkName: "rw-http" */ './http');

let warmed = false;

/**
 * Loads the axios side once the page is idle, after a first panel that did without it, so that the
 * traveller's first action (Accept refund) does not wait for it. A failure is ignored: the action
 * loads it again (docs/offline.md "Code that loads again").
 */
function loadHttpWhenIdle(): void {
  if (warmed) return;
  warmed = true;
  const load = () => void loadHttp().catch(() => undefined);
  const idle = (globalThis as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number })
    .requestIdleCallback;
  if (idle) idle(load, { timeout: 3000 });
  else setTimeout(load, 1000);
}

/** Resolves a fixed API path of docs/product-rules.md section 7 against the host's `data-api-base`. */
export { apiUrl };

/**
 * Sends one request through the page's axios instance, loading it first if needed, and maps any
 * failure, a failed load of axios's own code included, to a WidgetError: the one place this is
 * done for every call.
 *
 * @param config the request; `prefetched`, when given, is the outcome of the GET the shim
 *   already sent, which counts as its first try
 * @throws WidgetError (policy.ts `toWidgetError`)
 */
async function send<T>(
  config: AxiosRequestConfig & LayerConfig,
  prefetched?: PrefetchedOutcome,
): Promise<AxiosResponse<T>> {
  try {
    const http = await loadHttp();
    const adapter = prefetched ? http.prefetchedFirst(http.api, prefetched) : undefined;
    const response = await http.api.request<T>(adapter ? { ...config, adapter } : config);
    noteConnection(true);
    return response;
  } catch (error) {
    const failure = toWidgetError(error);
    // What the page knows of the connection (docs/offline.md "Offline, and back"): an answer of
    // any status means online; no answer at all (nor the code to send it), a NETWORK_ERROR, offline.
    noteConnection(failure.code !== 'NETWORK_ERROR');
    throw failure;
  }
}

/** A response body read as text, as it came: the layer parses it ({@link parseJsonBody}). */
const AS_TEXT: Pick<AxiosRequestConfig, 'responseType' | 'transformResponse'> = {
  responseType: 'text',
  transformResponse: [(data: unknown) => data],
};

/**
 * Waits for the answer the shim prefetched (docs/performance.md "First panel"), as the first try
 * of the GET: driving the progress bar, bounded by the GET timeout. Never rejects.
 */
async function awaitPrefetched(answer: Promise<PrefetchedAnswer>): Promise<PrefetchedOutcome> {
  const endActivity = startActivity();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<PrefetchedOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), settings.timeouts.get);
  });
  try {
    return await Promise.race([
      answer.then(
        (a): PrefetchedOutcome => ({ kind: 'answer', answer: a }),
        (cause: unknown): PrefetchedOutcome => ({ kind: 'no-answer', cause }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
    endActivity();
  }
}

/**
 * GET `url` (a page-given URL such as the refund-status URL) and return its parsed JSON body.
 * Transient failures are tried again with backoff. When the shim already started this GET (it
 * does for a first panel's calls, page runtime `prefetchGet`), its answer is taken instead of
 * sending the request again, and counts as the first try: a successful one is read without
 * loading axios; a failed one goes on as an axios GET, with the same retries and errors.
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, INVALID_RESPONSE for a body that is not JSON).
 */
export async function getJson(url: string): Promise<unknown> {
  const prefetched = takePrefetched(url);
  const outcome = prefetched ? await awaitPrefetched(prefetched) : undefined;
  if (outcome?.kind === 'answer' && outcome.answer.ok) {
    noteConnection(true);
    loadHttpWhenIdle();
    return parseJsonBody(outcome.answer.body);
  }
  const response = await send<string>(
    {
      method: 'get',
      url,
      timeout: settings.timeouts.get,
      'axios-retry': { retries: settings.retry.retries },
      ...AS_TEXT,
    },
    outcome,
  );
  return parseJsonBody(response.data);
}

/** A new Idempotency-Key for one confirmed intent (docs/architecture.md "Exactly once"). */
export function newIdempotencyKey(): string {
  return uuidv4();
}

/**
 * POST a committing call (ProcessRefund, ProcessRefundWithReplacement, submit-claim) exactly
 * once: never tried again by the code, carrying `idempotencyKey` so a traveller's own retry is
 * recognised by the server. Any 2xx is success, whatever the body (docs/architecture.md).
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
 * POST a non-committing call (LookupJourneys, the replacement DryRun) to a fixed API path and
 * return its parsed JSON body. Not tried again (a POST), no Idempotency-Key (it changes nothing),
 * GET timeout. @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, INVALID_RESPONSE)
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
 * POST to a fixed API path with no body, whose answer is not read (the manual claim's delete,
 * docs/product-rules.md section 7): any 2xx is success. Not tried again automatically: a failed
 * delete keeps the file listed with a retry (docs/architecture.md). Committing-call timeout.
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, FORBIDDEN)
 */
export async function postWithoutBody(path: string): Promise<void> {
  await send({ method: 'post', url: apiUrl(path), timeout: settings.timeouts.post, 'axios-retry': { retries: 0 } });
}

/**
 * POST one file as `multipart/form-data` to a fixed API path (the manual claim's upload,
 * docs/product-rules.md section 7) and return the answer's body as text. The request carries
 * `idempotencyKey`, so the server answers a second try with its first answer; it is therefore
 * tried again after a transient failure, with backoff, as often as the policy says (three tries
 * in all by default), each try bounded by the upload timeout.
 *
 * @param path e.g. `/tickets/upload`
 * @param upload `field` and `filename` of the multipart part, its `blob`, further `headers`
 *   (e.g. `Journey-Id`), the `idempotencyKey`, and an optional `signal` that aborts it
 * @returns the answer's body text
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, FORBIDDEN); an aborted upload is a NETWORK_ERROR
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
