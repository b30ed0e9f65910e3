/**
 * The refund widget's tests mount it on a host page laid out as the dev host lays it out, with the
 * page's refund status and dry-run GETs answered at the network (docs/testing.md "Faking the API").
 * One copy of that page for RefundWidget, RefundPageViews, the replacement panel and the
 * hostile-text tests.
 */
import { configure } from '@testing-library/react';
import stations from '../../../fixtures/stations.json';
import { configureClient } from '../../../shared/api/policy';
import { fixtureResponse, type FixtureAnswer } from '../../api/handlers';
import { route, server } from '../../api/server';
import { mountOnHostPage, type HostPageOptions } from '../../hostPage';
import { mount } from '../../../widgets/refund/mount';

/** The page's `data-refund-status-url` and `data-dry-run-url`. */
export const STATUS_URL = '/Refund/Status?bookingReference=X';
export const DRY_RUN_URL = '/Refund/DryRun?bookingReference=X';
/** The page's `data-appeals-email` and `data-support-email`. */
export const APPEALS_EMAIL = 'appeals@example.co.uk';
export const SUPPORT_EMAIL = 'support@example.co.uk';

/** Answers the page's refund status and dry-run GETs with these fixture answers, every time. */
export function serveRefundPage(status: FixtureAnswer, dryRun: FixtureAnswer): void {
  server.use(
    route('get', STATUS_URL, () => fixtureResponse(status)),
    route('get', DRY_RUN_URL, () => fixtureResponse(dryRun)),
  );
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
 * Registers the hooks of a refund test file: before each test, no stored intents or answers and a
 * client with 1 s timeouts (`retries` retries, default 1), warnings silenced; after it, every page
 * of {@link mountRefundPage} unmounted and the mocks restored (test/setup.ts resets the API's
 * handlers). Queries wait 3 s, tests 15 s: a request that times out and its retry fit, on a busy
 * machine too.
 */
export function registerRefundTestHooks({ retries = 1 } = {}): void {
  // Answers at the network take real time: a 100 ms timeout could end them on a busy machine.
  configure({ asyncUtilTimeout: 3000 });
  jest.setTimeout(15_000);
  beforeEach(() => {
    localStorage.clear();
    configureClient({ timeouts: { get: 1000, post: 1000 }, retry: { retries, baseDelayMs: 1 } });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    unmountRefundPages();
    jest.restoreAllMocks();
  });
}
