// The user's risk assessments (docs/PRODUCT.md §10.10): the questionnaire scored to C1–C5 (risk-questionnaire.ts),
// kept with its validity of RISK_ASSESSMENT_VALID_YEARS; the latest one counts.
import type { Kysely } from 'kysely';
import { RISK_ASSESSMENT_VALID_YEARS } from '../constants';
import type { DB } from '../db/types';
import { shanghaiDate } from '../domain/clock';
import type { ServerLocale } from '../http/result-codes';
import { levelView, MAX_SCORE, QUESTIONNAIRE_ID, QUESTIONS, scoreAnswers } from './risk-questionnaire';

/** 'YYYY-MM-DD' + n years; 29 February becomes 28 February in a common year. */
export function addYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const monthDay = date.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

interface AssessmentRow {
  level: number;
  score: number;
  valid_until: string;
  assessed_at: Date;
}

/** An assessment as the app shows it, in `locale`; expired once `now`'s Shanghai date is past valid_until. */
export function assessmentView(row: AssessmentRow, locale: ServerLocale, now: Date) {
  return {
    ...levelView(row.level, locale),
    score: row.score,
    max_score: MAX_SCORE,
    valid_until: row.valid_until,
    assessed_at: row.assessed_at.toISOString(),
    expired: row.valid_until < shanghaiDate(now),
  };
}

/** The user's latest assessment, or undefined. */
export async function latestAssessment(kysely: Kysely<DB>, userId: number): Promise<AssessmentRow | undefined> {
  return kysely
    .selectFrom('risk_assessments')
    .select(['level', 'score', 'valid_until', 'assessed_at'])
    .where('user_id', '=', userId)
    .orderBy('assessed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type AssessResult = { ok: true; assessment: AssessmentRow } | { ok: false; missing: number } | { ok: false; unknownKey: string };

const QUESTION_IDS = new Set(QUESTIONS.map((question) => question.id));

/**
 * Scores the answers ({"q1":"a", …}) and records the assessment, valid RISK_ASSESSMENT_VALID_YEARS from today. A key
 * that is not one of the questionnaire's is refused (nothing is stored as sent but the questionnaire's own answers).
 */
export async function recordAssessment(
  kysely: Kysely<DB>,
  opts: { userId: number; answers: Record<string, unknown>; now: Date },
): Promise<AssessResult> {
  const unknownKey = Object.keys(opts.answers).find((key) => !QUESTION_IDS.has(key));
  if (unknownKey !== undefined) return { ok: false, unknownKey };
  const scored = scoreAnswers(opts.answers);
  if (!scored.ok) return { ok: false, missing: scored.missing };
  const row = {
    user_id: opts.userId,
    questionnaire: QUESTIONNAIRE_ID,
    // The questionnaire's answers only, each an option id scoreAnswers accepted.
    answers: JSON.stringify(Object.fromEntries(QUESTIONS.map((question) => [question.id, opts.answers[question.id]]))),
    score: scored.score,
    level: scored.level,
    assessed_at: opts.now,
    valid_until: addYears(shanghaiDate(opts.now), RISK_ASSESSMENT_VALID_YEARS),
  };
  await kysely.insertInto('risk_assessments').values(row).execute();
  return { ok: true, assessment: row };
}
