/**
 * time.ts reads timestamps with moment-timezone; this checks it against an oracle of its own, on
 * generated timestamps (valid and invalid dates, 24:00, fractions, `Z` and offsets; years 0–2100,
 * which brings both London clock changes of every year). The oracle knows nothing of moment: the
 * generator's own fields say whether a timestamp is valid and what it shows, and the instant of a
 * London wall clock is found with `Intl.DateTimeFormat` in Europe/London. Fixed seed.
 */
import fc from 'fast-check';
import { formatDate, formatTime, instantMs, isEmptyDate } from './time';

const two = (n: number) => String(n).padStart(2, '0');
const HOUR = 60 * 60 * 1000;

const parts = fc.record({
  year: fc.integer({ min: 0, max: 2100 }),
  month: fc.integer({ min: 0, max: 13 }),
  day: fc.integer({ min: 0, max: 32 }),
  time: fc.option(
    fc.record({
      hour: fc.integer({ min: 0, max: 25 }),
      minute: fc.integer({ min: 0, max: 60 }),
      second: fc.option(fc.integer({ min: 0, max: 60 })),
      fraction: fc.option(fc.constantFrom('5', '123', '999999')),
      zone: fc.option(fc.constantFrom('Z', '+01:00', '-05:30', '+0100')),
    }),
  ),
});
type Parts = typeof parts extends fc.Arbitrary<infer T> ? T : never;

function text({ year, month, day, time }: Parts): string {
  let value = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
  if (time) {
    value += `T${two(time.hour)}:${two(time.minute)}`;
    if (time.second !== null) {
      value += `:${two(time.second)}`;
      if (time.fraction !== null) value += `.${time.fraction}`;
    }
    if (time.zone !== null) value += time.zone;
  }
  return value;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The calendar and clock rules of ISO-8601, from the generator's fields. */
function isValid({ year, month, day, time }: Parts): boolean {
  if (month < 1 || month > 12 || day < 1 || day > DAYS[month - 1] || (month === 2 && day === 29 && !isLeap(year)))
    return false;
  if (!time) return true;
  const second = time.second ?? 0;
  const fractionZero = time.fraction === null || time.second === null || Number(time.fraction) === 0;
  if (time.hour === 24) return time.minute === 0 && second === 0 && fractionZero;
  return time.hour <= 23 && time.minute <= 59 && second <= 59;
}

/** The time written, read on a zone-free clock (milliseconds; 24:00 is the next midnight). */
function writtenMs({ year, month, day, time }: Parts): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const ms = time?.fraction && time.second !== null ? Math.floor(Number(`0.${time.fraction}`) * 1000) : 0;
  date.setUTCHours(time?.hour ?? 0, time?.minute ?? 0, time?.second ?? 0, ms);
  return date.getTime();
}

/** The offset a zone name such as `+01:00` or `-0530` gives, in milliseconds. */
function zoneOffsetMs(zone: string): number {
  if (zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  return (zone.startsWith('-') ? -1 : 1) * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
}

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  era: 'short',
});

/** London's wall clock at an instant, read on a zone-free clock (milliseconds), from Intl. */
function londonWallMs(at: number): number {
  const got = Object.fromEntries(londonParts.formatToParts(at).map((part) => [part.type, part.value]));
  const year = got.era === 'BC' ? 1 - Number(got.year) : Number(got.year);
  const date = new Date(0);
  date.setUTCFullYear(year, Number(got.month) - 1, Number(got.day));
  date.setUTCHours(Number(got.hour), Number(got.minute), Number(got.second), new Date(at).getUTCMilliseconds());
  return date.getTime();
}

/** London's offset from UTC at an instant (milliseconds). */
const offsetAt = (at: number) => londonWallMs(at) - at;

/**
 * The instant of a London wall clock: the earliest instant at which London's clock read it; in
 * the hour London skips, the wall clock read with the offset before the change (the instant an
 * hour on, as moment-timezone reads it).
 */
function londonInstant(wall: number): number {
  const day = 26 * HOUR;
  const before = offsetAt(wall - day);
  const candidates = [before, offsetAt(wall), offsetAt(wall + day)]
    .map((offset) => wall - offset)
    .filter((at) => londonWallMs(at) === wall);
  return candidates.length > 0 ? Math.min(...candidates) : wall - before;
}

const formatOf = (wall: number) => {
  const d = new Date(wall);
  return {
    time: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`,
    date: `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${String(d.getUTCFullYear()).padStart(4, '0')}`,
  };
};

function oracle(value: Parts) {
  const zone = value.time?.zone ?? null;
  const written = writtenMs(value);
  const utc = zone === null ? written : written - zoneOffsetMs(zone);
  if (!isValid(value) || new Date(utc).getUTCFullYear() <= 1) return { empty: true, time: '', date: '', ms: null };
  const at = zone === null ? londonInstant(written) : utc;
  return { empty: false, ...formatOf(zone === null ? written : londonWallMs(at)), ms: at };
}

test('reads and formats generated timestamps as the Intl oracle in Europe/London says', () => {
  fc.assert(
    fc.property(parts, (value) => {
      const given = text(value);
      expect({
        empty: isEmptyDate(given),
        time: formatTime(given),
        date: formatDate(given),
        ms: instantMs(given),
      }).toEqual(oracle(value));
    }),
    { seed: 20261123, numRuns: 3000 },
  );
});

test.each([
  ['2026-03-14T08:05:00', '08:05', '14/03/2026', '2026-03-14T08:05:00.000Z'],
  ['2026-07-14T08:05:00', '08:05', '14/07/2026', '2026-07-14T07:05:00.000Z'],
  ['2026-03-29T00:59:00', '00:59', '29/03/2026', '2026-03-29T00:59:00.000Z'],
  ['2026-03-29T02:00:00', '02:00', '29/03/2026', '2026-03-29T01:00:00.000Z'],
  ['2026-03-29T02:01:00', '02:01', '29/03/2026', '2026-03-29T01:01:00.000Z'],
  ['2026-10-25T01:59:00', '01:59', '25/10/2026', '2026-10-25T00:59:00.000Z'],
  ['2026-10-25T02:00:00', '02:00', '25/10/2026', '2026-10-25T02:00:00.000Z'],
  ['2026-12-31T23:59:00', '23:59', '31/12/2026', '2026-12-31T23:59:00.000Z'],
])('the oracle itself: %s shows %s on %s and is %s', (value, time, date, iso) => {
  const [year, month, day, hour, minute] = value.split(/[-T:]/).map(Number);
  const expected = oracle({ year, month, day, time: { hour, minute, second: 0, fraction: null, zone: null } });
  expect(expected).toEqual({ empty: false, time, date, ms: Date.parse(iso) });
  expect({ time: formatTime(value), date: formatDate(value), ms: instantMs(value) }).toEqual({
    time,
    date,
    ms: Date.parse(iso),
  });
});
