/**
 * The axios side of the request layer (docs/architecture.md "One request layer"): the one axios
 * instance of the widgets, which applies shared/api/policy.ts to every request it sends, and the
 * one retry mechanism (axios-retry). shared/api/client.ts loads this module on first use
 * (`import()`), so a first panel whose answers the shim prefetched never downloads axios
 * (docs/performance.md "First panel", item 4). Widgets call client.ts, never
 * this module; tests import {@link api} from here to put a mock adapter on it.
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

/** What the layer adds to axios's request config. */
export interface LayerConfig {
  /**
   * A state-changing request that may be tried again after a transient failure because it
   * carries an Idempotency-Key the server honours (the uploads). GETs may always be; committing
   * POSTs never are (docs/architecture.md "Exactly once").
   */
  rwRetryable?: boolean;
}

type TrackedConfig = InternalAxiosRequestConfig & LayerConfig & { rwEndActivity?: () => void };

/** Whether a failed request may be tried again: a GET or a retryable request, without an answer, timed out, or transient. */
function mayRetry(error: AxiosError): boolean {
  const config = error.config as TrackedConfig | undefined;
  if (config?.method !== 'get' && config?.rwRetryable !== true) return false;
  return !error.response || isTransientStatus(error.response.status);
}

let strayReported = false;

/** Reports, once a page, a token meta planted outside the head (docs/security.md "Sessions and antiforgery on the reference backend"). */
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
    // Cookies go to a cross-origin API only when it is the page's API base (docs/cross-origin.md).
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

/** The page's axios instance (one per widget bundle, shared with federation where two widgets use it). */
export const api = createClient();

/**
 * How the GET the shim prefetched ended (shared/api/client.ts `getJson`): an answer, no answer
 * (`cause` is what the fetch threw), or no answer within the GET timeout.
 */
export type PrefetchedOutcome =
  { kind: 'answer'; answer: PrefetchedAnswer } | { kind: 'no-answer'; cause: unknown } | { kind: 'timeout' };

/**
 * An axios adapter whose first call settles with `outcome`, as if axios had sent that GET
 * itself, and whose later calls (axios-retry's tries) go to the instance's own adapter. This is
 * how a prefetched GET that failed becomes the first try of an axios GET: the same retries, the
 * same backoff and the same errors as any other GET.
 *
 * @param instance the axios instance the later tries use
 * @param outcome the prefetched GET's outcome
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
