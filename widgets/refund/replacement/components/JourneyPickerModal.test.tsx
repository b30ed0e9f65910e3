/**
 * The journey picker 'Confirm replacement' rendered on its own with the `replacement` fixture
 * state's page data; the API answered at the network (docs/product-rules.md sections 2, 4, 7, 8).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { configureClient } from '../../../../shared/api/policy';
import { noAnswer, route, sent, sentRequests, server, xhrOf } from '../../../../test/api/server';
import { texts as refundTexts } from '../../texts';
import { REPLACEMENT_DRY_RUN_PATH, REPLACEMENT_PATH } from '../api';
import { changesText, describeDirection, journeyLabel } from './JourneyCard';
import { amountBreakdown, JourneyPickerModal, type JourneyPickerModalProps } from './JourneyPickerModal';
import {
  configOf,
  DIRECT_SINGLE,
  REPLACEMENT_REFERENCE,
  responseOf,
  RETURN_WITH_CHANGE,
  STATES,
} from '../../../../test/widgets/refund/replacement/testData';
import type { LookupJourney } from '../types';
import { registerRefundTestHooks } from '../../../../test/widgets/refund/refundPage';

registerRefundTestHooks();
const DIRECT_NAME = 'London Kings Cross to Newcastle, 20/02/2027 11:00';
const RETURN_NAME = 'London Kings Cross to Newcastle, 20/02/2027 10:03, return 22/02/2027 17:00';

/** The replacement journey a dry-run request asks about, and the answer of `values` (pence by journey id). */
function dryRunAnswer(values: Record<number, number>, data: string): { id: number; body: string } {
  const { replacementJourneyId: id } = JSON.parse(data) as { replacementJourneyId: number };
  return { id, body: JSON.stringify({ refundValue: values[id], adminFee: 1000, reasonCode: null }) };
}

/** Answers the POSTs to `path` with `status` and the text `body` (`once`: one request). */
const answer = (path: string, status: number, body: string, options?: { once: boolean }) =>
  route('post', path, () => new HttpResponse(body, { status }), options);

/** Dry-run answers by replacement journey id (pence). */
function serveDryRuns(values: Record<number, number>) {
  server.use(
    route('post', REPLACEMENT_DRY_RUN_PATH, async ({ request }) =>
      HttpResponse.text(dryRunAnswer(values, await request.text()).body),
    ),
  );
}

/**
 * Holds `answer` of `request` until the returned release is called; the release settles once the
 * client has read the answer and its handlers have run.
 */
function held(request: Request, answer: Response): { answer: Promise<Response>; release: () => Promise<void> } {
  const xhr = xhrOf(request);
  const loaded = new Promise<void>((resolve) => xhr?.addEventListener('loadend', () => resolve()));
  let send: () => void = () => undefined;
  const promise = new Promise<Response>((resolve) => (send = () => resolve(answer)));
  return {
    answer: promise,
    release: async () => {
      send();
      await loaded;
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

/**
 * Dry-run answers by replacement journey id (pence), each held until the test calls its release
 * (with a long timeout, the dry run's being a GET's: no timeout ends a held answer first).
 */
function holdDryRuns(values: Record<number, number>): Record<number, () => Promise<void>> {
  configureClient({ timeouts: { get: 30_000 } });
  const release: Record<number, () => Promise<void>> = {};
  server.use(
    route('post', REPLACEMENT_DRY_RUN_PATH, async ({ request }) => {
      const { id, body } = dryRunAnswer(values, await request.clone().text());
      const hold = held(request, HttpResponse.text(body));
      release[id] = hold.release;
      return hold.answer;
    }),
  );
  return release;
}

function renderPicker(props: Partial<JourneyPickerModalProps> = {}) {
  const onClose = jest.fn();
  const onDone = jest.fn();
  const view = render(
    <JourneyPickerModal
      config={configOf('replacement')}
      response={responseOf('replacement')}
      journeys={[DIRECT_SINGLE, RETURN_WITH_CHANGE]}
      enteredReference={REPLACEMENT_REFERENCE}
      onClose={onClose}
      onDone={onDone}
      {...props}
    />,
  );
  return { ...view, onClose, onDone };
}

/** The JSON bodies of the dry-run POSTs sent. */
const dryRunBodies = async () =>
  (await sentRequests('POST', REPLACEMENT_DRY_RUN_PATH)).map((request) => JSON.parse(request.body));
const confirmCalls = () => sent('POST', REPLACEMENT_PATH);

describe('journey cards (docs/product-rules.md section 2)', () => {
  it('show dates, times, stations, changes, mode icons and total cost as one radio group', async () => {
    serveDryRuns({ 900101: 1250, 900102: 3550 });
    renderPicker();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm replacement' });
    const group = within(dialog).getByRole('group', { name: 'Choose your replacement journey' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(within(group).getByRole('radio', { name: DIRECT_NAME })).toBeChecked();
    expect(within(group).getByRole('radio', { name: RETURN_NAME })).not.toBeChecked();

    const direct = within(group).getByRole('radio', { name: DIRECT_NAME }).closest('label') as HTMLElement;
    expect(direct).toHaveTextContent('Outward 20/02/2027');
    expect(direct).toHaveTextContent('11:00 London Kings Cross – 13:55 Newcastle');
    expect(direct).toHaveTextContent('Direct');
    expect(direct).toHaveTextContent('Total cost £60.20');
    expect(direct).not.toHaveTextContent('Return');
    expect(within(direct).getByRole('img', { name: 'Rail double arrow logo' })).toBeInTheDocument();

    const withReturn = within(group).getByRole('radio', { name: RETURN_NAME }).closest('label') as HTMLElement;
    expect(withReturn).toHaveTextContent('Outward 20/02/2027');
    expect(withReturn).toHaveTextContent('10:03 London Kings Cross – 13:40 Newcastle');
    expect(withReturn).toHaveTextContent('1 change');
    expect(withReturn).toHaveTextContent('Return 22/02/2027');
    expect(withReturn).toHaveTextContent('17:00 Newcastle – 19:52 London Kings Cross');
    expect(withReturn).toHaveTextContent('Total cost £112.50');
    expect(within(withReturn).getByRole('img', { name: 'Rail replacement bus' })).toBeInTheDocument();
    expect(within(withReturn).getAllByRole('img', { name: 'Rail double arrow logo' })).toHaveLength(2);
    expect(radios[1]).toHaveAccessibleDescription(expect.stringContaining('Total cost £112.50'));
    await screen.findByRole('button', { name: 'Confirm £12.50 refund' });
  });

  it('name an unknown station "Unknown" and count changes', () => {
    const stations = configOf('replacement').stations;
    const odd: LookupJourney = {
      ...DIRECT_SINGLE,
      legRecordsOut: [{ ...DIRECT_SINGLE.legRecordsOut[0], destinationCRS: 'ZZZ', mode: 'HOVERCRAFT' }],
    };
    expect(describeDirection(odd.legRecordsOut, stations)).toMatchObject({
      origin: 'London Kings Cross',
      destination: 'Unknown',
      modes: [],
    });
    expect(journeyLabel(odd, stations)).toBe('London Kings Cross to Unknown, 20/02/2027 11:00');
    expect(describeDirection([], stations)).toBeNull();
    expect([0, 1, 2, 3].map(changesText)).toEqual(['Direct', '1 change', '2 changes', '3 changes']);
  });

  it("show how the chosen journey's amount is made, from the dry run's figures, and follow the choice", async () => {
    server.use(
      route('post', REPLACEMENT_DRY_RUN_PATH, async ({ request }) => {
        const { replacementJourneyId } = (await request.json()) as { replacementJourneyId: number };
        const answers: Record<number, object> = {
          900101: { refundValue: 3550, adminFee: 1000, reasonCode: null },
          900102: { refundValue: 4550, adminFee: 0, reasonCode: null },
        };
        return HttpResponse.text(JSON.stringify(answers[replacementJourneyId]));
      }),
    );
    const user = userEvent.setup();
    renderPicker();
    await screen.findByRole('button', { name: 'Confirm £35.50 refund' });
    const amount = () => document.querySelector('.rw-journey-picker__amount') as HTMLElement;
    expect(amount()).toHaveTextContent(
      /^Your refund with this replacement: £35\.50 £45\.50 refund, less the £10\.00 admin fee = £35\.50$/,
    );
    expect(amount()).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('radio', { name: RETURN_NAME }));
    await screen.findByRole('button', { name: 'Confirm £45.50 refund' });
    expect(amount()).toHaveTextContent(
      /^Your refund with this replacement: £45\.50 £45\.50 refund, with no admin fee$/,
    );
  });

  it('amountBreakdown: fee, no fee, and no breakdown for a refund of 0', () => {
    expect(amountBreakdown({ refundValue: 3680, adminFee: 500, reasonCode: null })).toBe(
      '£41.80 refund, less the £5.00 admin fee = £36.80',
    );
    expect(amountBreakdown({ refundValue: 4550, adminFee: 0, reasonCode: null })).toBe(
      '£45.50 refund, with no admin fee',
    );
    expect(amountBreakdown({ refundValue: 0, adminFee: 1000, reasonCode: null })).toBeNull();
  });

  it('snapshot: the picker with its amount', async () => {
    serveDryRuns({ 900101: 1250, 900102: 3550 });
    const { container } = renderPicker();
    await screen.findByRole('button', { name: 'Confirm £12.50 refund' });
    expect(container.innerHTML).toMatchSnapshot();
  });
});

describe('dry run (docs/product-rules.md sections 4 and 7)', () => {
  it('runs on opening for the first journey with the replacement protected reference', async () => {
    serveDryRuns({ 900101: 1250, 900102: 3550 });
    renderPicker();
    expect(await screen.findByText('Your refund with this replacement: £12.50')).toBeInTheDocument();
    const status = STATES.replacement.status;
    expect(await dryRunBodies()).toEqual([
      {
        protectedReference: status.replacementProtectedReference,
        journeyId: status.refundStatus?.journeyID,
        replacementBookingReference: REPLACEMENT_REFERENCE,
        replacementJourneyId: 900101,
      },
    ]);
    expect(screen.getByRole('button', { name: 'Confirm £12.50 refund' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: DIRECT_NAME })).toHaveFocus();
  });

  it('uses the protected reference when there is no replacement protected reference', async () => {
    serveDryRuns({ 900101: 1250 });
    renderPicker({ response: responseOf('defer-only') });
    await screen.findByRole('button', { name: 'Confirm £12.50 refund' });
    expect((await dryRunBodies())[0]).toMatchObject({
      protectedReference: STATES['defer-only'].status.protectedReference,
      journeyId: STATES['defer-only'].status.refundStatus?.journeyID,
    });
  });

  it('runs again on each selection change; Confirm is disabled while it loads', async () => {
    const release = holdDryRuns({ 900101: 1250, 900102: 3550 });
    const user = userEvent.setup();
    renderPicker();
    await waitFor(() => expect(release[900101]).toBeDefined());
    expect(screen.getByText('Working out your refund with this journey…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm refund' })).toBeDisabled();
    await act(async () => release[900101]());
    expect(await screen.findByRole('button', { name: 'Confirm £12.50 refund' })).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: RETURN_NAME }));
    expect(screen.getByRole('radio', { name: RETURN_NAME })).toBeChecked();
    await waitFor(() => expect(release[900102]).toBeDefined());
    expect(screen.getByRole('button', { name: 'Confirm refund' })).toBeDisabled();
    await act(async () => release[900102]());
    expect(await screen.findByRole('button', { name: 'Confirm £35.50 refund' })).toBeEnabled();
    expect((await dryRunBodies()).map((b) => b.replacementJourneyId)).toEqual([900101, 900102]);
  });

  it('never lets an older answer overwrite a newer one', async () => {
    const release = holdDryRuns({ 900101: 1250, 900102: 3550 });
    const user = userEvent.setup();
    renderPicker();
    await waitFor(() => expect(release[900101]).toBeDefined());
    await user.click(screen.getByRole('radio', { name: RETURN_NAME }));
    await waitFor(() => expect(release[900102]).toBeDefined());
    await act(async () => release[900102]());
    expect(await screen.findByRole('button', { name: 'Confirm £35.50 refund' })).toBeEnabled();
    await act(async () => release[900101]());
    expect(screen.getByText('Your refund with this replacement: £35.50')).toBeInTheDocument();
    expect(screen.queryByText(/£12\.50/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm £35.50 refund' })).toBeEnabled();
  });

  it('an error reads "Unable to use this journey: {error}" and disables Confirm until another journey works', async () => {
    serveDryRuns({ 900102: 3550 });
    server.use(
      route('post', REPLACEMENT_DRY_RUN_PATH, async ({ request }) => {
        const { replacementJourneyId } = (await request.clone().json()) as { replacementJourneyId: number };
        if (replacementJourneyId !== 900101) return undefined;
        return new HttpResponse(JSON.stringify({ message: 'Journey was purchased after the original departure' }), {
          status: 400,
        });
      }),
    );
    const user = userEvent.setup();
    renderPicker();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to use this journey: Journey was purchased after the original departure',
    );
    expect(screen.getByRole('button', { name: 'Confirm refund' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: RETURN_NAME }));
    expect(await screen.findByRole('button', { name: 'Confirm £35.50 refund' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a plain-text server error shows its text; a timeout a plain sentence, never the client's message", async () => {
    server.use(
      answer(REPLACEMENT_DRY_RUN_PATH, 500, 'Replacement service unavailable', { once: true }),
      route('post', REPLACEMENT_DRY_RUN_PATH, () => noAnswer()),
    );
    const user = userEvent.setup();
    renderPicker();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Unable to use this journey: Replacement service unavailableTry again$/,
    );
    await user.click(screen.getByRole('radio', { name: RETURN_NAME }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^Unable to use/)).toHaveTextContent(
      /^Unable to use this journey: we couldn't check it just now\. Please try again\.$/,
    );
    expect(alert).not.toHaveTextContent(/timeout|1000ms|Network|500|HTTP/i);
  });

  it.each([
    ['no answer', () => route('post', REPLACEMENT_DRY_RUN_PATH, () => noAnswer(), { once: true })],
    ['a dropped connection', () => route('post', REPLACEMENT_DRY_RUN_PATH, () => HttpResponse.error(), { once: true })],
    [
      "a 502 with a proxy's web page",
      () => answer(REPLACEMENT_DRY_RUN_PATH, 502, '<html><body>502 Bad Gateway</body></html>', { once: true }),
    ],
    [
      'a 500 with JSON but no message',
      () => answer(REPLACEMENT_DRY_RUN_PATH, 500, '{"code":"E_FARES"}', { once: true }),
    ],
    [
      'an answer of the wrong shape',
      () => answer(REPLACEMENT_DRY_RUN_PATH, 200, '{"refundValue":"x"}', { once: true }),
    ],
  ])('%s: a plain sentence and Try again, which runs the dry run again', async (_name, fault) => {
    serveDryRuns({ 900101: 1250 });
    server.use(fault());
    const user = userEvent.setup();
    renderPicker();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /^Unable to use this journey: we couldn't check it just now\. Please try again\.Try again$/,
    );
    expect(screen.getByRole('button', { name: 'Confirm refund' })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Confirm £12.50 refund' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const bodies = await dryRunBodies();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it("a refusal with the server's text (a decision) offers no Try again", async () => {
    server.use(answer(REPLACEMENT_DRY_RUN_PATH, 400, JSON.stringify({ message: 'Journey already used' })));
    renderPicker();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Unable to use this journey: Journey already used$/);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });

  it('snapshot: a dry-run error', async () => {
    server.use(answer(REPLACEMENT_DRY_RUN_PATH, 400, 'Journey already used'));
    const { container } = renderPicker();
    await screen.findByRole('alert');
    expect(container.innerHTML).toMatchSnapshot();
  });
});

describe('confirming (docs/product-rules.md sections 7 and 8; docs/architecture.md "Exactly once")', () => {
  it('sends exactly one replacement POST with an Idempotency-Key however often pressed, then finishes', async () => {
    serveDryRuns({ 900101: 1250, 900102: 3550 });
    // The answer is held while the test looks at the dialog: no timeout ends it first.
    configureClient({ timeouts: { post: 30_000 } });
    let release: () => Promise<void> = async () => undefined;
    server.use(
      route('post', REPLACEMENT_PATH, ({ request }) => {
        const hold = held(request, HttpResponse.text(''));
        release = hold.release;
        return hold.answer;
      }),
    );
    const user = userEvent.setup();
    const { onDone } = renderPicker();
    await user.click(await screen.findByRole('radio', { name: RETURN_NAME }));
    const button = await screen.findByRole('button', { name: 'Confirm £35.50 refund' });
    act(() => {
      button.click();
      button.click();
      button.click();
    });
    await user.click(button);
    await waitFor(() => expect(confirmCalls()).toHaveLength(1));
    expect(button).toBeDisabled();
    expect(screen.getByRole('radio', { name: DIRECT_NAME })).toBeDisabled();
    expect(screen.getByText('Sending your replacement request…')).toBeInTheDocument();
    await act(async () => release());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    // The amount confirmed goes to the finished view.
    expect(onDone).toHaveBeenCalledWith(3550);
    expect(confirmCalls()).toHaveLength(1);
    const status = STATES.replacement.status;
    expect(JSON.parse((await sentRequests('POST', REPLACEMENT_PATH))[0].body)).toEqual({
      protectedReference: status.replacementProtectedReference,
      journeyId: status.refundStatus?.journeyID,
      replacementBookingReference: REPLACEMENT_REFERENCE,
      replacementJourneyId: 900102,
    });
    expect(confirmCalls()[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a failure shows the catalogued message with a contact link; the retry reuses the key', async () => {
    serveDryRuns({ 900101: 1250 });
    server.use(
      answer(REPLACEMENT_PATH, 500, 'Internal error', { once: true }),
      answer(REPLACEMENT_PATH, 200, '{}', { once: true }),
    );
    const user = userEvent.setup();
    const { onDone } = renderPicker();
    await user.click(await screen.findByRole('button', { name: 'Confirm £12.50 refund' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't process this refund. Please try again.");
    // The details are the server's text alone: no status, no code.
    expect(alert).toHaveTextContent(
      /^We couldn't process this refund\. Please try again\.DetailsInternal errorContact our support team$/,
    );
    expect(within(alert).getByRole('link', { name: refundTexts.contactSupport }).getAttribute('href')).toMatch(
      /^mailto:support@example\.co\.uk\?subject=/,
    );
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm £12.50 refund' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(confirmCalls()).toHaveLength(2);
    expect(confirmCalls()[1].headers.get('Idempotency-Key')).toBe(confirmCalls()[0].headers.get('Idempotency-Key'));
  });

  it('a timed-out confirm is not retried by the code', async () => {
    serveDryRuns({ 900101: 1250 });
    server.use(route('post', REPLACEMENT_PATH, () => noAnswer()));
    const user = userEvent.setup();
    renderPicker();
    await user.click(await screen.findByRole('button', { name: 'Confirm £12.50 refund' }));
    // No server text: the catalogued message alone, no Details.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^We couldn't process this refund\. Please try again\.Contact our support team$/,
    );
    expect(confirmCalls()).toHaveLength(1);
  });

  it('choosing another journey after a failure is a new intent with a new key', async () => {
    serveDryRuns({ 900101: 1250, 900102: 3550 });
    server.use(
      answer(REPLACEMENT_PATH, 500, 'Internal error', { once: true }),
      answer(REPLACEMENT_PATH, 200, '', { once: true }),
    );
    const user = userEvent.setup();
    const { onDone } = renderPicker();
    await user.click(await screen.findByRole('button', { name: 'Confirm £12.50 refund' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('radio', { name: RETURN_NAME }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Confirm £35.50 refund' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(confirmCalls()[1].headers.get('Idempotency-Key')).not.toBe(confirmCalls()[0].headers.get('Idempotency-Key'));
  });

  it('Cancel closes the picker without confirming', async () => {
    serveDryRuns({ 900101: 1250 });
    const user = userEvent.setup();
    const { onClose } = renderPicker();
    await screen.findByRole('button', { name: 'Confirm £12.50 refund' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(confirmCalls()).toHaveLength(0);
  });

  it('with no protected reference logs that the backend thinks a refund is impossible and sends nothing', async () => {
    serveDryRuns({ 900101: 1250 });
    renderPicker({
      response: responseOf('replacement', { protectedReference: null, replacementProtectedReference: null }),
    });
    expect(await screen.findByText(refundTexts.noProtectedReference)).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith(refundTexts.backendNoRefundLog);
    expect(screen.getByRole('button', { name: 'Confirm refund' })).toBeDisabled();
    expect(sent('POST')).toHaveLength(0);
  });
});
