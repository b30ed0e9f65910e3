import { texts } from '../texts';
import { SECOND_ANSWERS, type Portion, type SecondAnswer } from '../types';
import { portionSchema, secondQuestionSchema } from '../validation';
import { QuestionForm } from './QuestionForm';

export interface SecondStepProps {
  step: 'second' | 'portion';
  /** Saved answers to start with ('' for none). */
  initialReason: string;
  initialPortion: string;
  /** The portions offered (at least one). */
  portions: Portion[];
  onReason: (reason: SecondAnswer) => void;
  onPortion: (portion: Portion) => void;
  /** Focus the question's legend when it shows (the traveller moved to this step). */
  focusOnMount?: boolean;
}

/**
 * The steps after the first question, loaded lazily (docs/architecture.md "Lazy by default"): the second
 * question (delayed, abandoned1…4, manual, somethingElse, with 'Save answer'), then for an
 * abandoned answer which portion was abandoned (only the `portions` offered; with one portion a
 * hint says it is the only one that can be claimed), with 'Continue' (docs/decisions.md "The
 * disruption funnel walks like GOV.UK": one name for moving on).
 */
export default function SecondStep({
  step,
  initialReason,
  initialPortion,
  portions,
  onReason,
  onPortion,
  focusOnMount = false,
}: SecondStepProps) {
  if (step === 'second') {
    return (
      <QuestionForm<SecondAnswer>
        key="second"
        name="reason"
        idPrefix="rw-disruption-reason"
        legend={texts.secondLegend}
        hint={texts.secondHint}
        options={SECOND_ANSWERS.map((value) => ({ value, label: texts.secondAnswers[value] }))}
        initial={initialReason}
        schema={secondQuestionSchema}
        submitLabel={texts.saveAnswer}
        onSubmit={onReason}
        focusOnMount={focusOnMount}
      />
    );
  }
  return (
    <QuestionForm<Portion>
      key="portion"
      name="portion"
      idPrefix="rw-disruption-portion"
      legend={texts.portionLegend}
      hint={portions.length === 1 ? texts.portionOnlyOne : undefined}
      options={portions.map((value) => ({ value, label: texts.portionAnswers[value] }))}
      initial={portions.includes(initialPortion as Portion) ? initialPortion : ''}
      schema={portionSchema(portions)}
      submitLabel={texts.continue}
      onSubmit={onPortion}
      focusOnMount={focusOnMount}
    />
  );
}
