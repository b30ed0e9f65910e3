/**
 * The disruption funnel as a traveller uses it (docs/product-rules.md section 2 "Disruption flow";
 * docs/decisions.md "Start page and disruption"), on a host page built like the dev host's with the
 * named fixture states; the refund status is answered at the network and navigation is the
 * `navigate` prop. Every answer's outcome, restore from localStorage and storage failures.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import bookings from '../../fixtures/bookings.json';
import stations from '../../fixtures/stations.json';
import { configureClient } from '../../shared/api/policy';
import { route, sent, server } from '../../test/api/server';
import { captureConsoleErrors } from '../../test/console';
import { buildHostPage, mountOnHostPage } from '../../test/hostPage';
import { DisruptionWidget } from './DisruptionWidget';
import { mount } from './mount';
import { readDisruptionConfig } from './pageConfig';

type State = { bookingReference: string; email: string; details: unknown; status: unknown };
const states = bookings as unknown as Record<string, State>;
const STATUS_URL = '/Refund/Status?bookingReference=X';
/** Answers the refund status GET with `status` and `body`. */
const serveStatus = (status: number, body: string) =>
  server.use(route('get', STATUS_URL, () => new HttpResponse(body, { status })));

const queryOf = (state: State) =>
  `BookingReference=${encodeURIComponent(state.bookingReference)}&Email=${encodeURIComponent(state.email)}`;

async function setup(
  name: string,
  options: { search?: string; attrs?: Record<string, string>; reply?: [number, string]; state?: State } = {},
) {
  const state = options.state ?? states[name];
  serveStatus(...(options.reply ?? [200, JSON.stringify(state.status)]));
  const element = buildHostPage({
    mountId: 'disruption-widget',
    details: state.details,
    stations,
    attrs: { 'refund-status-url': STATUS_URL, 'support-email': 'support@example.co.uk', ...options.attrs },
  });
  const config = readDisruptionConfig(element, document, options.search ?? queryOf(state));
  const navigate = jest.fn();
  const user = userEvent.setup();
  const view = render(
    <div className="rw-root">
      <DisruptionWidget config={config} navigate={navigate} />
    </div>,
    { container: element },
  );
  // The refund status loads at once: let it settle so later updates happen inside act().
  await waitFor(() => expect(element.querySelector('[data-status="loading"]')).toBeNull());
  return { navigate, user, state, ...view };
}

const first = () => screen.getByRole('group', { name: 'Please pick the option which applies' });

async function answerFirst(user: ReturnType<typeof userEvent.setup>, label: RegExp | string) {
  await user.click(within(first()).getByRole('radio', { name: label }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function answerSecond(user: ReturnType<typeof userEvent.setup>, label: RegExp | string) {
  const group = await screen.findByRole('group', { name: 'What happened to your journey?' });
  await user.click(within(group).getByRole('radio', { name: label }));
  await user.click(screen.getByRole('button', { name: 'Save answer' }));
}

const saved = (key = 'rw-disruption:FTR6KL9B:700118') => JSON.parse(window.localStorage.getItem(key) ?? 'null');
const journeyIdOf = (state: State) =>
  (state.details as { JourneyPlannerResults: { outboundJourneys: { journeyID?: number }[] } }).JourneyPlannerResults
    .outboundJourneys[0]?.journeyID ?? 'booking';

beforeEach(() => {
  window.localStorage.clear();
  // One jsdom window serves the whole file: no test starts on another test's history entry.
  window.history.replaceState(null, '');
  configureClient({ timeouts: { get: 100, post: 100 }, retry: { retries: 0, baseDelayMs: 1 } });
});

afterEach(() => jest.restoreAllMocks());

describe('the first question', () => {
  it('offers the five answers with SPEC identifiers as values, and shows the journey summary', async () => {
    await setup('disruption-waived');
    const radios = within(first()).getAllByRole('radio');
    expect(radios.map((radio) => [(radio as HTMLInputElement).value, radio.getAttribute('id')])).toEqual([
      ['Yes', expect.stringMatching(/^rw-disruption-answer-.+-Yes$/)],
      ['YesBefore', expect.stringMatching(/^rw-disruption-answer-.+-YesBefore$/)],
      ['Strike', expect.stringMatching(/^rw-disruption-answer-.+-Strike$/)],
      ['Heatwave', expect.stringMatching(/^rw-disruption-answer-.+-Heatwave$/)],
      ['No', expect.stringMatching(/^rw-disruption-answer-.+-No$/)],
    ]);
    expect(screen.getByRole('radio', { name: 'My journey was affected by a storm' })).toHaveAttribute(
      'value',
      'Heatwave',
    );
    expect(
      screen.getByRole('heading', { name: 'Selected Journey: London Kings Cross to Darlington' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(sent('GET').map((request) => request.url)).toEqual([STATUS_URL]));
  });

  it('where the browser keeps no storage, says the answers are kept only while the page stays open', async () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await setup('disruption-waived');
    expect(
      screen.getByText('Your answers are kept only while this page stays open: this browser is not saving them.'),
    ).toHaveAttribute('role', 'status');
  });

  it('where the browser keeps storage, says nothing of it', async () => {
    await setup('disruption-waived');
    expect(screen.queryByText(/this browser is not saving/)).not.toBeInTheDocument();
  });

  it('an empty Continue shows a focused error summary linking to the first answer', async () => {
    const { user, navigate } = await setup('disruption-waived');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Select the option which applies' })).toHaveAttribute(
      'href',
      `#${within(first()).getAllByRole('radio')[0].id}`,
    );
    expect(first()).toHaveAccessibleDescription('Select the option which applies');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('No continues to /ConfirmRefund with the same query; the funnel ends, so nothing stays saved', async () => {
    window.localStorage.setItem(
      'rw-disruption:FTR6KL9B:700118',
      JSON.stringify({ answer: 'Strike', savedAt: new Date().toISOString() }),
    );
    const search = `${queryOf(states['disruption-waived'])}&covid19=true`;
    const { user, navigate } = await setup('disruption-waived', { search });
    await answerFirst(user, 'No, my journey was not disrupted');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/ConfirmRefund?${search}`));
    expect(saved()).toBeNull();
  });
});

describe('with a disruption self refund', () => {
  it.each([
    ['Yes, my journey was affected by disruption'],
    ['Yes, and I knew about the disruption before I set off'],
    ['My journey was affected by a strike'],
    ['My journey was affected by a storm'],
  ])('%s leads to the second question, focused, with Save answer', async (label) => {
    const { user } = await setup('disruption-waived');
    await answerFirst(user, label);
    const group = await screen.findByRole('group', { name: 'What happened to your journey?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['delayed', 'abandoned1', 'abandoned2', 'abandoned3', 'abandoned4', 'manual', 'somethingElse']);
    expect(screen.getByRole('button', { name: 'Save answer' })).toBeInTheDocument();
    // Focus is on the new step's heading, the question's legend (not in the Tab order).
    const legend = group.querySelector('legend');
    await waitFor(() => expect(legend).toHaveFocus());
    expect(legend).toHaveTextContent('What happened to your journey?');
    expect(legend).toHaveAttribute('tabindex', '-1');
  });

  it.each([
    ['delayed', 'My train was delayed, but I made my journey'],
    ['manual', 'I paid for a taxi, a hotel or other travel because of the disruption'],
    ['somethingElse', 'Something else happened'],
  ])('%s goes to the Finished page with the answer; the saved answers are forgotten', async (value, label) => {
    const { user, navigate, state } = await setup('disruption-waived');
    await answerFirst(user, /^Yes, my journey/);
    expect(saved()).toMatchObject({ answer: 'Yes' });
    await answerSecond(user, label);
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(`/Home/Disruption/Finished?${queryOf(state)}&Reason=${value}`),
    );
    expect(saved()).toBeNull();
  });

  it.each([
    ['abandoned1', 'I abandoned my journey, or did not start it, because of the disruption'],
    ['abandoned2', 'I knew about the disruption before I set off, so I did not travel'],
    ['abandoned3', 'I did not travel because of a strike'],
    ['abandoned4', 'I did not travel because of a storm'],
  ])('%s asks which portion was abandoned (all three permitted)', async (value, label) => {
    const { user, navigate } = await setup('disruption-waived');
    await answerFirst(user, 'My journey was affected by a strike');
    await answerSecond(user, label);
    const group = await screen.findByRole('group', { name: 'Which part of your journey did you not travel?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['outwards', 'inwards', 'both']);
    expect(navigate).not.toHaveBeenCalled();
    expect(saved()).toMatchObject({ answer: 'Strike', reason: value });
  });

  it.each([
    ['The outward journey', 'outwards', 'disruptedOutwards=true&disruptedInwards=false'],
    ['The return journey', 'inwards', 'disruptedOutwards=false&disruptedInwards=true'],
    ['Both the outward and the return journey', 'both', 'disruptedOutwards=true&disruptedInwards=true'],
  ])('%s goes to /ConfirmRefund with %s flags', async (label, portion, flags) => {
    const { user, navigate, state } = await setup('disruption-waived');
    await answerFirst(user, /^Yes, my journey/);
    await answerSecond(user, /^I abandoned my journey/);
    await user.click(await screen.findByRole('radio', { name: label }));
    expect(saved()).toMatchObject({ answer: 'Yes', reason: 'abandoned1' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/ConfirmRefund?${queryOf(state)}&${flags}`));
    expect(portion).toMatch(/^(outwards|inwards|both)$/);
    expect(saved()).toBeNull();
  });

  it('the portion question needs an answer; the Back link goes back one step at a time', async () => {
    const { user, navigate } = await setup('disruption-waived');
    await answerFirst(user, /^Yes, my journey/);
    await user.click(await screen.findByRole('button', { name: 'Save answer' }));
    expect(await screen.findByRole('link', { name: 'Select what happened to your journey' })).toBeInTheDocument();
    await answerSecond(user, /^I abandoned my journey/);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('link', { name: 'Select which part of your journey you did not travel' }),
    ).toHaveAttribute('href', expect.stringMatching(/^#rw-disruption-portion-.+-outwards$/));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('group', { name: 'What happened to your journey?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^I abandoned my journey/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('group', { name: 'Please pick the option which applies' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Yes, my journey/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('with only one direction permitted', () => {
  it('offers the outward journey alone, and says so', async () => {
    const { user, navigate, state } = await setup('disruption-outward-only');
    await answerFirst(user, /^Yes, my journey/);
    await answerSecond(user, /^I abandoned my journey/);
    const group = await screen.findByRole('group', { name: 'Which part of your journey did you not travel?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    expect(group).toHaveAccessibleDescription(
      'For this booking, a disruption refund can only be claimed for this part of the journey.',
    );
    await user.click(within(group).getByRole('radio', { name: 'The outward journey' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(
        `/ConfirmRefund?${queryOf(state)}&disruptedOutwards=true&disruptedInwards=false`,
      ),
    );
  });
});

describe('history: each step is a browser history entry', () => {
  const KEY = 'rw-disruption:FTR6KL9B:700118';
  const entry = (step: string, journey = KEY) => ({ rwDisruption: { step, journey } });
  /** Browser Back or Forward: jsdom traverses the history asynchronously and fires popstate. */
  const traverse = (delta: number) =>
    act(async () => {
      const traversed = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.go(delta);
      await traversed;
    });

  it('Continue adds an entry for the second question; browser Back returns to the first with its answer, Forward again', async () => {
    const { user, navigate } = await setup('disruption-waived');
    const length = window.history.length;
    expect(window.history.state).toEqual(entry('first'));
    await answerFirst(user, 'My journey was affected by a strike');
    await screen.findByRole('group', { name: 'What happened to your journey?' });
    expect(window.history.length).toBe(length + 1);
    expect(window.history.state).toEqual(entry('second'));
    await user.click(screen.getByRole('radio', { name: 'I did not travel because of a strike' }));

    await traverse(-1);
    expect(await screen.findByRole('group', { name: 'Please pick the option which applies' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'My journey was affected by a strike' })).toBeChecked();
    await waitFor(() => expect(first().querySelector('legend')).toHaveFocus());

    await traverse(1);
    const second = await screen.findByRole('group', { name: 'What happened to your journey?' });
    await waitFor(() => expect(second.querySelector('legend')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('the Back link is browser Back: the first question with its answer, focused; Forward returns', async () => {
    const { user } = await setup('disruption-waived');
    await answerFirst(user, /^Yes, my journey/);
    await answerSecond(user, /^I abandoned my journey/);
    await screen.findByRole('group', { name: 'Which part of your journey did you not travel?' });
    const back = jest.spyOn(window.history, 'back');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledTimes(1);
    const second = await screen.findByRole('group', { name: 'What happened to your journey?' });
    expect(within(second).getByRole('radio', { name: /^I abandoned my journey/ })).toBeChecked();
    await waitFor(() => expect(second.querySelector('legend')).toHaveFocus());
    expect(window.history.state).toEqual(entry('second'));
    await traverse(1);
    expect(
      await screen.findByRole('group', { name: 'Which part of your journey did you not travel?' }),
    ).toBeInTheDocument();
  });

  it('a reload on the second question shows it again, with the answers kept, without moving focus', async () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify({ answer: 'Strike', reason: 'abandoned3', savedAt: new Date().toISOString() }),
    );
    window.history.replaceState(entry('second'), '');
    await setup('disruption-waived');
    const second = await screen.findByRole('group', { name: 'What happened to your journey?' });
    expect(within(second).getByRole('radio', { name: 'I did not travel because of a strike' })).toBeChecked();
    expect(second.querySelector('legend')).not.toHaveFocus();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it.each([
    ['the portion question without a second answer', entry('portion'), { answer: 'Yes' }],
    ['the portion question after delayed', entry('portion'), { answer: 'Yes', reason: 'delayed' }],
    ['the second question without an answer', entry('second'), {}],
    ['the second question after No', entry('second'), { answer: 'No' }],
    ["another journey's entry", entry('second', 'rw-disruption:TRW4NK7H:700140'), { answer: 'Yes' }],
    ['an unknown step', entry('finished'), { answer: 'Yes' }],
    ['a step inherited, not own', Object.create(entry('second')), { answer: 'Yes' }],
    ['a string', 'second', { answer: 'Yes' }],
    ['an array', ['second'], { answer: 'Yes' }],
  ])('a state that cannot be trusted (%s) shows the first question', async (_what, state, answers) => {
    window.localStorage.setItem(KEY, JSON.stringify({ ...answers, savedAt: new Date().toISOString() }));
    try {
      window.history.replaceState(state, '');
    } catch {
      // jsdom cannot clone some states: the widget is then handed them through popstate below.
    }
    await setup('disruption-waived');
    expect(first()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state }));
    });
    expect(await screen.findByRole('group', { name: 'Please pick the option which applies' })).toBeInTheDocument();
  });

  it('a state whose properties throw when read is not trusted', async () => {
    window.localStorage.setItem(KEY, JSON.stringify({ answer: 'Yes', savedAt: new Date().toISOString() }));
    const { user } = await setup('disruption-waived');
    await answerFirst(user, /^Yes, my journey/);
    await screen.findByRole('group', { name: 'What happened to your journey?' });
    const hostile = {};
    Object.defineProperty(hostile, 'rwDisruption', {
      enumerable: true,
      get() {
        throw new Error('gotcha');
      },
    });
    // Not the funnel's entry: nothing changes.
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: hostile }));
    });
    expect(screen.getByRole('group', { name: 'What happened to your journey?' })).toBeInTheDocument();
  });

  it("an entry that is not the funnel's (a fragment link of the host page) changes nothing", async () => {
    const { user } = await setup('disruption-waived');
    await answerFirst(user, /^Yes, my journey/);
    await screen.findByRole('group', { name: 'What happened to your journey?' });
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: { other: 'script' } }));
    });
    expect(screen.getByRole('group', { name: 'What happened to your journey?' })).toBeInTheDocument();
  });

  it("marks the entry it opens on, keeping another script's state in it", async () => {
    window.history.replaceState({ router: { idx: 3 } }, '');
    await setup('disruption-waived');
    expect(window.history.state).toEqual({ router: { idx: 3 }, ...entry('first') });
  });

  it('without history (pushState refused), the steps still change and the Back link goes back in place', async () => {
    jest.spyOn(window.history, 'pushState').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    const back = jest.spyOn(window.history, 'back');
    const { user } = await setup('disruption-waived');
    await answerFirst(user, /^Yes, my journey/);
    await screen.findByRole('group', { name: 'What happened to your journey?' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('group', { name: 'Please pick the option which applies' })).toBeInTheDocument();
    expect(back).not.toHaveBeenCalled();
    await waitFor(() => expect(first().querySelector('legend')).toHaveFocus());
  });
});

describe('without a disruption self refund', () => {
  it.each(['disruption-none', 'covid-full-refund'])(
    '%s: links to /ManualRefund with the Disruption flag',
    async (name) => {
      const { user, navigate, state } = await setup(name);
      await answerFirst(user, 'My journey was affected by a storm');
      expect(
        await screen.findByRole('heading', { name: 'A disruption refund cannot be claimed online for this booking' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Claim a disruption refund with evidence' })).toHaveAttribute(
        'href',
        `/ManualRefund?${queryOf(state)}&Disruption=true`,
      );
      expect(screen.queryByRole('button', { name: 'Save answer' })).not.toBeInTheDocument();
      expect(navigate).not.toHaveBeenCalled();
      // Following the link to the manual claim ends the funnel: the answers are forgotten.
      expect(saved(`rw-disruption:${state.bookingReference}:${journeyIdOf(state)}`)).toMatchObject({
        answer: 'Heatwave',
      });
      const link = screen.getByRole('link', { name: 'Claim a disruption refund with evidence' });
      link.addEventListener('click', (event) => event.preventDefault()); // jsdom does not navigate
      await user.click(link);
      expect(saved(`rw-disruption:${state.bookingReference}:${journeyIdOf(state)}`)).toBeNull();
    },
  );

  // Both forms of the null response (docs/product-rules.md "Null refund status"): `{"refundStatus": null}`
  // and the JSON literal `null` (body `null`, application/json).
  it.each([
    ['null-status', '{"refundStatus":null,…}'],
    ['null-status-literal', 'null'],
  ])('a null refund status (%s, body %s) offers no option either', async (name) => {
    const { user, navigate, state } = await setup(name);
    await answerFirst(user, /^Yes, my journey/);
    expect(await screen.findByRole('link', { name: 'Claim a disruption refund with evidence' })).toHaveAttribute(
      'href',
      `/ManualRefund?${queryOf(state)}&Disruption=true`,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('a refund status that fails', () => {
  it('shows the catalogued message and Try again, which loads it again', async () => {
    const { user } = await setup('disruption-waived', { reply: [500, 'Backend down'] });
    await answerFirst(user, /^Yes, my journey/);
    const alert = await screen.findByRole('alert');
    serveStatus(200, JSON.stringify(states['disruption-waived'].status));
    expect(alert).toHaveTextContent("We couldn't load the refund status of your booking. Please try again.");
    expect(alert).toHaveTextContent('Backend down');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'What happened to your journey?' })).toBeInTheDocument();
  });
});

describe('localStorage', () => {
  it('restores the answers given before, per journey', async () => {
    window.localStorage.setItem(
      'rw-disruption:FTR6KL9B:700118',
      JSON.stringify({ answer: 'Strike', reason: 'abandoned3', portion: 'inwards', savedAt: new Date().toISOString() }),
    );
    const { user, navigate, state } = await setup('disruption-waived');
    expect(
      screen.getByText('We have filled in the answers you gave before. Check them and continue.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'My journey was affected by a strike' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('radio', { name: 'I did not travel because of a strike' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save answer' }));
    expect(await screen.findByRole('radio', { name: 'The return journey' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(
        `/ConfirmRefund?${queryOf(state)}&disruptedOutwards=false&disruptedInwards=true`,
      ),
    );
  });

  it('two journeys of one booking keep their own answers', async () => {
    const journeyA = states['disruption-waived'];
    // The same booking FTR6KL9B with another outbound journey (700119 instead of 700118).
    const journeyB = JSON.parse(JSON.stringify(journeyA)) as State & {
      details: { JourneyPlannerResults: { outboundJourneys: { journeyID: number }[] } };
      status: { refundStatus: { journeyID: number } };
    };
    journeyB.details.JourneyPlannerResults.outboundJourneys[0].journeyID = 700119;
    journeyB.status.refundStatus.journeyID = 700119;

    const onA = await setup('disruption-waived');
    await answerFirst(onA.user, 'My journey was affected by a strike');
    await answerSecond(onA.user, 'I did not travel because of a strike');
    await screen.findByRole('radio', { name: 'The return journey' });
    onA.unmount();

    const onB = await setup('disruption-waived', { state: journeyB });
    expect(screen.queryByText(/We have filled in the answers/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'My journey was affected by a strike' })).not.toBeChecked();
    await answerFirst(onB.user, /^Yes, my journey/);
    await answerSecond(onB.user, /^I abandoned my journey/);
    await screen.findByRole('radio', { name: 'The outward journey' });
    onB.unmount();

    await setup('disruption-waived');
    expect(
      screen.getByText('We have filled in the answers you gave before. Check them and continue.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'My journey was affected by a strike' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Yes, my journey/ })).not.toBeChecked();
  });

  it('does not restore another journey’s answers', async () => {
    window.localStorage.setItem(
      'rw-disruption:TRW4NK7H:700140',
      JSON.stringify({ answer: 'Strike', savedAt: new Date().toISOString() }),
    );
    await setup('disruption-waived');
    expect(screen.queryByText(/We have filled in the answers/)).not.toBeInTheDocument();
    expect(
      within(first())
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('full storage does not break the flow', async () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { user, navigate, state } = await setup('disruption-waived');
    await answerFirst(user, /^Yes, my journey/);
    await answerSecond(user, /^I abandoned my journey/);
    await user.click(await screen.findByRole('radio', { name: 'The outward journey' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(
        `/ConfirmRefund?${queryOf(state)}&disruptedOutwards=true&disruptedInwards=false`,
      ),
    );
  });

  it('disabled storage does not break the flow', async () => {
    jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('disabled', 'SecurityError');
    });
    const { user, navigate, state } = await setup('disruption-waived');
    await answerFirst(user, 'No, my journey was not disrupted');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/ConfirmRefund?${queryOf(state)}`));
  });
});

describe('the Finished page (data-view="finished")', () => {
  /** Mounts the Finished page of disruption-waived with `search`; `attrs` replace the support email. */
  function finished(search: string, attrs: Record<string, string> = { 'support-email': 'support@example.co.uk' }) {
    const state = states['disruption-waived'];
    return mountOnHostPage(mount, {
      mountId: 'disruption-widget',
      details: state.details,
      stations,
      search,
      attrs: { view: 'finished', ...attrs },
    });
  }

  it('delayed: the Delay Repay advice (contact the train company), naming where to claim', () => {
    const { element } = finished(`${queryOf(states['disruption-waived'])}&Reason=delayed`);
    expect(screen.getByRole('heading', { name: 'Claim Delay Repay from the train company' })).toBeInTheDocument();
    expect(screen.getByText('Delay repay requests must be sent to the train operating company')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Claim Delay Repay on the website or app of the train company that ran your train, usually within 28 days of travel. Have your booking reference and tickets ready.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('We have not refunded or cancelled your tickets.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Claim Delay Repay' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/');
    expect(element.innerHTML).toMatchSnapshot();
  });

  it('delayed with data-delay-repay-url: "Claim Delay Repay" links to it, without a referrer', () => {
    const url = 'https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/';
    finished(`${queryOf(states['disruption-waived'])}&Reason=delayed`, { 'delay-repay-url': url });
    const link = screen.getByRole('link', { name: 'Claim Delay Repay' });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('rel', 'noreferrer');
    expect(link.parentElement).toHaveTextContent(
      'Claim Delay Repay from the train company that ran your train, usually within 28 days of travel. Have your booking reference and tickets ready.',
    );
    expect(screen.getByText('Delay repay requests must be sent to the train operating company')).toBeInTheDocument();
  });

  it('"Start again" leads to data-start-url when the mount gives one', () => {
    finished(`${queryOf(states['disruption-waived'])}&Reason=delayed`, { 'start-url': '/refunds?from=disruption' });
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/refunds?from=disruption');
  });

  it('a data-start-url leading off the site is refused with the set-up message', () => {
    const logged = captureConsoleErrors();
    const state = states['disruption-waived'];
    const { element } = mountOnHostPage(mount, {
      mountId: 'disruption-widget',
      details: state.details,
      stations,
      search: `Reason=delayed`,
      attrs: { view: 'finished', 'start-url': '//evil.example/' },
    });
    expect(element).toHaveTextContent('This disruption page is set up incorrectly. Please try again later.');
    expect(screen.queryByRole('link', { name: 'Start again' })).not.toBeInTheDocument();
    expect(logged()).toEqual([
      expect.stringContaining(
        'refund-widgets: widget "disruption", mount #disruption-widget: data-start-url "//evil.example/" refused',
      ),
    ]);
  });

  it.each(['manual', 'somethingElse'])('%s: contact customer services, with a mail link', (reason) => {
    finished(`Reason=${reason}`);
    expect(screen.getByRole('heading', { name: 'Contact our customer services team' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@example.co.uk' })).toHaveAttribute(
      'href',
      'mailto:support@example.co.uk?subject=Disruption%20claim%20for%20booking%20FTR6KL9B',
    );
  });

  it('reads the saved answer when the query has none, then forgets it (the funnel has ended)', () => {
    window.localStorage.setItem(
      'rw-disruption:FTR6KL9B:700118',
      JSON.stringify({ answer: 'Yes', reason: 'delayed', savedAt: new Date().toISOString() }),
    );
    finished(queryOf(states['disruption-waived']));
    expect(screen.getByRole('heading', { name: 'Claim Delay Repay from the train company' })).toBeInTheDocument();
    expect(saved()).toBeNull();
  });

  it('without an answer links back to the questions', () => {
    finished(`${queryOf(states['disruption-waived'])}&Reason=abandoned1`);
    expect(screen.getByText('We could not find your answer to the disruption questions.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer the disruption questions' })).toHaveAttribute(
      'href',
      `/Home/Disruption?${queryOf(states['disruption-waived'])}`,
    );
  });
});

describe('mount', () => {
  it('mounts the questions on a host page', async () => {
    const state = states['disruption-waived'];
    serveStatus(200, JSON.stringify(state.status));
    const { element } = mountOnHostPage(mount, {
      mountId: 'disruption-widget',
      details: state.details,
      stations,
      search: queryOf(state),
      attrs: { 'refund-status-url': STATUS_URL, 'support-email': 'support@example.co.uk' },
    });
    expect(screen.getByRole('group', { name: 'Please pick the option which applies' })).toBeInTheDocument();
    await waitFor(() => expect(element.querySelector('[data-status="ready"]')).not.toBeNull());
    expect(sent('GET')).toHaveLength(1);
    expect(element.innerHTML).toMatchSnapshot();
  });

  it('missing Details: Missing JSON data from DOM', () => {
    const logged = captureConsoleErrors();
    const { element } = mountOnHostPage(mount, {
      mountId: 'disruption-widget',
      stations,
      attrs: { 'refund-status-url': STATUS_URL },
    });
    expect(element).toHaveTextContent('Missing JSON data from DOM');
    expect(logged()).toEqual([
      'refund-widgets: widget "disruption", mount #disruption-widget: No element with id "refund-details" on the page',
    ]);
  });

  it('a questions page without data-refund-status-url is refused with a clear message', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { element } = mountOnHostPage(mount, {
      mountId: 'disruption-widget',
      details: states['disruption-waived'].details,
      stations,
    });
    expect(element).toHaveTextContent('This disruption page is set up incorrectly. Please try again later.');
  });
});

describe('snapshots', () => {
  it('the second question', async () => {
    const { user, container } = await setup('disruption-waived');
    await answerFirst(user, /^Yes, my journey/);
    await screen.findByRole('group', { name: 'What happened to your journey?' });
    expect(container.innerHTML).toMatchSnapshot();
  });

  it('the portion question with one direction', async () => {
    const { user, container } = await setup('disruption-outward-only');
    await answerFirst(user, /^Yes, my journey/);
    await answerSecond(user, /^I abandoned my journey/);
    await screen.findByRole('group', { name: 'Which part of your journey did you not travel?' });
    expect(container.querySelector('.rw-disruption__step')?.innerHTML).toMatchSnapshot();
  });
});
