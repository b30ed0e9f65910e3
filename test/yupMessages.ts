/**
 * What a yup schema says about a value, as the forms show it (docs/architecture.md "Forms"): the
 * helpers of the validation tests of shared/validation and of each widget. Jest only.
 */
import { ValidationError } from 'yup';

/**
 * The message a schema gives for a value.
 *
 * @returns the message, or null when the value is valid; fails the test when the schema throws
 *   anything but yup's ValidationError
 */
export function messageOf(schema: { validateSync(value: unknown): unknown }, value: unknown): string | null {
  try {
    schema.validateSync(value);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).message;
  }
}

/**
 * Every field's first message in a failed validation with `abortEarly: false`, as formik shows them.
 *
 * @param error what the validation threw (fails the test unless it is yup's ValidationError)
 * @returns the messages by field path
 */
export function messagesByField(error: unknown): Record<string, string> {
  expect(error).toBeInstanceOf(ValidationError);
  const messages: Record<string, string> = {};
  for (const inner of (error as ValidationError).inner) messages[inner.path as string] ??= inner.message;
  return messages;
}
