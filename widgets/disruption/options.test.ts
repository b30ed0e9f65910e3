/** Which disruption portions a refund status offers (reason code 104 and its permitted scopes). */
import bookings from '../../fixtures/bookings.json';
import type { Details, RefundStatusResponse } from '../../shared/types';
import { abandonedPortions, permittedScopes, portionFlags } from './options';

type State = { details: Details; status: RefundStatusResponse };
const state = (name: string) => (bookings as unknown as Record<string, State>)[name];
const returnDetails = state('disruption-waived').details;
const singleDetails = state('instant-tube').details;

/** A status whose journey has reason code `code` with the given permitted scopes. */
function statusWith(scopes: Record<string, boolean>, code = '104', journeyID = 1, statusJourneyID = 1) {
  const base = state('disruption-waived').status;
  return {
    ...base,
    refundStatus: {
      ...base.refundStatus!,
      journeyID: statusJourneyID,
      journeys: [
        {
          journeyID,
          ticketsValueAsReplacement: 0,
          isPrinted: false,
          refundOptions: {
            refundCodes: [
              { reasonCode: 'STD', scopes: [{ scope: 'All', selfRefundPermitted: true }] },
              {
                reasonCode: code,
                scopes: Object.entries(scopes).map(([scope, selfRefundPermitted]) => ({ scope, selfRefundPermitted })),
              },
            ],
          },
        },
      ],
    },
  } as RefundStatusResponse;
}

describe('permittedScopes', () => {
  it('lists the scopes of reason code 104 that permit a self refund', () => {
    expect([...permittedScopes(statusWith({ All: true, Out: false, In: true }))].sort()).toEqual(['All', 'In']);
  });

  it('ignores other reason codes and a null status', () => {
    expect(permittedScopes(statusWith({ All: true }, 'COVGR1')).size).toBe(0);
    expect(permittedScopes({ ...state('instant').status, refundStatus: null }).size).toBe(0);
  });

  it('reads the journey of the status, or every journey when none matches', () => {
    expect(permittedScopes(statusWith({ Out: true }, '104', 5, 5)).has('Out')).toBe(true);
    expect(permittedScopes(statusWith({ Out: true }, '104', 5, 6)).has('Out')).toBe(true);
  });
});

describe('abandonedPortions', () => {
  it.each([
    [{ All: true, Out: true, In: true }, ['outwards', 'inwards', 'both']],
    [{ All: false, Out: true, In: false }, ['outwards']],
    [{ All: false, Out: false, In: true }, ['inwards']],
    [{ All: true, Out: false, In: false }, ['both']],
    [{ All: false, Out: false, In: false }, []],
  ])('a return journey with %j offers %j', (scopes, portions) => {
    expect(abandonedPortions(statusWith(scopes), returnDetails)).toEqual(portions);
  });

  it.each([
    [{ All: true }, ['outwards']],
    [{ Out: true }, ['outwards']],
    [{ In: true }, []],
  ])('a single journey with %j offers %j', (scopes, portions) => {
    expect(abandonedPortions(statusWith(scopes), singleDetails)).toEqual(portions);
  });

  it('matches the fixture states', () => {
    expect(abandonedPortions(state('disruption-waived').status, returnDetails)).toEqual([
      'outwards',
      'inwards',
      'both',
    ]);
    expect(abandonedPortions(state('disruption-outward-only').status, returnDetails)).toEqual(['outwards']);
    expect(abandonedPortions(state('disruption-none').status, returnDetails)).toEqual([]);
    expect(abandonedPortions(state('covid-full-refund').status, state('covid-full-refund').details)).toEqual([]);
  });
});

describe('portionFlags', () => {
  it.each([
    ['outwards', [true, false]],
    ['inwards', [false, true]],
    ['both', [true, true]],
  ] as const)('%s → disruptedOutwards, disruptedInwards = %j', (portion, flags) => {
    expect(portionFlags(portion)).toEqual(flags);
  });
});
