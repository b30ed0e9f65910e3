/**
 * The disruption funnel's fault matrix (docs/fault-matrix.md): the one call the widget makes
 * (docs/product-rules.md section 7: GET the refund status from `data-refund-status-url`) is driven
 * through HTTP 500, a timeout, a dropped connection, malformed JSON, an empty body, the JSON
 * literal `null` (docs/product-rules.md section 8's null response: no disruption self refund, the
 * link to /ManualRefund with Disruption=true) and a slow answer, through the real `mount` and the
 * real UI, answered at the network by Mock Service Worker (test/api/server.ts). Each cell asserts the catalogued outcome (docs/product-rules.md section 8
 * "the refund status fails": the message, the server's own text as details when it gave one, a
 * contact link, and our Try again), that the widget is never blank and that nothing is logged with
 * console.error. A GET retries transient failures (no answer, timeout, 5xx) once here with a 1 ms
 * backoff, and never an answer that came (malformed, empty). Short timeouts; the slow answer takes
 * half the timeout and ends in the normal second question after the loading state.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import bookings from '../../fixtures/bookings.json';
import stations from '../../fixtures/stations.json';
import { configureClient } from '../../shared/api/policy';
import { route, sent, server } from '../../test/api/server';
import {
  faultAnswer,
  FAULTS,
  registerFaultMatrixHooks,
  MALFORMED_JSON_TEXT,
  SERVER_ERROR_TEXT,
  type Fault,
} from '../../test/faults';
import { mountOnHostPage } from '../../test/hostPage';
import { mount } from './mount';
import { texts } from './texts';

/** Long enough that answering the first question surely ends before a slow answer (half of it) arrives. */
const TIMEOUT_MS = 2000;
const STATUS_URL = '/Refund/Status?bookingReference=X';
const SUPPORT = 'support@example.co.uk';
type State = { bookingReference: string; email: string; details: unknown; status: unknown };
const state = (bookings as unknown as Record<string, State>)['disruption-waived'];
const mounted = registerFaultMatrixHooks(TIMEOUT_MS);

/**
 * Answers the status GET with `fault`, or with the fixture's status after half the timeout for a
 * slow answer; a timeout comes after 100 ms (the long timeout is for the slow answer alone).
 */
function answer(fault: Fault) {
  if (fault === 'timeout') configureClient({ timeouts: { get: 100 } });
  server.use(route('get', STATUS_URL, () => faultAnswer(fault, state.status, TIMEOUT_MS / 2)));
}

/**
 * The details each failure shows under the catalogued message: the server's own text alone
 * (docs/decisions.md "The server's own text"), so none for a failure without one.
 */
const DETAILS: Record<Exclude<Fault, 'slow' | 'JSON null'>, string | undefined> = {
  '500': SERVER_ERROR_TEXT,
  timeout: undefined,
  dropped: undefined,
  'malformed JSON': undefined,
  'empty body': undefined,
};

/** What the HTTP client and the widgets make up for these failures: never shown. */
const MADE_UP = [
  /timeout of \d+ms exceeded/,
  /Network Error/,
  /Server responded with/,
  /could not read/,
  /empty answer/,
  /\b500\b/,
  /API_ERROR|NETWORK_ERROR|TIMEOUT|INVALID_RESPONSE/,
];

function mountFunnel() {
  const page = mountOnHostPage(mount, {
    mountId: 'disruption-widget',
    details: state.details,
    stations,
    search: `BookingReference=${state.bookingReference}&Email=${encodeURIComponent(state.email)}`,
    attrs: { 'refund-status-url': STATUS_URL, 'support-email': SUPPORT },
  });
  mounted.push(page.unmount);
  return page.element;
}

async function answerYes(user: ReturnType<typeof userEvent.setup>) {
  const first = await screen.findByRole('group', { name: texts.firstLegend });
  await user.click(within(first).getByRole('radio', { name: texts.firstAnswers.Yes }));
  await user.click(screen.getByRole('button', { name: texts.continue }));
}

const statusGets = () => sent('GET', STATUS_URL);
const secondQuestion = () => screen.findByRole('group', { name: texts.secondLegend }, { timeout: TIMEOUT_MS });

/** The widget shows something: never a blank mount point, and the journey summary stays. */
const assertNotBlank = (element: HTMLElement) => {
  expect(element.textContent?.trim().length).toBeGreaterThan(20);
  expect(element.querySelector('.rw-disruption__journey')?.textContent).not.toBe('');
};

beforeEach(() => {
  window.localStorage.clear();
});

describe('GET refund status (data-refund-status-url)', () => {
  it.each(FAULTS)('%s', async (fault) => {
    answer(fault);
    const element = mountFunnel();
    // The status loads at once; the first question does not wait for it.
    expect(element.querySelector('[data-status="loading"]')).not.toBeNull();
    const user = userEvent.setup();
    await answerYes(user);
    if (fault === 'slow') {
      expect(screen.getByText(texts.loading)).toBeInTheDocument();
      expect(await secondQuestion()).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(statusGets()).toHaveLength(1);
    } else if (fault === 'JSON null') {
      // The null response (docs/product-rules.md "Null refund status"): no self refund, the manual route instead.
      const link = await screen.findByRole('link', { name: texts.noOptionLink });
      expect(link).toHaveAttribute(
        'href',
        `/ManualRefund?BookingReference=${state.bookingReference}&Email=${encodeURIComponent(state.email)}&Disruption=true`,
      );
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(statusGets()).toHaveLength(1);
    } else {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(texts.statusFailure);
      const details = DETAILS[fault];
      const shown = alert.querySelector('.rw-disruption__error-body');
      if (details === undefined) expect(shown).toBeNull();
      else expect(shown).toHaveTextContent(details);
      for (const text of MADE_UP) expect(alert).not.toHaveTextContent(text);
      const contact = within(alert).getByRole('link', { name: texts.contactSupport });
      expect(contact.getAttribute('href')).toMatch(/^mailto:support@example\.co\.uk\?subject=/);
      if (fault === 'malformed JSON') expect(alert).not.toHaveTextContent(MALFORMED_JSON_TEXT.trim());
      // Transient failures are retried once (backoff), answers that came are not.
      const transient = fault === '500' || fault === 'timeout' || fault === 'dropped';
      expect(statusGets()).toHaveLength(transient ? 2 : 1);
      // Try again loads it again and carries on with the normal flow.
      server.use(route('get', STATUS_URL, () => HttpResponse.text(JSON.stringify(state.status))));
      await user.click(within(alert).getByRole('button', { name: texts.tryAgain }));
      expect(await secondQuestion()).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(statusGets()).toHaveLength(transient ? 3 : 2);
    }
    await act(async () => undefined);
    await waitFor(() => expect(element.querySelector('[data-status="ready"]')).not.toBeNull());
    assertNotBlank(element);
  });
});
