/**
 * The refund widget's tests mount it on a host page laid out as the dev host lays it out, with the
 * page's refund status and dry-run GETs answered on the one axios instance. One copy of that page
 * for RefundWidget, RefundPageViews, the replacement panel, the fault matrix and the hostile-text
 * tests.
 */
import type MockAdapter from 'axios-mock-adapter';
import stations from '../../../fixtures/stations.json';
import { configureClient } from '../../../shared/api/policy';
import { mountOnHostPage, type HostPageOptions } from '../../hostPage';
import { mount } from '../../../widgets/refund/mount';

/** The page's `data-refund-status-url` and `data-dry-run-url`. */
export const STATUS_URL = '/Refund/Status?bookingReference=X';
export const DRY_RUN_URL = '/Refund/DryRun?bookingReference=X';
/** The page's `data-appeals-email` and `data-support-email`. */
export const APPEALS_EMAIL = 'appeals@example.co.uk';
export const SUPPORT_EMAIL = 'support@example.co.uk';

/** A fixture's answer (fixtures/README.md): the JSON body, or `{ httpError: { status, body } }`. */
export type FixtureAnswer = unknown;

/**
 * The HTTP reply of a fixture's answer.
 *
 * @returns `[status, body]`: the error's, or 200 with the answer as JSON (`null` too)
 */
export function replyOf(answer: FixtureAnswer): [number, string] {
  const error = (answer as { httpError?: { status: number; body: string } } | null)?.httpError;
  return error ? [error.status, error.body] : [200, JSON.stringify(answer)];
}

/** Answers the page's refund status and dry-run GETs on `http` with these fixture answers, every time. */
export function serveRefundPage(http: MockAdapter, status: FixtureAnswer, dryRun: FixtureAnswer): void {
  http.onGet(STATUS_URL).reply(() => replyOf(status));
  http.onGet(DRY_RUN_URL).reply(() => replyOf(dryRun));
}

/** Every refund widget mounted here, unmounted after each test by {@link registerRefundTestHooks}. */
const mounted: (() => void)[] = [];

/** Unmounts a widget after the test (with {@link registerRefundTestHooks}): its document listeners go with it. */
export function unmountAfterTest(unmount: () => void): void {
  mounted.push(unmount);
}

/** Unmounts every refund widget mounted here since the last call (an `afterEach` of the file's hooks). */
export function unmountRefundPages(): void {
  mounted.splice(0).forEach((unmount) => unmount());
}

/** Mounts the refund widget through its real `mount` on a host page laid out exactly as `options` say. */
export function mountRefundOn(options: HostPageOptions): ReturnType<typeof mountOnHostPage> {
  const page = mountOnHostPage(mount, options);
  unmountAfterTest(page.unmount);
  return page;
}

/**
 * Mounts the refund widget through its real `mount` on a host page: the fixture station names (unless
 * `stations` is given, `null` leaving the block out), `max-admin-fee` 5 unless given, and the four
 * URL and address attributes, to which `attrs` adds or which it overrides.
 *
 * @returns the mount element, its unmount and `ready` (shared/mount/createMount.tsx)
 */
export function mountRefundPage(options: Omit<HostPageOptions, 'mountId'>): ReturnType<typeof mountOnHostPage> {
  return mountRefundOn({
    stations,
    maxAdminFee: '5',
    search: '',
    ...options,
    mountId: 'refund-widget',
    attrs: {
      'refund-status-url': STATUS_URL,
      'dry-run-url': DRY_RUN_URL,
      'appeals-email': APPEALS_EMAIL,
      'support-email': SUPPORT_EMAIL,
      ...options.attrs,
    },
  });
}

/**
 * Registers the hooks of a refund test file: before each test, no stored intents or answers, a
 * fresh `http` mock and a client with short timeouts (`retries` retries, default 1), warnings
 * silenced; after it, every page of {@link mountRefundPage} unmounted and the mocks restored.
 */
export function registerRefundTestHooks(http: MockAdapter, { retries = 1 } = {}): void {
  beforeEach(() => {
    localStorage.clear();
    http.reset();
    configureClient({ timeouts: { get: 100, post: 100 }, retry: { retries, baseDelayMs: 1 } });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    unmountRefundPages();
    jest.restoreAllMocks();
  });
}
