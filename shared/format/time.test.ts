import { EMPTY_DATE, formatDate, formatTime, instantMs, isEmptyDate, isOutsideWindow, pickTime } from './time';

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;

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

  it('reads a time with spaces around it, as moment did (a padded server field)', () => {
    expect(formatTime(' 2026-03-14T08:05:00\n')).toBe('08:05');
    expect(formatDate('\t2026-03-14T08:05:00 ')).toBe('14/03/2026');
  });

  it('formats the second time when the first is empty', () => {
    expect(formatTime(pickTime('0001-01-01T00:00:00', '2026-03-14T09:50:00'))).toBe('09:50');
  });
});

describe('reading the calendar strictly', () => {
  it('accepts 29 February in leap years only: every fourth year, but not 1900 or 2100, though 2000', () => {
    expect(formatDate('2024-02-29T10:00:00')).toBe('29/02/2024');
    expect(formatDate('2000-02-29T10:00:00')).toBe('29/02/2000');
    expect(formatDate('1600-02-29')).toBe('29/02/1600');
    expect(formatDate('2026-02-29T10:00:00')).toBe('');
    expect(formatDate('1900-02-29T10:00:00')).toBe('');
    expect(formatDate('2100-02-29')).toBe('');
    expect(instantMs('1900-02-29T10:00:00')).toBeNull();
  });

  it('refuses a value with anything after the time: the whole text must be ISO-8601', () => {
    expect(formatTime('2026-03-14T08:05:00 and more')).toBe('');
    expect(formatDate('2026-03-14T08:05:00Z;')).toBe('');
    expect(instantMs('2026-03-14T08:05:00x')).toBeNull();
    expect(formatTime(' 2026-03-14T08:05:00 ')).toBe('08:05');
  });

  it('reads 24:00 as midnight at the end of the day, and refuses any other time past 23:59', () => {
    expect(formatTime('2026-03-14T24:00:00')).toBe('00:00');
    expect(formatDate('2026-03-14T24:00:00')).toBe('15/03/2026');
    expect(formatTime('2026-03-14T24:00')).toBe('00:00');
    expect(formatTime('2026-03-14T24:00:30')).toBe('');
    expect(formatTime('2026-03-14T24:30:00')).toBe('');
    expect(formatTime('2026-03-14T24:00:00.5')).toBe('');
    expect(formatTime('2026-03-14T25:00:00')).toBe('');
    expect(formatDate('2026-03-14T25:00')).toBe('');
  });
});

describe('instantMs', () => {
  it('reads an offset-less time as London wall-clock: GMT in winter, BST (one hour ahead of UTC) in summer', () => {
    expect(instantMs('2026-03-14T08:05:00')).toBe(Date.parse('2026-03-14T08:05:00Z'));
    expect(instantMs('2026-07-14T08:05:00')).toBe(Date.parse('2026-07-14T07:05:00Z'));
  });

  it('reads a time with Z or an offset as the instant it names', () => {
    expect(instantMs('2026-07-14T08:05:00Z')).toBe(Date.parse('2026-07-14T08:05:00Z'));
    expect(instantMs('2026-07-14T08:05:00-05:30')).toBe(Date.parse('2026-07-14T13:35:00Z'));
  });

  it('is null for empty or unparsable values', () => {
    expect(instantMs('0001-01-01T00:00:00')).toBeNull();
    expect(instantMs('soon')).toBeNull();
    expect(instantMs(undefined)).toBeNull();
  });
});

describe('a time with Z or an offset is an instant, shown in London', () => {
  it('shows 08:05Z in July as 09:05 (BST), and in March as 08:05 (GMT)', () => {
    expect(formatTime('2026-07-14T08:05:00Z')).toBe('09:05');
    expect(formatTime('2026-03-14T08:05:00Z')).toBe('08:05');
  });

  it('shows 23:30 at -05:00 on 14 July as 05:30 on 15/07/2026 in London', () => {
    expect(formatTime('2026-07-14T23:30:00-05:00')).toBe('05:30');
    expect(formatDate('2026-07-14T23:30:00-05:00')).toBe('15/07/2026');
  });

  it('reads a date alone (no time of day) as London midnight, not as an offset', () => {
    expect(formatDate('2026-03-14')).toBe('14/03/2026');
    expect(formatTime('2026-07-14')).toBe('00:00');
    expect(instantMs('2026-07-14')).toBe(Date.parse('2026-07-13T23:00:00Z'));
  });
});

/** The wall clock of an instant in a zone, `HH:mm` (Intl, independent of the process zone). */
function wallClockIn(timeZone: string, epochMs: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    epochMs,
  );
}

describe('on the 2026 clock changes, a time is shown as written (docs/decisions.md "Time")', () => {
  it('the cases are real: 01:30 on 29 March does not exist in London, 01:30 on 25 October happens twice', () => {
    // Clocks go forward at 01:00 GMT on 29 March: 00:59 GMT is followed by 02:00 BST.
    expect(wallClockIn('Europe/London', Date.UTC(2026, 2, 29, 0, 59))).toBe('00:59');
    expect(wallClockIn('Europe/London', Date.UTC(2026, 2, 29, 1, 0))).toBe('02:00');
    // Clocks go back at 01:00 GMT on 25 October: 00:30 GMT and 01:30 GMT both read 01:30.
    expect(wallClockIn('Europe/London', Date.UTC(2026, 9, 25, 0, 30))).toBe('01:30');
    expect(wallClockIn('Europe/London', Date.UTC(2026, 9, 25, 1, 30))).toBe('01:30');
  });

  it('shows 01:30 on 29 March (the hour London skips) as 01:30 on 29/03/2026', () => {
    expect(formatTime('2026-03-29T01:30:00')).toBe('01:30');
    expect(formatDate('2026-03-29T01:30:00')).toBe('29/03/2026');
    expect(formatTime('2026-03-29T01:00:00')).toBe('01:00');
    expect(formatTime('2026-03-29T01:59:00')).toBe('01:59');
  });

  it('shows 01:30 on 25 October (the hour London has twice) as 01:30 on 25/10/2026', () => {
    expect(formatTime('2026-10-25T01:30:00')).toBe('01:30');
    expect(formatDate('2026-10-25T01:30:00')).toBe('25/10/2026');
    expect(formatTime('2026-10-25T00:59:00')).toBe('00:59');
    expect(formatTime('2026-10-25T02:00:00')).toBe('02:00');
  });

  it('shows midnight around the changes on the date given', () => {
    expect(formatDate('2026-03-29T00:00:00')).toBe('29/03/2026');
    expect(formatDate('2026-10-25T23:59:00')).toBe('25/10/2026');
    expect(formatDate('2026-10-26T00:00:00')).toBe('26/10/2026');
  });

  it('shows 02:30 on 27 September (the hour Auckland skips) as 02:30', () => {
    expect(formatTime('2026-09-27T02:30:00')).toBe('02:30');
    expect(formatDate('2026-09-27T02:30:00')).toBe('27/09/2026');
  });

  it('orders times across the changes by the instant they name in London', () => {
    // 00:59 GMT and 02:00 BST are one minute apart: the clocks went forward at 01:00 GMT.
    expect((instantMs('2026-03-29T02:00:00') as number) - (instantMs('2026-03-29T00:59:00') as number)).toBe(60_000);
    // 01:59 BST and 01:00 GMT (the second 01:00) are one minute apart; moment-timezone reads 01:30
    // on 25 October as its first occurrence (BST).
    expect(instantMs('2026-10-25T01:30:00')).toBe(Date.parse('2026-10-25T00:30:00Z'));
    expect((instantMs('2026-10-25T02:00:00') as number) - (instantMs('2026-10-25T00:59:00') as number)).toBe(
      (2 * 60 + 1) * 60_000,
    );
  });

  it('reads 01:30 on 29 March (a time London skips) as moment-timezone does: the instant of 02:30 BST', () => {
    expect(instantMs('2026-03-29T01:30:00')).toBe(Date.parse('2026-03-29T01:30:00Z'));
  });
});

describe('the zone the tests run in (jest.config.js)', () => {
  it("is the one the project pins, not the caller's shell: Europe/London, or Pacific/Auckland for the second run", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(['Europe/London', 'Pacific/Auckland']).toContain(zone);
    expect(zone).toBe(process.env.TZ);
    // The process zone is really applied to Date: 12:00 UTC on 14 July is 13:00 in London, 00:00 next day in Auckland.
    const localHour = new Date(Date.UTC(2026, 6, 14, 12, 0)).getHours();
    expect(localHour).toBe(zone === 'Europe/London' ? 13 : 0);
  });
});

describe('isOutsideWindow', () => {
  const now = at('2026-11-25T14:05:00Z');

  it('keeps a time within the window, to the millisecond', () => {
    expect(isOutsideWindow(now - 24 * 60 * MINUTE, now, { hours: 24 }, { hours: 24 })).toBe(false);
    expect(isOutsideWindow(now - 24 * 60 * MINUTE - 1, now, { hours: 24 }, { hours: 24 })).toBe(true);
    expect(isOutsideWindow(now + 24 * 60 * MINUTE, now, { hours: 24 }, { hours: 24 })).toBe(false);
    expect(isOutsideWindow(now + 24 * 60 * MINUTE + 1, now, { hours: 24 }, { hours: 24 })).toBe(true);
  });

  it('reads an ISO string with an offset, as toISOString writes it', () => {
    expect(isOutsideWindow('2026-11-18T14:05:00.000Z', now, { days: 7 }, { days: 1 })).toBe(false);
    expect(isOutsideWindow('2026-11-18T14:04:59.999Z', now, { days: 7 }, { days: 1 })).toBe(true);
  });

  it('counts 24 hours as 24 hours across the autumn change, and a day as the London day (25 hours)', () => {
    const after = at('2026-10-25T12:00:00Z');
    expect(isOutsideWindow(after - 24 * 60 * MINUTE - 1, after, { hours: 24 }, { hours: 24 })).toBe(true);
    expect(isOutsideWindow(after - 25 * 60 * MINUTE, after, { days: 1 }, { days: 1 })).toBe(false);
    expect(isOutsideWindow(after - 25 * 60 * MINUTE - 1, after, { days: 1 }, { days: 1 })).toBe(true);
  });

  it('reads a saved ISO string with spaces around it', () => {
    expect(isOutsideWindow(' 2026-11-18T14:05:00.000Z ', now, { days: 7 }, { days: 1 })).toBe(false);
  });

  it.each([[undefined], [null], ['yesterday'], [''], [Number.NaN], [{}], ['2026-11-25T14:05:00.000Z and more']])(
    'is true for an unreadable time %p',
    (saved) => {
      expect(isOutsideWindow(saved, now, { days: 7 }, { days: 1 })).toBe(true);
    },
  );
});

describe('isOutsideWindow without a limit ahead', () => {
  it('keeps a time saved after now, however far', () => {
    const now = Date.parse('2026-11-25T14:05:00Z');
    expect(isOutsideWindow(now + 400 * 24 * 60 * 60_000, now, { hours: 24 })).toBe(false);
    expect(isOutsideWindow(now - 24 * 60 * 60_000 - 1, now, { hours: 24 })).toBe(true);
  });
});
