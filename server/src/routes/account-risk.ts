import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, EnvelopeOf, ErrorEnvelopeWithData, ok, requestLocale } from '../http/envelope';
import { ResultCode } from '../http/result-codes';
import { requireUser } from '../plugins/session';
import { assessmentView, latestAssessment, recordAssessment } from '../services/risk-assessment';
import { questionnaireView } from '../services/risk-questionnaire';

/** Risk assessment (docs/PRODUCT.md §10.10): the questionnaire, scoring to C1–C5, valid 2 years (services/risk-assessment.ts). */

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

const accountRiskRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
        summary: "The user's latest risk assessment, or null",
        response: { 200: EnvelopeOf(Type.Union([AssessmentView, Type.Null()])), '4xx': ErrorEnvelopeWithData },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await latestAssessment(app.db.kysely, user.userId);
      return ok(row ? assessmentView(row, requestLocale(request), app.clock.now()) : null);
    },
  );

  app.post(
    '/djapi/risk/assessment',
    {
      schema: {
        tags: ['account'],
        summary: 'Scores the answers (form field answers = JSON {"q1":"a",…}) to C1–C5, valid 2 years',
        body: Type.Object({ answers: Type.String({ maxLength: 4096 }) }),
        response: { 200: EnvelopeOf(AssessmentView), '4xx': ErrorEnvelopeWithData },
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
      const now = app.clock.now();
      const result = await recordAssessment(app.db.kysely, { userId: user.userId, answers: answers as Record<string, unknown>, now });
      if (!result.ok) {
        throw 'missing' in result
          ? ApiError.of(ResultCode.RISK_ANSWERS_INVALID, 'riskAnswerMissing', 400, { number: result.missing })
          : ApiError.of(ResultCode.RISK_ANSWERS_INVALID, 'riskAnswersMalformed');
      }
      return ok(assessmentView(result.assessment, requestLocale(request), now));
    },
  );
};

export default accountRiskRoutes;
