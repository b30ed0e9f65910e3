import { useEffect, useRef, type MouseEvent } from 'react';
import { useScopedId } from '../hooks/useScopedId';
import './forms.css';

export const ERROR_SUMMARY_TITLE = 'There is a problem';

export interface FieldError {
  fieldId: string;
  message: string;
}

/** One summary link per field of `order` with a message in `errors`, to its id in `fieldIds`. */
export function fieldErrors<K extends string>(
  errors: Partial<Record<K, unknown>>,
  fieldIds: Record<K, string>,
  order: readonly K[],
): FieldError[] {
  return order
    .filter((field) => typeof errors[field] === 'string')
    .map((field) => ({ fieldId: fieldIds[field], message: errors[field] as string }));
}

export interface ErrorSummaryProps {
  errors: FieldError[];
  /** Changes on each failed submit (formik's `submitCount`): the summary takes focus again. */
  focusKey: number;
}

/**
 * The GOV.UK error summary (docs/architecture.md "Forms"): focused when shown and on each failed
 * submit; its links focus the field without changing the host page's URL hash.
 */
export function ErrorSummary({ errors, focusKey }: ErrorSummaryProps) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useScopedId('rw-error-summary-title');
  useEffect(() => {
    box.current?.focus();
  }, [focusKey]);

  const follow = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = event.currentTarget.ownerDocument.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    const label = field.ownerDocument.querySelector(`label[for="${fieldId}"]`);
    (label ?? field).scrollIntoView?.();
    field.focus({ preventScroll: true });
  };

  return (
    <div className="rw-error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1} ref={box}>
      <h4 id={titleId} className="rw-error-summary__title">
        {ERROR_SUMMARY_TITLE}
      </h4>
      <ul className="rw-error-summary__list">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a className="rw-error-summary__link" href={`#${error.fieldId}`} onClick={(e) => follow(e, error.fieldId)}>
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
