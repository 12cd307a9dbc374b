// 投顾 over HTTP (issue 23, docs/PRODUCT.md §7.5): advisors, portfolios, the model's NAV, composition and departures
// (after the advisory questionnaire), signing, following, the account. Danjuan's paths and shapes.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { shanghaiDate } from '../domain/clock';
import { answerAdvisory } from '../http/advisory-errors';
import { EnvelopeOf, ErrorEnvelopeWithData, ok } from '../http/envelope';
import { decryptedField } from '../http/forms';
import { EncryptedPassword, MoneyAmount, PageNumber, RequestId } from '../http/schemas';
import { kycQuestions } from '../domain/advisory-kyc';
import { yuanToFen } from '../../../src/lib/money';
import { requireUser } from '../plugins/session';
import { requestLocale } from '../http/envelope';
import {
  listPlanOrders,
  placePlanOrder,
  planHolding,
  planOrderDetail,
  setAutoFollow,
  signPlan,
  submitKyc,
  upgradeToAdvisory,
} from '../services/advisory';
import type { TradingDeps } from '../services/trading';
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

const advisoryMoneyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.db.kysely;
  const deps = (): TradingDeps => ({ db: app.db, clock: app.clock, bank: app.bank, pepper: app.tradePasswordPepper });
  const today = () => shanghaiDate(app.clock.now());

  app.get(
    '/djapi/ic/kyc',
    { schema: base('The advisory questionnaire (goal, horizon, risk tolerance), and the investor’s last answers') },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await userOf(request);
        const kyc = user
          ? await db().selectFrom('advisory_kyc').selectAll().where('user_id', '=', user.userId).executeTakeFirst()
          : undefined;
        return ok({
          questions: kycQuestions(requestLocale(request)),
          answered: kyc !== undefined,
          tolerance: kyc?.tolerance ?? null,
          answers: kyc?.answers ?? null,
        });
      }),
  );

  app.post(
    '/djapi/ic/kyc',
    {
      schema: {
        ...base('Answers the advisory questionnaire (answers: JSON {question id: option id})'),
        body: Type.Object({ answers: Type.String({ maxLength: 2000 }) }),
      },
    },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await requireUser(request);
        let answers: unknown;
        try {
          answers = JSON.parse(request.body.answers);
        } catch {
          answers = null;
        }
        if (!answers || typeof answers !== 'object' || Array.isArray(answers)) {
          const { AdvisoryRefusal } = await import('../services/advisory-reads');
          throw new AdvisoryRefusal('advisoryKycInvalid', { field: 'answers' });
        }
        const scored = await submitKyc(db(), user.userId, answers as Record<string, unknown>, app.clock.now());
        return ok({ tolerance: scored.tolerance, goal: scored.goal, horizon: scored.horizon });
      }),
  );

  app.post(
    '/djapi/ic/sign',
    {
      schema: {
        ...base(
          'Signs a portfolio’s advisory service agreement: suitability, amount per 份 (100–10,000), automatic following, the trade password',
        ),
        body: Type.Object({
          plan_code: PlanCode,
          amount_per_portion: MoneyAmount,
          auto_follow: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
          agreements: Type.String({ maxLength: 200, description: 'comma-separated agreement ids' }),
          trade_password: EncryptedPassword,
          request_id: RequestId,
        }),
      },
    },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await requireUser(request);
        const body = request.body;
        const account = await signPlan(deps(), {
          userId: user.userId,
          planCode: body.plan_code,
          amountPerPortionFen: yuanToFen(body.amount_per_portion),
          autoFollow: body.auto_follow === '1',
          agreements: body.agreements.split(',').map((a) => a.trim()),
          password: decryptedField(app, body.trade_password),
          requestId: body.request_id,
        });
        return ok({
          plan_code: account.plan_code,
          amount_per_portion: (account.amount_per_portion_fen / 100).toFixed(2),
          auto_follow: account.auto_follow,
          signed_at: account.signed_at.toISOString(),
          refresh_user_privilege: true,
        });
      }),
  );

  app.post(
    '/djapi/ic/auto-follow',
    {
      schema: {
        ...base('Switches automatic following (自动发车) on or off, at once'),
        body: Type.Object({ plan_code: PlanCode, on: Type.Union([Type.Literal('0'), Type.Literal('1')]) }),
      },
    },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await requireUser(request);
        return ok(await setAutoFollow(db(), user.userId, request.body.plan_code, request.body.on === '1', app.clock.now()));
      }),
  );

  app.post(
    '/djapi/order/plan/buy',
    {
      schema: {
        ...base('A plan order: the model bought (no trading_id) or a departure followed; one fund order per leg; idempotent by request_id'),
        body: Type.Object({
          plan_code: PlanCode,
          trading_id: Type.Optional(TradingId),
          request_id: RequestId,
          trade_password: EncryptedPassword,
        }),
      },
    },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await requireUser(request);
        const body = request.body;
        const { orderId } = await placePlanOrder(deps(), {
          userId: user.userId,
          planCode: body.plan_code,
          tradingId: body.trading_id === undefined ? null : Number(body.trading_id),
          requestId: body.request_id,
          password: decryptedField(app, body.trade_password),
        });
        return ok({ order_id: String(orderId), order: await planOrderDetail(db(), user.userId, orderId) });
      }),
  );

  app.post(
    '/djapi/order/plan/sell',
    {
      schema: {
        ...base('Redeems the whole advisory account: one plan order (024), every fund’s shares sold; idempotent by request_id'),
        body: Type.Object({ plan_code: PlanCode, request_id: RequestId, trade_password: EncryptedPassword }),
      },
    },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await requireUser(request);
        const body = request.body;
        const { orderId } = await placePlanOrder(deps(), {
          userId: user.userId,
          planCode: body.plan_code,
          tradingId: null,
          requestId: body.request_id,
          password: decryptedField(app, body.trade_password),
          redeem: true,
        });
        return ok({ order_id: String(orderId), order: await planOrderDetail(db(), user.userId, orderId) });
      }),
  );

  app.post(
    '/djapi/ic/upgrade',
    {
      schema: {
        ...base(
          '升级投顾 (ic_upgrade): the investor’s own shares of the portfolio’s funds moved into the signed account (267: no redemption, no fee, lots kept)',
        ),
        body: Type.Object({ plan_code: PlanCode, request_id: RequestId, trade_password: EncryptedPassword }),
      },
    },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await requireUser(request);
        const body = request.body;
        const { orderId } = await upgradeToAdvisory(deps(), {
          userId: user.userId,
          planCode: body.plan_code,
          requestId: body.request_id,
          password: decryptedField(app, body.trade_password),
        });
        return ok({ order_id: String(orderId), order: await planOrderDetail(db(), user.userId, orderId), refresh_user_privilege: true });
      }),
  );

  app.get(
    '/djapi/order/p/plan/:order_id',
    { schema: { ...base('A plan order with its fund orders (sub_order_list)'), params: Type.Object({ order_id: TradingId }) } },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await requireUser(request);
        return ok(await planOrderDetail(db(), user.userId, Number(request.params.order_id)));
      }),
  );

  app.get('/djapi/order/p/plan-list', { schema: base('The investor’s plan orders (ttype ic), newest first') }, async (request) =>
    answerAdvisory(request, async () => {
      const user = await requireUser(request);
      return ok({ items: await listPlanOrders(db(), user.userId) });
    }),
  );

  app.get(
    '/djapi/holding/plan/:plan_code',
    {
      schema: { ...base('The advisory account: assets, gain, 份 per fund, the fee accrued'), params: Type.Object({ plan_code: PlanCode }) },
    },
    async (request) =>
      answerAdvisory(request, async () => {
        const user = await requireUser(request);
        return ok(await planHolding(db(), user.userId, request.params.plan_code, today()));
      }),
  );
};

const allAdvisoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await advisoryRoutes(app, {});
  await advisoryMoneyRoutes(app, {});
};

export default allAdvisoryRoutes;
