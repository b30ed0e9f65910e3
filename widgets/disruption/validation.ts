/** yup schemas of the questions and the untrusted saved answers (docs/decisions.md "Answers and choices in forms"). */
import * as yup from 'yup';
import { texts } from './texts';
import { FIRST_ANSWERS, PORTIONS, SECOND_ANSWERS, type Portion, type SavedAnswers } from './types';

/** First question: one of Yes, YesBefore, Strike, Heatwave, No; else 'Select the option which applies'. */
export const firstQuestionSchema = yup.object({
  answer: yup
    .string()
    .required(texts.firstRequired)
    .oneOf([...FIRST_ANSWERS], texts.firstRequired),
});

/** Second question: delayed, abandoned1…4, manual or somethingElse; else 'Select what happened to your journey'. */
export const secondQuestionSchema = yup.object({
  reason: yup
    .string()
    .required(texts.secondRequired)
    .oneOf([...SECOND_ANSWERS], texts.secondRequired),
});

/** Portion question: one of `offered`; else 'Select which part of your journey you did not travel'. */
export function portionSchema(offered: Portion[]) {
  return yup.object({
    portion: yup
      .string()
      .required(texts.portionRequired)
      .oneOf([...offered], texts.portionRequired),
  });
}

const savedAnswersSchema = yup.object({
  answer: yup.string().oneOf([...FIRST_ANSWERS]),
  reason: yup.string().oneOf([...SECOND_ANSWERS]),
  portion: yup.string().oneOf([...PORTIONS]),
  savedAt: yup.string(),
});

/** Saved answers from their stored text; `{}` when none or invalid. Never throws. */
export function parseSavedAnswers(text: string | null): SavedAnswers {
  try {
    // Nothing stored reads as `null`; the schema refuses it, arrays, numbers and malformed answers alike.
    return savedAnswersSchema.validateSync(JSON.parse(String(text)), { stripUnknown: true }) as SavedAnswers;
  } catch {
    return {};
  }
}
