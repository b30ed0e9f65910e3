import { STATIONS, detailsOf } from '../../test/journeys';
import { EMPTY_STOP_TIME, detailsSchema, isStringMap, legRecordSchema, stationNamesSchema } from './schemas';

describe('detailsSchema', () => {
  it('accepts the shapes of shared/types.ts unchanged', () => {
    expect(detailsSchema.validateSync(detailsOf(), { stripUnknown: true })).toEqual(detailsOf());
    expect(detailsSchema.validateSync(detailsOf('instant-ship'), { stripUnknown: true })).toEqual(
      detailsOf('instant-ship'),
    );
  });

  it('reads a null stop time as the empty date', () => {
    const details = detailsOf();
    (details.JourneyPlannerResults.trainRecords[0].stops[0] as { arriveTime: string | null }).arriveTime = null;
    const read = detailsSchema.validateSync(details, { stripUnknown: true });
    expect(read.JourneyPlannerResults.trainRecords[0].stops[0].arriveTime).toBe(EMPTY_STOP_TIME);
    expect(EMPTY_STOP_TIME).toBe('0001-01-01T00:00:00');
  });

  it('names the failing field', () => {
    const details = detailsOf();
    (details.JourneyPlannerResults.fareDetails[0] as { tickets: unknown }).tickets = 'none';
    expect(() => detailsSchema.validateSync(details)).toThrow(/JourneyPlannerResults\.fareDetails\[0\]\.tickets/);
  });
});

describe('legRecordSchema', () => {
  it('accepts a leg without a train record, with null or absent trainRecordID', () => {
    const leg = detailsOf().JourneyPlannerResults.legRecords[0];
    expect(legRecordSchema.isValidSync({ ...leg, trainRecordID: null })).toBe(true);
    expect(legRecordSchema.isValidSync({ ...leg, trainRecordID: undefined })).toBe(true);
    expect(legRecordSchema.isValidSync({ ...leg, mode: undefined })).toBe(false);
  });
});

describe('stationNamesSchema and isStringMap', () => {
  it('accept an object of code → name strings', () => {
    expect(stationNamesSchema.isValidSync(STATIONS)).toBe(true);
    expect(isStringMap(Object.assign(Object.create(null), STATIONS))).toBe(true);
    expect(isStringMap({})).toBe(true);
  });

  it.each([
    [null],
    [undefined],
    [[]],
    [['KGX']],
    ['KGX'],
    [3],
    [{ KGX: 3 }],
    [{ KGX: { name: 'x' } }],
    [new Date('2026-03-29T01:30:00Z')],
  ])('reject %p', (value) => {
    expect(isStringMap(value)).toBe(false);
    expect(stationNamesSchema.isValidSync(value)).toBe(false);
  });
});
