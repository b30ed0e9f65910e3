import { useEffect } from 'react';
import { queryPairs } from '../../../shared/page/url';
import { questionsUrl, REASON_PARAM } from '../navigation';
import { forgetAnswers, loadAnswers, storageKey } from '../storage';
import { texts } from '../texts';
import { FINISHED_ANSWERS, type DisruptionConfig, type FinishedAnswer } from '../types';
import { ContactCustomerServices, DelayRepayAdvice } from './Outcomes';

const isFinished = (value: unknown): value is FinishedAnswer =>
  typeof value === 'string' && (FINISHED_ANSWERS as readonly string[]).includes(value);

/** The answer a Finished page shows: the query's `Reason`, else the journey's saved answer; null when neither. */
export function finishedAnswer(config: DisruptionConfig): FinishedAnswer | null {
  const fromQuery = queryPairs(config.query.search).find(([name]) => name.toLowerCase() === REASON_PARAM.toLowerCase());
  if (isFinished(fromQuery?.[1])) return fromQuery[1] as FinishedAnswer;
  const saved = loadAnswers(storageKey(config.details)).reason;
  return isFinished(saved) ? saved : null;
}

/**
 * The Finished page (`data-view="finished"`): the outcome of `delayed`, `manual` or `somethingElse`, then
 * 'Start again'; without a known answer, a link back to the questions.
 */
export function FinishedView({ config }: { config: DisruptionConfig }) {
  const answer = finishedAnswer(config);
  // The funnel ends here (docs/security.md "Stored answers that are forgotten").
  useEffect(() => forgetAnswers(config.details), [config.details]);
  if (answer === null) {
    return (
      <div className="rw-disruption">
        <p className="rw-message" role="status">
          {texts.noAnswer}
        </p>
        <p className="rw-disruption__text">
          <a className="rw-link" href={questionsUrl(config)}>
            {texts.answerQuestions}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="rw-disruption">
      <p className="rw-disruption__text" role="status">
        {texts.answerSaved}
      </p>
      {answer === 'delayed' ? (
        <DelayRepayAdvice delayRepayUrl={config.delayRepayUrl} />
      ) : (
        <ContactCustomerServices
          supportEmail={config.supportEmail}
          bookingReference={config.details.bookingReference}
        />
      )}
      <p className="rw-disruption__text">
        <a className="rw-link" href={config.startUrl}>
          {texts.startAgain}
        </a>
      </p>
    </div>
  );
}
