// 投顾 over HTTP (issue 23, docs/PRODUCT.md §7.5): advisors, portfolios, the model's NAV, composition and departures
// (after the advisory questionnaire), signing, following, the account. Danjuan's paths and shapes.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { shanghaiDate } from '../domain/clock';
import { answerAdvisory } from '../http/advisory-errors';
import { EnvelopeOf, ErrorEnvelopeWithData, ok } from '../http/envelope';
import { PageNumber } from '../http/schemas';
import { userOf } from '../plugins/session';
import {
  advisorDetail,
  departureAnswer,
  listAdvisors,
  navHistory,
  navIndicator,
  planSummary,
  positionDetail,
  requireKyc,
  tradeHistory,
} from '../services/advisory-reads';

const PlanCode = Type.String({ pattern: '^[A-Z]{3}[0-9]{5}$', description: 'a portfolio code, e.g. TIA06001' });
const AdvisorCode = Type.String({ pattern: '^[A-Za-z0-9]{2,16}$' });
const TradingId = Type.String({ pattern: '^[1-9]\\d{0,15}$' });
const Size = Type.String({ pattern: '^([1-9]|[1-9]\\d|100)$' });
const AnyData = Type.Unknown();
const errors = { '4xx': ErrorEnvelopeWithData };
const base = (summary: string) => ({ tags: ['advisory'], summary, response: { 200: EnvelopeOf(AnyData), ...errors } });

const advisoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.db.kysely;
  const today = () => shanghaiDate(app.clock.now());

  app.get('/djapi/ic/list', { schema: base('The advisors and their portfolios (public)') }, async (request) =>
    answerAdvisory(request, async () => ok(await listAdvisors(db()))),
  );

  app.get(
    '/djapi/ic/:advisor_code',
    { schema: { ...base('One advisor: licence line, portfolios, fee (public)'), params: Type.Object({ advisor_code: AdvisorCode }) } },
    async (request) => answerAdvisory(request, async () => ok(await advisorDetail(db(), request.params.advisor_code))),
  );

  app.get(
    '/djapi/plan/:plan_code',
    {
      schema: { ...base('A portfolio: its facts and the model’s latest unit NAV (public)'), params: Type.Object({ plan_code: PlanCode }) },
    },
    async (request) => answerAdvisory(request, async () => ok(await planSummary(db(), request.params.plan_code))),
  );

  app.get(
    '/djapi/plan/nav/history/:plan_code',
    {
      schema: {
        ...base('The model’s unit NAV and its benchmark, newest first (public)'),
        params: Type.Object({ plan_code: PlanCode }),
        querystring: Type.Object({ page: Type.Optional(PageNumber), size: Type.Optional(Size) }),
      },
    },
    async (request) =>
      answerAdvisory(request, async () =>
        ok(await navHistory(db(), request.params.plan_code, Number(request.query.page ?? 1), Number(request.query.size ?? 20))),
      ),
  );

  app.get(
    '/djapi/plan/nav/indicator',
    { schema: { ...base('Max drawdown, volatility and Sharpe of the model (public)'), querystring: Type.Object({ plan_code: PlanCode }) } },
    async (request) => answerAdvisory(request, async () => ok(await navIndicator(db(), request.query.plan_code))),
  );

  app.get(
    '/djapi/plan/position/detail',
    {
      schema: { ...base('The model’s funds and 份 (after the advisory questionnaire)'), querystring: Type.Object({ plan_code: PlanCode }) },
    },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await userOf(request);
        await requireKyc(db(), user?.userId ?? null);
        return ok(await positionDetail(db(), request.query.plan_code));
      }),
  );

  app.get(
    '/djapi/plan/:plan_code/trade_history',
    {
      schema: {
        ...base('The advisor’s departures, newest first (after the advisory questionnaire)'),
        params: Type.Object({ plan_code: PlanCode }),
        querystring: Type.Object({ page: Type.Optional(PageNumber), size: Type.Optional(Size) }),
      },
    },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await userOf(request);
        await requireKyc(db(), user?.userId ?? null);
        return ok(await tradeHistory(db(), request.params.plan_code, Number(request.query.page ?? 1), Number(request.query.size ?? 20)));
      }),
  );

  app.get(
    '/djapi/plan/:plan_code/departure/latest',
    { schema: { ...base('The latest departure, with follow_status for the investor'), params: Type.Object({ plan_code: PlanCode }) } },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await userOf(request);
        await requireKyc(db(), user?.userId ?? null);
        return ok(await departureAnswer(db(), request.params.plan_code, 'latest', user?.userId ?? null, today()));
      }),
  );

  app.get(
    '/djapi/plan/:plan_code/departure/:trading_id',
    {
      schema: {
        ...base('One departure (departure_detail), with follow_status for the investor'),
        params: Type.Object({ plan_code: PlanCode, trading_id: TradingId }),
      },
    },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await userOf(request);
        await requireKyc(db(), user?.userId ?? null);
        return ok(await departureAnswer(db(), request.params.plan_code, Number(request.params.trading_id), user?.userId ?? null, today()));
      }),
  );
};

export default advisoryRoutes;
