/**
 * The axios side of the API client (shared/api/client.ts): the one axios instance of the widgets
 * with its interceptors and retries. client.ts loads it on first use (`import()`), so a first panel
 * whose answers the shim prefetched never downloads axios (docs/performance.md "How the first panel
 * loads now", item 4). Widgets call client.ts, never this module; tests import {@link api} from here
 * to put a mock adapter on it.
 */
import axios, { type AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import axiosRetry, { exponentialDelay } from 'axios-retry';
import { sendsCredentials, startActivity } from '@rw/page-runtime';
import { antiforgeryHeaders, isStateChanging, isTransientStatus, settings } from './client';

type TrackedConfig = InternalAxiosRequestConfig & { rwEndActivity?: () => void };

function isTransient(error: AxiosError): boolean {
  if (!error.response) return true; // no answer or timeout
  return isTransientStatus(error.response.status);
}

/**
 * Creates an axios instance: credentials only for the page's API base, the antiforgery and
 * `X-Requested-With` headers on state-changing requests, the progress bar, and GET retries of
 * transient failures with exponential backoff. Exported for tests; the widgets use {@link api}.
 */
export function createClient(): AxiosInstance {
  // clarifyTimeoutError: a timeout is ETIMEDOUT, told apart from an aborted request.
  const instance = axios.create({ transitional: { clarifyTimeoutError: true } });
  instance.interceptors.request.use((config: TrackedConfig) => {
    // Cookies go to a cross-origin API only when it is the page's API base (docs/cross-origin.md).
    config.withCredentials = sendsCredentials(config.url ?? '');
    if (isStateChanging(config.method)) {
      config.headers.set('X-Requested-With', 'XMLHttpRequest');
      for (const [name, value] of Object.entries(antiforgeryHeaders())) config.headers.set(name, value);
    }
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
    // axios writes the method in lower case into the config of every request.
    retryCondition: (error) => error.config?.method === 'get' && isTransient(error),
    retryDelay: (retryCount, error) => exponentialDelay(retryCount, error, settings.retry.baseDelayMs),
    shouldResetTimeout: true,
  });
  return instance;
}

/** The page's axios instance (one per widget bundle, shared with federation where two widgets use it). */
export const api = createClient();

/** The backoff (ms) before retry number `retryCount` (1 for the first), as axios-retry computes it. */
export const backoffMs = (retryCount: number): number =>
  exponentialDelay(retryCount, undefined, settings.retry.baseDelayMs);
