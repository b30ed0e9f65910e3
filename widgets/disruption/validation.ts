/**
 * yup schemas of the disruption widget: its three questions (answers carry docs/product-rules.md identifiers,
 * docs/decisions.md "Answers and choices in forms") and the answers read back from localStorage, which
 * are untrusted.
 */
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

/** Second question: one of delayed, abandoned1…4, manual, somethingElse; else 'Select what happened to your journey'. */
export const secondQuestionSchema = yup.object({
  reason: yup
    .string()
    .required(texts.secondRequired)
    .oneOf([...SECOND_ANSWERS], texts.secondRequired),
});

/**
 * Portion question: one of the portions offered (see `abandonedPortions`); else 'Select which
 * part of your journey you did not travel'.
 *
 * @param offered the portions shown to the traveller
 */
export function portionSchema(offered: Portion[]) {
  return yup.object({
    portion: yup
      .string()
      .required(texts.portionRequired)
      .oneOf([...offered], texts.portionRequired),
  });
}

/** Saved answers: each field optional and checked; unknown fields dropped. */
const savedAnswersSchema = yup.object({
  answer: yup.string().oneOf([...FIRST_ANSWERS]),
  reason: yup.string().oneOf([...SECOND_ANSWERS]),
  portion: yup.string().oneOf([...PORTIONS]),
  savedAt: yup.string(),
});

/**
 * Reads saved answers from their stored JSON text.
 *
 * @param text the stored text, or null when nothing is stored
 * @returns the answers, or `{}` when nothing is stored or the text is not valid answers. Never throws.
 */
export function parseSavedAnswers(text: string | null): SavedAnswers {
  try {
    // Nothing stored reads as the JSON `null`; yup refuses it, an array, a number and malformed
    // answers alike (the object schema is neither nullable nor an array).
    return savedAnswersSchema.validateSync(JSON.parse(String(text)), { stripUnknown: true }) as SavedAnswers;
  } catch {
    return {};
  }
}
