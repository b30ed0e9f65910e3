import moment from 'moment-timezone';
import { hoursSince, isOlderThanMonths, LONDON_TZ, londonNow, parseLondonTime } from './londonTime';
import { EMPTY_DATE, formatDate, formatTime, isEmptyDate, pickTime, wallClockMs } from './time';

describe('isEmptyDate', () => {
  it.each([
    [undefined],
    [null],
    [''],
    ['   '],
    [EMPTY_DATE],
    ['0001-01-01T00:00:00'],
    ['0001-12-31T23:59:59'],
    ['0000-01-01T00:00:00'],
    ['not a date'],
    ['2026-13-45T99:00:00'],
  ])('is true for %p', (value) => {
    expect(isEmptyDate(value)).toBe(true);
  });

  it.each([['2026-03-14T08:05:00'], ['0002-01-01T00:00:00'], ['2026-03-14'], ['2026-03-14T08:05:00.000']])(
    'is false for %p',
    (value) => {
      expect(isEmptyDate(value)).toBe(false);
    },
  );
});

describe('pickTime', () => {
  it('returns the first value when it is a real time', () => {
    expect(pickTime('2026-03-14T08:05:00', '2026-03-14T08:03:00')).toBe('2026-03-14T08:05:00');
  });

  it('returns the second value when the first has year 1 or less', () => {
    expect(pickTime('0001-01-01T00:00:00', '2026-03-14T08:03:00')).toBe('2026-03-14T08:03:00');
    expect(pickTime(undefined, '2026-03-14T08:03:00')).toBe('2026-03-14T08:03:00');
    expect(pickTime('', '2026-03-14T08:03:00')).toBe('2026-03-14T08:03:00');
  });

  it('returns the second value as given, or an empty string, when both are empty', () => {
    expect(pickTime('0001-01-01T00:00:00', '0001-01-01T00:00:00')).toBe('0001-01-01T00:00:00');
    expect(pickTime(null, undefined)).toBe('');
  });
});

describe('formatTime and formatDate', () => {
  it('shows the wall-clock time as given, without a time-zone shift (summer and winter)', () => {
    expect(formatTime('2026-03-14T08:05:00')).toBe('08:05');
    expect(formatTime('2026-07-14T23:59:00')).toBe('23:59');
    expect(formatTime('2026-07-14T00:00:00')).toBe('00:00');
  });

  it('formats dates as dd/MM/yyyy, as given', () => {
    expect(formatDate('2026-03-14T08:05:00')).toBe('14/03/2026');
    expect(formatDate('2026-07-04T23:30:00')).toBe('04/07/2026');
  });

  it('returns an empty string for empty or unparsable values', () => {
    expect(formatTime('0001-01-01T00:00:00')).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatTime('garbage')).toBe('');
    expect(formatDate('0001-01-01T00:00:00')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('formats the second time when the first is empty', () => {
    expect(formatTime(pickTime('0001-01-01T00:00:00', '2026-03-14T09:50:00'))).toBe('09:50');
  });
});

describe('londonNow and parseLondonTime', () => {
  it('returns a moment in Europe/London', () => {
    const now = londonNow();
    expect(now.tz()).toBe(LONDON_TZ);
    expect(Math.abs(now.valueOf() - Date.now())).toBeLessThan(1000);
  });

  it('uses a given epoch time', () => {
    const summer = londonNow(Date.UTC(2026, 6, 14, 12, 0, 0));
    expect(summer.format('YYYY-MM-DDTHH:mm')).toBe('2026-07-14T13:00');
  });

  it('reads wall-clock times as London local time (BST in summer)', () => {
    expect(parseLondonTime('2026-07-14T13:00:00')?.valueOf()).toBe(Date.UTC(2026, 6, 14, 12, 0, 0));
    expect(parseLondonTime('2026-01-14T13:00:00')?.valueOf()).toBe(Date.UTC(2026, 0, 14, 13, 0, 0));
    expect(parseLondonTime('0001-01-01T00:00:00')).toBeNull();
  });
});

describe('hoursSince', () => {
  const now = moment.tz('2026-07-14T13:00:00', LONDON_TZ);

  it('counts fractional hours since a London wall-clock time', () => {
    expect(hoursSince('2026-07-14T12:30:00', now)).toBeCloseTo(0.5);
    expect(hoursSince('2026-07-14T12:00:00', now)).toBe(1);
    expect(hoursSince('2026-07-14T14:00:00', now)).toBe(-1);
  });

  it('accepts a Date or epoch milliseconds as now', () => {
    expect(hoursSince('2026-07-14T12:30:00', new Date(Date.UTC(2026, 6, 14, 12, 0, 0)))).toBeCloseTo(0.5);
    expect(hoursSince('2026-07-14T12:30:00', Date.UTC(2026, 6, 14, 12, 0, 0))).toBeCloseTo(0.5);
  });

  it('compares in Europe/London across the clock change', () => {
    // 29 March 2026: clocks go forward at 01:00 GMT, so 00:30 → 03:30 is two real hours.
    expect(hoursSince('2026-03-29T00:30:00', moment.tz('2026-03-29T03:30:00', LONDON_TZ))).toBe(2);
  });

  it('is NaN for an empty purchase time, so it is never within the fee-free hour', () => {
    expect(hoursSince('0001-01-01T00:00:00', now)).toBeNaN();
    expect(hoursSince(undefined, now) < 1).toBe(false);
  });

  it('uses the clock when no now is given', () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 6, 14, 12, 0, 0) });
    try {
      expect(hoursSince('2026-07-14T12:00:00')).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('isOlderThanMonths', () => {
  const now = moment.tz('2026-09-14T10:00:00', LONDON_TZ);

  it('is true only when more than the given calendar months have passed', () => {
    expect(isOlderThanMonths('2026-03-14T09:59:00', 6, now)).toBe(true);
    expect(isOlderThanMonths('2026-03-14T10:00:00', 6, now)).toBe(false);
    expect(isOlderThanMonths('2026-03-14T10:01:00', 6, now)).toBe(false);
    expect(isOlderThanMonths('2025-01-01T00:00:00', 6, now)).toBe(true);
  });

  it('is false for an empty or unparsable purchase time', () => {
    expect(isOlderThanMonths('0001-01-01T00:00:00', 6, now)).toBe(false);
    expect(isOlderThanMonths('nonsense', 6, now)).toBe(false);
    expect(isOlderThanMonths('2025-01-01T00:00:00', Number.NaN, now)).toBe(false);
  });
});

describe('wallClockMs', () => {
  it('orders wall-clock times without time-zone rules', () => {
    expect(wallClockMs('2026-03-14T08:05:00')).toBe(Date.UTC(2026, 2, 14, 8, 5, 0));
    expect(wallClockMs('2026-07-14T08:05:00')).toBe(Date.UTC(2026, 6, 14, 8, 5, 0));
  });

  it('is null for empty or unparsable values', () => {
    expect(wallClockMs('0001-01-01T00:00:00')).toBeNull();
    expect(wallClockMs('soon')).toBeNull();
    expect(wallClockMs(undefined)).toBeNull();
  });
});
