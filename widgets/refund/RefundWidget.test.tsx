/**
 * The refund widget through its real `mount`, on a host page built like the dev host's, with the
 * named fixture states and the API answered at the network. The refund-page failures of
 * docs/product-rules.md section 8 are provoked here.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import bookings from '../../fixtures/bookings.json';
import stations from '../../fixtures/stations.json';
import { configureClient } from '../../shared/api/policy';
import { noAnswer, route, sent, sentRequests, server } from '../../test/api/server';
import { captureConsoleErrors } from '../../test/console';
import {
  DRY_RUN_URL,
  STATUS_URL,
  mountRefundPage,
  registerRefundTestHooks,
  serveRefundPage,
} from '../../test/widgets/refund/refundPage';
import { answersKey } from '../../shared/storage/journeyAnswers';
import type { Details, DryRunResult, RefundStatusResponse } from '../../shared/types';
import { withNavigationOrigins } from '../../test/hostileTargets';
import { readRefundConfig } from './pageConfig';
import { RefundWidget } from './RefundWidget';
import { texts } from './texts';

type State = {
  bookingReference: string;
  email: string;
  details: unknown;
  status: RefundStatusResponse | null | { httpError: { status: number; body: string } };
  dryRun: DryRunResult | { httpError: { status: number; body: string } };
  /** The page's `max-admin-fee` (pounds) for this state; 5, as on the dev host, when absent. */
  maxAdminFeePounds?: number;
};
const states = bookings as unknown as Record<string, State>;

registerRefundTestHooks();

const serve = (state: State) => serveRefundPage(state.status, state.dryRun);
/** A handler answering `method` requests to `url` with `status` and the text `body` (`once`: one request). */
const answer = (method: 'get' | 'post', url: string, status: number, body: string, options?: { once: boolean }) =>
  route(method, url, () => new HttpResponse(body, { status }), options);
/** Answers `method` requests to `url` with `status` and the text `body`. */
const reply = (method: 'get' | 'post', url: string, status: number, body: string) =>
  server.use(answer(method, url, status, body));
/** Drops the next request to `url` (no answer). */
const droppedOnce = (method: 'get' | 'post', url: string) =>
  route(method, url, () => HttpResponse.error(), { once: true });

function mountState(
  name: string,
  extra: {
    search?: string;
    attrs?: Record<string, string>;
    details?: unknown;
    stations?: unknown;
    dryRun?: DryRunResult;
  } = {},
) {
  const state = states[name];
  if (!state) throw new Error(`fixture state ${name} is missing`);
  serve(extra.dryRun ? { ...state, dryRun: extra.dryRun } : state);
  return mountRefundPage({
    details: 'details' in extra ? extra.details : state.details,
    stations: 'stations' in extra ? extra.stations : stations,
    maxAdminFee: String(state.maxAdminFeePounds ?? 5),
    search: extra.search,
    attrs: extra.attrs,
  });
}

/** The Refund accordion's lines as the traveller reads them. */
function refundLines() {
  const accordion = screen.getByRole('button', { name: /^Refund/ });
  const region = document.getElementById(accordion.getAttribute('aria-controls') as string) as HTMLElement;
  const line = (term: string) => within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
  return {
    receive: region.querySelector('.rw-refund__amount')?.textContent,
    bookingValue: line('Booking value'),
    adminFee: line('Admin fee'),
  };
}

const dryRunOf = (name: string) => states[name].dryRun as DryRunResult;
const statusOf = (name: string) => states[name].status as RefundStatusResponse;

describe('loading', () => {
  it('shows the preamble while loading, then one panel', async () => {
    const { element } = mountState('instant');
    expect(screen.getByText('Please wait while we load the data required to process your refund.')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Accept refund' });
    expect(screen.queryByText(texts.preamble)).not.toBeInTheDocument();
    expect(element.querySelectorAll('.rw-refund__panel')).toHaveLength(1);
  });

  it("marks the first load's preamble rw-first-load (the reserved space); a retry's preamble is plain", async () => {
    let statusCalls = 0;
    reply('get', DRY_RUN_URL, 200, JSON.stringify(dryRunOf('instant')));
    let release: (value: Response) => void = () => undefined;
    // The retry's answer is held while the test looks at the page: no timeout ends it first.
    configureClient({ timeouts: { get: 30_000 } });
    server.use(
      route('get', STATUS_URL, () =>
        ++statusCalls === 1
          ? new HttpResponse('not here', { status: 404 })
          : new Promise<Response>((resolve) => (release = resolve)),
      ),
    );
    const { element } = mountRefundPage({ details: states.instant.details });
    expect(screen.getByText(texts.preamble)).toHaveClass('rw-refund__preamble', 'rw-first-load');
    const alert = await screen.findByRole('alert');
    expect(element.querySelector('.rw-first-load')).toBeNull();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByText(texts.preamble)).toHaveClass('rw-refund__preamble');
    expect(screen.getByText(texts.preamble)).not.toHaveClass('rw-first-load');
    release(HttpResponse.text(JSON.stringify(states.instant.status)));
    await screen.findByRole('button', { name: 'Accept refund' });
    expect(element.querySelector('.rw-first-load')).toBeNull();
  });

  it('fetches refund status and dry run in parallel from the page URLs', async () => {
    mountState('instant');
    await waitFor(() => expect(sent('GET')).toHaveLength(2));
    expect(
      sent('GET')
        .map((r) => r.url)
        .sort(),
    ).toEqual([DRY_RUN_URL, STATUS_URL].sort());
  });
});

describe('instant refund panel', () => {
  it('shows the confirmation, final warning, journey and the Refund accordion amounts', async () => {
    mountState('instant');
    await screen.findByRole('button', { name: 'Accept refund' });
    expect(screen.getByRole('heading', { name: 'You will receive £189.20' })).toBeInTheDocument();
    expect(screen.getByText(texts.instantIntro)).toBeInTheDocument();
    expect(screen.getByText(texts.finalWarning)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Selected Journey: London Kings Cross to Edinburgh' }),
    ).toBeInTheDocument();
    const accordion = screen.getByRole('button', { name: /Refund/ });
    expect(accordion).toHaveAttribute('aria-expanded', 'true');
    expect(refundLines()).toEqual({ receive: 'You will receive £189.20', bookingValue: '£194.20', adminFee: '£5.00' });
    const region = document.getElementById(accordion.getAttribute('aria-controls') as string) as HTMLElement;
    expect(within(region).getByText('The admin fee is never more than £5.00.')).toBeInTheDocument();
  });

  it('an admin fee under the cap: the fee line shows the fee (£2.50), the cap line the cap (£10.00)', async () => {
    mountState('instant-small-fee');
    await screen.findByRole('button', { name: 'Accept refund' });
    expect(refundLines()).toEqual({ receive: 'You will receive £191.70', bookingValue: '£194.20', adminFee: '£2.50' });
    const accordion = screen.getByRole('button', { name: /Refund/ });
    const region = document.getElementById(accordion.getAttribute('aria-controls') as string) as HTMLElement;
    expect(within(region).getByText('The admin fee is never more than £10.00.')).toBeInTheDocument();
    expect(within(region).queryByText(/never more than £2\.50/)).not.toBeInTheDocument();
  });

  it('"Start again" leads to data-start-url (default /); an unsafe one is refused with the set-up message', async () => {
    // Another origin is a navigation target only when the build lists it (NAVIGATION_ORIGINS).
    withNavigationOrigins('https://www.rail.example', () =>
      mountState('instant', { attrs: { 'start-url': 'https://www.rail.example/refunds' } }),
    );
    reply('post', '/api/ProcessRefund', 200, '{}');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept refund' }));
    await screen.findByRole('heading', { name: 'Refund request accepted' });
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      'https://www.rail.example/refunds',
    );

    const logged = captureConsoleErrors();
    const { element } = mountState('instant', { attrs: { 'start-url': 'javascript:alert(1)' } });
    expect(element).toHaveTextContent(
      'This refund page is set up incorrectly (invalid data-start-url). Please try again later.',
    );
    expect(logged()).toEqual([
      expect.stringContaining(
        'refund-widgets: widget "refund", mount #refund-widget: data-start-url "javascript:alert(1)" refused',
      ),
    ]);
  });

  // Fee waived: the Admin fee line shows the dry run's fee (£0.00), never the status's £5.00
  // (docs/decisions.md "What each line shows or sends"); the amounts are the fixtures' pence, written out.
  it.each([
    [
      'fee-free',
      'fee-free',
      undefined,
      {
        receive: 'You will receive £74.80',
        bookingValue: '£74.80',
        adminFee: '£0.00',
        note: 'No admin fee: you asked for a refund within one hour of buying your tickets.',
      },
    ],
    [
      'reason code 104',
      'disruption-waived',
      undefined,
      {
        receive: 'You will receive £118.20',
        bookingValue: '£118.20',
        adminFee: '£0.00',
        note: 'No admin fee: the fee is waived because your journey was disrupted.',
      },
    ],
    [
      'reason code COVGR1',
      'covid-full-refund',
      undefined,
      {
        receive: 'You will receive £38.90',
        bookingValue: '£38.90',
        adminFee: '£0.00',
        note: 'No admin fee: this is a full refund with no fee.',
      },
    ],
    [
      'reason code COV, fee waived',
      'covid-full-refund',
      { refundValue: 3890, adminFee: 0, reasonCode: 'COV' },
      {
        receive: 'You will receive £38.90',
        bookingValue: '£38.90',
        adminFee: '£0.00',
        note: 'This is a Covid refund of an advance fare.',
      },
    ],
    [
      'reason code COV, fee charged',
      'covid-full-refund',
      { refundValue: 3390, adminFee: 500, reasonCode: 'COV' },
      {
        receive: 'You will receive £33.90',
        bookingValue: '£38.90',
        adminFee: '£5.00',
        note: 'This is a Covid refund of an advance fare.',
      },
    ],
  ])(
    '%s: the Admin fee, booking value and You will receive lines (state %s)',
    async (_label, name, dryRun, expected) => {
      mountState(name, dryRun ? { dryRun } : {});
      await screen.findByRole('button', { name: 'Accept refund' });
      expect(screen.getByRole('heading', { level: 2, name: expected.receive })).toBeInTheDocument();
      const { note, ...lines } = expected;
      expect(refundLines()).toEqual(lines);
      expect(screen.getByText(note)).toHaveClass('rw-refund__note');
    },
  );

  it('where the browser keeps no storage, the panel says to keep the page open until Refund request accepted', async () => {
    const refused = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      mountState('instant');
      await screen.findByRole('button', { name: 'Accept refund' });
      expect(
        screen.getByText(
          'Keep this page open until you see "Refund request accepted": this browser is not saving your request.',
        ),
      ).toHaveAttribute('role', 'status');
    } finally {
      refused.mockRestore();
    }
  });

  it('where the browser keeps storage, the panel says nothing of it', async () => {
    mountState('instant');
    await screen.findByRole('button', { name: 'Accept refund' });
    expect(screen.queryByText(/this browser is not saving/)).not.toBeInTheDocument();
  });

  it('accepting sends exactly one ProcessRefund however often pressed, then Refund request accepted', async () => {
    const { element } = mountState('instant', { search: 'covid19=TRUE&disruptedOutwards=true&disruptedInwards=no' });
    const completions: unknown[] = [];
    element.addEventListener('refundwidgets:complete', (e) => completions.push((e as CustomEvent).detail));
    // The answer is held while the test looks at the page: no timeout ends it first.
    configureClient({ timeouts: { post: 30_000 } });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      route('post', '/api/ProcessRefund', async () => {
        await held;
        return HttpResponse.text('{}');
      }),
    );
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Accept refund' });
    act(() => {
      button.click();
      button.click();
      button.click();
    });
    await user.click(button);
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    // The answer arrives at 14:05 GMT on 25 November: the receipt line says so, in London time.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-25T14:05:30Z'));
    act(() => release());
    const heading = await screen.findByRole('heading', { name: 'Refund request accepted' });
    clock.mockRestore();
    expect(heading).toHaveFocus();
    const receipt = 'Refund request accepted on 25/11/2026 at 14:05 (UK time).';
    expect(heading).toHaveAccessibleDescription(receipt);
    expect(screen.getByText(receipt)).toHaveAttribute('datetime', '2026-11-25T14:05:30+00:00');
    // The finished view repeats the amount (the dry run's refundValue, £189.20).
    expect(element.querySelector('.rw-refund__finished')).toHaveTextContent(
      `Refund request accepted${receipt}${texts.refundAmount('£189.20')}${texts.completeBody}${texts.startAgain}`,
    );
    expect(texts.refundAmount('£36.80')).toBe('We are refunding £36.80.');
    expect(sent('POST')).toHaveLength(1);
    const status = statusOf('instant');
    expect(JSON.parse((await sentRequests('POST'))[0].body)).toEqual({
      protectedReference: status.protectedReference,
      journeyId: status.refundStatus!.journeyID,
      covid19: true,
      defer: false,
      disruptedOutwards: true,
      disruptedInwards: false,
    });
    expect(sent('POST')[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(document.title).toBe('Refund Complete - Example Rail');
    expect(screen.getByRole('link', { name: texts.startAgain })).toHaveAttribute('href', '/');
    expect(completions).toEqual([{ kind: 'refund', bookingReference: states.instant.bookingReference }]);
  });

  it('offline: one status message says nothing has been sent, Accept refund sends nothing; back online it goes, once', async () => {
    mountState('instant');
    reply('post', '/api/ProcessRefund', 200, '{}');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Accept refund' });
    expect(screen.queryByText(texts.offline)).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(texts.offline).toBe("You're offline. Nothing has been sent. You can continue when you're back online.");
    const notices = screen.getAllByRole('status').filter((status) => status.textContent === texts.offline);
    expect(notices).toHaveLength(1);
    await user.click(button);
    await user.click(button);
    expect(sent('POST')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(texts.offline)).not.toBeInTheDocument();
    await user.click(button);
    await screen.findByRole('heading', { name: 'Refund request accepted' });
    expect(sent('POST')).toHaveLength(1);
  });

  it('a request that got no answer shows the offline message beside the failure; an answer clears it', async () => {
    mountState('instant');
    server.use(
      droppedOnce('post', '/api/ProcessRefund'),
      answer('post', '/api/ProcessRefund', 200, '', { once: true }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept refund' }));
    await screen.findByRole('alert');
    expect(screen.getByText(texts.offline)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept refund' }));
    await screen.findByRole('heading', { name: 'Refund request accepted' });
    expect(sent('POST')).toHaveLength(2);
    expect(screen.queryByText(texts.offline)).not.toBeInTheDocument();
  });

  it("an accepted refund forgets the journey's saved disruption answers (storage that forgets)", async () => {
    const details = states.instant.details as unknown as Details;
    const key = answersKey(details.bookingReference, details.JourneyPlannerResults.outboundJourneys[0]?.journeyID);
    localStorage.setItem(key, JSON.stringify({ answer: 'Yes', savedAt: new Date().toISOString() }));
    mountState('instant');
    reply('post', '/api/ProcessRefund', 200, '{}');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Accept refund' });
    expect(localStorage.getItem(key)).not.toBeNull();
    await user.click(button);
    await screen.findByRole('heading', { name: 'Refund request accepted' });
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('a failed ProcessRefund shows the catalogued message with a contact link; the retry reuses the key', async () => {
    mountState('instant');
    server.use(
      answer('post', '/api/ProcessRefund', 500, 'Internal error', { once: true }),
      answer('post', '/api/ProcessRefund', 200, '', { once: true }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept refund' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't process this refund. Please try again.");
    expect(within(alert).getByRole('link', { name: texts.contactSupport }).getAttribute('href')).toMatch(
      /^mailto:support@example\.co\.uk\?subject=/,
    );
    expect(sent('POST')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Accept refund' }));
    await screen.findByRole('heading', { name: 'Refund request accepted' });
    expect(sent('POST')).toHaveLength(2);
    expect(sent('POST')[1].headers.get('Idempotency-Key')).toBe(sent('POST')[0].headers.get('Idempotency-Key'));
  });

  it('a refund whose answer was lost, then a reload: the message says pressing again is safe, and the same key goes', async () => {
    const first = mountState('instant');
    server.use(
      droppedOnce('post', '/api/ProcessRefund'),
      answer('post', '/api/ProcessRefund', 200, '', { once: true }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept refund' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.processFailure);
    expect(screen.queryByText(texts.earlierRequestPending)).not.toBeInTheDocument();
    first.unmount(); // the reload
    document.body.innerHTML = '';
    mountState('instant');
    expect(
      await screen.findByText(
        'Your earlier request may not have reached us. You can press the button again: you will not be refunded twice.',
      ),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Accept refund' }));
    await screen.findByRole('heading', { name: 'Refund request accepted' });
    expect(sent('POST')).toHaveLength(2);
    const keys = sent('POST').map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('rw-intent'))).toEqual([]);
  });

  it('a refund whose answer was lost, then a reload that finds the booking refunded: the stored key goes', async () => {
    const first = mountState('instant');
    server.use(droppedOnce('post', '/api/ProcessRefund'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept refund' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.processFailure);
    const intents = () => Object.keys(localStorage).filter((key) => key.startsWith('rw-intent'));
    expect(intents()).toEqual(['rw-intent:KXB7HT2N:refund']);
    first.unmount(); // the reload: the server did refund it
    document.body.innerHTML = '';
    server.resetHandlers();
    mountState('cancelled', { details: states.instant.details });
    expect(await screen.findByText(/looks like you've already received a refund/)).toBeInTheDocument();
    expect(intents()).toEqual([]);
    expect(screen.queryByText(texts.earlierRequestPending)).not.toBeInTheDocument();
  });

  it('a timed-out ProcessRefund is not retried by the code', async () => {
    mountState('instant');
    server.use(route('post', '/api/ProcessRefund', () => noAnswer()));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept refund' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.processFailure);
    expect(sent('POST')).toHaveLength(1);
  });

  it('with no protected reference logs that the backend thinks a refund is impossible and sends nothing', async () => {
    mountState('no-protected-reference');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept refund' }));
    expect(console.warn).toHaveBeenCalledWith(texts.backendNoRefundLog);
    expect(screen.getByText(texts.noProtectedReference)).toBeInTheDocument();
    expect(sent('POST')).toHaveLength(0);
  });
});

describe('refund status failures (docs/product-rules.md section 8)', () => {
  /** Mounts the instant booking's refund page, its dry run answered; the test answers the status. */
  const mountInstantWithDryRun = () => {
    reply('get', DRY_RUN_URL, 200, JSON.stringify(dryRunOf('instant')));
    mountRefundPage({ details: states.instant.details });
  };

  it('a failing status shows the message, details and body, a contact link and a working Try again', async () => {
    mountState('status-failure');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the refund status of your booking. Please try again.");
    const body = (states['status-failure'].status as { httpError: { status: number; body: string } }).httpError;
    // Details: the server's body alone (docs/product-rules.md section 8), no status, code or URL.
    expect(alert).toHaveTextContent(
      new RegExp(
        `^${texts.statusFailure.replace(/[.?]/g, '\\$&')}Details${body.body.replace(/[()]/g, '\\$&')}Try againContact our support team$`,
      ),
    );
    expect(within(alert).getByText('Details').nextElementSibling).toHaveTextContent(body.body);
    expect(alert).not.toHaveTextContent(/HTTP|500|API_ERROR|Refund\/Status/);
    expect(within(alert).getByRole('link', { name: texts.contactSupport })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    serve(states.instant);
    reply('get', STATUS_URL, 200, JSON.stringify(states.instant.status));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Accept refund' });
  });

  it.each([
    ['a timeout', () => server.use(route('get', STATUS_URL, () => noAnswer()))],
    ['a dropped connection', () => server.use(route('get', STATUS_URL, () => HttpResponse.error()))],
    ['malformed JSON', () => reply('get', STATUS_URL, 200, '{"refundStatus": ')],
    ['an empty body', () => reply('get', STATUS_URL, 200, '')],
    ['a body of the wrong shape', () => reply('get', STATUS_URL, 200, '{"refundStatus": {"journeyID": "x"}}')],
  ])('%s shows the refund status failure, with no details (the server gave no text)', async (_name, arrange) => {
    arrange();
    mountInstantWithDryRun();
    // The catalogued message, Try again and the contact link; never "timeout of …", "Network
    // Error", an error code or a validation message.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^We couldn't load the refund status of your booking\. Please try again\.Try againContact our support team$/,
    );
  });

  it.each([
    ['a JSON message', 503, '{"message":"Booking service unavailable"}', 'Booking service unavailable'],
    ['a JSON error', 500, '{"error":"Try later"}', 'Try later'],
    [
      'a JSON title (problem details)',
      500,
      '{"type":"https://x.test/e","title":"Fares engine down","status":500}',
      'Fares engine down',
    ],
  ])('a status failure with %s: Details show that text alone', async (_name, code, body, text) => {
    reply('get', STATUS_URL, code, body);
    mountInstantWithDryRun();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Details').nextElementSibling?.textContent).toBe(text);
    expect(alert).not.toHaveTextContent(/[{}]|HTTP|https:|\b50[03]\b/);
  });

  it.each([
    ["a proxy's web page", 502, '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>'],
    ['JSON without a message', 500, '{"code":"E42","traceId":"abc"}'],
    ['an empty body', 500, ''],
  ])('a status failure with %s shows no details', async (_name, code, body) => {
    reply('get', STATUS_URL, code, body);
    mountInstantWithDryRun();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^We couldn't load the refund status of your booking\. Please try again\.Try againContact our support team$/,
    );
  });

  // Both forms of the null response (docs/product-rules.md "Null refund status"): `{"refundStatus": null}`
  // and the JSON literal `null` (body `null`, application/json).
  it.each([
    ['null-status', '{"refundStatus":null,…}'],
    ['null-status-literal', 'null'],
  ])('a null status (%s, body %s) shows "null response, no matching journey"', async (name) => {
    const { element } = mountState(name);
    expect(await screen.findByRole('alert')).toHaveTextContent('null response, no matching journey');
    expect(element).not.toHaveTextContent('INVALID_RESPONSE');
    expect(element).not.toHaveTextContent(texts.statusFailure);
    expect(screen.queryByRole('button', { name: 'Accept refund' })).not.toBeInTheDocument();
  });

  it('the literal null reaches the widget as the body null with Content-Type application/json', async () => {
    server.use(
      route('get', STATUS_URL, () => new HttpResponse('null', { headers: { 'Content-Type': 'application/json' } })),
    );
    reply('get', DRY_RUN_URL, 200, JSON.stringify(states['null-status'].dryRun));
    mountRefundPage({ details: states['null-status'].details });
    expect(await screen.findByRole('alert')).toHaveTextContent('null response, no matching journey');
  });
});

describe('dry run outcomes', () => {
  it('"Self refunds are disabled" redirects to /SelfRefundsUnavailable', async () => {
    serve(states['self-refunds-disabled']);
    const navigate = jest.fn();
    const element = document.createElement('div');
    element.setAttribute('data-refund-status-url', STATUS_URL);
    element.setAttribute('data-dry-run-url', DRY_RUN_URL);
    document.body.replaceChildren(element);
    const details = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: 'refund-details',
      textContent: JSON.stringify(states['self-refunds-disabled'].details),
    });
    const names = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: 'station-names',
      textContent: JSON.stringify(stations),
    });
    document.body.append(details, names);
    render(<RefundWidget config={readRefundConfig(element, document, '')} element={element} navigate={navigate} />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/SelfRefundsUnavailable'));
  });

  it('another dry-run failure offers no refund', async () => {
    mountState('dry-run-failure');
    await waitFor(() => expect(document.querySelector('.rw-refund__panel')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Accept refund' })).not.toBeInTheDocument();
  });
});

describe('the other panels', () => {
  it.each(['cancelled', 'scanned', 'zero-value'])('%s shows the refund unavailable panel', async (name) => {
    mountState(name);
    expect(
      await screen.findByText('A refund is not available for the ticket and refund method you have chosen.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept refund' })).not.toBeInTheDocument();
  });

  it('printed tickets lead to the manual claim page with the booking reference and e-mail encoded', async () => {
    mountState('printed');
    const link = await screen.findByRole('link', { name: texts.manualRequiredLink });
    const url = new URL(link.getAttribute('href') as string, 'https://example.co.uk');
    expect(url.pathname).toBe('/ManualRefund');
    expect(url.searchParams.get('BookingReference')).toBe(states.printed.bookingReference);
    expect(url.searchParams.get('Email')).toBe(states.printed.email);
  });

  it('printed tickets lead to data-manual-action, with its own query kept and the booking added', async () => {
    mountState('printed', { attrs: { 'manual-action': ' /Claims/Manual?site=2 ' }, search: 'covid19=true' });
    const link = await screen.findByRole('link', { name: texts.manualRequiredLink });
    expect(link.getAttribute('href')).toBe(
      `/Claims/Manual?site=2&BookingReference=${states.printed.bookingReference}&Email=${encodeURIComponent(states.printed.email)}&covid19=true`,
    );
  });

  it.each(['/\t/127.0.0.1:32622/steal', 'http://127.0.0.2:45229/steal', 'javascript:alert(1)', '//evil.example/'])(
    'a hostile data-manual-action %j is refused with the set-up message, as the other navigation attributes are',
    (value) => {
      const logged = captureConsoleErrors();
      const { element } = mountState('printed', { attrs: { 'manual-action': value } });
      expect(element).toHaveTextContent(
        'This refund page is set up incorrectly (invalid data-manual-action). Please try again later.',
      );
      expect(within(element).queryByRole('link', { name: texts.manualRequiredLink })).not.toBeInTheDocument();
      expect(logged()).toEqual([
        expect.stringContaining('refund-widgets: widget "refund", mount #refund-widget: data-manual-action "'),
      ]);
      expect(sent('GET')).toHaveLength(0);
    },
  );

  it('the replacement case shows the replacement panel', async () => {
    mountState('replacement');
    expect(await screen.findByRole('heading', { name: texts.replacementHeading })).toBeInTheDocument();
  });
});

describe('page data', () => {
  it('absent Details shows "Missing JSON data from DOM"', () => {
    const logged = captureConsoleErrors();
    const { element } = mountState('instant', { details: null });
    expect(element).toHaveTextContent('Missing JSON data from DOM');
    expect(sent('GET')).toHaveLength(0);
    expect(logged()).toEqual([
      'refund-widgets: widget "refund", mount #refund-widget: No element with id "refund-details" on the page',
    ]);
  });

  it('unparsable Details shows "Missing JSON data from DOM"', () => {
    const logged = captureConsoleErrors();
    const { element } = mountState('instant', { details: '{"bookingReference": ' });
    expect(element).toHaveTextContent('Missing JSON data from DOM');
    expect(logged()).toEqual([expect.stringContaining('refund-widgets: widget "refund", mount #refund-widget: ')]);
  });

  it('a missing station map is reported and a clear message shown', () => {
    const fetchMock = jest.fn(() => Promise.resolve({ ok: true }));
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    const logged = captureConsoleErrors();
    const { element } = mountState('instant', { stations: null });
    expect(within(element).getByRole('alert')).toHaveTextContent(/station names/);
    expect(logged()).toEqual([
      expect.stringContaining(
        'refund-widgets: widget "refund", mount #refund-widget: No element with id "station-names"',
      ),
    ]);
    expect(fetchMock).toHaveBeenCalledWith('/report/error', expect.objectContaining({ method: 'POST' }));
  });

  it('a mount without the refund-status URL says the page is set up incorrectly', () => {
    const logged = captureConsoleErrors();
    const { element } = mountState('instant', { attrs: { 'refund-status-url': '' } });
    expect(within(element).getByRole('alert')).toHaveTextContent('missing data-refund-status-url');
    expect(logged()).toEqual([expect.stringContaining('refund-widgets: widget "refund", mount #refund-widget: ')]);
  });

  it('renders hostile server and page text as inert text', async () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const { element } = mountState('instant', { stations: { ...stations, KGX: hostile } });
    await screen.findByRole('button', { name: 'Accept refund' });
    expect(element.querySelector('img[src="x"]')).toBeNull();
    expect(element.querySelector('script')).toBeNull();
    expect(element).toHaveTextContent(hostile);
  });
});

describe('snapshots (complement the assertions above)', () => {
  it.each(['instant', 'replacement', 'cancelled', 'printed', 'null-status'])('%s', async (name) => {
    const { element } = mountState(name);
    await waitFor(() => expect(screen.queryByText(texts.preamble)).not.toBeInTheDocument());
    expect(element.innerHTML).toMatchSnapshot();
  });
});
