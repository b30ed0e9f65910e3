import type { ChangeEvent } from 'react';
import { TEXT } from '../texts';
import { REFUND_REASONS } from '../types';

export interface ReasonSelectProps {
  id: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}

/**
 * The refund-reason select (docs/product-rules.md section 2): a labelled `<select>` whose option values are
 * {@link REFUND_REASONS}, with a hint and, after a failed submit, its message beside it.
 */
export function ReasonSelect({ id, value, error, onChange }: ReasonSelectProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'rw-field rw-field--error' : 'rw-field'}>
      <label className="rw-field__label" htmlFor={id}>
        {TEXT.reasonLabel}
      </label>
      <p id={hintId} className="rw-field__hint">
        {TEXT.reasonHint}
      </p>
      {error && (
        <p id={errorId} className="rw-field__error">
          {error}
        </p>
      )}
      <select
        id={id}
        name="reason"
        className="rw-lookup__select"
        value={value}
        onChange={onChange}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
      >
        <option value="">{TEXT.reasonPlaceholder}</option>
        {REFUND_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {TEXT.reasons[reason]}
          </option>
        ))}
      </select>
    </div>
  );
}
