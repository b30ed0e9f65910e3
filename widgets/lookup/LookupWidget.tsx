import { useEffect } from 'react';
import { useFormik } from 'formik';
import { useIdScope } from '../../shared/hooks/useScopedId';
import { LazyPart, reloadableLazy } from '../../shared/mount/lazyPart';
import { ErrorSummary, fieldErrors } from '../../shared/forms/ErrorSummary';
import { radioId } from '../../shared/forms/RadioGroup';
import { BookingFields } from '../../shared/forms/BookingFields';
import { typedBookingReference } from '../../shared/forms/bookingReference';
import { LoadingStatus } from '../../shared/ui/LoadingStatus';
import { ReasonRadios } from './components/ReasonRadios';
import { PrintedTicketsWarning } from './components/PrintedTicketsWarning';
import { buildLookupUrl } from './query';
import { texts } from './texts';
import {
  DELAY_REPAY_CHOICES,
  REFUND_REASONS,
  WHEELCHAIR_CHOICES,
  type LookupConfig,
  type LookupFormValues,
} from './types';
import { EMPTY_LOOKUP_VALUES, lookupFormSchema } from './validation';
import './lookup.css';

/** The funnels load when their reason is chosen (docs/architecture.md "Lazy by default"). */
const DelayRepayFunnel = reloadableLazy(() => import('./components/DelayRepayFunnel'));
const WheelchairFunnel = reloadableLazy(() => import('./components/WheelchairFunnel'));

/** Id bases of the form's controls (`{base}-{useId}`); the error summary links to `#{id}` (a group's first radio). */
export const FIELD_ID_BASES = {
  bookingReference: 'rw-lookup-booking-reference',
  email: 'rw-lookup-email',
  reason: 'rw-lookup-reason',
  delayRepay: 'rw-lookup-delay-repay',
  wheelchair: 'rw-lookup-wheelchair',
} as const;

function fieldIds(at: (base: string) => string) {
  return {
    bookingReference: at(FIELD_ID_BASES.bookingReference),
    email: at(FIELD_ID_BASES.email),
    reasonPrefix: at(FIELD_ID_BASES.reason),
    reason: radioId(at(FIELD_ID_BASES.reason), REFUND_REASONS[0]),
    delayRepayPrefix: at(FIELD_ID_BASES.delayRepay),
    wheelchairPrefix: at(FIELD_ID_BASES.wheelchair),
    delayRepay: radioId(at(FIELD_ID_BASES.delayRepay), DELAY_REPAY_CHOICES[0]),
    wheelchair: radioId(at(FIELD_ID_BASES.wheelchair), WHEELCHAIR_CHOICES[0]),
  };
}

const FIELDS = ['bookingReference', 'email', 'reason', 'delayRepay', 'wheelchair'] as const;

export interface LookupWidgetProps {
  config: LookupConfig;
  navigate?: (url: string) => void;
}

/**
 * The start page's lookup form (docs/product-rules.md sections 2 and 5; docs/decisions.md "Start page and
 * disruption"): booking reference, email, reason and its funnel; a valid submit navigates to {@link buildLookupUrl}.
 * It starts with what was typed into the server-rendered form (`config.typed`), focus included.
 */
export function LookupWidget({ config, navigate = (url) => window.location.assign(url) }: LookupWidgetProps) {
  const FIELD_IDS = fieldIds(useIdScope());
  const { typed } = config;
  const formik = useFormik<LookupFormValues>({
    initialValues: typed
      ? { ...EMPTY_LOOKUP_VALUES, bookingReference: typedBookingReference(typed.bookingReference), email: typed.email }
      : EMPTY_LOOKUP_VALUES,
    validationSchema: lookupFormSchema,
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: (values) => navigate(buildLookupUrl(values, config)),
  });

  const errors = fieldErrors(formik.errors, FIELD_IDS, FIELDS);
  // The field the traveller was typing in before the widget replaced the server-rendered form.
  const focusId = typed?.focus ? FIELD_IDS[typed.focus] : null;
  useEffect(() => {
    if (focusId) document.getElementById(focusId)?.focus();
  }, [focusId]);

  const funnelFallback = <LoadingStatus text={texts.loadingQuestion} />;
  const funnelField = (field: 'delayRepay' | 'wheelchair') => ({
    idPrefix: FIELD_IDS[`${field}Prefix`],
    value: formik.values[field],
    error: formik.errors[field],
    onChange: formik.handleChange,
  });

  return (
    <div className="rw-lookup">
      <h2 className="rw-heading">{texts.heading}</h2>
      {formik.submitCount > 0 && errors.length > 0 && <ErrorSummary errors={errors} focusKey={formik.submitCount} />}
      <p className="rw-lookup__intro">{texts.intro}</p>
      <form noValidate onSubmit={formik.handleSubmit}>
        <BookingFields form={formik} ids={FIELD_IDS} texts={texts} />
        <ReasonRadios
          idPrefix={FIELD_IDS.reasonPrefix}
          value={formik.values.reason}
          error={formik.errors.reason}
          onChange={formik.handleChange}
        />
        {formik.values.reason === 'Disruption' && (
          <LazyPart fallback={funnelFallback}>
            <DelayRepayFunnel {...funnelField('delayRepay')} delayRepayUrl={config.delayRepayUrl} />
          </LazyPart>
        )}
        {formik.values.reason === 'Wheelchair' && (
          <LazyPart fallback={funnelFallback}>
            <WheelchairFunnel
              {...funnelField('wheelchair')}
              supportEmail={config.supportEmail}
              bookingReference={formik.values.bookingReference}
            />
          </LazyPart>
        )}
        <PrintedTicketsWarning />
        <button type="submit" className="rw-button rw-lookup__submit">
          {texts.submit}
        </button>
      </form>
    </div>
  );
}
