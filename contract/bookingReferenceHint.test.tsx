/**
 * One booking-reference hint across widgets (docs/decisions.md "The refund page's words and
 * amounts"): the lookup form and the replacement form show the same hint
 * (shared/forms/bookingReference.ts), and its examples are valid in both forms' schemas
 * (docs/product-rules.md section 5). Here because it reads two widgets, which only the contract
 * tests may do; the hint's own wording is tested in shared/forms/bookingReference.test.ts.
 */
import { render, screen } from '@testing-library/react';
import { readQueryFlags } from '../shared/page/readPageData';
import { LookupWidget } from '../widgets/lookup/LookupWidget';
import { lookupFormSchema } from '../widgets/lookup/validation';
import { ReplacementForm } from '../widgets/refund/replacement/components/ReplacementForm';
import { configOf, responseOf, STATES } from '../test/widgets/refund/replacement/testData';
import { replacementFormSchema } from '../widgets/refund/replacement/validation';
import { BOOKING_REFERENCE_HINT } from '../shared/forms/bookingReference';

/** The accessible description (the hint) of the one "Booking reference" field on the screen. */
const hintShown = () => screen.getByRole('textbox', { name: 'Booking reference' }).getAttribute('aria-describedby');

function lookupHint(): string {
  const view = render(
    <LookupWidget
      config={{
        action: '/ConfirmRefund',
        disruptionAction: '/Home/Disruption',
        supportEmail: 'support@example.co.uk',
        delayRepayUrl: '',
        query: readQueryFlags(''),
      }}
      navigate={jest.fn()}
    />,
  );
  const text = document.getElementById(hintShown() as string)?.textContent ?? '';
  view.unmount();
  return text;
}

function replacementHint(): string {
  const view = render(
    <ReplacementForm config={configOf('replacement')} response={responseOf('replacement')} onDone={jest.fn()} />,
  );
  const text = document.getElementById((hintShown() as string).split(' ')[0])?.textContent ?? '';
  view.unmount();
  return text;
}

/** The examples the hint gives ("like KXB7HT2N", "like E-123456789"). */
const examples = () => [...BOOKING_REFERENCE_HINT.matchAll(/like (\S+?)[,.]/g)].map((match) => match[1]);

describe('the booking-reference hint', () => {
  it('is the same in the lookup form and the replacement form', () => {
    const lookup = lookupHint();
    const replacement = replacementHint();
    expect(lookup).toBe(BOOKING_REFERENCE_HINT);
    expect(replacement).toBe(BOOKING_REFERENCE_HINT);
    expect(lookup).toBe(replacement);
  });

  it("its examples pass both forms' schemas (the replacement's: when not the original booking)", async () => {
    const original = STATES.replacement.bookingReference;
    for (const bookingReference of examples()) {
      expect(bookingReference).not.toBe(original);
      await expect(lookupFormSchema.validateAt('bookingReference', { bookingReference })).resolves.toBe(
        bookingReference,
      );
      await expect(replacementFormSchema(original).validateAt('bookingReference', { bookingReference })).resolves.toBe(
        bookingReference,
      );
    }
  });
});
