import { useEffect } from 'react';
import { queryPairs } from '../../../shared/page/url';
import { questionsUrl, REASON_PARAM } from '../navigation';
import { forgetAnswers, loadAnswers, storageKey } from '../storage';
import { texts } from '../texts';
import { FINISHED_ANSWERS, type DisruptionConfig, type FinishedAnswer } from '../types';
import { ContactCustomerServices, DelayRepayAdvice } from './Outcomes';

const isFinished = (value: unknown): value is FinishedAnswer =>
  typeof value === 'string' && (FINISHED_ANSWERS as readonly string[]).includes(value);

/**
 * The answer a Finished page shows: the query's `Reason`, else the answer saved for the journey.
 *
 * @returns `delayed`, `manual`, `somethingElse`, or null when neither names one
 */
export function finishedAnswer(config: DisruptionConfig): FinishedAnswer | null {
  const fromQuery = queryPairs(config.query.search).find(([name]) => name.toLowerCase() === REASON_PARAM.toLowerCase());
  if (isFinished(fromQuery?.[1])) return fromQuery[1] as FinishedAnswer;
  const saved = loadAnswers(storageKey(config.details)).reason;
  return isFinished(saved) ? saved : null;
}

/**
 * The outcome page /Home/Disruption/Finished (`data-view="finished"`): the Delay Repay advice for
 * `delayed` (linking to `data-delay-repay-url` when the mount gives one), the contact-customer-services instructions for `manual` and `somethingElse`, then
 * 'Start again' (to the mount's `data-start-url`, default `/`). Without a known answer it links back to the questions.
 */
export function FinishedView({ config }: { config: DisruptionConfig }) {
  const answer = finishedAnswer(config);
  // The funnel ends on this page: its answers, read above, are forgotten
  // (docs/security.md "Stored answers that are forgotten").
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
