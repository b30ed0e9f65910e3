/** The disruption answers in localStorage per journey, and storage that is full or disabled. */
import { waitFor } from '@testing-library/react';
import bookings from '../../fixtures/bookings.json';
import type { Details } from '../../shared/types';
import stations from '../../fixtures/stations.json';
import { mountOnHostPage } from '../../test/hostPage';
import { mount } from './mount';
// Loaded here, not by the widget's first request inside a test: mutation testing would count the
// API client's module-level code as covered by that test alone (docs/mutation-testing.md).
import { http } from 'msw';
import { noAnswer, sent, server } from '../../test/api/server';
import { forgetAnswers, loadAnswers, saveAnswers, storageKey } from './storage';
import { parseSavedAnswers } from './validation';

const details = (bookings as unknown as Record<string, { details: Details }>)['disruption-waived'].details;
const KEY = 'rw-disruption:FTR6KL9B:700118';

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

describe('storageKey', () => {
  it('names the booking and its journey', () => {
    expect(storageKey(details)).toBe(KEY);
  });

  it('falls back to the booking when the journey has no id', () => {
    const noId = {
      ...details,
      bookingReference: 'ftr6kl9b ',
      JourneyPlannerResults: { ...details.JourneyPlannerResults, outboundJourneys: [{ legs: [] }] },
    };
    expect(storageKey(noId)).toBe('rw-disruption:FTR6KL9B:booking');
  });

  it('falls back to the booking when there is no outbound journey', () => {
    const noJourney = { ...details, JourneyPlannerResults: { ...details.JourneyPlannerResults, outboundJourneys: [] } };
    expect(storageKey(noJourney)).toBe('rw-disruption:FTR6KL9B:booking');
  });
});

describe('save and load', () => {
  it('round-trips the answers with the time saved', () => {
    expect(saveAnswers(KEY, { answer: 'Yes', reason: 'abandoned1', portion: 'both' })).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(KEY) as string)).toEqual({
      answer: 'Yes',
      reason: 'abandoned1',
      portion: 'both',
      savedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(loadAnswers(KEY)).toMatchObject({ answer: 'Yes', reason: 'abandoned1', portion: 'both' });
  });

  it('keeps journeys apart', () => {
    saveAnswers(KEY, { answer: 'Strike' });
    expect(loadAnswers('rw-disruption:FTR6KL9B:1')).toEqual({});
  });

  it.each(['not json', '[]', 'null', '{"answer":"Maybe"}', '{"answer":1}'])('ignores stored junk %j', (text) => {
    window.localStorage.setItem(KEY, text);
    expect(loadAnswers(KEY)).toEqual({});
  });

  it('drops unknown fields', () => {
    expect(parseSavedAnswers('{"answer":"No","evil":"x"}')).toEqual({ answer: 'No' });
  });

  it.each([null, '', ' ', 'null', '[]', '["No"]', '5', '"No"', 'true', '{"answer":"No"'])(
    'reads %j as no answers',
    (text) => {
      expect(parseSavedAnswers(text)).toEqual({});
    },
  );
});

describe('forgetAnswers (docs/security.md "Stored answers that are forgotten")', () => {
  it("forgets this journey's answers and no other's", () => {
    saveAnswers(KEY, { answer: 'Yes' });
    saveAnswers('rw-disruption:FTR6KL9B:1', { answer: 'Strike' });
    forgetAnswers(details);
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(loadAnswers('rw-disruption:FTR6KL9B:1')).toMatchObject({ answer: 'Strike' });
  });

  it('forgets the booking-wide answers when there is no outbound journey, and never throws', () => {
    const noJourney = { ...details, JourneyPlannerResults: { ...details.JourneyPlannerResults, outboundJourneys: [] } };
    saveAnswers('rw-disruption:FTR6KL9B:booking', { answer: 'Yes' });
    expect(() => forgetAnswers(noJourney)).not.toThrow();
    expect(window.localStorage.getItem('rw-disruption:FTR6KL9B:booking')).toBeNull();
  });
});

describe('storage that fails', () => {
  it('full: setItem throws QuotaExceededError → save reports false, nothing thrown', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(saveAnswers(KEY, { answer: 'Yes' })).toBe(false);
  });

  it('unreadable: getItem throws → load gives {}', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(loadAnswers(KEY)).toEqual({});
  });

  it('disabled: the localStorage getter throws → load gives {}, save false', () => {
    jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('disabled', 'SecurityError');
    });
    expect(loadAnswers(KEY)).toEqual({});
    expect(saveAnswers(KEY, { answer: 'Yes' })).toBe(false);
  });
});

describe('storage that forgets (answers older than 7 days)', () => {
  const aged = (days: number) =>
    JSON.stringify({ answer: 'Strike', savedAt: new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString() });

  it('loads nothing older than 7 days', () => {
    window.localStorage.setItem(KEY, aged(8));
    expect(loadAnswers(KEY)).toEqual({});
    window.localStorage.setItem(KEY, aged(7.5));
    expect(loadAnswers(KEY)).toEqual({});
    window.localStorage.setItem(KEY, aged(6.9));
    expect(loadAnswers(KEY)).toEqual(expect.objectContaining({ answer: 'Strike' }));
  });

  it('a widget start removes every saved answer older than 7 days, and keeps newer ones', async () => {
    window.localStorage.setItem(KEY, aged(8));
    window.localStorage.setItem('rw-disruption:OTHER123:1', aged(29));
    window.localStorage.setItem('rw-disruption:RECENT12:2', aged(3));
    // The widget's status GET stays unanswered: this test is about what its start forgets.
    server.use(http.get('*', noAnswer));
    const { unmount } = mountOnHostPage(mount, {
      mountId: 'disruption-widget',
      details,
      stations,
      attrs: { 'refund-status-url': '/Refund/Status?bookingReference=FTR6KL9B' },
    });
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(window.localStorage.getItem('rw-disruption:OTHER123:1')).toBeNull();
    expect(window.localStorage.getItem('rw-disruption:RECENT12:2')).not.toBeNull();
    await waitFor(() => expect(sent('GET')).toHaveLength(1));
    unmount();
  });
});
