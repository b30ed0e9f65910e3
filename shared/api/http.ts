/**
 * The widgets' one axios instance, applying shared/api/policy.ts, with axios-retry as the one retry
 * mechanism; loaded by client.ts on first use (docs/architecture.md "One request layer").
 */
import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import axiosRetry, { exponentialDelay } from 'axios-retry';
import { reportError, sendsCredentials, startActivity } from '@rw/page-runtime';
import { isStateChanging, isTransientStatus, requestHeaders, settings, strayTokenSources } from './policy';

export interface LayerConfig {
  /** A state-changing request that may retry: it carries an Idempotency-Key the server honours (uploads). */
  rwRetryable?: boolean;
}

type TrackedConfig = InternalAxiosRequestConfig & LayerConfig & { rwEndActivity?: () => void };

function mayRetry(error: AxiosError): boolean {
  const config = error.config as TrackedConfig | undefined;
  if (config?.method !== 'get' && config?.rwRetryable !== true) return false;
  return !error.response || isTransientStatus(error.response.status);
}

let strayReported = false;

/** Reports, once a page, a token meta outside the head (docs/security.md "Sessions and antiforgery on the reference backend"). */
function reportStrayToken(): void {
  if (strayReported || typeof document === 'undefined' || strayTokenSources(document) === 0) return;
  strayReported = reportError(new Error('refund-widgets: token meta outside <head> ignored'));
}

/**
 * Creates an axios instance that follows the policy: credentials only for the page's API base,
 * the policy's headers on state-changing requests, the progress bar, and retries of transient
 * failures of GETs and retryable requests with exponential backoff (the per-request
 * `'axios-retry'.retries` says how many; the instance's default is the policy's).
 */
function createClient(): AxiosInstance {
  // clarifyTimeoutError: a timeout is ETIMEDOUT, told apart from an aborted request.
  const instance = axios.create({ transitional: { clarifyTimeoutError: true } });
  instance.interceptors.request.use((config: TrackedConfig) => {
    config.withCredentials = sendsCredentials(config.url ?? '');
    for (const [name, value] of Object.entries(requestHeaders(config.method))) config.headers.set(name, value);
    if (isStateChanging(config.method)) reportStrayToken();
    config.rwEndActivity?.();
    config.rwEndActivity = startActivity();
    return config;
  });
  instance.interceptors.response.use(
    (response: AxiosResponse) => {
      (response.config as TrackedConfig).rwEndActivity?.();
      return response;
    },
    (error: unknown) => {
      if (axios.isAxiosError(error)) (error.config as TrackedConfig | undefined)?.rwEndActivity?.();
      return Promise.reject(error);
    },
  );
  axiosRetry(instance, {
    retries: settings.retry.retries,
    retryCondition: mayRetry,
    retryDelay: (retryCount, error) => exponentialDelay(retryCount, error, settings.retry.baseDelayMs),
    shouldResetTimeout: true,
    // A retry of a prefetched GET goes by XHR, as every other request does.
    onRetry: (_count, _error, config) => {
      if (config.adapter === 'fetch') Object.assign(config, { adapter: undefined, env: undefined });
    },
  });
  return instance;
}

export const api = createClient();

/**
 * The config whose first try is `answer`, the shim's GET of the same URL already under way
 * (docs/performance.md "First panel"): axios's fetch adapter reads it within the request's timeout.
 */
export function firstTryFrom(answer: Promise<Response>): Pick<AxiosRequestConfig, 'adapter' | 'env'> {
  const fetchAnswer = (input: URL | Request | string, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const signal = typeof input === 'object' && 'signal' in input ? input.signal : init?.signal;
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      answer.then(resolve, reject);
    });
  return { adapter: 'fetch', env: { fetch: fetchAnswer } };
}
