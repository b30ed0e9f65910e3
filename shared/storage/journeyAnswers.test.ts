/**
 * Saved answers that are forgotten (docs/security.md "Stored answers that are forgotten"):
 * older than 7 days when a widget starts, or once the journey's refund or claim has completed.
 */
import { answersKey, forgetExpiredAnswers, forgetJourneyAnswers, isExpired } from './journeyAnswers';

const NOW = Date.parse('2026-11-23T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const saved = (msAgo: number) => JSON.stringify({ answer: 'Yes', savedAt: new Date(NOW - msAgo).toISOString() });

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

test('answersKey names the booking (upper case, trimmed) and its journey', () => {
  expect(answersKey(' ftr6kl9b ', 700118)).toBe('rw-disruption:FTR6KL9B:700118');
  expect(answersKey('FTR6KL9B', undefined)).toBe('rw-disruption:FTR6KL9B:booking');
});

test('isExpired: more than 7 days old, no or unreadable savedAt, or more than a day ahead', () => {
  expect(isExpired(saved(6 * DAY), NOW)).toBe(false);
  expect(isExpired(saved(7 * DAY), NOW)).toBe(false);
  expect(isExpired(saved(7 * DAY + 1000), NOW)).toBe(true);
  expect(isExpired(saved(29 * DAY), NOW)).toBe(true);
  expect(isExpired(saved(-2 * DAY), NOW)).toBe(true);
  expect(isExpired('{"answer":"Yes"}', NOW)).toBe(true);
  expect(isExpired('{"savedAt":"yesterday"}', NOW)).toBe(true);
  expect(isExpired('not json', NOW)).toBe(true);
  expect(isExpired(null, NOW)).toBe(false);
});

test('forgetExpiredAnswers removes only old or undated saved answers, and nothing of anyone else', () => {
  localStorage.setItem('rw-disruption:AAA:1', saved(8 * DAY));
  localStorage.setItem('rw-disruption:BBB:2', saved(2 * DAY));
  localStorage.setItem('rw-disruption:CCC:3', '{"answer":"No"}');
  localStorage.setItem('host-site-setting', saved(400 * DAY));
  expect(forgetExpiredAnswers(NOW).sort()).toEqual(['rw-disruption:AAA:1', 'rw-disruption:CCC:3']);
  expect(localStorage.getItem('rw-disruption:AAA:1')).toBeNull();
  expect(localStorage.getItem('rw-disruption:BBB:2')).not.toBeNull();
  expect(localStorage.getItem('host-site-setting')).not.toBeNull();
});

test("forgetJourneyAnswers removes that journey's answers only", () => {
  localStorage.setItem('rw-disruption:FTR6KL9B:700118', saved(DAY));
  localStorage.setItem('rw-disruption:FTR6KL9B:700119', saved(DAY));
  forgetJourneyAnswers('ftr6kl9b', '700118');
  expect(localStorage.getItem('rw-disruption:FTR6KL9B:700118')).toBeNull();
  expect(localStorage.getItem('rw-disruption:FTR6KL9B:700119')).not.toBeNull();
});

test('storage that is disabled or throws never breaks a widget', () => {
  jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException('disabled', 'SecurityError');
  });
  expect(forgetExpiredAnswers(NOW)).toEqual([]);
  expect(() => forgetJourneyAnswers('X', 1)).not.toThrow();
  jest.restoreAllMocks();
  localStorage.setItem('rw-disruption:AAA:1', saved(31 * DAY));
  jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  expect(() => forgetExpiredAnswers(NOW)).not.toThrow();
  expect(() => forgetJourneyAnswers('AAA', 1)).not.toThrow();
});

describe('the 7 days are London calendar days, counted from the clock (jest fake timers)', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('across the spring change, 7 days before 12:00 BST on 1 April is 12:00 GMT on 25 March: 167 hours', () => {
    jest.useFakeTimers({ now: Date.parse('2026-04-01T11:00:00Z') });
    localStorage.setItem('rw-disruption:KEPT0001:1', JSON.stringify({ savedAt: '2026-03-25T12:00:00.000Z' }));
    localStorage.setItem('rw-disruption:GONE0001:1', JSON.stringify({ savedAt: '2026-03-25T11:59:59.999Z' }));
    expect(forgetExpiredAnswers()).toEqual(['rw-disruption:GONE0001:1']);
  });

  it('across the autumn change, 7 days before 12:00 GMT on 30 October is 12:00 BST on 23 October: 169 hours', () => {
    jest.useFakeTimers({ now: Date.parse('2026-10-30T12:00:00Z') });
    localStorage.setItem('rw-disruption:KEPT0002:1', JSON.stringify({ savedAt: '2026-10-23T11:00:00.000Z' }));
    localStorage.setItem('rw-disruption:GONE0002:1', JSON.stringify({ savedAt: '2026-10-23T10:59:59.999Z' }));
    expect(forgetExpiredAnswers()).toEqual(['rw-disruption:GONE0002:1']);
  });
});
