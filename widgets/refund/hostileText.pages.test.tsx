/**
 * Hostile text in the refund widget, part 2: the six-month modal, the unavailable panel, the
 * refund unavailable page and the manual-refund links. What is checked and why:
 * test/widgets/refund/hostileTextHarness.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { expectInert, expectShownAsText, linkable, wellFormed } from '../../test/hostileChecks';
import { texts } from './texts';
import { PAYLOAD_CASES } from '../../test/xssPayloads';
import {
  APPEALS,
  SUPPORT,
  expectRefundMailtos,
  mountWith,
  stationsNamed,
  registerHostileHarness,
} from '../../test/widgets/refund/hostileTextHarness';

registerHostileHarness();

describe.each(PAYLOAD_CASES)('payload "%s"', (_name, payload) => {
  it('in the six-month dry-run error and the booking reference of its support mail', async () => {
    const element = mountWith({
      state: 'six-months',
      bookingReference: payload,
      dryRun: [400, JSON.stringify({ message: `Booking is older than 6 months ${payload}` })],
    });
    const dialog = await screen.findByRole('alertdialog', { name: texts.sixMonthsTitle });
    expect(within(dialog).getByRole('link', { name: texts.sixMonthsLink })).toBeInTheDocument();
    // The modal's support mail and the page's beneath it.
    expect(expectRefundMailtos(element, [SUPPORT], payload)).toBe(2);
    expectInert(element);
  });

  it('in the unavailable panel (booking reference, stations) and its appeal mail with a body', async () => {
    const element = mountWith({
      state: 'cancelled',
      bookingReference: payload,
      stations: stationsNamed('cancelled', payload),
    });
    await screen.findByText(texts.refundUnavailable);
    expectShownAsText(element, payload);
    expect(expectRefundMailtos(element, [APPEALS], payload)).toBe(1);
    const link = screen.getByRole('link', { name: APPEALS });
    expect(new URL(link.getAttribute('href') as string).searchParams.get('body')).toContain(
      `Booking reference: ${wellFormed(payload)}`,
    );
    expectInert(element);
  });

  it('on the refund unavailable page, as booking reference and as appeals address', async () => {
    const element = mountWith({
      state: 'scanned',
      bookingReference: payload,
      appealsEmail: payload,
      attrs: { view: 'unavailable' },
    });
    await screen.findByText(/because our records indicate you may have already used this ticket\./);
    expectShownAsText(element, payload);
    expect(expectRefundMailtos(element, [payload], payload)).toBe(linkable(payload) ? 1 : 0);
    expectInert(element);
  });

  it.each([
    ['printed', ['BookingReference', 'Email']],
    ['replacement', ['BookingReference', 'Email', 'PartJourney']],
  ])('in the manual-refund link of the %s panel (booking reference and email in the query)', async (state, keys) => {
    const element = mountWith({
      state,
      bookingReference: payload,
      email: payload,
      stations: stationsNamed(state, payload),
    });
    await waitFor(() => expect(element.querySelector('a[href^="/ManualRefund?"]')).not.toBeNull());
    const href = (element.querySelector('a[href^="/ManualRefund?"]') as HTMLAnchorElement).getAttribute(
      'href',
    ) as string;
    const url = new URL(href, location.href);
    expect(url.origin).toBe(location.origin);
    expect(url.pathname).toBe('/ManualRefund');
    expect(url.hash).toBe('');
    expect(url.searchParams.get('BookingReference')).toBe(wellFormed(payload));
    expect(url.searchParams.get('Email')).toBe(wellFormed(payload));
    expect(Array.from(url.searchParams.keys()).sort()).toEqual(keys);
    if (keys.includes('PartJourney')) expect(url.searchParams.get('PartJourney')).toBe('true');
    expectShownAsText(element, payload);
    expectInert(element);
  });
});
