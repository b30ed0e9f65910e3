import type { ChangeEvent, ReactNode } from 'react';
import { FieldMessages, fieldDescribedBy } from './FieldMessages';
import './forms.css';
import './RadioGroup.css';

/** One choice of a {@link RadioGroup}: `value` is the identifier sent or stored, `label` what is shown. */
export interface RadioOption<V extends string = string> {
  value: V;
  label: string;
  /** Optional hint under the label. */
  hint?: string;
}

export interface RadioGroupProps<V extends string = string> {
  /** The input name (formik field name); radio ids are `{idPrefix}-{value}`. */
  name: string;
  idPrefix: string;
  legend: string;
  /** Show the legend as a page heading (first question of a page). */
  legendAsHeading?: boolean;
  hint?: string;
  options: RadioOption<V>[];
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Content shown under the radios (for example advice that depends on the choice). */
  children?: ReactNode;
}

/**
 * What a form gives a component built on a {@link RadioGroup} (a question of its own: the refund
 * reason, a funnel): the radios' id base, the value, the message after a failed submit, the change
 * handler.
 */
export type RadioFieldProps = Pick<RadioGroupProps, 'idPrefix' | 'value' | 'error' | 'onChange'>;

/**
 * The id of a radio of a {@link RadioGroup}: `{idPrefix}-{value}`. An error summary links to the
 * first option's id (GOV.UK pattern).
 */
export function radioId(idPrefix: string, value: string): string {
  return `${idPrefix}-${value}`;
}

/**
 * Radios in a fieldset with a legend, a hint and, after a failed submit, the message beside them
 * (GOV.UK pattern, docs/architecture.md "Forms"). Each radio has its own `<label>`; hint and message
 * ({@link FieldMessages}) are linked to the fieldset by `aria-describedby`. Labels are at least
 * 24 px high (target size).
 */
export function RadioGroup<V extends string>({
  name,
  idPrefix,
  legend,
  legendAsHeading = false,
  hint,
  options,
  value,
  error,
  onChange,
  children,
}: RadioGroupProps<V>) {
  return (
    <div className={error ? 'rw-field rw-field--error' : 'rw-field'}>
      <fieldset className="rw-radios" aria-describedby={fieldDescribedBy(idPrefix, hint, error)}>
        <legend className={legendAsHeading ? 'rw-radios__legend rw-radios__legend--heading' : 'rw-radios__legend'}>
          {legend}
        </legend>
        <FieldMessages id={idPrefix} hint={hint} error={error} />
        <div className="rw-radios__items">
          {options.map((option) => {
            const id = radioId(idPrefix, option.value);
            return (
              <div className="rw-radios__item" key={option.value}>
                <input
                  className="rw-radios__input"
                  type="radio"
                  id={id}
                  name={name}
                  value={option.value}
                  checked={value === option.value}
                  onChange={onChange}
                  aria-describedby={option.hint ? `${id}-hint` : undefined}
                />
                <label className="rw-radios__label" htmlFor={id}>
                  {option.label}
                </label>
                {option.hint && (
                  <p id={`${id}-hint`} className="rw-radios__hint">
                    {option.hint}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        {children}
      </fieldset>
    </div>
  );
}
