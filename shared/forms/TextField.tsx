import type { InputHTMLAttributes } from 'react';
import './forms.css';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint: string;
  error?: string;
}

/**
 * A labelled text input with a hint and, after a failed submit, its message beside it (GOV.UK
 * pattern, docs/architecture.md "Forms"). The hint and message are linked by `aria-describedby`; the input is
 * `aria-invalid` while a message stands. Other props go to the `<input>`.
 */
export function TextField({ id, label, hint, error, ...input }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'rw-field rw-field--error' : 'rw-field'}>
      <label className="rw-field__label" htmlFor={id}>
        {label}
      </label>
      <p id={hintId} className="rw-field__hint">
        {hint}
      </p>
      {error && (
        <p id={errorId} className="rw-field__error">
          {error}
        </p>
      )}
      <input
        {...input}
        id={id}
        className="rw-field__input"
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}
