/**
 * time.ts reads timestamps without moment (docs/performance.md "Candidates measured for fewer
 * bytes"); this checks it against moment's strict ISO-8601 reading, the reference it replaced, on
 * generated timestamps: valid and invalid dates, 24:00, fractions, `Z` and offsets. Fixed seed.
 */
import fc from 'fast-check';
import moment from 'moment';
import { formatDate, formatTime, isEmptyDate, wallClockMs } from './time';

const two = (n: number) => String(n).padStart(2, '0');

const timestamp = fc
  .record({
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
  })
  .map(({ year, month, day, time }) => {
    let text = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
    if (time) {
      text += `T${two(time.hour)}:${two(time.minute)}`;
      if (time.second !== null) {
        text += `:${two(time.second)}`;
        if (time.fraction !== null) text += `.${time.fraction}`;
      }
      if (time.zone !== null) text += time.zone;
    }
    return text;
  });

function reference(value: string) {
  const m = moment.utc(value, moment.ISO_8601, true);
  const empty = !m.isValid() || m.year() <= 1;
  return {
    empty,
    time: empty ? '' : m.format('HH:mm'),
    date: empty ? '' : m.format('DD/MM/YYYY'),
    ms: empty ? null : m.valueOf(),
  };
}

test('reads and formats timestamps exactly as moment.utc(value, ISO_8601, strict) did', () => {
  fc.assert(
    fc.property(timestamp, (value) => {
      const expected = reference(value);
      expect({
        empty: isEmptyDate(value),
        time: formatTime(value),
        date: formatDate(value),
        ms: wallClockMs(value),
      }).toEqual(expected);
    }),
    { seed: 20261123, numRuns: 3000 },
  );
});

test.each(['2026-03-14T08:05:00', '2026-03-14 08:05', '2024-02-29T23:59:59.999', '0001-01-01T00:00:00', ''])(
  'agrees with moment on %p',
  (value) => {
    expect(formatTime(value)).toBe(reference(value).time);
    expect(formatDate(value)).toBe(reference(value).date);
  },
);
