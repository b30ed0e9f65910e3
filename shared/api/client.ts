/**
 * The widgets' request functions, applying shared/api/policy.ts (docs/architecture.md "One request
 * layer"). GETs and uploads retry transient failures; committing POSTs never retry and carry an
 * `Idempotency-Key` (docs/architecture.md "Exactly once").
 */
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { apiUrl, noteConnection, takePrefetched } from '@rw/page-runtime';
import { api, firstTryFrom, type LayerConfig } from './http';
import { parseJsonBody, settings, toWidgetError } from './policy';

/** Resolves a fixed API path of docs/product-rules.md section 7 against the host's `data-api-base`. */
export { apiUrl };

/** Sends one request through the widgets' axios instance. Throws WidgetError. */
async function send<T>(config: AxiosRequestConfig & LayerConfig): Promise<AxiosResponse<T>> {
  try {
    const response = await api.request<T>(config);
    noteConnection(true);
    return response;
  } catch (error) {
    const failure = toWidgetError(error);
    // Any answer means online; no answer means offline.
    noteConnection(failure.code !== 'NETWORK_ERROR');
    throw failure;
  }
}

const AS_TEXT: Pick<AxiosRequestConfig, 'responseType' | 'transformResponse'> = {
  responseType: 'text',
  transformResponse: [(data: unknown) => data],
};

/**
 * GETs `url` and returns its parsed JSON body, retrying transient failures; a GET the shim prefetched
 * is the first try (docs/performance.md "First panel").
 * @throws WidgetError (TIMEOUT, NETWORK_ERROR, API_ERROR, INVALID_RESPONSE)
 */
export async function getJson(url: string): Promise<unknown> {
  const prefetched = takePrefetched(url);
  const response = await send<string>({
    method: 'get',
    url,
    timeout: settings.timeouts.get,
    'axios-retry': { retries: settings.retry.retries },
    ...AS_TEXT,
    ...(prefetched ? firstTryFrom(prefetched) : {}),
  });
  return parseJsonBody(response.data);
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
