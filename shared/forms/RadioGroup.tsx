import type { ChangeEvent, ReactNode } from 'react';
import { FieldMessages, fieldDescribedBy } from './FieldMessages';
import './forms.css';
import './RadioGroup.css';

/** One choice: `value` is sent or stored, `label` shown. */
export interface RadioOption<V extends string = string> {
  value: V;
  label: string;
  hint?: string;
}

export interface RadioGroupProps<V extends string = string> {
  /** The formik field name; radio ids are `{idPrefix}-{value}`. */
  name: string;
  idPrefix: string;
  legend: string;
  /** Shows the legend as the page's heading. */
  legendAsHeading?: boolean;
  hint?: string;
  options: RadioOption<V>[];
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  children?: ReactNode;
}

/** What a form gives a component built on a {@link RadioGroup}. */
export type RadioFieldProps = Pick<RadioGroupProps, 'idPrefix' | 'value' | 'error' | 'onChange'>;

/** `{idPrefix}-{value}`; an error summary links to the first option's. */
export function radioId(idPrefix: string, value: string): string {
  return `${idPrefix}-${value}`;
}

/**
 * Radios in a fieldset with a legend, hint and message linked by `aria-describedby`
 * (docs/architecture.md "Forms"); labels are at least 24 px high.
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
