/**
 * Shared set-up of the refund widget's hostile-text tests (hostileText.panels.test.tsx and
 * hostileText.pages.test.tsx, split in two so that Jest's two workers share the ~280 mounts).
 *
 * Hostile text in the refund widget (docs/decisions.md "Hostile input and error reporting"): every payload of
 * test/xssPayloads.ts is placed in each server- and page-supplied text the refund widget
 * renders (station names, booking reference and e-mail of the Details JSON, the appeals and
 * support addresses, server error bodies of the status, dry-run and ProcessRefund calls) through
 * the real `mount` on a host page. It must render as inert text: no element injected, no `on*`
 * attribute, no `javascript:` URL, nothing run; and every mailto link stays well-formed (one
 * recipient, only `subject` and `body`, both decoding back to the intended text).
 */
import { configure } from '@testing-library/react';
import { HttpResponse } from 'msw';
import bookings from '../../../fixtures/bookings.json';
import realStations from '../../../fixtures/stations.json';
import { configureClient } from '../../../shared/api/policy';
import { fixtureResponse } from '../../api/handlers';
import { route, server } from '../../api/server';
import { expectWellFormedMailtos } from '../../hostileChecks';
import { registerHostileHooks, stationsNamed as stationsNamedIn } from '../../hostileMounts';
import { texts } from '../../../widgets/refund/texts';
import {
  APPEALS_EMAIL as APPEALS,
  DRY_RUN_URL,
  STATUS_URL,
  SUPPORT_EMAIL as SUPPORT,
  mountRefundPage,
  unmountRefundPages,
} from './refundPage';

type State = {
  bookingReference: string;
  email: string;
  details: Record<string, unknown>;
  status: unknown;
  dryRun: unknown;
};
export const states = bookings as unknown as Record<string, State>;

export { APPEALS, SUPPORT };

/** Answers the ProcessRefund POSTs with `status` and the text `body`. */
export function serveProcessRefund(status: number, body: string): void {
  server.use(route('post', '/api/ProcessRefund', () => new HttpResponse(body, { status })));
}

/** The answer `[status, body]` of a setup, or the fixture's answer. */
const answerOf = (reply: [number, string] | undefined, answer: unknown) =>
  reply ? new HttpResponse(reply[1], { status: reply[0] }) : fixtureResponse(answer);

/** The fixture station map with every code of fixture `state`'s journeys named `name` (test/hostileMounts.ts). */
export function stationsNamed(state: string, name: string): Record<string, string> {
  return stationsNamedIn(states[state].details, name);
}

export interface Setup {
  state: string;
  bookingReference?: string;
  email?: string;
  stations?: Record<string, string>;
  appealsEmail?: string;
  supportEmail?: string;
  attrs?: Record<string, string>;
  status?: [number, string];
  dryRun?: [number, string];
  search?: string;
}

export function mountWith(setup: Setup) {
  const state = states[setup.state];
  const details = { ...state.details };
  if (setup.bookingReference !== undefined) details.bookingReference = setup.bookingReference;
  if (setup.email !== undefined) details.email = setup.email;
  server.use(
    route('get', STATUS_URL, () => answerOf(setup.status, state.status)),
    route('get', DRY_RUN_URL, () => answerOf(setup.dryRun, state.dryRun)),
  );
  const page = mountRefundPage({
    details,
    stations: setup.stations ?? realStations,
    search: setup.search,
    attrs: {
      'appeals-email': setup.appealsEmail ?? APPEALS,
      'support-email': setup.supportEmail ?? SUPPORT,
      ...setup.attrs,
    },
  });
  return page.element;
}

// The checks --------------------------------------------------------------------------------------

/** The subjects the refund widget may give a mail about `reference`. */
function subjectsFor(reference: string): string[] {
  return [
    texts.appealSubject(reference),
    texts.failedRefundSubject(reference),
    texts.sixMonthsSubject(reference),
    `Refund help for booking ${reference}`,
  ];
}

/** Every mailto link is well-formed, with one of the refund widget's subjects about `reference`. */
export function expectRefundMailtos(element: HTMLElement, addresses: string[], reference: string): number {
  return expectWellFormedMailtos(element, addresses, subjectsFor(reference), [texts.failedRefundBody(reference)]);
}

// Setup -------------------------------------------------------------------------------------------

/**
 * Registers the hooks every hostile-text test file needs: a client with short timeouts and no
 * retries, silenced warnings and alerts, and every mount unmounted after each test.
 */
export function registerHostileHarness(): void {
  // About 140 mounts a file, some with very long text: allow for a loaded machine.
  jest.setTimeout(30_000);
  // Answers at the network take real time: queries wait 3 s.
  configure({ asyncUtilTimeout: 3000 });
  registerHostileHooks();
  beforeEach(() => {
    configureClient({ timeouts: { get: 1000, post: 1000 }, retry: { retries: 0, baseDelayMs: 1 } });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => unmountRefundPages());
}
