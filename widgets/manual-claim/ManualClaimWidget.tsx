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
import { ClaimFailed, ClaimSubmitted } from './components/ClaimOutcome';
import { EvidenceSteps } from './components/EvidenceSteps';
import { ExpectedTickets } from './components/ExpectedTickets';
import { texts } from './texts';
import type { ClaimFormValues, ManualClaimConfig, SubmitClaimRequest, UploadSummary } from './types';
import { buildClaimRequest, claimFormSchema, expectedTickets, validateClaimForm } from './validation';
import './manual-claim.css';

/**
 * The upload area and dropzone: their own chunk, loaded once the first panel has painted (it sits
 * below the steps, the examples and the journey; docs/performance.md "Pages with preload hints").
 */
const loadUploadArea = () => import(/* webpackChunkName: "upload-area" */ './components/UploadArea');
const UploadArea = reloadableLazy(() => loadUploadArea().then((module) => ({ default: module.UploadArea })));

/** The claim draft (docs/offline.md "The claim draft") comes with the upload area's chunk. */
const loadDraftStore = () => loadUploadArea().then((module) => module.claimDraft);

/** POST /tickets/submit-claim, from the upload area's chunk: no claim is sent before it has loaded. */
const submitClaim = (request: SubmitClaimRequest, key: string) =>
  loadUploadArea().then((module) => module.submitClaim(request, key));

/** Id base of the replacement reference field (`{base}-{useId}`); the error summary links to it. */
export const REPLACEMENT_FIELD_ID = 'rw-manual-claim-replacement';
const SUBMIT_HINT_ID = 'rw-manual-claim-submit-hint';

/** False until the frame after the first render has painted. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

interface Props {
  config: ManualClaimConfig;
  element: HTMLElement;
}

/**
 * The manual refund evidence screen (docs/product-rules.md "Manual refund evidence screen"): the steps, expected
 * tickets, journey, replacement reference for advance fares, upload area and `Submit claim`, which POSTs
 * /tickets/submit-claim exactly once, its key kept across reload (docs/offline.md "Committing actions").
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

  const painted = useAfterFirstPaint();
  const loadingUpload = <LoadingStatus text={texts.loadingUpload} />;
  // The replacement reference typed earlier comes back from the draft.
  useEffect(() => {
    if (!painted) return;
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
  }, [painted, reference, config.journeyId]);

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
        <LazyPart fallback={loadingUpload}>
          {painted ? (
            <UploadArea
              bookingReference={reference}
              journeyId={config.journeyId}
              locked={locked}
              onChange={setUploads}
            />
          ) : (
            loadingUpload
          )}
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
