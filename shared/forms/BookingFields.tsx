import type { ChangeEvent } from 'react';
import { BOOKING_REFERENCE_HINT, typedBookingReference } from './bookingReference';
import { TextField } from './TextField';

/** The part of a formik form the field pair reads and writes (`useFormik`'s result fits). */
export interface BookingFieldsForm {
  values: { bookingReference: string; email: string };
  errors: { bookingReference?: string; email?: string };
  handleChange: (event: ChangeEvent<HTMLInputElement>) => void;
  setFieldValue: (field: 'bookingReference', value: string, shouldValidate?: boolean) => unknown;
}

export interface BookingFieldsProps {
  form: BookingFieldsForm;
  /** The inputs' ids (scoped per mount); an error summary links to them. */
  ids: { bookingReference: string; email: string };
  /** The widget's texts: the two labels and the email's hint (the reference's hint is the one hint). */
  texts: { bookingReferenceLabel: string; emailLabel: string; emailHint: string };
}

/**
 * The booking reference and email field pair of the lookup form and the replacement form
 * (docs/product-rules.md section 5; docs/architecture.md "Forms"): two {@link TextField}s named
 * `bookingReference` and `email`. The reference shows the one hint
 * (shared/forms/bookingReference.ts) and is upper-cased as typed ({@link typedBookingReference});
 * the email is kept as typed. Messages come from the form's validation, shown beside each field.
 */
export function BookingFields({ form, ids, texts }: BookingFieldsProps) {
  return (
    <>
      <TextField
        id={ids.bookingReference}
        name="bookingReference"
        label={texts.bookingReferenceLabel}
        hint={BOOKING_REFERENCE_HINT}
        error={form.errors.bookingReference}
        value={form.values.bookingReference}
        onChange={(event) => form.setFieldValue('bookingReference', typedBookingReference(event.target.value), false)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <TextField
        id={ids.email}
        name="email"
        type="email"
        label={texts.emailLabel}
        hint={texts.emailHint}
        error={form.errors.email}
        value={form.values.email}
        onChange={form.handleChange}
        autoComplete="email"
        spellCheck={false}
      />
    </>
  );
}
