import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { LazyPart, reloadableLazy } from '../../shared/mount/lazyPart';
import { ErrorSummary, type FieldError } from '../../shared/forms/ErrorSummary';
import { TextField } from '../../shared/forms/TextField';
import { useCommittingAction } from '../../shared/hooks/useCommittingAction';
import { useScopedId } from '../../shared/hooks/useScopedId';
import { SelectedJourney } from '../../shared/journey/SelectedJourney';
import { dispatchComplete } from '../../shared/page/events';
import { OfflineNotice } from '../../shared/ui/OfflineNotice';
import { LoadingStatus } from '../../shared/ui/LoadingStatus';
import { hasPendingIntent } from '../../shared/storage/intents';
import { forgetJourneyAnswers } from '../../shared/storage/journeyAnswers';
import { Section } from '../../shared/ui/Section';
import { submitClaim } from './api';
import { ClaimFailed, ClaimSubmitted } from './components/ClaimOutcome';
import { EvidenceSteps } from './components/EvidenceSteps';
import { ExpectedTickets } from './components/ExpectedTickets';
import { texts } from './texts';
import type { ClaimFormValues, ManualClaimConfig, SubmitClaimRequest, UploadSummary } from './types';
import { buildClaimRequest, claimFormSchema, expectedTickets, validateClaimForm } from './validation';
import './manual-claim.css';

/** The upload area and dropzone load as their own chunk (docs/architecture.md "Lazy by default"). */
const UploadArea = reloadableLazy(() =>
  import('./components/UploadArea').then((module) => ({ default: module.UploadArea })),
);

/**
 * The claim draft in IndexedDB (docs/offline.md "The claim draft"), loaded with the upload area's
 * chunk: the first panel does without it.
 */
const loadDraftStore = () => import('./components/UploadArea').then((module) => module.claimDraft);

/** Id of the replacement reference input; the error summary links to it. */
/** Id base of the replacement reference field; each mount adds its React id (`{base}-{useId}`). */
export const REPLACEMENT_FIELD_ID = 'rw-manual-claim-replacement';
/** Id base of the submit button's hint; each mount adds its React id. */
const SUBMIT_HINT_ID = 'rw-manual-claim-submit-hint';

interface Props {
  config: ManualClaimConfig;
  /** The mount element, for the `refundwidgets:complete` event. */
  element: HTMLElement;
}

/**
 * The manual refund evidence screen (docs/product-rules.md section 2; sections 4, 5, 7, 8 for the claim):
 * `Further evidence required` with the booking reference, an introduction that fits how the traveller came
 * (printed tickets, or with the `PartJourney` query flag a part-journey replacement and its evidence), the steps with example photos, the
 * expected tickets, the journey summary, a replacement reference field for advance fares, the
 * lazily loaded upload area and `Submit claim`.
 *
 * Submit is disabled while anything uploads or is removed and until at least one image was
 * accepted. Pressing it validates the form, then freezes the claim (`Ctr`, `Images`,
 * `ReplacementCtr` when given, `Disruption: true` when the query flag is set) and POSTs
 * /tickets/submit-claim exactly once with an Idempotency-Key; the uploads are locked from then
 * on. Success shows `Claim submitted` and dispatches `refundwidgets:complete` with kind `claim`;
 * failure shows `Something went wrong` with the email instructions and a retry that resends the
 * same claim with the same key. The key is kept with the claim across a reload or a closed tab
 * (docs/offline.md "Committing actions").
 */
export function ManualClaimWidget({ config, element }: Props) {
  const { details } = config;
  const reference = details.bookingReference;
  const replacementFieldId = useScopedId(REPLACEMENT_FIELD_ID);
  const submitHintId = useScopedId(SUBMIT_HINT_ID);
  const tickets = useMemo(() => expectedTickets(details), [details]);
  const schema = useMemo(
    () => claimFormSchema(reference, { advanceFare: config.advanceFare, covid: config.query.covid19 }),
    [reference, config.advanceFare, config.query.covid19],
  );
  const [values, setValues] = useState<ClaimFormValues>({ replacementReference: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof ClaimFormValues, string>>>({});
  const [failedSubmits, setFailedSubmits] = useState(0);
  const [uploads, setUploads] = useState<UploadSummary>({ uploadIds: [], busy: false });
  const claim = useRef<SubmitClaimRequest | null>(null);
  const [earlier] = useState(() => hasPendingIntent(reference, 'claim'));
  const [commit, run] = useCommittingAction(
    (key) => submitClaim(claim.current as SubmitClaimRequest, key),
    () => ({ bookingReference: reference, action: 'claim', body: claim.current }),
  );

  const locked = commit.status !== 'idle';
  const ready = !uploads.busy && uploads.uploadIds.length > 0;

  // The draft: the replacement reference typed earlier comes back (stale drafts go at every mount: createMount).
  useEffect(() => {
    let active = true;
    void loadDraftStore()
      .then(async (store) => {
        const draft = await store.loadDraft(reference, config.journeyId);
        if (active && draft?.replacementReference) {
          setValues((typed) =>
            typed.replacementReference ? typed : { replacementReference: draft.replacementReference },
          );
        }
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [reference, config.journeyId]);

  const typeReplacement = (replacementReference: string) => {
    setValues({ replacementReference });
    void loadDraftStore()
      .then((store) => store.changeDraft(reference, config.journeyId, (draft) => ({ ...draft, replacementReference })))
      .catch(() => undefined);
  };

  useEffect(() => {
    if (commit.status !== 'done') return;
    // The claim is in: its draft goes, photos and all (docs/offline.md "The claim draft").
    void loadDraftStore()
      .then((store) => store.deleteDraft(reference, config.journeyId))
      .catch(() => undefined);
    // The journey's claim is in: its saved disruption answers are no longer needed.
    forgetJourneyAnswers(reference, config.journeyId);
    dispatchComplete(element, 'claim', { bookingReference: reference });
  }, [commit.status, element, reference, config.journeyId]);

  if (commit.status === 'done') return <ClaimSubmitted startUrl={config.startUrl} at={commit.at} />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || !ready) return;
    const found = validateClaimForm(schema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailedSubmits((n) => n + 1);
      return;
    }
    claim.current = buildClaimRequest({
      bookingReference: reference,
      uploadIds: uploads.uploadIds,
      replacementReference: config.advanceFare ? values.replacementReference : '',
      disruption: config.query.disruption,
    });
    run();
  };

  const fieldErrors: FieldError[] = errors.replacementReference
    ? [{ fieldId: replacementFieldId, message: errors.replacementReference }]
    : [];

  return (
    <Section
      idBase="rw-manual-claim-heading"
      className="rw-manual-claim"
      heading={texts.title}
      headingClassName="rw-manual-claim__heading"
    >
      <p className="rw-manual-claim__reference">{texts.bookingReference(reference)}</p>
      {config.partJourney ? (
        <>
          <p className="rw-manual-claim__intro">{texts.partJourneyIntro}</p>
          {config.advanceFare && <p>{texts.partJourneyReference}</p>}
        </>
      ) : (
        <p className="rw-manual-claim__intro">{texts.intro}</p>
      )}
      {config.query.disruption && <p className="rw-manual-claim__disruption">{texts.disruptionNote}</p>}
      <EvidenceSteps />
      <ExpectedTickets tickets={tickets} />
      <SelectedJourney details={details} stations={config.stations} headingLevel={3} />

      {failedSubmits > 0 && fieldErrors.length > 0 && <ErrorSummary errors={fieldErrors} focusKey={failedSubmits} />}
      <form className="rw-manual-claim__form" noValidate onSubmit={submit}>
        {config.advanceFare && (
          <TextField
            id={replacementFieldId}
            name="replacementReference"
            label={texts.replacementLabel}
            hint={config.query.covid19 ? texts.replacementHintCovid : texts.replacementHint}
            error={errors.replacementReference}
            value={values.replacementReference}
            onChange={(event) => typeReplacement(event.target.value)}
            readOnly={locked}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        )}
        <h3 className="rw-manual-claim__subheading">{texts.uploadHeading}</h3>
        <OfflineNotice text={texts.offline} />
        <LazyPart fallback={<LoadingStatus text={texts.loadingUpload} />}>
          <UploadArea bookingReference={reference} journeyId={config.journeyId} locked={locked} onChange={setUploads} />
        </LazyPart>
        {earlier && commit.status === 'idle' && (
          <p className="rw-message" role="status">
            {texts.earlierClaimPending}
          </p>
        )}
        <div className="rw-manual-claim__actions">
          <button
            type="submit"
            className="rw-button"
            disabled={locked || !ready}
            aria-describedby={ready || locked ? undefined : submitHintId}
          >
            {texts.submit}
          </button>
          {!ready && !locked && (
            <p id={submitHintId} className="rw-manual-claim__submit-hint">
              {uploads.busy ? texts.waitForUploads : texts.needOneImage}
            </p>
          )}
          <span className="rw-manual-claim__status" role="status">
            {commit.status === 'pending' ? texts.submitting : ''}
          </span>
        </div>
        {commit.status === 'failed' && (
          <ClaimFailed
            supportEmail={config.supportEmail}
            bookingReference={reference}
            onRetry={run}
            error={commit.error}
          />
        )}
      </form>
    </Section>
  );
}
