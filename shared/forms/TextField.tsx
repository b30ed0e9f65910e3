import type { InputHTMLAttributes } from 'react';
import { FieldMessages, fieldDescribedBy } from './FieldMessages';
import './forms.css';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint: string;
  error?: string;
}

/**
 * A labelled text input with hint and message linked by `aria-describedby`, `aria-invalid` while a
 * message stands (docs/architecture.md "Forms"). Other props go to the `<input>`.
 */
export function TextField({ id, label, hint, error, ...input }: TextFieldProps) {
  return (
    <div className={error ? 'rw-field rw-field--error' : 'rw-field'}>
      <label className="rw-field__label" htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <input
        {...input}
        id={id}
        className="rw-field__input"
        aria-describedby={fieldDescribedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}
