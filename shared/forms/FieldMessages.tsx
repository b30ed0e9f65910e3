/** A form field's hint and message and the `aria-describedby` linking them (docs/architecture.md "Forms"). */

/** `{id}-hint` when there is a hint, then `{id}-error` while a message stands; undefined for neither. */
export function fieldDescribedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export interface FieldMessagesProps {
  id: string;
  hint?: string;
  error?: string;
}

/** The hint and message paragraphs, with the ids {@link fieldDescribedBy} names. */
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
