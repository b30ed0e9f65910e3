import { texts } from '../texts';
import { SECOND_ANSWERS, type Portion, type SecondAnswer } from '../types';
import { portionSchema, secondQuestionSchema } from '../validation';
import { QuestionForm } from './QuestionForm';

export interface SecondStepProps {
  step: 'second' | 'portion';
  initialReason: string;
  initialPortion: string;
  /** At least one. */
  portions: Portion[];
  onReason: (reason: SecondAnswer) => void;
  onPortion: (portion: Portion) => void;
  focusOnMount?: boolean;
}

/**
 * The second question and, for an abandoned answer, the portion question (only `portions`), loaded lazily
 * (docs/architecture.md "Lazy by default").
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
