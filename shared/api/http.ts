/**
 * The widgets' one axios instance, applying shared/api/policy.ts, with axios-retry as the one retry
 * mechanism; loaded by client.ts on first use (docs/architecture.md "One request layer").
 */
import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import axiosRetry, { exponentialDelay } from 'axios-retry';
import { reportError, sendsCredentials, startActivity, type PrefetchedAnswer } from '@rw/page-runtime';
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
  });
  return instance;
}

export const api = createClient();

/** How the shim's prefetched GET ended: an answer, no answer (`cause`: what fetch threw), or a timeout. */
export type PrefetchedOutcome =
  { kind: 'answer'; answer: PrefetchedAnswer } | { kind: 'no-answer'; cause: unknown } | { kind: 'timeout' };

/**
 * An adapter whose first call settles with `outcome` and whose later calls (retries) use the
 * instance's own adapter: a failed prefetch becomes the first try of an ordinary GET.
 */
export function prefetchedFirst(instance: AxiosInstance, outcome: PrefetchedOutcome): AxiosAdapter {
  let used = false;
  return (config) => {
    if (used) return axios.getAdapter(instance.defaults.adapter)(config);
    used = true;
    if (outcome.kind === 'timeout') {
      return Promise.reject(new AxiosError(`timeout of ${config.timeout}ms exceeded`, 'ETIMEDOUT', config));
    }
    if (outcome.kind === 'no-answer') {
      const failure = new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
      failure.cause = outcome.cause as Error;
      return Promise.reject(failure);
    }
    const { status, body } = outcome.answer;
    const response: AxiosResponse = { data: body, status, statusText: '', headers: {}, config, request: undefined };
    if (config.validateStatus?.(status) ?? (status >= 200 && status < 300)) return Promise.resolve(response);
    const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    return Promise.reject(
      new AxiosError(`Request failed with status code ${status}`, code, config, undefined, response),
    );
  };
}
