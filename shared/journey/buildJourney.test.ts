import { EMPTY_STOP_TIME } from '../page/schemas';
import type { Details, LegRecord, TrainRecord } from '../types';
import { buildLegs, firstOutbound, firstReturn, journeyEnds, type LegView } from './buildJourney';
import { detailsOf, withoutReturn } from '../../test/journeys';

// `instant` (KXB7HT2N, fixtures/bookings.json): outward legs 102 London Kings Cross 08:00 → York
// 09:52 (train 1011, running on to Newcastle) and 103 York 10:10 → Edinburgh 12:45 (train 1012, from
// London Kings Cross) on 16/01/2027; return leg 104 Edinburgh → London Kings Cross. Leg records are
// listed out of time order.

const stopsOf = (leg: LegView) => leg.stops.map((stop) => `${stop.crs} ${stop.time.slice(11, 16)}`);

/** The leg record `legRecordID` of `details`, to change in place. */
function legRecord(details: Details, legRecordID: number): LegRecord {
  const record = details.JourneyPlannerResults.legRecords.find((leg) => leg.legRecordID === legRecordID);
  if (record === undefined) throw new Error(`no leg record ${legRecordID}`);
  return record;
}

/** The train record `trainRecordID` of `details`, to change in place. */
function trainRecord(details: Details, trainRecordID: number): TrainRecord {
  const record = details.JourneyPlannerResults.trainRecords.find((train) => train.trainRecordID === trainRecordID);
  if (record === undefined) throw new Error(`no train record ${trainRecordID}`);
  return record;
}

describe('firstOutbound and firstReturn', () => {
  it('use only the first outbound and the first return journey', () => {
    // `instant` with a second outbound and a second return journey after its own.
    const details = detailsOf('instant');
    details.JourneyPlannerResults.outboundJourneys.push({ journeyID: 2, legs: [{ legRecordID: 104 }] });
    details.JourneyPlannerResults.returnJourneys.push({ journeyID: 3, legs: [{ legRecordID: 102 }] });
    expect(firstOutbound(details)?.legs).toEqual([{ legRecordID: 102 }, { legRecordID: 103 }]);
    expect(firstReturn(details)?.legs).toEqual([{ legRecordID: 104 }]);
  });

  it('are null when there is no such journey', () => {
    expect(firstReturn(withoutReturn('instant'))).toBeNull();
    expect(firstOutbound(detailsOf('instant', { JourneyPlannerResults: { outboundJourneys: [] } }))).toBeNull();
    expect(firstOutbound({} as Details)).toBeNull();
  });
});

describe('buildLegs', () => {
  it('resolves the outward legs and sorts them by origin departure time', () => {
    const details = detailsOf('instant');
    details.JourneyPlannerResults.outboundJourneys[0].legs.reverse();

    const legs = buildLegs(details, firstOutbound(details));

    expect(legs.map((leg) => `${leg.legRecordID} ${leg.originCRS}-${leg.destinationCRS}`)).toEqual([
      '102 KGX-YRK',
      '103 YRK-EDB',
    ]);
    expect(legs[0]).toMatchObject({
      mode: 'TRAIN',
      originDepartTime: '2027-01-16T08:00:00',
      destinationArriveTime: '2027-01-16T09:52:00',
      trainRecordID: 1011,
      hasTrainRecord: true,
    });
  });

  it('keeps only the stops within each leg, using the other time when one is the empty date', () => {
    const details = detailsOf('instant');
    const [toYork, toEdinburgh] = buildLegs(details, firstOutbound(details));

    // Train 1011 runs on to Darlington and Newcastle: those stops are after the leg.
    expect(stopsOf(toYork)).toEqual(['KGX 08:00', 'SVG 08:20', 'PBO 08:46', 'DON 09:31', 'YRK 09:52']);
    // Train 1012 starts at Kings Cross: those stops are before the leg; York arrives 10:08 but departs 10:10.
    expect(stopsOf(toEdinburgh)).toEqual([
      'YRK 10:10',
      'DAR 10:41',
      'DHM 10:59',
      'NCL 11:16',
      'BWK 12:01',
      'EDB 12:45',
    ]);
  });

  it('shows the arrival time at the last stop and the departure time elsewhere', () => {
    const details = detailsOf('instant');
    const [toYork] = buildLegs(details, firstOutbound(details));
    expect(toYork.stops[4]).toEqual({
      crs: 'YRK',
      arriveTime: '2027-01-16T09:52:00',
      departTime: '2027-01-16T09:55:00',
      time: '2027-01-16T09:52:00',
    });
    expect(toYork.stops[0]).toEqual({
      crs: 'KGX',
      arriveTime: EMPTY_STOP_TIME,
      departTime: '2027-01-16T08:00:00',
      time: '2027-01-16T08:00:00',
    });
  });

  it('resolves a return with a ferry leg that has no train record', () => {
    // `instant-ship` (FHN3KX8W): Yarmouth → Lymington Pier by ferry, then two trains to London Waterloo.
    const details = detailsOf('instant-ship');
    const legs = buildLegs(details, firstReturn(details));
    expect(
      legs.map((leg) => [leg.mode, leg.originCRS, leg.destinationCRS, leg.hasTrainRecord, leg.stops.length]),
    ).toEqual([
      ['SHIP', 'YAR', 'LYP', false, 0],
      ['TRAIN', 'LYP', 'BCU', true, 3],
      ['TRAIN', 'BCU', 'WAT', true, 5],
    ]);
    expect(legs[0].trainRecordID).toBeNull();
  });

  it('resolves bus and tube legs that have no train record', () => {
    // `instant-bus` (BCR5WT6H) ends by rail replacement bus; `instant-tube` (TWR4GJ9L) crosses London by Tube.
    const bus = detailsOf('instant-bus');
    const tube = detailsOf('instant-tube');
    const summary = (leg: LegView) => [
      leg.mode,
      leg.originCRS,
      leg.destinationCRS,
      leg.hasTrainRecord,
      leg.stops.length,
    ];
    expect(buildLegs(bus, firstOutbound(bus)).map(summary)).toEqual([
      ['TRAIN', 'KGX', 'ELY', true, 8],
      ['BUS', 'ELY', 'NRW', false, 0],
    ]);
    expect(buildLegs(tube, firstOutbound(tube)).map(summary)).toEqual([
      ['TRAIN', 'DON', 'KGX', true, 4],
      ['TUBE', 'KGX', 'EUS', false, 0],
      ['TRAIN', 'EUS', 'MKC', true, 3],
    ]);
    expect(buildLegs(bus, firstOutbound(bus))[1].trainRecordID).toBeNull();
  });

  it('keeps both stops of a two-stop train and a ferry leg without stops', () => {
    // `zero-value` (CXL3TR5J): York → Doncaster with no stop between; `instant-ship`'s third leg is the ferry.
    const train = detailsOf('zero-value');
    const ferry = detailsOf('instant-ship');
    expect(stopsOf(buildLegs(train, firstOutbound(train))[0])).toEqual(['YRK 14:00', 'DON 14:21']);
    const ferryLegs = buildLegs(ferry, firstOutbound(ferry));
    expect(ferryLegs.map((leg) => leg.mode)).toEqual(['TRAIN', 'TRAIN', 'SHIP']);
    expect(ferryLegs[2].stops).toEqual([]);
  });

  it('includes stops exactly at the window edges and drops stops with no usable time', () => {
    // `instant`'s London Kings Cross 08:00 → York 09:52 leg, its train record replaced by stops at the edges.
    const details = detailsOf('instant', {
      JourneyPlannerResults: { outboundJourneys: [{ legs: [{ legRecordID: 102 }] }] },
    });
    trainRecord(details, 1011).stops = [
      { crs: 'KGX', arriveTime: '2027-01-16T07:59:00', departTime: '2027-01-16T08:00:00' },
      { crs: 'SVG', arriveTime: EMPTY_STOP_TIME, departTime: EMPTY_STOP_TIME },
      { crs: 'PBO', arriveTime: '2027-01-16T08:45:00', departTime: EMPTY_STOP_TIME },
      { crs: 'YRK', arriveTime: '2027-01-16T09:52:00', departTime: '2027-01-16T09:53:00' },
      { crs: 'DAR', arriveTime: '2027-01-16T09:53:00', departTime: '2027-01-16T09:54:00' },
    ];
    expect(stopsOf(buildLegs(details, firstOutbound(details))[0])).toEqual(['KGX 08:00', 'PBO 08:45', 'YRK 09:52']);
  });

  it('skips legs whose leg record is missing and tolerates a missing train record', () => {
    // `instant`'s first leg naming a train record the Details lack, after a leg record they lack.
    const details = detailsOf('instant', {
      JourneyPlannerResults: { outboundJourneys: [{ legs: [{ legRecordID: 404 }, { legRecordID: 102 }] }] },
    });
    legRecord(details, 102).trainRecordID = 555;
    const legs = buildLegs(details, firstOutbound(details));
    expect(legs).toHaveLength(1);
    expect(legs[0]).toMatchObject({ legRecordID: 102, trainRecordID: 555, hasTrainRecord: false, stops: [] });
  });

  it('has no stops when the leg times are empty, and sorts such legs last', () => {
    // `instant-tube` with the empty date as its first leg's departure time.
    const details = detailsOf('instant-tube');
    legRecord(details, 1021).originDepartTime = EMPTY_STOP_TIME;
    const legs = buildLegs(details, firstOutbound(details));
    expect(legs.map((leg) => leg.legRecordID)).toEqual([1022, 1023, 1021]);
    expect(legs[2]).toMatchObject({ hasTrainRecord: true, stops: [] });
  });

  it('returns no legs for no journey', () => {
    expect(buildLegs(detailsOf('instant'), null)).toEqual([]);
    expect(buildLegs(detailsOf('instant'), { legs: [] })).toEqual([]);
  });
});

describe('journeyEnds', () => {
  it('gives the first leg origin and the last leg destination', () => {
    const details = detailsOf('instant');
    expect(journeyEnds(buildLegs(details, firstOutbound(details)))).toEqual({
      originCRS: 'KGX',
      destinationCRS: 'EDB',
    });
    const ferry = detailsOf('instant-ship');
    expect(journeyEnds(buildLegs(ferry, firstReturn(ferry)))).toEqual({ originCRS: 'YAR', destinationCRS: 'WAT' });
  });

  it('is null with no legs', () => {
    expect(journeyEnds([])).toBeNull();
  });
});
