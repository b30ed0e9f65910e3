import { useFormik } from 'formik';
import { useMemo, useRef, useState } from 'react';
import { LazyPart, reloadableLazy } from '../../../../shared/mount/lazyPart';
import { useScopedId } from '../../../../shared/hooks/useScopedId';
import { toWidgetError } from '../../../../shared/api/policy';
import { failureText } from '../../../../shared/errors/WidgetError';
import type { RefundStatus, RefundStatusResponse } from '../../../../shared/types';
import { Modal } from '../../components/Modal';
import { LoadingStatus } from '../../../../shared/ui/LoadingStatus';
import { serverText } from '../../../../shared/api/serverText';
import { texts as refundTexts } from '../../texts';
import type { RefundPageConfig } from '../../types';
import { lookupJourneys, replacementProtectedReference } from '../api';
import { ErrorSummary, fieldErrors } from '../../../../shared/forms/ErrorSummary';
import { BookingFields } from '../../../../shared/forms/BookingFields';
import { texts } from '../texts';
import type { LookupJourney, ReplacementFormValues } from '../types';
import { replacementFormSchema, trimFormValues } from '../validation';

/** The picker loads when the lookup found journeys (docs/architecture.md "Lazy by default"). */
const JourneyPickerModal = reloadableLazy(() =>
  import('./JourneyPickerModal').then((module) => ({ default: module.JourneyPickerModal })),
);

/** Id bases of the inputs (each mount adds its React id); the error summary links to `#{id}`. */
export const FIELD_ID_BASES = {
  bookingReference: 'rw-replacement-booking-reference',
  email: 'rw-replacement-email',
} as const;

export interface ReplacementFormProps {
  config: RefundPageConfig;
  response: RefundStatusResponse & { refundStatus: RefundStatus };
  /** Called once the server accepted the replacement, with its refund in pence. */
  onDone: (amountPence: number) => void;
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'no-eligible' }
  | { kind: 'blocked' }
  | { kind: 'failed'; message: string }
  | { kind: 'picker'; journeys: LookupJourney[]; reference: string };

/**
 * The 'Provide replacement journey' form (docs/product-rules.md sections 2, 5, 7, 8; docs/architecture.md "Forms"):
 * the lookup form's fields, then POST /api/LookupJourneys and the lazily loaded picker; a failure shows the server's
 * text or a plain sentence (docs/decisions.md "The refund page's words and amounts").
 */
export function ReplacementForm({ config, response, onDone }: ReplacementFormProps) {
  const FIELD_IDS = {
    bookingReference: useScopedId(FIELD_ID_BASES.bookingReference),
    email: useScopedId(FIELD_ID_BASES.email),
  };
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const continueButton = useRef<HTMLButtonElement>(null);
  const schema = useMemo(
    () => replacementFormSchema(config.details.bookingReference),
    [config.details.bookingReference],
  );

  const formik = useFormik<ReplacementFormValues>({
    initialValues: { bookingReference: '', email: '' },
    validationSchema: schema,
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: async (values) => {
      setOutcome({ kind: 'none' });
      if (!replacementProtectedReference(response)) {
        console.warn(refundTexts.backendNoRefundLog);
        setOutcome({ kind: 'blocked' });
        return;
      }
      const request = trimFormValues(values);
      try {
        const journeys = await lookupJourneys(request);
        setOutcome(
          journeys.length > 0
            ? { kind: 'picker', journeys, reference: request.bookingReference }
            : { kind: 'no-eligible' },
        );
      } catch (error) {
        const failure = toWidgetError(error);
        setOutcome({ kind: 'failed', message: failureText(failure, serverText(failure) ?? texts.lookupFailedPlain) });
      }
    },
  });

  const errors = fieldErrors(formik.errors, FIELD_IDS, ['bookingReference', 'email'] as const);
  const close = () => setOutcome({ kind: 'none' });

  return (
    <div className="rw-replacement-form">
      {formik.submitCount > 0 && errors.length > 0 && <ErrorSummary errors={errors} focusKey={formik.submitCount} />}
      <form noValidate onSubmit={formik.handleSubmit}>
        <p className="rw-replacement-form__intro">{texts.formIntro}</p>
        <BookingFields form={formik} ids={FIELD_IDS} texts={texts} />
        <div className="rw-replacement-form__actions">
          <button type="submit" className="rw-button" disabled={formik.isSubmitting} ref={continueButton}>
            {texts.continue}
          </button>
          <span className="rw-replacement-form__status" role="status">
            {formik.isSubmitting ? texts.lookingUp : ''}
          </span>
        </div>
      </form>
      {outcome.kind === 'no-eligible' && (
        <p className="rw-message rw-message--error" role="alert">
          {texts.noEligible}
        </p>
      )}
      {outcome.kind === 'blocked' && (
        <p className="rw-message" role="status">
          {refundTexts.noProtectedReference}
        </p>
      )}
      {outcome.kind === 'failed' && (
        <Modal open title={texts.lookupFailed} role="alertdialog" onClose={close} returnFocusTo={continueButton}>
          <p className="rw-replacement-form__lookup-error">{outcome.message}</p>
        </Modal>
      )}
      {outcome.kind === 'picker' && (
        <LazyPart fallback={<LoadingStatus text={texts.loadingPicker} />}>
          <JourneyPickerModal
            config={config}
            response={response}
            journeys={outcome.journeys}
            enteredReference={outcome.reference}
            onClose={close}
            onDone={onDone}
            returnFocusTo={continueButton}
          />
        </LazyPart>
      )}
    </div>
  );
}
