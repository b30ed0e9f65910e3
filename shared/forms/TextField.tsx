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
 * A labelled text input with a hint and, after a failed submit, its message beside it (GOV.UK
 * pattern, docs/architecture.md "Forms"). The hint and message ({@link FieldMessages}) are linked by
 * `aria-describedby`; the input is `aria-invalid` while a message stands. Other props go to the
 * `<input>`.
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
