import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RISK_ASSESSMENT_VALID_YEARS } from '../constants';
import { shanghaiDate } from '../domain/clock';
import { ApiError, EnvelopeOf, ok, requestLocale } from '../http/envelope';
import { ResultCode, type ServerLocale } from '../http/result-codes';
import { requireUser } from '../plugins/session';
import { levelView, MAX_SCORE, QUESTIONNAIRE_ID, questionnaireView, scoreAnswers } from '../services/risk-questionnaire';
import { AccountErrorEnvelope, accountErrorHandler } from './account-login';

/** Risk assessment (docs/PRODUCT.md §10.10): the questionnaire, scoring to C1–C5, valid 2 years. */

const AssessmentView = Type.Object({
  level: Type.String(),
  level_name: Type.String(),
  description: Type.String(),
  max_fund_risk: Type.String(),
  score: Type.Integer(),
  max_score: Type.Integer(),
  valid_until: Type.String(),
  assessed_at: Type.String(),
  expired: Type.Boolean(),
});

/** 'YYYY-MM-DD' + n years; 29 February becomes 28 February in a common year. */
export function addYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const monthDay = date.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

const accountRiskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.setErrorHandler(accountErrorHandler);
  const kysely = app.db.kysely;

  function view(row: { level: number; score: number; valid_until: string; assessed_at: Date }, locale: ServerLocale) {
    return {
      ...levelView(row.level, locale),
      score: row.score,
      max_score: MAX_SCORE,
      valid_until: row.valid_until,
      assessed_at: row.assessed_at.toISOString(),
      expired: row.valid_until < shanghaiDate(app.clock.now()),
    };
  }

  app.get(
    '/djapi/risk/questionnaire',
    {
      schema: {
        tags: ['account'],
        summary: 'The risk questionnaire (11 questions, one answer each), in the request locale',
        response: {
          200: EnvelopeOf(
            Type.Object({
              id: Type.String(),
              questions: Type.Array(
                Type.Object({
                  id: Type.String(),
                  title: Type.String(),
                  multiple: Type.Boolean(),
                  options: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => ok(questionnaireView(requestLocale(request))),
  );

  app.get(
    '/djapi/risk/assessment',
    {
      schema: {
        tags: ['account'],
        summary: 'The user\'s latest risk assessment, or null',
        response: { 200: EnvelopeOf(Type.Union([AssessmentView, Type.Null()])), '4xx': AccountErrorEnvelope },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await kysely
        .selectFrom('risk_assessments')
        .select(['level', 'score', 'valid_until', 'assessed_at'])
        .where('user_id', '=', user.userId)
        .orderBy('assessed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return ok(row ? view(row, requestLocale(request)) : null);
    },
  );

  app.post(
    '/djapi/risk/assessment',
    {
      schema: {
        tags: ['account'],
        summary: 'Scores the answers (form field answers = JSON {"q1":"a",…}) to C1–C5, valid 2 years',
        body: Type.Object({ answers: Type.String({ maxLength: 4096 }) }),
        response: { 200: EnvelopeOf(AssessmentView), '4xx': AccountErrorEnvelope },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      let answers: unknown;
      try {
        answers = JSON.parse(request.body.answers);
      } catch {
        answers = undefined;
      }
      if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
        throw ApiError.of(ResultCode.RISK_ANSWERS_INVALID, 'riskAnswersMalformed');
      }
      const scored = scoreAnswers(answers as Record<string, unknown>);
      if (!scored.ok) throw ApiError.of(ResultCode.RISK_ANSWERS_INVALID, 'riskAnswerMissing', 400, { number: scored.missing });
      const now = app.clock.now();
      const row = {
        user_id: user.userId,
        questionnaire: QUESTIONNAIRE_ID,
        // Only the questionnaire's own keys are kept.
        answers: JSON.stringify(Object.fromEntries(Object.entries(answers).filter(([key]) => /^q\d{1,2}$/.test(key)))),
        score: scored.score,
        level: scored.level,
        assessed_at: now,
        valid_until: addYears(shanghaiDate(now), RISK_ASSESSMENT_VALID_YEARS),
      };
      await kysely.insertInto('risk_assessments').values(row).execute();
      return ok(view(row, requestLocale(request)));
    },
  );
};

export default accountRiskRoutes;
