/**
 * Hostile text in the lookup widget (docs/decisions.md "Hostile input and error reporting"): every payload of
 * test/xssPayloads.ts as the support address of the mount and as the booking reference
 * the traveller types, with the wheelchair funnel open (its mail link carries both). The form
 * renders them as inert text and the mail link stays well-formed.
 */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectInert, expectWellFormedMailtos } from '../../test/hostileChecks';
import { registerHostileHooks } from '../../test/hostileMounts';
import { mountOnHostPage } from '../../test/hostPage';
import { PAYLOAD_CASES } from '../../test/xssPayloads';
import { mount } from './mount';
import { texts } from './texts';

const unmountAfterTest = registerHostileHooks();

describe.each(PAYLOAD_CASES)('payload "%s"', (_name, payload) => {
  it('as the support address and the typed booking reference, with the wheelchair funnel open', async () => {
    // The host page's JSON blocks are present, as on every page of the site.
    const page = mountOnHostPage(mount, {
      mountId: 'lookup-widget',
      details: { bookingReference: 'KXB7HT2N', email: 'traveller@example.com' },
      stations: {},
      attrs: { 'support-email': payload },
    });
    unmountAfterTest(page.unmount);
    await userEvent.setup().click(screen.getByRole('radio', { name: texts.reasons.Wheelchair }));
    // Typed text goes through the same path as any input; fireEvent keeps very long payloads fast.
    fireEvent.change(screen.getByRole('textbox', { name: texts.bookingReferenceLabel }), {
      target: { value: payload },
    });
    await screen.findByText(texts.wheelchairHeading);
    expectInert(page.element);
    const reference = payload.toUpperCase();
    expectWellFormedMailtos(page.element, [payload], [texts.wheelchairSubject(reference), texts.wheelchairSubject('')]);
  });
});
