/**
 * Hostile text in the refund widget (issue 6, "Hostile input"): every payload of
 * shared/test/xssPayloads.ts is placed in each server- and page-supplied text the refund widget
 * renders (station names, booking reference and e-mail of the Details JSON, the appeals and
 * support addresses, server error bodies of the status, dry-run and ProcessRefund calls) through
 * the real `mount` on a host page. It must render as inert text: no element injected, no `on*`
 * attribute, no `javascript:` URL, nothing run; and every mailto link stays well-formed (one
 * recipient, only `subject` and `body`, both decoding back to the intended text).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import bookings from '../../fixtures/bookings.json';
import realStations from '../../fixtures/stations.json';
import { api, configureClient } from '../../shared/api/client';
import { mountOnHostPage } from '../../shared/test/hostPage';
import {
  expectInert,
  expectShownAsText,
  expectWellFormedMailtos,
  linkable,
  wellFormed,
} from '../../shared/test/hostileChecks';
import { XSS_PAYLOADS } from '../../shared/test/xssPayloads';
import { mount } from './mount';
import { TEXT } from './texts';

type State = {
  bookingReference: string;
  email: string;
  details: Record<string, unknown>;
  status: unknown;
  dryRun: unknown;
};
const states = bookings as unknown as Record<string, State>;

const STATUS_URL = '/Refund/Status?bookingReference=X';
const DRY_RUN_URL = '/Refund/DryRun?bookingReference=X';
const APPEALS = 'appeals@example.co.uk';
const SUPPORT = 'support@example.co.uk';
const http = new MockAdapter(api);
// About 280 mounts, some with very long text: allow for a loaded machine.
jest.setTimeout(30_000);
const mounted: (() => void)[] = [];

/**
 * The fixture station map with every code that `state`'s journeys use named `name` (only those,
 * so that very long names keep the map under the reader's size limit).
 */
function stationsNamed(state: string, name: string): Record<string, string> {
  const codes = JSON.stringify(states[state].details).match(/"(?:originCRS|destinationCRS|crs)":"[^"]*"/g) ?? [];
  const used = codes.map((pair) => pair.split(':')[1].slice(1, -1));
  expect(used.length).toBeGreaterThan(0);
  return { ...realStations, ...Object.fromEntries(used.map((code) => [code, name])) };
}

interface Setup {
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

function mountWith(setup: Setup) {
  const state = states[setup.state];
  const details = { ...state.details };
  if (setup.bookingReference !== undefined) details.bookingReference = setup.bookingReference;
  if (setup.email !== undefined) details.email = setup.email;
  const ok = (value: unknown): [number, string] => {
    const error = (value as { httpError?: { status: number; body: string } }).httpError;
    return error ? [error.status, error.body] : [200, JSON.stringify(value)];
  };
  http.onGet(STATUS_URL).reply(() => setup.status ?? ok(state.status));
  http.onGet(DRY_RUN_URL).reply(() => setup.dryRun ?? ok(state.dryRun));
  const page = mountOnHostPage(mount, {
    mountId: 'refund-widget',
    details,
    stations: setup.stations ?? realStations,
    maxAdminFee: '5',
    search: setup.search ?? '',
    attrs: {
      'refund-status-url': STATUS_URL,
      'dry-run-url': DRY_RUN_URL,
      'appeals-email': setup.appealsEmail ?? APPEALS,
      'support-email': setup.supportEmail ?? SUPPORT,
      ...setup.attrs,
    },
  });
  mounted.push(page.unmount);
  return page.element;
}

// The checks --------------------------------------------------------------------------------------

/** The subjects the refund widget may give a mail about `reference`. */
function subjectsFor(reference: string): string[] {
  return [
    TEXT.appealSubject(reference),
    TEXT.failedRefundSubject(reference),
    TEXT.sixMonthsSubject(reference),
    `Refund help for booking ${reference}`,
  ];
}

/** Every mailto link is well-formed, with one of the refund widget's subjects about `reference`. */
function expectRefundMailtos(element: HTMLElement, addresses: string[], reference: string): number {
  return expectWellFormedMailtos(element, addresses, subjectsFor(reference), [TEXT.failedRefundBody(reference)]);
}

// Setup -------------------------------------------------------------------------------------------

beforeEach(() => {
  http.reset();
  configureClient({ timeouts: { get: 1000, post: 1000 }, retry: { retries: 0, baseDelayMs: 1 } });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  delete (window as { __xss?: unknown }).__xss;
});

afterEach(() => {
  mounted.splice(0).forEach((unmount) => unmount());
  jest.restoreAllMocks();
});

const cases = XSS_PAYLOADS.map((payload) => [payload.name, payload.text] as const);

describe.each(cases)('payload "%s"', (_name, payload) => {
  it('in station names, booking reference and e-mail of the instant panel, the appeal mail and a failed ProcessRefund body', async () => {
    const element = mountWith({
      state: 'instant',
      bookingReference: payload,
      email: payload,
      stations: stationsNamed('instant', payload),
    });
    const accept = await screen.findByRole('button', { name: 'Accept refund' });
    expect(screen.getByRole('heading', { level: 3, name: /^Selected Journey:/ })).toHaveTextContent(
      `Selected Journey: ${payload} to ${payload}`.replace(/\s+/g, ' ').trim(),
      { normalizeWhitespace: true },
    );
    expectShownAsText(element, payload);
    act(() => screen.getByRole('button', { name: 'How to appeal' }).click());
    const dialog = screen.getByRole('dialog', { name: 'How to appeal' });
    expect(within(dialog).getByRole('link', { name: APPEALS })).toBeInTheDocument();
    expect(expectRefundMailtos(element, [APPEALS, SUPPORT], payload)).toBe(1);
    expectInert(element);

    http.onPost('/api/ProcessRefund').reply(500, payload);
    act(() => within(dialog).getByRole('button', { name: 'Close' }).click());
    act(() => accept.click());
    await screen.findByText(TEXT.processFailure);
    if (payload.trim() !== '') expectShownAsText(element, payload);
    expect(expectRefundMailtos(element, [APPEALS, SUPPORT], payload)).toBe(1);
    expectInert(element);
  });

  it('as the appeals and support addresses (data attributes)', async () => {
    const element = mountWith({ state: 'instant', appealsEmail: payload, supportEmail: payload });
    const accept = await screen.findByRole('button', { name: 'Accept refund' });
    const reference = states.instant.bookingReference;
    const appeal = screen.queryByRole('button', { name: 'How to appeal' });
    expect(appeal !== null).toBe(linkable(payload));
    if (appeal) {
      act(() => appeal.click());
      expect(expectRefundMailtos(element, [payload], reference)).toBe(1);
      expectInert(element);
      act(() => within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }).click());
    }
    http.onPost('/api/ProcessRefund').reply(500, 'down');
    act(() => accept.click());
    await screen.findByText(TEXT.processFailure);
    expect(expectRefundMailtos(element, [payload], reference)).toBe(linkable(payload) ? 1 : 0);
    expectInert(element);
  });

  it.each([
    ['plain text', (text: string) => text],
    ['JSON message', (text: string) => JSON.stringify({ message: text })],
    ['JSON error', (text: string) => JSON.stringify({ error: text })],
  ])('as the body of a failed refund-status call (%s)', async (_kind, body) => {
    const element = mountWith({ state: 'status-failure', bookingReference: payload, status: [500, body(payload)] });
    await screen.findByText(TEXT.statusFailure);
    if (payload.trim() !== '') expectShownAsText(element, payload);
    expect(expectRefundMailtos(element, [SUPPORT], payload)).toBe(1);
    expectInert(element);
  });

  it('in the six-month dry-run error and the booking reference of its support mail', async () => {
    const element = mountWith({
      state: 'six-months',
      bookingReference: payload,
      dryRun: [400, JSON.stringify({ message: `Booking is older than 6 months ${payload}` })],
    });
    const dialog = await screen.findByRole('alertdialog', { name: TEXT.sixMonthsTitle });
    expect(within(dialog).getByRole('link', { name: TEXT.sixMonthsLink })).toBeInTheDocument();
    expect(expectRefundMailtos(element, [SUPPORT], payload)).toBe(1);
    expectInert(element);
  });

  it('in the unavailable panel (booking reference, stations) and its appeal mail with a body', async () => {
    const element = mountWith({
      state: 'cancelled',
      bookingReference: payload,
      stations: stationsNamed('cancelled', payload),
    });
    await screen.findByText(TEXT.refundUnavailable);
    expectShownAsText(element, payload);
    expect(expectRefundMailtos(element, [APPEALS], payload)).toBe(1);
    const link = screen.getByRole('link', { name: APPEALS });
    expect(new URL(link.getAttribute('href') as string).searchParams.get('body')).toContain(
      `Booking reference: ${wellFormed(payload)}`,
    );
    expectInert(element);
  });

  it('on the refund unavailable page, as booking reference and as appeals address', async () => {
    const element = mountWith({
      state: 'scanned',
      bookingReference: payload,
      appealsEmail: payload,
      attrs: { view: 'unavailable' },
    });
    await screen.findByText(/because our records indicate you may have already used this ticket\./);
    expectShownAsText(element, payload);
    expect(expectRefundMailtos(element, [payload], payload)).toBe(linkable(payload) ? 1 : 0);
    expectInert(element);
  });

  it.each(['printed', 'replacement'])(
    'in the manual-refund link of the %s panel (booking reference and e-mail in the query)',
    async (state) => {
      const element = mountWith({
        state,
        bookingReference: payload,
        email: payload,
        stations: stationsNamed(state, payload),
      });
      await waitFor(() => expect(element.querySelector('a[href^="/ManualRefund?"]')).not.toBeNull());
      const href = (element.querySelector('a[href^="/ManualRefund?"]') as HTMLAnchorElement).getAttribute(
        'href',
      ) as string;
      const url = new URL(href, location.href);
      expect(url.origin).toBe(location.origin);
      expect(url.pathname).toBe('/ManualRefund');
      expect(url.hash).toBe('');
      expect(url.searchParams.get('BookingReference')).toBe(wellFormed(payload));
      expect(url.searchParams.get('Email')).toBe(wellFormed(payload));
      expect(Array.from(url.searchParams.keys()).sort()).toEqual(['BookingReference', 'Email']);
      expectShownAsText(element, payload);
      expectInert(element);
    },
  );
});
