import type { Details } from '../types';
import { buildLegs, firstOutbound, firstReturn, journeyEnds, type LegView } from './buildJourney';
import {
  NO_TIME,
  buildDetails,
  buildFerryDetails,
  buildLeg,
  buildSingleDetails,
  buildStop,
} from '../../test/journeyBuilders';

const stopsOf = (leg: LegView) => leg.stops.map((stop) => `${stop.crs} ${stop.time.slice(11, 16)}`);

describe('firstOutbound and firstReturn', () => {
  it('use only the first outbound and the first return journey', () => {
    const details = buildDetails();
    expect(firstOutbound(details)?.journeyID).toBe(1);
    expect(firstReturn(details)?.journeyID).toBe(2);
  });

  it('are null when there is no such journey', () => {
    expect(firstReturn(buildSingleDetails())).toBeNull();
    expect(firstOutbound(buildDetails({ JourneyPlannerResults: { outboundJourneys: [] } }))).toBeNull();
    expect(firstOutbound({} as Details)).toBeNull();
  });
});

describe('buildLegs', () => {
  it('resolves the outward legs and sorts them by origin departure time', () => {
    const details = buildDetails();
    details.JourneyPlannerResults.outboundJourneys[0].legs.reverse();

    const legs = buildLegs(details, firstOutbound(details));

    expect(legs.map((leg) => `${leg.legRecordID} ${leg.originCRS}-${leg.destinationCRS}`)).toEqual([
      '11 KGX-YRK',
      '12 YRK-EDB',
    ]);
    expect(legs[0]).toMatchObject({
      mode: 'TRAIN',
      originDepartTime: '2026-03-14T08:00:00',
      destinationArriveTime: '2026-03-14T09:52:00',
      trainRecordID: 101,
      hasTrainRecord: true,
    });
  });

  it('keeps only the stops within each leg, using the other time when one is the empty date', () => {
    const details = buildDetails();
    const [toYork, toEdinburgh] = buildLegs(details, firstOutbound(details));

    // Train 101 runs on to Newcastle and Edinburgh: those stops are after the leg.
    expect(stopsOf(toYork)).toEqual(['KGX 08:00', 'PBO 08:46', 'DON 09:26', 'YRK 09:52']);
    // Train 102 starts at Kings Cross: that stop is before the leg; York arrives 10:07 but departs 10:10.
    expect(stopsOf(toEdinburgh)).toEqual(['YRK 10:10', 'NCL 11:07', 'EDB 12:45']);
  });

  it('shows the arrival time at the last stop and the departure time elsewhere', () => {
    const details = buildDetails();
    const [toYork] = buildLegs(details, firstOutbound(details));
    expect(toYork.stops[3]).toEqual({
      crs: 'YRK',
      arriveTime: '2026-03-14T09:52:00',
      departTime: '2026-03-14T09:55:00',
      time: '2026-03-14T09:52:00',
    });
    expect(toYork.stops[0]).toEqual({
      crs: 'KGX',
      arriveTime: NO_TIME,
      departTime: '2026-03-14T08:00:00',
      time: '2026-03-14T08:00:00',
    });
  });

  it('resolves a return with bus and tube legs that have no train record', () => {
    const details = buildDetails();
    const legs = buildLegs(details, firstReturn(details));
    expect(
      legs.map((leg) => [leg.mode, leg.originCRS, leg.destinationCRS, leg.hasTrainRecord, leg.stops.length]),
    ).toEqual([
      ['TRAIN', 'EDB', 'YRK', true, 3],
      ['BUS', 'YRK', 'DON', false, 0],
      ['TRAIN', 'DON', 'KGX', true, 3],
      ['TUBE', 'KGX', 'EUS', false, 0],
    ]);
    expect(legs[1].trainRecordID).toBeNull();
  });

  it('keeps both stops of a two-stop train and a ferry leg without stops', () => {
    const details = buildFerryDetails();
    const legs = buildLegs(details, firstOutbound(details));
    expect(legs.map((leg) => leg.mode)).toEqual(['TRAIN', 'SHIP']);
    expect(stopsOf(legs[0])).toEqual(['WAT 09:00', 'PMH 10:35']);
    expect(legs[1].stops).toEqual([]);
  });

  it('includes stops exactly at the window edges and drops stops with no usable time', () => {
    const details = buildDetails({
      JourneyPlannerResults: {
        outboundJourneys: [{ legs: [{ legRecordID: 1 }] }],
        legRecords: [buildLeg({ legRecordID: 1, trainRecordID: 9 })],
        trainRecords: [
          {
            trainRecordID: 9,
            stops: [
              buildStop('KGX', '2026-03-14T07:59:00', '2026-03-14T08:00:00'),
              buildStop('SVG', NO_TIME, NO_TIME),
              buildStop('PBO', '2026-03-14T08:45:00', NO_TIME),
              buildStop('YRK', '2026-03-14T09:52:00', '2026-03-14T09:53:00'),
              buildStop('DAR', '2026-03-14T09:53:00', '2026-03-14T09:54:00'),
            ],
          },
        ],
      },
    });
    expect(stopsOf(buildLegs(details, firstOutbound(details))[0])).toEqual(['KGX 08:00', 'PBO 08:45', 'YRK 09:52']);
  });

  it('skips legs whose leg record is missing and tolerates a missing train record', () => {
    const details = buildDetails({
      JourneyPlannerResults: {
        outboundJourneys: [{ legs: [{ legRecordID: 404 }, { legRecordID: 1 }] }],
        legRecords: [buildLeg({ legRecordID: 1, trainRecordID: 555 })],
      },
    });
    const legs = buildLegs(details, firstOutbound(details));
    expect(legs).toHaveLength(1);
    expect(legs[0]).toMatchObject({ legRecordID: 1, trainRecordID: 555, hasTrainRecord: false, stops: [] });
  });

  it('has no stops when the leg times are empty, and sorts such legs last', () => {
    const details = buildDetails({
      JourneyPlannerResults: {
        outboundJourneys: [{ legs: [{ legRecordID: 1 }, { legRecordID: 2 }] }],
        legRecords: [
          buildLeg({ legRecordID: 1, trainRecordID: 101, originDepartTime: NO_TIME }),
          buildLeg({
            legRecordID: 2,
            originCRS: 'EUS',
            destinationCRS: 'KGX',
            mode: 'TUBE',
            originDepartTime: '2026-03-14T07:30:00',
          }),
        ],
      },
    });
    const legs = buildLegs(details, firstOutbound(details));
    expect(legs.map((leg) => leg.legRecordID)).toEqual([2, 1]);
    expect(legs[1]).toMatchObject({ hasTrainRecord: true, stops: [] });
  });

  it('returns no legs for no journey', () => {
    expect(buildLegs(buildDetails(), null)).toEqual([]);
    expect(buildLegs(buildDetails(), { legs: [] })).toEqual([]);
  });
});

describe('journeyEnds', () => {
  it('gives the first leg origin and the last leg destination', () => {
    const details = buildDetails();
    expect(journeyEnds(buildLegs(details, firstOutbound(details)))).toEqual({
      originCRS: 'KGX',
      destinationCRS: 'EDB',
    });
    expect(journeyEnds(buildLegs(details, firstReturn(details)))).toEqual({ originCRS: 'EDB', destinationCRS: 'EUS' });
  });

  it('is null with no legs', () => {
    expect(journeyEnds([])).toBeNull();
  });
});
