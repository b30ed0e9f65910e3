/**
 * Hostile text in the disruption widget (docs/decisions.md "Hostile input and error reporting"): every payload of
 * test/xssPayloads.ts is placed in the station names, the Details booking reference and
 * e-mail, the support address and the refund status call's error body, through the real `mount`.
 * It renders as inert text, and the mail links (status help, contact customer services) stay
 * well-formed.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import bookings from '../../fixtures/bookings.json';
import { answerError, configureClient } from '../../shared/api/policy';
import { serverText } from '../../shared/api/serverText';
import { route, server } from '../../test/api/server';
import { expectInert, expectShownAsText, expectWellFormedMailtos, linkable } from '../../test/hostileChecks';
import { registerHostileHooks, stationsNamed } from '../../test/hostileMounts';
import { mountOnHostPage } from '../../test/hostPage';
import { PAYLOAD_CASES } from '../../test/xssPayloads';
import { mount } from './mount';
import { texts } from './texts';

const state = (bookings as unknown as Record<string, { details: Record<string, unknown> }>)['disruption-waived'];
const STATUS_URL = '/Refund/Status?bookingReference=X';
const SUPPORT = 'support@example.co.uk';
const unmountAfterTest = registerHostileHooks();
jest.setTimeout(30_000);

function mountWith(payload: string, options: { view?: string; search?: string } = {}) {
  const page = mountOnHostPage(mount, {
    mountId: 'disruption-widget',
    details: { ...state.details, bookingReference: payload, email: payload },
    stations: stationsNamed(state.details, payload),
    search: options.search ?? '',
    attrs: {
      'refund-status-url': STATUS_URL,
      'support-email': payload,
      ...(options.view ? { view: options.view } : {}),
    },
  });
  unmountAfterTest(page.unmount);
  return page.element;
}

beforeEach(() => {
  configureClient({ timeouts: { get: 1000, post: 1000 }, retry: { retries: 0, baseDelayMs: 1 } });
});

describe.each(PAYLOAD_CASES)('payload "%s"', (_name, payload) => {
  it('in station names, booking reference, e-mail, support address and the status error body', async () => {
    server.use(route('get', STATUS_URL, () => new HttpResponse(payload, { status: 500 })));
    const element = mountWith(payload);
    // The status failure shows once the traveller says the journey was disrupted.
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Yes, my journey was affected by disruption' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(texts.statusFailure);
    expectInert(element);
    expectShownAsText(element, payload);
    // The error body is the server's own text as shared/api/serverText.ts reads it, shown as text;
    // a payload that is markup or JSON without a message shows none.
    // The body arrives as UTF-8, in which a lone surrogate becomes U+FFFD.
    const body = new TextDecoder().decode(new TextEncoder().encode(payload));
    const shown = serverText(answerError(500, body, 'get'));
    const details = element.querySelector<HTMLElement>('.rw-disruption__error-body');
    if (shown === undefined) expect(details).toBeNull();
    else expectShownAsText(details!, shown);
    const links = expectWellFormedMailtos(element, [payload, SUPPORT], [texts.statusHelpSubject(payload)]);
    expect(links).toBe(linkable(payload) ? 1 : 0);
  });

  it('in the finished view that tells the traveller to contact customer services', async () => {
    const element = mountWith(payload, { view: 'finished', search: 'Reason=manual' });
    expectInert(element);
    expectWellFormedMailtos(element, [payload], [texts.contactSubject(payload)]);
  });
});
