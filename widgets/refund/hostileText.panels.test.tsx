/**
 * Hostile text in the refund widget, part 1: the instant panel, the data-attribute addresses and
 * the bodies of a failed refund-status call. What is checked and why: test/widgets/refund/hostileTextHarness.tsx.
 */
import { act, screen, within } from '@testing-library/react';
import { expectInert, expectShownAsText, linkable } from '../../test/hostileChecks';
import { answerError } from '../../shared/api/policy';
import { serverText } from '../../shared/api/serverText';
import { texts } from './texts';
import { PAYLOAD_CASES } from '../../test/xssPayloads';
import {
  APPEALS,
  SUPPORT,
  expectRefundMailtos,
  mountWith,
  serveProcessRefund,
  states,
  stationsNamed,
  registerHostileHarness,
} from '../../test/widgets/refund/hostileTextHarness';

registerHostileHarness();

describe.each(PAYLOAD_CASES)('payload "%s"', (_name, payload) => {
  it('in station names, booking reference and e-mail of the instant panel, the appeal mail and a failed ProcessRefund body', async () => {
    const element = mountWith({
      state: 'instant',
      bookingReference: payload,
      email: payload,
      stations: stationsNamed('instant', payload),
    });
    const accept = await screen.findByRole('button', { name: 'Accept refund' });
    expect(screen.getByRole('heading', { level: 3, name: /^Selected Journey:/ })).toHaveTextContent(
      `Selected Journey: ${payload} to ${payload}`.replace(/\s+/g, ' ').trim(),
      { normalizeWhitespace: true },
    );
    expectShownAsText(element, payload);
    act(() => screen.getByRole('button', { name: 'How to appeal' }).click());
    const dialog = screen.getByRole('dialog', { name: 'How to appeal' });
    expect(within(dialog).getByRole('link', { name: APPEALS })).toBeInTheDocument();
    expect(expectRefundMailtos(element, [APPEALS, SUPPORT], payload)).toBe(1);
    expectInert(element);

    serveProcessRefund(500, payload);
    act(() => within(dialog).getByRole('button', { name: 'Close' }).click());
    act(() => accept.click());
    await screen.findByText(texts.processFailure);
    if (payload.trim() !== '') expectShownAsText(element, payload);
    expect(expectRefundMailtos(element, [APPEALS, SUPPORT], payload)).toBe(1);
    expectInert(element);
  });

  it('as the appeals and support addresses (data attributes)', async () => {
    const element = mountWith({ state: 'instant', appealsEmail: payload, supportEmail: payload });
    const accept = await screen.findByRole('button', { name: 'Accept refund' });
    const reference = states.instant.bookingReference;
    const appeal = screen.queryByRole('button', { name: 'How to appeal' });
    expect(appeal !== null).toBe(linkable(payload));
    if (appeal) {
      act(() => appeal.click());
      expect(expectRefundMailtos(element, [payload], reference)).toBe(1);
      expectInert(element);
      act(() => within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }).click());
    }
    serveProcessRefund(500, 'down');
    act(() => accept.click());
    await screen.findByText(texts.processFailure);
    expect(expectRefundMailtos(element, [payload], reference)).toBe(linkable(payload) ? 1 : 0);
    expectInert(element);
  });

  it.each([
    ['plain text', (text: string) => text],
    ['JSON message', (text: string) => JSON.stringify({ message: text })],
    ['JSON error', (text: string) => JSON.stringify({ error: text })],
  ])('as the body of a failed refund-status call (%s)', async (_kind, body) => {
    const element = mountWith({ state: 'status-failure', bookingReference: payload, status: [500, body(payload)] });
    await screen.findByText(texts.statusFailure);
    // The details are the server's own text as shared/api/serverText.ts reads it (a plain body that
    // is a JSON string literal, like the attribute break-out, is that string), shown as text; a
    // payload that is markup or JSON without a message is no text, and shows no details. The body
    // arrives as UTF-8, in which a lone surrogate becomes U+FFFD.
    const sent = new TextDecoder().decode(new TextEncoder().encode(body(payload)));
    const shown = serverText(answerError(500, sent, 'get'));
    const details = element.querySelector<HTMLElement>('.rw-refund__error-body');
    if (shown === undefined) expect(details).toBeNull();
    else expectShownAsText(details!, shown);
    expect(expectRefundMailtos(element, [SUPPORT], payload)).toBe(1);
    expectInert(element);
  });
});
