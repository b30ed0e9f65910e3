import { useFormik } from 'formik';
import { useEffect, useRef } from 'react';
import type { ObjectSchema } from 'yup';
import { ErrorSummary } from '../../../shared/forms/ErrorSummary';
import { RadioGroup, radioId, type RadioOption } from '../../../shared/forms/RadioGroup';
import { useScopedId } from '../../../shared/hooks/useScopedId';
import { focusHeading } from '../focus';

export interface QuestionFormProps<V extends string> {
  name: string;
  /** Base of the radio ids; each mount adds its React id. */
  idPrefix: string;
  legend: string;
  hint?: string;
  options: RadioOption<V>[];
  /** The answer to start with ('' for none). */
  initial: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  schema: ObjectSchema<any>;
  submitLabel: string;
  onSubmit: (answer: V) => void;
  focusOnMount?: boolean;
}

/**
 * One disruption question as a formik form: radios in a fieldset whose legend is the question; a failed submit
 * shows the GOV.UK error summary and the message beside the radios (docs/architecture.md "Forms").
 */
export function QuestionForm<V extends string>({
  name,
  idPrefix: idBase,
  legend,
  hint,
  options,
  initial,
  schema,
  submitLabel,
  onSubmit,
  focusOnMount = false,
}: QuestionFormProps<V>) {
  const idPrefix = useScopedId(idBase);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusOnMount && form.current) focusHeading(form.current);
  }, [focusOnMount]);
  const formik = useFormik<Record<string, string>>({
    initialValues: { [name]: initial },
    validationSchema: schema,
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: (values) => onSubmit(values[name] as V),
  });
  const error = typeof formik.errors[name] === 'string' ? (formik.errors[name] as string) : undefined;
  return (
    <form noValidate onSubmit={formik.handleSubmit} className="rw-disruption__form" ref={form}>
      {formik.submitCount > 0 && error && (
        <ErrorSummary
          errors={[{ fieldId: radioId(idPrefix, options[0]?.value ?? ''), message: error }]}
          focusKey={formik.submitCount}
        />
      )}
      <RadioGroup
        name={name}
        idPrefix={idPrefix}
        legend={legend}
        legendAsHeading
        hint={hint}
        options={options}
        value={formik.values[name] ?? ''}
        error={error}
        onChange={formik.handleChange}
      />
      <button type="submit" className="rw-button">
        {submitLabel}
      </button>
    </form>
  );
}
