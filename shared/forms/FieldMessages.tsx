/**
 * The hint and the message of a form field (GOV.UK pattern, docs/architecture.md "Forms"): the one
 * markup `TextField` and `RadioGroup` show under a label or legend, and the `aria-describedby`
 * that links both to the control.
 */

/**
 * The `aria-describedby` of a field: its hint's id (`{id}-hint`) when it has a hint, then its
 * message's id (`{id}-error`) while a message stands.
 *
 * @param id the field's id (a text input's id, a radio group's id prefix)
 * @param hint the hint, if any
 * @param error the message, if any
 * @returns the ids separated by a space, or undefined when there is neither
 */
export function fieldDescribedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export interface FieldMessagesProps {
  /** The field's id; the paragraphs are `{id}-hint` and `{id}-error`. */
  id: string;
  hint?: string;
  /** The message after a failed submit. */
  error?: string;
}

/**
 * The hint paragraph (when there is a hint) and the message paragraph (while a message stands),
 * with the ids {@link fieldDescribedBy} names. Texts are rendered as text.
 */
export function FieldMessages({ id, hint, error }: FieldMessagesProps) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="rw-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="rw-field__error">
          {error}
        </p>
      )}
    </>
  );
}
