import type { ChangeEvent } from 'react';
import { BOOKING_REFERENCE_HINT, typedBookingReference } from './bookingReference';
import { TextField } from './TextField';

export interface BookingFieldsForm {
  values: { bookingReference: string; email: string };
  errors: { bookingReference?: string; email?: string };
  handleChange: (event: ChangeEvent<HTMLInputElement>) => void;
  setFieldValue: (field: 'bookingReference', value: string, shouldValidate?: boolean) => unknown;
}

export interface BookingFieldsProps {
  form: BookingFieldsForm;
  /** The inputs' ids (scoped per mount). */
  ids: { bookingReference: string; email: string };
  texts: { bookingReferenceLabel: string; emailLabel: string; emailHint: string };
}

/**
 * The booking reference and email fields of the lookup and replacement forms (docs/architecture.md
 * "Forms"); the reference is upper-cased as typed.
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
