/**
 * The refund page's other views through the real `mount` (docs/product-rules.md sections 2 and 4):
 * the refund unavailable page and its four reasons in docs/product-rules.md's order, the
 * unavailable panel's reason, the six-month modal, the appeal modal (fee-free and
 * `data-appeal-link="false"`), the advance-ticket information modal from host and widget links, the
 * covid19 flag, and the reason codes 104, COVGR1 and COV as shown.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import bookings from '../../fixtures/bookings.json';
import stations from '../../fixtures/stations.json';
import { configureClient } from '../../shared/api/policy';
import { route, sent, sentRequests, server } from '../../test/api/server';
import {
  DRY_RUN_URL,
  STATUS_URL,
  mountRefundOn,
  mountRefundPage,
  registerRefundTestHooks,
  serveRefundPage,
  unmountAfterTest,
} from '../../test/widgets/refund/refundPage';
import type { DryRunResult, RefundStatus, RefundStatusResponse } from '../../shared/types';
import { feeNote } from './components/InstantPanel';
import { mount } from './mount';
import { texts } from './texts';
import { unavailableReason } from './unavailableReasons';

type Answer = { httpError: { status: number; body: string } };
type State = {
  bookingReference: string;
  email: string;
  details: unknown;
  status: RefundStatusResponse | null | Answer;
  dryRun: DryRunResult | Answer;
};
const states = bookings as unknown as Record<string, State>;
registerRefundTestHooks({ retries: 0 });

const serve = (status: State['status'], dryRun: State['dryRun']) => serveRefundPage(status, dryRun);

function mountState(
  name: string,
  extra: { search?: string; attrs?: Record<string, string>; status?: State['status']; dryRun?: State['dryRun'] } = {},
) {
  const state = states[name];
  if (!state) throw new Error(`fixture state ${name} is missing`);
  serve(extra.status ?? state.status, extra.dryRun ?? state.dryRun);
  const page = mountRefundPage({ details: state.details, search: extra.search, attrs: extra.attrs });
  return { ...page, state };
}

const statusOf = (name: string) => (states[name].status as RefundStatusResponse).refundStatus as RefundStatus;
const mailto = (link: HTMLElement) => new URL(link.getAttribute('href') as string);

describe('unavailableReason (docs/product-rules.md section 4, checked in order)', () => {
  const base = statusOf('zero-value');
  it.each([
    [
      'isCancelled wins over everything',
      { isCancelled: true, isScanned: true },
      "it looks like you've already received a refund",
    ],
    ['isScanned next', { isScanned: true }, 'our records indicate you may have already used this ticket'],
    [
      'both nets ≤ 0',
      { ticketsRefundValue: 500, adminFee: 500, ticketsReplaceValue: 100, adminFeeReplacement: 500 },
      'no refund is available',
    ],
    [
      'a positive net refund',
      { ticketsRefundValue: 900, adminFee: 500, ticketsReplaceValue: 0, adminFeeReplacement: 0 },
      'something went wrong',
    ],
    [
      'a positive net replacement',
      { ticketsRefundValue: 0, adminFee: 0, ticketsReplaceValue: 900, adminFeeReplacement: 500 },
      'something went wrong',
    ],
  ])('%s', (_name, overrides, reason) => {
    expect(unavailableReason({ ...base, isCancelled: false, isScanned: false, ...overrides })).toBe(reason);
  });

  it('no status at all is "something went wrong"', () => {
    expect(unavailableReason(null)).toBe('something went wrong');
  });
});

describe('the refund unavailable page (data-view="unavailable")', () => {
  it.each([
    ['cancelled', "it looks like you've already received a refund", false],
    ['scanned', 'our records indicate you may have already used this ticket', true],
    ['zero-value', 'no refund is available', true],
    ['dry-run-failure', 'something went wrong', true],
  ])(
    '%s: the reason, What happens next with the appeal mailto, and the disrupted sentence',
    async (name, reason, disrupted) => {
      const { state, element } = mountState(name, { attrs: { view: 'unavailable' } });
      expect(screen.getByRole('heading', { name: 'Refund unavailable' })).toBeInTheDocument();
      expect(element).toHaveTextContent(`Your journey reference ${state.bookingReference}`);
      expect(
        await screen.findByText(`We can't process an automatic refund for this journey because ${reason}.`),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
      const link = screen.getByRole('link', { name: 'appeals@example.co.uk' });
      const url = mailto(link);
      expect(url.pathname).toBe('appeals@example.co.uk');
      expect(url.searchParams.get('subject')).toBe(`Failed automatic refund for ${state.bookingReference}`);
      expect(url.searchParams.get('body')).toContain(`Booking reference: ${state.bookingReference}`);
      const sentence =
        'You can get a refund, for example, if your journey was disrupted and you decided not to travel.';
      expect(screen.queryByText(sentence) !== null).toBe(disrupted);
      expect(document.title).toBe('Refund Unavailable - Example Rail');
      expect(sent('GET').map((r) => r.url)).toEqual([STATUS_URL]);
    },
  );

  // Both forms of the null response (docs/product-rules.md "Null refund status") give "something went wrong".
  it.each([
    ['null-status', '{"refundStatus":null,…}'],
    ['null-status-literal', 'null'],
  ])('a null status (%s, body %s): the reason is "something went wrong"', async (name) => {
    const { element } = mountState(name, { attrs: { view: 'unavailable' } });
    expect(
      await screen.findByText("We can't process an automatic refund for this journey because something went wrong."),
    ).toBeInTheDocument();
    expect(element).not.toHaveTextContent(texts.statusFailure);
    expect(element).not.toHaveTextContent('INVALID_RESPONSE');
    expect(sent('GET').map((r) => r.url)).toEqual([STATUS_URL]);
  });

  it('a failing status call shows the catalogued message with a retry, then the reason', async () => {
    let calls = 0;
    server.use(
      route('get', STATUS_URL, () =>
        ++calls === 1
          ? new HttpResponse('down', { status: 500 })
          : HttpResponse.text(JSON.stringify(states.scanned.status)),
      ),
    );
    mountRefundOn({
      mountId: 'refund-widget',
      details: states.scanned.details,
      stations,
      attrs: { view: 'unavailable', 'refund-status-url': STATUS_URL, 'appeals-email': 'appeals@example.co.uk' },
    });
    expect(await screen.findByText(texts.statusFailure)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(/because our records indicate you may have already used this ticket\./),
    ).toBeInTheDocument();
  });

  it("the first load's text keeps the reserved space (rw-first-load); a retry's does not", async () => {
    let calls = 0;
    let answer: (value: Response) => void = () => undefined;
    // The retry's answer is held while the test looks at the page: no timeout ends it first.
    configureClient({ timeouts: { get: 30_000 } });
    server.use(
      route('get', STATUS_URL, () =>
        ++calls === 1
          ? new HttpResponse('not here', { status: 404 })
          : new Promise<Response>((resolve) => (answer = resolve)),
      ),
    );
    const { element } = mountRefundOn({
      mountId: 'refund-widget',
      details: states.scanned.details,
      stations,
      attrs: { view: 'unavailable', 'refund-status-url': STATUS_URL },
    });
    expect(screen.getByText(texts.loadingReason)).toHaveClass('rw-refund__preamble', 'rw-first-load');
    await screen.findByText(texts.statusFailure);
    expect(element.querySelector('.rw-first-load')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText(texts.loadingReason)).toHaveClass('rw-refund__preamble');
    expect(screen.getByText(texts.loadingReason)).not.toHaveClass('rw-first-load');
    answer(HttpResponse.text(JSON.stringify(states.scanned.status)));
    await screen.findByText(/because our records indicate you may have already used this ticket\./);
  });

  it('without a refund-status URL the reason is "something went wrong" and nothing is fetched', () => {
    mountRefundOn({
      mountId: 'refund-widget',
      details: states.scanned.details,
      stations,
      attrs: { view: 'unavailable', 'appeals-email': 'appeals@example.co.uk' },
    });
    expect(screen.getByText(/because something went wrong\./)).toBeInTheDocument();
    expect(sent('GET')).toHaveLength(0);
  });

  it('a hostile appeals address gives no broken mailto link', async () => {
    mountState('scanned', { attrs: { view: 'unavailable', 'appeals-email': 'x@y.z?bcc=evil@example.com' } });
    await screen.findByText(/because our records/);
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
  });
});

describe('the unavailable panel says why', () => {
  it.each([
    ['cancelled', "it looks like you've already received a refund"],
    ['scanned', 'our records indicate you may have already used this ticket'],
    ['zero-value', 'no refund is available'],
    ['dry-run-failure', 'something went wrong'],
  ])('%s', async (name, reason) => {
    // The dry run refused with a 4xx (a decision, not an outage): the fixture's 500 would be an outage.
    const refused = { httpError: { status: 400, body: '{"message":"Refund not possible"}' } };
    mountState(name, name === 'dry-run-failure' ? { dryRun: refused as unknown as State['dryRun'] } : {});
    expect(
      await screen.findByText('A refund is not available for the ticket and refund method you have chosen.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`We can't process an automatic refund for this journey because ${reason}.`),
    ).toBeInTheDocument();
  });
});

describe('six-month modal', () => {
  it('opens "Automated refunds are not available" with a support mail link; no refund is offered; Escape closes it', async () => {
    const { state } = mountState('six-months');
    const dialog = await screen.findByRole('alertdialog', { name: 'Automated refunds are not available' });
    const link = within(dialog).getByRole('link', { name: texts.sixMonthsLink });
    expect(mailto(link).pathname).toBe('support@example.co.uk');
    expect(mailto(link).searchParams.get('subject')).toBe(`Refund request for booking ${state.bookingReference}`);
    expect(screen.queryByRole('button', { name: 'Accept refund' })).not.toBeInTheDocument();
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('after Close the page offers no refund, replacement or deferral, only the support contact', async () => {
    // The fixture's status alone would allow a replacement and a deferral (net replacement £69.50,
    // canDeferExchange): the six-month answer overrides it.
    const { state, element } = mountState('six-months');
    expect(statusOf('six-months')).toMatchObject({ canDeferExchange: true, ticketsReplaceValue: 7450 });
    const dialog = await screen.findByRole('alertdialog', { name: texts.sixMonthsTitle });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    const panel = element.querySelector('.rw-refund__panel') as HTMLElement;
    expect(element.querySelectorAll('.rw-refund__panel')).toHaveLength(1);
    expect(within(panel).getByRole('heading', { level: 2, name: texts.sixMonthsTitle })).toBeInTheDocument();
    expect(within(panel).getByText(texts.sixMonthsPanelBody)).toBeInTheDocument();
    expect(texts.sixMonthsPanelBody).toMatch(/cannot refund it online/);
    const link = within(panel).getByRole('link', { name: texts.sixMonthsLink });
    expect(mailto(link).pathname).toBe('support@example.co.uk');
    expect(mailto(link).searchParams.get('subject')).toBe(`Refund request for booking ${state.bookingReference}`);
    for (const name of ['Accept refund', 'Continue', 'Defer replacement', 'Provide replacement journey']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(element).not.toHaveTextContent(
      /Accept refund|Defer replacement|Provide replacement journey|Refund with a replacement/,
    );
    // The only controls left: the journey's stops toggle and the support mail; nothing sends a request.
    for (const button of within(element).queryAllByRole('button')) await user.click(button);
    expect(sent('POST')).toHaveLength(0);
    expect(
      sent('GET')
        .map((request) => request.url)
        .sort(),
    ).toEqual([DRY_RUN_URL, STATUS_URL].sort());
  });

  it('only the "older than 6 months" dry-run error opens it', async () => {
    mountState('dry-run-failure');
    await screen.findByText(texts.dryRunOutage);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('an outage is not a decision (docs/decisions.md "An outage is not a decision")', () => {
  it.each([
    ['a 500', { httpError: { status: 500, body: '{"message":"Booking service unavailable"}' } }],
    ['a 503', { httpError: { status: 503, body: 'busy' } }],
    ['a 429', { httpError: { status: 429, body: 'slow down' } }],
  ])('a dry run answered %s: no refund, no refusal, no appeal; Try again checks again', async (_label, failure) => {
    const { state } = mountState('dry-run-failure', { dryRun: failure as unknown as State['dryRun'] });
    const alert = await screen.findByRole('alert');
    expect(texts.dryRunOutage).toBe("We couldn't check your refund just now. Please try again later.");
    expect(alert).toHaveTextContent(texts.dryRunOutage);
    expect(alert).not.toHaveTextContent(/500|503|429|unavailable|busy|slow down/);
    expect(screen.queryByText(texts.refundUnavailable)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'How to appeal' })).not.toBeInTheDocument();
    expect(screen.queryByText(/appeal/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept refund' })).not.toBeInTheDocument();

    // The service is back: Try again loads the status and the dry run again.
    const dryRunsBefore = sent('GET', DRY_RUN_URL).length;
    serve(state.status, states.instant.dryRun);
    await userEvent.setup().click(within(alert).getByRole('button', { name: texts.tryAgain }));
    await waitFor(() => expect(screen.queryByText(texts.dryRunOutage)).not.toBeInTheDocument());
    expect(sent('GET', DRY_RUN_URL)).toHaveLength(dryRunsBefore + 1);
  });
});

describe('appeal modal "How to appeal"', () => {
  it('is offered when the booking is not fee-free: appeals address, subject, 5 working days; focus returns', async () => {
    const { state } = mountState('instant');
    const user = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'How to appeal' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'How to appeal' });
    const link = within(dialog).getByRole('link', { name: 'appeals@example.co.uk' });
    expect(mailto(link).searchParams.get('subject')).toBe(`Appeal for booking ${state.bookingReference}`);
    expect(dialog).toHaveTextContent('Please allow up to 5 working days for a reply.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('is not offered for a fee-free booking', async () => {
    mountState('fee-free');
    await screen.findByRole('button', { name: 'Accept refund' });
    expect(screen.queryByRole('button', { name: 'How to appeal' })).not.toBeInTheDocument();
  });

  it('is hidden when the mount says data-appeal-link="false"', async () => {
    mountState('instant', { attrs: { 'appeal-link': 'false' } });
    await screen.findByRole('button', { name: 'Accept refund' });
    expect(screen.queryByRole('button', { name: 'How to appeal' })).not.toBeInTheDocument();
  });
});

describe('advance-ticket information modal', () => {
  it('opens from a host-page link carrying data-launch="advance-info", and closes on Escape', async () => {
    const { element } = mountState('instant');
    await screen.findByRole('button', { name: 'Accept refund' });
    const link = document.createElement('a');
    link.href = '#advance';
    link.dataset.launch = 'advance-info';
    link.textContent = 'Advance tickets';
    element.before(link);
    const user = userEvent.setup();
    await user.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'About Advance tickets' });
    expect(dialog).toHaveTextContent(/not normally refundable/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens from the replacement panel link of an advance fare', async () => {
    mountState('replacement');
    const link = await screen.findByRole('link', { name: 'About Advance tickets' });
    await userEvent.setup().click(link);
    expect(await screen.findByRole('dialog', { name: 'About Advance tickets' })).toBeInTheDocument();
  });

  it("with two refund widgets on a page, a link inside the second opens the second one's modal", async () => {
    const { element: first } = mountState('replacement');
    const second = first.cloneNode(false) as HTMLElement;
    second.id = 'second-refund-widget';
    document.body.append(second);
    act(() => {
      unmountAfterTest(mount(second, { search: '' }));
    });
    await waitFor(() =>
      expect(within(second).getByRole('link', { name: 'About Advance tickets' })).toBeInTheDocument(),
    );
    await userEvent.setup().click(within(second).getByRole('link', { name: 'About Advance tickets' }));
    const dialog = await screen.findByRole('dialog', { name: 'About Advance tickets' });
    expect(second).toContainElement(dialog);
    expect(first.querySelector('dialog[open]')).toBeNull();
  });

  it('links without the marker do nothing', async () => {
    const { element } = mountState('instant');
    await screen.findByRole('button', { name: 'Accept refund' });
    const link = Object.assign(document.createElement('a'), { href: '#x', textContent: 'Other' });
    element.before(link);
    await userEvent.setup().click(link);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('covid19 flag and reason codes', () => {
  it('covid19=TRUE in the query is shown and sent as covid19: true', async () => {
    mountState('covid-full-refund', { search: 'covid19=TRUE' });
    expect(await screen.findByText(texts.covidNote)).toBeInTheDocument();
    server.use(route('post', '/api/ProcessRefund', () => HttpResponse.json({})));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept refund' }));
    await screen.findByRole('heading', { name: 'Refund request accepted' });
    expect(JSON.parse((await sentRequests('POST'))[0].body)).toMatchObject({ covid19: true, defer: false });
  });

  it('without the flag covid19 is sent as false and no note is shown', async () => {
    mountState('instant');
    await screen.findByRole('button', { name: 'Accept refund' });
    expect(screen.queryByText(texts.covidNote)).not.toBeInTheDocument();
    server.use(route('post', '/api/ProcessRefund', () => HttpResponse.json({})));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept refund' }));
    await screen.findByRole('heading', { name: 'Refund request accepted' });
    expect(JSON.parse((await sentRequests('POST'))[0].body)).toMatchObject({ covid19: false });
  });

  it.each([
    ['104', 0, false, texts.feeWaivedDisruption],
    ['COVGR1', 0, false, texts.feeWaivedCovgr1],
    ['COV', 500, false, texts.feeWaivedCov],
    [null, 0, true, texts.feeWaivedFeeFree],
    [null, 500, false, null],
  ])('reason code %s with admin fee %i (fee-free %s) shows %s', (reasonCode, adminFee, feeFree, note) => {
    expect(feeNote({ refundValue: 1000, adminFee, reasonCode }, feeFree)).toBe(note);
  });

  it('the 104 and COVGR1 states show their fee notes on the page', async () => {
    mountState('disruption-waived');
    expect(await screen.findByText(texts.feeWaivedDisruption)).toBeInTheDocument();
    mountState('covid-full-refund');
    expect(await screen.findByText(texts.feeWaivedCovgr1)).toBeInTheDocument();
  });
});

describe('snapshots (complement the assertions above)', () => {
  it.each(['cancelled', 'scanned', 'zero-value', 'dry-run-failure'])('unavailable page: %s', async (name) => {
    const { element } = mountState(name, { attrs: { view: 'unavailable' } });
    await screen.findByText(/We can't process an automatic refund/);
    expect(element.innerHTML).toMatchSnapshot();
  });

  it('six-month modal', async () => {
    const { element } = mountState('six-months');
    await screen.findByRole('alertdialog');
    expect(element.innerHTML).toMatchSnapshot();
  });
});
