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

/** The later questions load after the first answer (docs/architecture.md "Lazy by default"). */
const SecondStep = reloadableLazy(() => import('./components/SecondStep'));

export interface DisruptionWidgetProps {
  config: DisruptionConfig;
  navigate?: (url: string) => void;
}

/**
 * The disruption funnel (docs/product-rules.md "Disruption flow"; docs/decisions.md "Start page and disruption"):
 * the questions, each step a history entry (docs/decisions.md "The disruption funnel walks like GOV.UK"), answers
 * saved per journey until the funnel ends; with `data-view="finished"` the Finished page's outcome.
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
  const [step, setStep] = useState<Step>(() => trustedStep(stepOfState(currentState(), key) ?? 'first', saved));
  const [moved, setMoved] = useState(false);
  const { state: status, retry } = useServerState(
    () => fetchRefundStatus(config.refundStatusUrl).then((response) => abandonedPortions(response, config.details)),
    [config.refundStatusUrl, config.details],
  );
  const errorDetails = status.phase === 'failed' ? serverText(status.error) : undefined;

  const stepBox = useRef<HTMLDivElement>(null);

  // The opening entry is the shown step's, so Back from the next step returns to it; other entries change nothing.
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

  // Focus goes to the new step's heading, or to the step while it loads (QuestionForm `focusOnMount`).
  useEffect(() => {
    if (moved && stepBox.current) focusHeading(stepBox.current);
  }, [step, moved]);

  const remember = (answers: SavedAnswers) => {
    latestSaved.current = answers;
    setSaved(answers);
    saveAnswers(key, answers);
  };

  /** The funnel ends: the saved answers are forgotten before the page is left. */
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

  // docs/product-rules.md section 8 "the refund status fails" (docs/decisions.md "The server's own text").
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
