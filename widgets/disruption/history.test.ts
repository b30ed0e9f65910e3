/**
 * The funnel's history entries (docs/decisions.md "The disruption funnel walks like GOV.UK"):
 * `history.state` is validated, and a step is shown only after the answers it follows.
 */
import { entryState, HISTORY_KEY, markCurrentEntry, pushStep, stepOfState, trustedStep } from './history';

const KEY = 'rw-disruption:FTR6KL9B:700118';

beforeEach(() => window.history.replaceState(null, ''));
afterEach(() => jest.restoreAllMocks());

describe('stepOfState', () => {
  it.each(['first', 'second', 'portion'] as const)('reads an entry of this journey at %s', (step) => {
    expect(stepOfState(entryState(step, KEY), KEY)).toBe(step);
    expect(stepOfState({ other: 1, ...entryState(step, KEY) }, KEY)).toBe(step);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'second'],
    ['a number', 2],
    ['another key', { step: 'second', journey: KEY }],
    ['another journey', entryState('second', 'rw-disruption:TRW4NK7H:700140')],
    ['an unknown step', { [HISTORY_KEY]: { step: 'finished', journey: KEY } }],
    ['a step that is not a string', { [HISTORY_KEY]: { step: ['second'], journey: KEY } }],
    ['a null entry', { [HISTORY_KEY]: null }],
    ['an entry without journey', { [HISTORY_KEY]: { step: 'second' } }],
    ['an inherited entry', Object.create(entryState('second', KEY))],
    ['inherited fields', { [HISTORY_KEY]: Object.create({ step: 'second', journey: KEY }) }],
    ['a prototype step', { [HISTORY_KEY]: { step: 'toString', journey: KEY } }],
  ])('is null for %s', (_what, state) => {
    expect(stepOfState(state, KEY)).toBeNull();
  });

  it('is null, not an exception, when reading the state throws', () => {
    const state = new Proxy(
      {},
      {
        has: () => {
          throw new Error('gotcha');
        },
        getOwnPropertyDescriptor: () => {
          throw new Error('gotcha');
        },
      },
    );
    expect(stepOfState(state, KEY)).toBeNull();
  });
});

describe('trustedStep', () => {
  it.each([
    ['first', {}, 'first'],
    ['second', { answer: 'Yes' }, 'second'],
    ['second', { answer: 'Heatwave' }, 'second'],
    ['second', {}, 'first'],
    ['second', { answer: 'No' }, 'first'],
    ['second', { answer: 'Maybe' }, 'first'],
    ['portion', { answer: 'Strike', reason: 'abandoned3' }, 'portion'],
    ['portion', { answer: 'Yes', reason: 'abandoned1' }, 'portion'],
    ['portion', { answer: 'Yes' }, 'first'],
    ['portion', { answer: 'Yes', reason: 'delayed' }, 'first'],
    ['portion', { answer: 'Yes', reason: 'manual' }, 'first'],
    ['portion', { answer: 'Yes', reason: 'somethingElse' }, 'first'],
    ['portion', { answer: 'Yes', reason: 'abandoned9' }, 'first'],
    ['portion', { reason: 'abandoned1' }, 'first'],
  ] as const)('%s with %j shows %s', (step, saved, shown) => {
    expect(trustedStep(step, saved as never)).toBe(shown);
  });
});

describe('markCurrentEntry and pushStep', () => {
  it("marks the current entry, keeping a plain object's other fields", () => {
    window.history.replaceState({ router: 3 }, '');
    expect(markCurrentEntry('first', KEY)).toBe(true);
    expect(window.history.state).toEqual({ router: 3, [HISTORY_KEY]: { step: 'first', journey: KEY } });
  });

  it('leaves a state that is not a plain object alone', () => {
    window.history.replaceState('another script', '');
    expect(markCurrentEntry('first', KEY)).toBe(false);
    expect(window.history.state).toBe('another script');
    window.history.replaceState(['a', 'list'], '');
    expect(markCurrentEntry('first', KEY)).toBe(false);
    expect(window.history.state).toEqual(['a', 'list']);
  });

  it('pushes an entry of the same URL; a refused push is false, never an exception', () => {
    const href = window.location.href;
    const length = window.history.length;
    expect(pushStep('second', KEY)).toBe(true);
    expect(window.history.length).toBe(length + 1);
    expect(window.location.href).toBe(href);
    expect(window.history.state).toEqual(entryState('second', KEY));
    jest.spyOn(window.history, 'pushState').mockImplementation(() => {
      throw new DOMException('too many', 'SecurityError');
    });
    expect(pushStep('portion', KEY)).toBe(false);
    jest.spyOn(window.history, 'replaceState').mockImplementation(() => {
      throw new DOMException('too many', 'SecurityError');
    });
    expect(markCurrentEntry('first', KEY)).toBe(false);
  });
});
