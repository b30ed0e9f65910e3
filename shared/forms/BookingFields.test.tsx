/**
 * The booking reference and email field pair of the lookup and replacement forms
 * (shared/forms/BookingFields.tsx; docs/product-rules.md section 5): the one hint, the reference
 * upper-cased as typed, the email kept as typed, messages beside the fields. That both forms use
 * it: widgets/lookup/LookupWidget.test.tsx and widgets/refund/replacement/ReplacementPanel.test.tsx
 * ("upper-cases the reference as typed").
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFormik } from 'formik';
import { BookingFields } from './BookingFields';
import { BOOKING_REFERENCE_HINT, typedBookingReference } from './bookingReference';

const TEXTS = {
  bookingReferenceLabel: 'Booking reference',
  emailLabel: 'Email address',
  emailHint: 'The one you used.',
};
const IDS = { bookingReference: 'rw-test-booking-reference', email: 'rw-test-email' };

/** A form holding the pair; `errors` stand in for the form's validation. */
function Form({ onSubmit, errors }: { onSubmit: (values: unknown) => void; errors?: Record<string, string> }) {
  const formik = useFormik({
    initialValues: { bookingReference: '', email: '' },
    initialErrors: errors,
    onSubmit,
  });
  return (
    <form onSubmit={formik.handleSubmit}>
      <BookingFields form={formik} ids={IDS} texts={TEXTS} />
      <button type="submit">Continue</button>
    </form>
  );
}

describe('typedBookingReference', () => {
  it.each([
    ['kxb7ht2n', 'KXB7HT2N'],
    ['e-123abc789', 'E-123ABC789'],
    [' Kxb7 ', ' KXB7 '],
    ['', ''],
  ])('%j → %j', (typed, kept) => {
    expect(typedBookingReference(typed)).toBe(kept);
  });
});

describe('BookingFields', () => {
  it('labels both fields, gives the reference the one hint and the email its form’s hint', () => {
    render(<Form onSubmit={jest.fn()} />);
    const reference = screen.getByRole('textbox', { name: 'Booking reference' });
    expect(reference).toHaveAttribute('id', IDS.bookingReference);
    expect(reference).toHaveAttribute('name', 'bookingReference');
    expect(reference).toHaveAccessibleDescription(BOOKING_REFERENCE_HINT);
    expect(reference).toHaveAttribute('autocapitalize', 'characters');
    const email = screen.getByRole('textbox', { name: 'Email address' });
    expect(email).toHaveAttribute('id', IDS.email);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAccessibleDescription('The one you used.');
  });

  it('upper-cases the reference as typed and pasted; keeps the email as typed', async () => {
    const onSubmit = jest.fn();
    render(<Form onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const reference = screen.getByRole('textbox', { name: 'Booking reference' });
    await user.type(reference, 'kxb7');
    expect(reference).toHaveValue('KXB7');
    await user.paste('ht2n');
    expect(reference).toHaveValue('KXB7HT2N');
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'Ferry.Fan@Example.co.uk');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { bookingReference: 'KXB7HT2N', email: 'Ferry.Fan@Example.co.uk' },
      expect.anything(),
    );
  });

  it('shows each message beside its field, after the hint', () => {
    render(
      <Form
        onSubmit={jest.fn()}
        errors={{ bookingReference: 'Enter your booking reference', email: 'Enter your email address' }}
      />,
    );
    const reference = screen.getByRole('textbox', { name: 'Booking reference' });
    expect(reference).toHaveAccessibleDescription(`${BOOKING_REFERENCE_HINT} Enter your booking reference`);
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
      'The one you used. Enter your email address',
    );
  });
});
