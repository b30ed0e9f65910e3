/**
 * The checks of London time on a phone set to another zone (docs/decisions.md "Time"), for the
 * test files that each run in one zone (`@jest-environment-options {"timeZone": …}`,
 * test/timeZoneEnvironment.js): the receipt line's date and time, the page data's times and the
 * storage windows are London's whatever the process zone is. Asia/Kolkata is half an hour off a
 * whole hour, so a London minute read from the phone's clock shows as :35 instead of :05.
 */
import { formatDate, formatLondon, formatTime, instantMs, isOutsideWindow } from '../shared/format/time';

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;

/** The 2026 clock changes at the instant itself and one minute either side, as London shows them. */
export const CLOCK_CHANGES: [string, number, string, string][] = [
  ['spring, a minute before', at('2026-03-29T01:00:00Z') - MINUTE, '29/03/2026', '00:59'],
  ['spring, the instant', at('2026-03-29T01:00:00Z'), '29/03/2026', '02:00'],
  ['spring, a minute after', at('2026-03-29T01:00:00Z') + MINUTE, '29/03/2026', '02:01'],
  ['autumn, a minute before', at('2026-10-25T01:00:00Z') - MINUTE, '25/10/2026', '01:59'],
  ['autumn, the instant', at('2026-10-25T01:00:00Z'), '25/10/2026', '01:00'],
  ['autumn, a minute after', at('2026-10-25T01:00:00Z') + MINUTE, '25/10/2026', '01:01'],
];

/**
 * The London-time checks on a phone in `zone`.
 *
 * @param zone the IANA zone the test file runs in
 * @param offset the phone's `getTimezoneOffset()` on 25 November 2026 (minutes, UTC − local)
 */
export function describeLondonOnAPhone(zone: string, offset: number): void {
  describe(`on a phone in ${zone}`, () => {
    it('the process really runs in that zone', () => {
      expect(new Date(at('2026-11-25T14:05:00Z')).getTimezoneOffset()).toBe(offset);
      expect(process.env.TZ).toBe(zone);
    });

    it('shows 14:05 GMT on 25 November as 25/11/2026 at 14:05, not the phone’s own time', () => {
      expect(formatLondon(at('2026-11-25T14:05:00Z'))).toEqual({
        date: '25/11/2026',
        time: '14:05',
        iso: '2026-11-25T14:05:00+00:00',
      });
    });

    it('shows 13:05 UTC on 14 July as 14:05 (BST)', () => {
      expect(formatLondon(at('2026-07-14T13:05:00Z'))).toEqual({
        date: '14/07/2026',
        time: '14:05',
        iso: '2026-07-14T14:05:00+01:00',
      });
    });

    it.each(CLOCK_CHANGES)('at the clock change (%s) shows %s %s', (_name, instant, date, time) => {
      expect(formatLondon(instant)).toMatchObject({ date, time });
    });

    it('on 31 December shows the London date, whichever side of midnight the phone is', () => {
      expect(formatLondon(at('2026-12-31T23:59:00Z'))).toMatchObject({ date: '31/12/2026', time: '23:59' });
      expect(formatLondon(at('2027-01-01T00:00:00Z'))).toMatchObject({ date: '01/01/2027', time: '00:00' });
      expect(formatLondon(at('2026-12-31T10:30:00Z'))).toMatchObject({ date: '31/12/2026', time: '10:30' });
    });

    it('reads and shows page data as London wall-clock', () => {
      expect(formatTime('2026-11-25T14:05:00')).toBe('14:05');
      expect(formatDate('2026-12-31T23:30:00')).toBe('31/12/2026');
      expect(instantMs('2026-11-25T14:05:00')).toBe(at('2026-11-25T14:05:00Z'));
      expect(instantMs('2026-07-14T14:05:00')).toBe(at('2026-07-14T13:05:00Z'));
      expect(formatTime('2026-07-14T13:05:00Z')).toBe('14:05');
    });

    it('measures a saved time’s age in London days: 7 days before 12:00 on 1 April is 12:00 on 25 March (GMT)', () => {
      const now = at('2026-04-01T11:00:00Z'); // 12:00 BST
      // London's 7 days across the spring change are 167 hours.
      expect(isOutsideWindow(at('2026-03-25T12:00:00Z'), now, { days: 7 }, { days: 1 })).toBe(false);
      expect(isOutsideWindow(at('2026-03-25T11:59:00Z'), now, { days: 7 }, { days: 1 })).toBe(true);
    });
  });
}
