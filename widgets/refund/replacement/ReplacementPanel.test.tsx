/**
 * The refund-with-replacement panel through the refund widget's real `mount` on a host page, with
 * the `replacement` and `defer-only` fixture states for status and dry run, and the lookup and
 * replacement answers given at the network (docs/product-rules.md sections 2, 4, 5, 7, 8).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { configureClient } from '../../../shared/api/policy';
import { noAnswer, route, sent, sentRequests, server } from '../../../test/api/server';
import type { RefundStatusResponse } from '../../../shared/types';
import { mountRefundPage, registerRefundTestHooks, serveRefundPage } from '../../../test/widgets/refund/refundPage';
import { BOOKING_REFERENCE_HINT } from '../../../shared/forms/bookingReference';
import { texts as refundTexts } from '../texts';
import { texts } from './texts';
import { LOOKUP_PATH, REPLACEMENT_DRY_RUN_PATH, REPLACEMENT_PATH } from './api';
import {
  DIRECT_SINGLE,
  lookupAnswer,
  REPLACEMENT_EMAIL,
  REPLACEMENT_REFERENCE,
  RETURN_WITH_CHANGE,
  STATES,
  WITHOUT_STATUS,
} from '../../../test/widgets/refund/replacement/testData';

registerRefundTestHooks();

type StateName = 'replacement' | 'defer-only';

function mountState(
  name: StateName,
  options: { status?: Partial<RefundStatusResponse>; search?: string; attrs?: Record<string, string> } = {},
) {
  const state = STATES[name];
  serveRefundPage({ ...state.status, ...options.status }, state.dryRun);
  return mountRefundPage({ details: state.details, maxAdminFee: '10', search: options.search, attrs: options.attrs });
}

/** The accordion toggle with exactly this title (its name also holds the +/− icon, which is aria-hidden). */
const accordion = (title: string) => screen.getByRole('button', { name: title });
/** The accordion's panel (the element its toggle controls), found also while collapsed. */
const regionOf = (title: string) =>
  document.getElementById(accordion(title).getAttribute('aria-controls') as string) as HTMLElement;

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Provide replacement journey' }));
  return screen.findByRole('textbox', { name: 'Booking reference' });
}

async function fillAndContinue(user: ReturnType<typeof userEvent.setup>, reference: string, email: string) {
  const field = await openForm(user);
  if (reference) await user.type(field, reference);
  if (email) await user.type(screen.getByRole('textbox', { name: 'Email address' }), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

/** Answers the POSTs to `path` with `status` and the text `body` (`once`: one request). */
const answer = (path: string, status: number, body: string, options?: { once: boolean }) =>
  route('post', path, () => new HttpResponse(body, { status }), options);
/** Answers the POSTs to `path` with `status` and the text `body`. */
const reply = (path: string, status: number, body: string) => server.use(answer(path, status, body));
const posts = (path: string) => sent('POST', path);
/** The bodies of the POSTs to `path`, read. */
const postBodies = async (path: string) => (await sentRequests('POST', path)).map((request) => request.body);

describe('the panel by case (docs/product-rules.md section 2)', () => {
  it('replacement: a replacement raises the refund, deferral possible, advance fares; three accordions', async () => {
    mountState('replacement');
    expect(await screen.findByRole('heading', { name: refundTexts.replacementHeading })).toBeInTheDocument();
    expect(
      screen.getByText(
        'If you provide a replacement journey, you can get back up to £45.50, less an admin fee of £10.00.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'You can also defer: keep £45.50 to use towards a future journey within 12 months, with no admin fee.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Your booking has Advance fares/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Selected Journey: London Kings Cross to Newcastle' }),
    ).toBeInTheDocument();
    for (const title of ['Refund without replacement', 'Provide replacement journey', 'Defer replacement']) {
      expect(accordion(title)).toHaveAttribute('aria-expanded', 'false');
    }
    expect(
      within(regionOf('Refund without replacement')).getByText('No refund is available without a replacement journey.'),
    ).toBeInTheDocument();
    const provide = regionOf('Provide replacement journey');
    expect(within(provide).getByText('Maximum replacement value').nextSibling).toHaveTextContent('£45.50');
    expect(within(provide).getByText('Admin fee for a replacement').nextSibling).toHaveTextContent('£10.00');
    expect(within(regionOf('Defer replacement')).getByText('Amount deferred').nextSibling).toHaveTextContent('£45.50');
    expect(screen.queryByRole('button', { name: 'Accept refund' })).not.toBeInTheDocument(); // inside a collapsed accordion
  });

  it('defer-only: a replacement would not raise the refund, deferral possible', async () => {
    mountState('defer-only');
    expect(
      await screen.findByText('A replacement journey would not raise your refund for this booking.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^You can also defer: keep £9\.00/)).toBeInTheDocument();
    expect(accordion('Defer replacement')).toBeInTheDocument();
  });

  it('a refund without replacement and no deferral: the amount and its lines, no Defer accordion', async () => {
    const status = STATES.replacement.status.refundStatus!;
    mountState('replacement', {
      status: {
        refundStatus: { ...status, ticketsRefundValue: 2000, adminFee: 1000, canDeferExchange: false },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund without replacement' }));
    const region = regionOf('Refund without replacement');
    expect(within(region).getByText('Without a replacement journey you would receive £10.00.')).toBeInTheDocument();
    expect(within(region).getByText('Booking value').nextSibling).toHaveTextContent('£20.00');
    expect(within(region).getByText('Admin fee').nextSibling).toHaveTextContent('£10.00');
    expect(screen.getByText('This booking cannot be deferred.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Defer replacement' })).not.toBeInTheDocument();
  });

  it('"About Advance tickets" once: the panel links to it only when the host page does not', async () => {
    const { element } = mountState('replacement');
    await screen.findByRole('heading', { name: refundTexts.replacementHeading });
    expect(within(element).getAllByText(refundTexts.advanceLink)).toHaveLength(1);
  });

  it("with the host page's own advance-info link, the panel says it without a second link", async () => {
    const { element } = mountState('replacement');
    // The host page's aside, as on the dev host and the ASP.NET host (outside the widget).
    const aside = document.createElement('aside');
    aside.innerHTML = '<a href="#advance-info" data-launch="advance-info">About Advance tickets</a>';
    document.body.append(aside);
    await screen.findByRole('heading', { name: refundTexts.replacementHeading });
    expect(screen.getByText(/^Your booking has Advance fares/)).toHaveTextContent(/journey\.$/);
    expect(within(element).queryByText(refundTexts.advanceLink)).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: refundTexts.advanceLink })).toHaveLength(1);
  });

  it('links to /ManualRefund with the booking reference, email and PartJourney flag for a part-journey replacement', async () => {
    mountState('replacement', { search: 'covid19=true' });
    const link = await screen.findByRole('link', { name: 'Request a refund for a part-journey replacement' });
    expect(link.getAttribute('href')).toBe(
      '/ManualRefund?BookingReference=GLX2NF7R&Email=replace.me%40example.com&covid19=true&PartJourney=true',
    );
  });

  it('the part-journey link leads to data-manual-action when the mount gives one', async () => {
    mountState('replacement', { attrs: { 'manual-action': '/Claims/Manual' } });
    const link = await screen.findByRole('link', { name: 'Request a refund for a part-journey replacement' });
    expect(link.getAttribute('href')).toBe(
      '/Claims/Manual?BookingReference=GLX2NF7R&Email=replace.me%40example.com&PartJourney=true',
    );
  });

  it.each(['replacement', 'defer-only'] as const)('snapshot: %s', async (name) => {
    const { element } = mountState(name);
    await screen.findByRole('heading', { name: refundTexts.replacementHeading });
    expect(element.innerHTML).toMatchSnapshot();
  });
});

describe('the replacement form (docs/product-rules.md section 5; docs/architecture.md "Forms", "Lazy by default")', () => {
  it('loads only when its accordion opens', async () => {
    mountState('replacement');
    await screen.findByRole('button', { name: 'Provide replacement journey' });
    expect(document.querySelector('[id^="rw-replacement-booking-reference-"]')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Provide replacement journey' }));
    const field = await screen.findByRole('textbox', { name: 'Booking reference' });
    // The one booking-reference hint, the lookup form's too (shared/forms/bookingReference.ts).
    expect(field).toHaveAccessibleDescription(BOOKING_REFERENCE_HINT);
    expect(screen.getByText(texts.formIntro)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('an empty submit shows a focused error summary linking to each field, and the messages beside the fields', async () => {
    const { element } = mountState('replacement');
    const user = userEvent.setup();
    await fillAndContinue(user, '', '');
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Enter your booking reference', `#${screen.getByRole('textbox', { name: 'Booking reference' }).id}`],
      ['Enter your email address', `#${screen.getByRole('textbox', { name: 'Email address' }).id}`],
    ]);
    expect(links[0].getAttribute('href')).toMatch(/^#rw-replacement-booking-reference-/);
    const reference = screen.getByRole('textbox', { name: 'Booking reference' });
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(reference).toHaveAccessibleDescription(expect.stringContaining('Enter your booking reference'));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter your email address'),
    );
    await user.click(links[1]);
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus();
    expect(sent('POST')).toHaveLength(0);
    expect(element.innerHTML).toMatchSnapshot();
  });

  it('refuses the original booking reference and a bad e-mail; the summary takes focus again on each submit', async () => {
    mountState('replacement');
    const user = userEvent.setup();
    await fillAndContinue(user, ' GLX2NF7R ', 'replace.me@example');
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() =>
      expect(
        within(summary)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'Cannot be the same as the original booking reference',
        'Enter an email address in the correct format, like name@example.com',
      ]),
    );
    const reference = screen.getByRole('textbox', { name: 'Booking reference' });
    await user.clear(reference);
    await user.type(reference, 'glx2nf7');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(within(summary).getAllByRole('link')[0]).toHaveTextContent(
        'Enter a booking reference in the correct format, like KXB7HT2N or E-123456789',
      ),
    );
    expect(summary).toHaveFocus();
    expect(sent('POST')).toHaveLength(0);
  });

  it('upper-cases the reference as typed, as the lookup form does, and looks it up in capitals', async () => {
    mountState('replacement');
    reply(LOOKUP_PATH, 200, JSON.stringify([]));
    const user = userEvent.setup();
    await fillAndContinue(user, ` ${REPLACEMENT_REFERENCE.toLowerCase()}`, REPLACEMENT_EMAIL);
    expect(screen.getByRole('textbox', { name: 'Booking reference' })).toHaveValue(` ${REPLACEMENT_REFERENCE}`);
    expect(await screen.findByText(texts.noEligible)).toBeInTheDocument();
    expect(JSON.parse((await postBodies(LOOKUP_PATH))[0])).toEqual({
      bookingReference: REPLACEMENT_REFERENCE,
      email: REPLACEMENT_EMAIL,
    });
  });

  it('Continue looks the journeys up with trimmed values and opens the picker with only journeys that have a refund status', async () => {
    mountState('replacement');
    reply(LOOKUP_PATH, 200, JSON.stringify(lookupAnswer()));
    reply(REPLACEMENT_DRY_RUN_PATH, 200, JSON.stringify({ refundValue: 1250, adminFee: 1000, reasonCode: null }));
    const user = userEvent.setup();
    await fillAndContinue(user, `  ${REPLACEMENT_REFERENCE} `, ` ${REPLACEMENT_EMAIL}  `);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm replacement' });
    expect(JSON.parse((await postBodies(LOOKUP_PATH))[0])).toEqual({
      bookingReference: REPLACEMENT_REFERENCE,
      email: REPLACEMENT_EMAIL,
    });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual([
      String(DIRECT_SINGLE.journeyID),
      String(RETURN_WITH_CHANGE.journeyID),
    ]);
    expect(radios[0]).toBeChecked();
    expect(within(dialog).queryByText(/Leeds/)).not.toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Confirm £12.50 refund' })).toBeEnabled();
    const dryRuns = await postBodies(REPLACEMENT_DRY_RUN_PATH);
    expect(dryRuns.map((body) => JSON.parse(body).replacementJourneyId)).toEqual([DIRECT_SINGLE.journeyID]);
    expect(dryRuns.some((body) => body.includes(String(WITHOUT_STATUS.journeyID)))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
  });

  it.each([
    ['no item has a refund status', [{ refundStatus: null, journeyList: [WITHOUT_STATUS] }]],
    ['the list is empty', []],
    ['the item has no journeys', [{ refundStatus: {}, journeyList: [] }]],
  ])('no eligible journey (%s) shows the catalogued message beside the form', async (_name, answer) => {
    mountState('replacement');
    reply(LOOKUP_PATH, 200, JSON.stringify(answer));
    const user = userEvent.setup();
    await fillAndContinue(user, REPLACEMENT_REFERENCE, REPLACEMENT_EMAIL);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^No matching eligible journeys\. Journeys must have been purchased prior to your original departure time\.$/,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(REPLACEMENT_DRY_RUN_PATH)).toHaveLength(0);
  });

  it.each([
    [
      'a JSON message',
      404,
      JSON.stringify({ message: 'Booking WRT3FG4H was not found' }),
      'Booking WRT3FG4H was not found',
    ],
    [
      'plain text',
      400,
      'The email address does not match this booking',
      'The email address does not match this booking',
    ],
  ])('another lookup error (%s) shows the server text in the Lookup failed modal', async (_name, code, body, text) => {
    const { element } = mountState('replacement');
    reply(LOOKUP_PATH, code, body);
    const user = userEvent.setup();
    await fillAndContinue(user, REPLACEMENT_REFERENCE, REPLACEMENT_EMAIL);
    const modal = await screen.findByRole('alertdialog', { name: 'Lookup failed' });
    expect(modal).toHaveTextContent(text);
    expect(element.innerHTML).toMatchSnapshot();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each([
    [
      'a malformed answer',
      () => reply(LOOKUP_PATH, 200, JSON.stringify([{ refundStatus: {}, journeyList: [{ journeyID: 'x' }] }])),
    ],
    ['a timeout', () => server.use(route('post', LOOKUP_PATH, () => noAnswer()))],
    ['a dropped connection', () => server.use(route('post', LOOKUP_PATH, () => HttpResponse.error()))],
    ['a 500 without a body', () => reply(LOOKUP_PATH, 500, '')],
    ['a 502 web page', () => reply(LOOKUP_PATH, 502, '<!DOCTYPE html><html><body>Bad Gateway</body></html>')],
  ])('%s: the Lookup failed modal says what to do in a plain sentence', async (_name, arrange) => {
    mountState('replacement');
    arrange();
    const user = userEvent.setup();
    await fillAndContinue(user, REPLACEMENT_REFERENCE, REPLACEMENT_EMAIL);
    const modal = await screen.findByRole('alertdialog', { name: 'Lookup failed' });
    expect(modal).toHaveTextContent(/^Lookup failed(.*)Close$/);
    expect(within(modal).getByText(texts.lookupFailedPlain)).toBeInTheDocument();
    expect(modal).toHaveTextContent(
      /^Lookup failedWe couldn't look up your replacement journey just now\. Please try again in a few minutes\.Close$/,
    );
  });

  it('with no protected reference logs that the backend thinks a refund is impossible and sends nothing', async () => {
    mountState('replacement', { status: { protectedReference: null, replacementProtectedReference: null } });
    const user = userEvent.setup();
    await fillAndContinue(user, REPLACEMENT_REFERENCE, REPLACEMENT_EMAIL);
    expect(await screen.findByText(refundTexts.noProtectedReference)).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith(refundTexts.backendNoRefundLog);
    expect(sent('POST')).toHaveLength(0);
  });

  it('a confirmed replacement finishes with "Refund request accepted" and announces kind replacement', async () => {
    const { element } = mountState('replacement');
    const completions: unknown[] = [];
    element.addEventListener('refundwidgets:complete', (e) => completions.push((e as CustomEvent).detail));
    reply(LOOKUP_PATH, 200, JSON.stringify(lookupAnswer()));
    reply(REPLACEMENT_DRY_RUN_PATH, 200, JSON.stringify({ refundValue: 1250, adminFee: 1000, reasonCode: null }));
    reply(REPLACEMENT_PATH, 200, '');
    const user = userEvent.setup();
    await fillAndContinue(user, REPLACEMENT_REFERENCE, REPLACEMENT_EMAIL);
    await user.click(await screen.findByRole('button', { name: 'Confirm £12.50 refund' }));
    expect(await screen.findByRole('heading', { name: 'Refund request accepted' })).toHaveFocus();
    // The finished view repeats the amount confirmed in the picker.
    expect(screen.getByText('We are refunding £12.50.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(REPLACEMENT_PATH)).toHaveLength(1);
    expect(completions).toEqual([{ kind: 'replacement', bookingReference: STATES.replacement.bookingReference }]);
  });
});

describe('Defer replacement (docs/product-rules.md sections 1, 2, 7, 8)', () => {
  it('states 12 months and no admin fee; Accept refund sends exactly one deferral and finishes', async () => {
    const { element } = mountState('defer-only', {
      search: 'covid19=True&disruptedOutwards=false&disruptedInwards=TRUE',
    });
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
    await user.click(await screen.findByRole('button', { name: 'Defer replacement' }));
    const region = regionOf('Defer replacement');
    expect(within(region).getByText('Amount deferred').nextSibling).toHaveTextContent('£9.00');
    expect(within(region).getByText('A deferred refund is valid for 12 months.')).toBeInTheDocument();
    expect(within(region).getByText('No admin fee applies to a deferral.')).toBeInTheDocument();
    const button = within(region).getByRole('button', { name: 'Accept refund' });
    act(() => {
      button.click();
      button.click();
    });
    await user.click(button);
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(button).toBeDisabled();
    expect(within(region).getByText('Sending your deferral request…')).toBeInTheDocument();
    // The answer arrives on the spring clock-change night, at the change itself (01:00 GMT is 02:00 BST).
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-29T01:00:00Z'));
    act(() => release());
    const heading = await screen.findByRole('heading', { name: 'Deferred refund request accepted' });
    clock.mockRestore();
    expect(heading).toHaveFocus();
    expect(heading).toHaveAccessibleDescription('Deferred refund request accepted on 29/03/2026 at 02:00 (UK time).');
    // The amount kept, for how long, and how to use it.
    const finished = element.querySelector('.rw-refund__finished') as HTMLElement;
    expect(finished).toHaveTextContent(
      [
        'Deferred refund request accepted',
        'Deferred refund request accepted on 29/03/2026 at 02:00 (UK time).',
        'We are keeping £9.00 for you for 12 months, with no admin fee.',
        `To use it, book your next journey with us within 12 months and quote booking reference ${STATES['defer-only'].bookingReference}. The amount kept goes towards the new booking.`,
        'If you need help, contact our support team.',
        'Start again',
      ].join(''),
    );
    expect(
      new URL(
        within(finished).getByRole('link', { name: refundTexts.deferralHelp }).getAttribute('href') as string,
      ).searchParams.get('subject'),
    ).toBe(`Refund help for booking ${STATES['defer-only'].bookingReference}`);
    expect(sent('POST')).toHaveLength(1);
    const status = STATES['defer-only'].status;
    expect(sent('POST')[0].url).toBe('/api/ProcessRefund');
    expect(JSON.parse((await sentRequests('POST'))[0].body)).toEqual({
      protectedReference: status.protectedReference,
      journeyId: status.refundStatus!.journeyID,
      covid19: true,
      defer: true,
      disruptedOutwards: false,
      disruptedInwards: true,
    });
    expect(sent('POST')[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(completions).toEqual([{ kind: 'deferral', bookingReference: STATES['defer-only'].bookingReference }]);
  });

  it('a failed deferral shows the catalogued message with a contact link; the retry reuses the key', async () => {
    const { element } = mountState('replacement');
    server.use(
      answer('/api/ProcessRefund', 503, 'Service unavailable', { once: true }),
      answer('/api/ProcessRefund', 200, '', { once: true }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Defer replacement' }));
    await user.click(within(regionOf('Defer replacement')).getByRole('button', { name: 'Accept refund' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't process this refund. Please try again.");
    // Details: the server's text alone, without its status (503).
    expect(within(alert).getByText('Details').nextElementSibling).toHaveTextContent(/^Service unavailable$/);
    expect(alert).not.toHaveTextContent(/503|HTTP|API_ERROR/);
    expect(within(alert).getByRole('link', { name: refundTexts.contactSupport }).getAttribute('href')).toMatch(
      /^mailto:support@example\.co\.uk\?subject=/,
    );
    expect(element.innerHTML).toMatchSnapshot();
    await user.click(within(regionOf('Defer replacement')).getByRole('button', { name: 'Accept refund' }));
    await screen.findByRole('heading', { name: 'Deferred refund request accepted' });
    expect(sent('POST')).toHaveLength(2);
    expect(sent('POST')[1].headers.get('Idempotency-Key')).toBe(sent('POST')[0].headers.get('Idempotency-Key'));
  });

  it('a deferral is another intent than a refund of the same booking: it gets its own key', async () => {
    localStorage.setItem(
      'rw-intent:HJW8CB3T:refund',
      JSON.stringify({ key: 'earlier-refund-key', digest: 'x'.repeat(64), savedAt: Date.now() }),
    );
    mountState('defer-only');
    reply('/api/ProcessRefund', 200, '');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Defer replacement' }));
    expect(screen.queryByText(refundTexts.earlierRequestPending)).not.toBeInTheDocument();
    await user.click(within(regionOf('Defer replacement')).getByRole('button', { name: 'Accept refund' }));
    await screen.findByRole('heading', { name: 'Deferred refund request accepted' });
    expect(sent('POST')[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent('POST')[0].headers.get('Idempotency-Key')).not.toBe('earlier-refund-key');
    // The booking is complete: every intent of it goes (docs/offline.md "Committing actions").
    await waitFor(() => expect(localStorage.getItem('rw-intent:HJW8CB3T:refund')).toBeNull());
    expect(localStorage.getItem('rw-intent:HJW8CB3T:deferral')).toBeNull();
  });

  it('with no protected reference logs that the backend thinks a refund is impossible and sends nothing', async () => {
    mountState('defer-only', { status: { protectedReference: null } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Defer replacement' }));
    await user.click(within(regionOf('Defer replacement')).getByRole('button', { name: 'Accept refund' }));
    expect(screen.getByText(refundTexts.noProtectedReference)).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith(refundTexts.backendNoRefundLog);
    expect(sent('POST')).toHaveLength(0);
  });
});
