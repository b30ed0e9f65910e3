import { useEffect, useMemo, useRef, useState } from 'react';
import { LazyPart, reloadableLazy } from '../../shared/mount/lazyPart';
import { serverText } from '../../shared/api/serverText';
import { useServerState } from '../../shared/hooks/useServerState';
import { mailtoHref } from '../../shared/format/mailto';
import { SelectedJourney } from '../../shared/journey/SelectedJourney';
import { storageKeeps } from '../../shared/storage/journeyAnswers';
import { LoadingStatus } from '../../shared/ui/LoadingStatus';
import { fetchRefundStatus } from '../../shared/api/refundStatus';
import { FinishedView } from './components/FinishedView';
import { NoOption } from './components/NoOption';
import { QuestionForm } from './components/QuestionForm';
import { disruptedRefundUrl, finishedUrl, manualRefundUrl, sameQueryRefundUrl } from './navigation';
import { focusHeading } from './focus';
import { currentState, markCurrentEntry, pushStep, stepOfState, trustedStep, type Step } from './history';
import { abandonedPortions } from './options';
import { forgetAnswers, loadAnswers, saveAnswers, storageKey } from './storage';
import { texts } from './texts';
import {
  FINISHED_ANSWERS,
  FIRST_ANSWERS,
  type DisruptionConfig,
  type FinishedAnswer,
  type FirstAnswer,
  type Portion,
  type SavedAnswers,
  type SecondAnswer,
} from './types';
import { firstQuestionSchema } from './validation';
import './disruption.css';

/** The second question and the portion question load after the first answer (docs/architecture.md "Lazy by default"). */
const SecondStep = reloadableLazy(() => import('./components/SecondStep'));

export interface DisruptionWidgetProps {
  config: DisruptionConfig;
  /** Navigation; defaults to `location.assign`. */
  navigate?: (url: string) => void;
}

/**
 * The disruption funnel (docs/product-rules.md section 2 "Disruption flow" and section 4;
 * docs/decisions.md "Start page and disruption"). Loads the refund status from
 * `data-refund-status-url` at once, and asks 'Please pick the option which applies':
 * - `No` → the refund page with the same query;
 * - any other answer → when the status offers a disruption self refund (reason code 104 with a
 *   permitted scope) the second question with 'Save answer', else a link to /ManualRefund with the
 *   Disruption flag. `delayed`, `manual`, `somethingElse` → the Finished page with the answer;
 *   abandoned1…4 → which portion was abandoned (per the permitted scopes) → the refund page with
 *   `disruptedOutwards`/`disruptedInwards`.
 * Every answer is saved in localStorage per journey and restored on return until the funnel ends
 * (the refund page, the Finished page or the manual claim), when they are forgotten (docs/security.md
 * "Stored answers that are forgotten"); storage that is full or disabled does not stop the flow.
 * Each step after the first is a browser history entry (history.ts; docs/decisions.md "The
 * disruption funnel walks like GOV.UK"): browser Back and Forward, and the Back link at the top of
 * the step, move one step with the answers kept, and focus goes to the step's heading. The journey
 * summary is shown under the questions. With `data-view="finished"` it shows the Finished page's
 * outcome instead.
 */
export function DisruptionWidget({ config, navigate = (url) => window.location.assign(url) }: DisruptionWidgetProps) {
  if (config.view === 'finished') return <FinishedView config={config} />;
  return <Questions config={config} navigate={navigate} />;
}

function Questions({ config, navigate }: { config: DisruptionConfig; navigate: (url: string) => void }) {
  const key = useMemo(() => storageKey(config.details), [config.details]);
  const [saved, setSaved] = useState<SavedAnswers>(() => loadAnswers(key));
  const latestSaved = useRef(saved);
  const [restored] = useState(() => saved.answer !== undefined);
  const [answersKept] = useState(storageKeeps);
  // A reload keeps the entry's step when the answers it follows are known (history.ts).
  const [step, setStep] = useState<Step>(() => trustedStep(stepOfState(currentState(), key) ?? 'first', saved));
  // Whether the step has changed since the page loaded: only then does focus move to its heading.
  const [moved, setMoved] = useState(false);
  const { state: status, retry } = useServerState(
    () => fetchRefundStatus(config.refundStatusUrl).then((response) => abandonedPortions(response, config.details)),
    [config.refundStatusUrl, config.details],
  );
  const errorDetails = status.phase === 'failed' ? serverText(status.error) : undefined;

  const stepBox = useRef<HTMLDivElement>(null);

  // The entry the funnel opened on is its first step's (or, after a reload, the step it shows), so
  // that Back from the next step returns to it; browser Back and Forward then show the entry's
  // step, and entries that are not the funnel's (a fragment link of the host page) change nothing.
  useEffect(() => {
    markCurrentEntry(trustedStep(stepOfState(currentState(), key) ?? 'first', latestSaved.current), key);
    const onPopState = (event: PopStateEvent) => {
      const named = stepOfState(event.state, key);
      if (named === null) return;
      setMoved(true);
      setStep(trustedStep(named, latestSaved.current));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [key]);

  // Focus goes to the new step's heading (its legend); while the step is still loading, to the
  // step itself, and the question's legend takes it when it shows (QuestionForm `focusOnMount`).
  useEffect(() => {
    if (moved && stepBox.current) focusHeading(stepBox.current);
  }, [step, moved]);

  const remember = (answers: SavedAnswers) => {
    latestSaved.current = answers;
    setSaved(answers);
    saveAnswers(key, answers);
  };

  /** The funnel ends here: the saved answers are forgotten before the page is left. */
  const leave = (url: string) => {
    forgetAnswers(config.details);
    navigate(url);
  };

  /** Moves on to `next` as a new history entry (if the browser refuses one, the step still shows). */
  const goTo = (next: Step) => {
    pushStep(next, key);
    setMoved(true);
    setStep(next);
  };

  /** The Back link: browser Back when this entry is the funnel's, else the previous step in place. */
  const back = () => {
    if (stepOfState(currentState(), key) === step) {
      window.history.back();
      return;
    }
    setMoved(true);
    setStep(step === 'portion' ? 'second' : 'first');
  };

  const onFirst = (answer: FirstAnswer) => {
    if (answer === 'No') return leave(sameQueryRefundUrl(config));
    remember({ ...saved, answer });
    goTo('second');
  };

  const onReason = (reason: SecondAnswer) => {
    if ((FINISHED_ANSWERS as readonly string[]).includes(reason))
      return leave(finishedUrl(config, reason as FinishedAnswer));
    remember({ ...saved, reason });
    goTo('portion');
  };

  const onPortion = (portion: Portion) => leave(disruptedRefundUrl(config, portion));

  // docs/product-rules.md section 8 "the refund status fails": the catalogued message, the server's own text as
  // its details (docs/decisions.md "The server's own text") and a contact link.
  const contactHref = mailtoHref(config.supportEmail, {
    subject: texts.statusHelpSubject(config.details.bookingReference),
  });

  const loading = <LoadingStatus text={texts.loading} />;

  return (
    <div className="rw-disruption" data-status={status.phase === 'failed' ? 'error' : status.phase}>
      {restored && step === 'first' && (
        <p className="rw-disruption__restored" role="status">
          {texts.restored}
        </p>
      )}
      {!answersKept && (
        <p className="rw-message" role="status">
          {texts.answersNotKept}
        </p>
      )}
      <div className="rw-disruption__step" tabIndex={-1} ref={stepBox} data-step={step}>
        {step !== 'first' && (
          <p className="rw-disruption__back">
            <button type="button" className="rw-link rw-link--button rw-disruption__back-link" onClick={back}>
              {texts.back}
            </button>
          </p>
        )}
        {step === 'first' && (
          <QuestionForm<FirstAnswer>
            key="first"
            name="answer"
            idPrefix="rw-disruption-answer"
            legend={texts.firstLegend}
            options={FIRST_ANSWERS.map((value) => ({ value, label: texts.firstAnswers[value] }))}
            initial={saved.answer ?? ''}
            schema={firstQuestionSchema}
            submitLabel={texts.continue}
            onSubmit={onFirst}
            focusOnMount={moved}
          />
        )}
        {step !== 'first' && status.phase === 'loading' && loading}
        {step !== 'first' && status.phase === 'failed' && (
          <div className="rw-message rw-message--error" role="alert">
            <p className="rw-disruption__text">{texts.statusFailure}</p>
            {errorDetails && <p className="rw-disruption__text rw-disruption__error-body">{errorDetails}</p>}
            <p className="rw-disruption__text">
              <button type="button" className="rw-button rw-button--secondary" onClick={retry}>
                {texts.tryAgain}
              </button>{' '}
              {contactHref && (
                <a className="rw-link" href={contactHref}>
                  {texts.contactSupport}
                </a>
              )}
            </p>
          </div>
        )}
        {step !== 'first' && status.phase === 'ready' && status.data.length === 0 && (
          <NoOption
            href={manualRefundUrl(config)}
            onFollow={() => forgetAnswers(config.details)}
            focusOnMount={moved}
          />
        )}
        {step !== 'first' && status.phase === 'ready' && status.data.length > 0 && (
          <LazyPart fallback={loading}>
            <SecondStep
              step={step}
              initialReason={saved.reason ?? ''}
              initialPortion={saved.portion ?? ''}
              portions={status.data}
              onReason={onReason}
              onPortion={onPortion}
              focusOnMount={moved}
            />
          </LazyPart>
        )}
      </div>
      <div className="rw-disruption__journey">
        <SelectedJourney details={config.details} stations={config.stations} headingLevel={2} />
      </div>
    </div>
  );
}
