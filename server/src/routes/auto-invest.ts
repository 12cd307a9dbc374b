// Auto-invest (定投) over HTTP (docs/PRODUCT.md §10.18; src/lib/api-types/auto-invest.ts is the answer contract):
// the create page's quote, create, pause / resume / stop / update, the list and one plan with its runs, the
// backtest and Danjuan's yield list. Same conventions as the trading calls (routes/trading.ts).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { yuanToFen } from '../../../src/lib/money';
import { navToUnits } from '../../../src/lib/trade-math';
import type { AipCycle } from '../domain/auto-invest-plan';
import { addCalendarDays } from '../domain/calendar';
import { shanghaiDate } from '../domain/clock';
import { TradeRefusal } from '../domain/trade-refusal';
import { backtestAnswer, planDetail, planOf, yieldList } from '../http/auto-invest-views';
import { EncryptedPassword, FundCode, MoneyAmount as Amount, RequestId } from '../http/schemas';
import { EnvelopeOf, ErrorEnvelopeWithData, ok, requestLocale } from '../http/envelope';
import { decryptedField } from '../http/forms';
import { formatMessage } from '../http/result-codes';
import { answerRefusals } from '../http/trade-errors';
import { requireUser } from '../plugins/session';
import {
  changePlanState,
  createPlan,
  firstRunDate,
  listPlans,
  loadPlan,
  planCashOption,
  planRuns,
  runBacktest,
  smartDecision,
  smartIndexOf,
  updatePlan,
  type PlanRow,
} from '../services/auto-invest';
import { checkBuy, fenText, type TradingDeps } from '../services/trading';

const Cycle = Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('biweekly'), Type.Literal('monthly')]);
/** A plan's payment: the bound card or the cash product (现金宝). */
// pension: a Y class's plan, paid from the pension account (issue 24).
const PayMethod = Type.Union([Type.Literal('bankcard'), Type.Literal('xjb'), Type.Literal('pension')]);
const CycleDay = Type.String({
  pattern: '^([1-9]|1\\d|2[0-8])$',
  description: 'weekly/biweekly 1–5 (Mon–Fri), monthly 1–28; none for daily',
});
const PlanId = Type.String({ pattern: '^[1-9]\\d{0,15}$' });
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const AnyData = Type.Unknown();
const errors = { '4xx': ErrorEnvelopeWithData };

const cycleDayOf = (cycle: AipCycle, day: string | undefined) => (cycle === 'daily' ? null : day === undefined ? -1 : Number(day));

const autoInvestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (): TradingDeps => ({ db: app.db, clock: app.clock, bank: app.bank, pepper: app.tradePasswordPepper });

  const fundFacts = async (codes: string[]) => {
    const names = new Map<string, string>();
    const navs = new Map<string, number>();
    if (codes.length === 0) return { names, navs };
    const funds = await app.db.kysely.selectFrom('fund').select(['code', 'name']).where('code', 'in', codes).execute();
    for (const f of funds) names.set(f.code, f.name);
    for (const code of new Set(codes)) {
      const nav = await app.db.kysely
        .selectFrom('fund_nav')
        .select('nav')
        .where('fund_code', '=', code)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (nav) navs.set(code, navToUnits(nav.nav));
    }
    return { names, navs };
  };

  const planAnswer = async (request: FastifyRequest, plan: PlanRow) => {
    const locale = requestLocale(request);
    const runs = (await planRuns(app.db.kysely, plan.user_id, [plan.id])).get(plan.id) ?? [];
    const { names, navs } = await fundFacts([plan.fund_code]);
    const index = plan.index_code
      ? await app.db.kysely.selectFrom('market_index').select('name').where('code', '=', plan.index_code).executeTakeFirst()
      : null;
    const next =
      plan.smart && plan.status === 'running' && plan.next_date ? (await smartDecision(app.db.kysely, plan, plan.next_date)).reason : null;
    return planDetail(
      plan,
      names.get(plan.fund_code) ?? plan.fund_code,
      runs,
      navs.get(plan.fund_code) ?? null,
      index?.name ?? '',
      next,
      locale,
    );
  };

  app.get(
    '/djapi/aip/quote',
    {
      schema: {
        tags: ['auto-invest'],
        summary: 'What the create page shows: minimum, smart mode’s index, the first run date, suitability',
        querystring: Type.Object({ fd_code: FundCode, cycle: Type.Optional(Cycle), cycle_day: Type.Optional(CycleDay) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerRefusals(request, async () => {
        const check = await checkBuy(deps(), app.db.kysely, user.userId, request.query.fd_code);
        const cycle = request.query.cycle ?? 'monthly';
        const day = cycle === 'daily' ? null : Number(request.query.cycle_day ?? (cycle === 'monthly' ? 1 : 1));
        if (cycle !== 'monthly' && cycle !== 'daily' && (day as number) > 5) throw new TradeRefusal('aipInvalidSchedule');
        const index = await smartIndexOf(app.db.kysely, check.fund.code);
        const cashOption = await planCashOption(deps(), app.db.kysely, user.userId, check);
        const locale = requestLocale(request);
        return ok({
          fd_code: check.fund.code,
          fd_name: check.fund.name,
          min_amount: (check.minFen / 100).toFixed(2),
          smart_available: index !== null,
          index_code: index?.code ?? null,
          index_name: index?.name ?? null,
          first_date: firstRunDate(cycle, day, app.clock.now()),
          // 现金宝 as a payment of the plan: null when it cannot pay a run (at 0.00 available, below the minimum, 现金宝 itself).
          cash: cashOption ? { fd_code: cashOption.fundCode, available: fenText(cashOption.availableFen) } : null,
          refusal: check.refusal,
          risk_level: check.fund.risk_level,
          investor_level: check.investor.riskLevel,
          suitability: check.suitability,
          risk_warning:
            check.suitability === 'warn'
              ? formatMessage('riskWarningText', locale, { fundRisk: check.fund.risk_level, investorLevel: check.investor.riskLevel ?? 0 })
              : null,
        });
      });
    },
  );

  app.post(
    '/djapi/aip/create',
    {
      schema: {
        tags: ['auto-invest'],
        summary:
          'Makes a plan (the purchase checks and the trade password); answers the plan and its first run date; idempotent by request_id',
        body: Type.Object({
          fd_code: FundCode,
          amount: Amount,
          cycle: Cycle,
          cycle_day: Type.Optional(CycleDay),
          pay_method: Type.Optional(PayMethod),
          smart: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
          request_id: RequestId,
          trade_password: EncryptedPassword,
          risk_confirm: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      const locale = requestLocale(request);
      return answerRefusals(request, async () => {
        const { planId } = await createPlan(deps(), {
          userId: user.userId,
          fundCode: body.fd_code,
          amountFen: yuanToFen(body.amount),
          cycle: body.cycle,
          cycleDay: cycleDayOf(body.cycle, body.cycle_day),
          payMethod: body.pay_method ?? 'bankcard',
          smart: body.smart === '1',
          requestId: body.request_id,
          riskConfirm: body.risk_confirm === '1',
          password: decryptedField(app, body.trade_password),
          riskWarningText: (fundRisk, investorLevel) => formatMessage('riskWarningText', locale, { fundRisk, investorLevel }),
        });
        const plan = (await loadPlan(app.db.kysely, user.userId, planId)) as PlanRow;
        const { names, navs } = await fundFacts([plan.fund_code]);
        return ok({
          plan_id: String(planId),
          first_date: plan.next_date,
          plan: planOf(plan, names.get(plan.fund_code) ?? plan.fund_code, [], navs.get(plan.fund_code) ?? null, locale),
        });
      });
    },
  );

  for (const action of ['pause', 'resume', 'stop'] as const) {
    app.post(
      `/djapi/aip/:plan_id/${action}`,
      {
        schema: {
          tags: ['auto-invest'],
          summary: {
            pause: 'Pauses a running plan',
            resume: 'Resumes a paused plan from its next date after today',
            stop: 'Stops a plan (final)',
          }[action],
          params: Type.Object({ plan_id: PlanId }),
          body: Type.Object({ trade_password: EncryptedPassword }),
          response: { 200: EnvelopeOf(AnyData), ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        return answerRefusals(request, async () => {
          const planId = Number(request.params.plan_id);
          await changePlanState(deps(), user.userId, planId, action, decryptedField(app, request.body.trade_password));
          return ok(await planAnswer(request, (await loadPlan(app.db.kysely, user.userId, planId)) as PlanRow));
        });
      },
    );
  }

  app.post(
    '/djapi/aip/:plan_id/update',
    {
      schema: {
        tags: ['auto-invest'],
        summary:
          'Changes a plan’s amount, schedule (a new schedule counts from today) or payment (the plan’s own when not given); paid from 现金宝, its balance must cover one run',
        params: Type.Object({ plan_id: PlanId }),
        body: Type.Object({
          amount: Amount,
          cycle: Cycle,
          cycle_day: Type.Optional(CycleDay),
          pay_method: Type.Optional(PayMethod),
          trade_password: EncryptedPassword,
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerRefusals(request, async () => {
        const planId = Number(request.params.plan_id);
        const body = request.body;
        await updatePlan(deps(), user.userId, planId, {
          amountFen: yuanToFen(body.amount),
          cycle: body.cycle,
          cycleDay: cycleDayOf(body.cycle, body.cycle_day),
          payMethod: body.pay_method,
          password: decryptedField(app, body.trade_password),
        });
        return ok(await planAnswer(request, (await loadPlan(app.db.kysely, user.userId, planId)) as PlanRow));
      });
    },
  );

  app.get(
    '/djapi/aip/list',
    {
      schema: {
        tags: ['auto-invest'],
        summary: 'The investor’s plans: running, paused, stopped, with totals',
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const plans = await listPlans(app.db.kysely, user.userId);
      const runs = await planRuns(
        app.db.kysely,
        user.userId,
        plans.map((p) => p.id),
      );
      const { names, navs } = await fundFacts(plans.map((p) => p.fund_code));
      const locale = requestLocale(request);
      return ok({
        items: plans.map((p) =>
          planOf(p, names.get(p.fund_code) ?? p.fund_code, runs.get(p.id) ?? [], navs.get(p.fund_code) ?? null, locale),
        ),
        running: plans.filter((p) => p.status === 'running').length,
      });
    },
  );

  app.get(
    '/djapi/aip/backtest',
    {
      schema: {
        tags: ['auto-invest'],
        summary: 'Backtest on the fund’s NAV history: invested vs value, total return, XIRR, fees; normal vs smart (public)',
        querystring: Type.Object({
          fd_code: FundCode,
          amount: Type.Optional(Amount),
          cycle: Type.Optional(Cycle),
          cycle_day: Type.Optional(CycleDay),
          start: Type.Optional(IsoDate),
          smart: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) =>
      answerRefusals(request, async () => {
        const q = request.query;
        const cycle = q.cycle ?? 'monthly';
        const amountFen = yuanToFen(q.amount ?? '1000');
        if (amountFen <= 0) throw new TradeRefusal('invalidAmount');
        const today = shanghaiDate(app.clock.now());
        const start = q.start && q.start <= today && q.start >= '2000-01-01' ? q.start : addCalendarDays(today, -3 * 365);
        const result = await runBacktest(app.db.kysely, {
          fundCode: q.fd_code,
          amountFen,
          cycle,
          cycleDay: cycle === 'daily' ? null : Number(q.cycle_day ?? 1),
          start,
          smart: q.smart === '1',
        });
        return ok(backtestAnswer(result.fund.code, result.smart, result.main, result.other));
      }),
  );

  app.get(
    '/djapi/fundx/autoinvest/quote/yield/list',
    {
      schema: {
        tags: ['auto-invest'],
        summary: 'Danjuan’s auto-invest yield list: a monthly 100 CNY plan over 1, 2 and 3 years, normal and smart (public)',
        querystring: Type.Object({ fd_code: FundCode }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) =>
      answerRefusals(request, async () => {
        const today = shanghaiDate(app.clock.now());
        const rows = [];
        for (const [years, label] of [
          [1, '近1年'],
          [2, '近2年'],
          [3, '近3年'],
        ] as const) {
          const result = await runBacktest(app.db.kysely, {
            fundCode: request.query.fd_code,
            amountFen: 10_000,
            cycle: 'monthly',
            cycleDay: 1,
            start: addCalendarDays(today, -365 * years),
            smart: false,
          });
          rows.push({ duration: label, normal: result.main, smart: result.other });
        }
        return ok(yieldList(rows));
      }),
  );

  app.get(
    '/djapi/aip/:plan_id',
    {
      schema: {
        tags: ['auto-invest'],
        summary: 'One plan with its runs (someone else’s id answers “no such plan”)',
        params: Type.Object({ plan_id: PlanId }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerRefusals(request, async () => {
        const plan = await loadPlan(app.db.kysely, user.userId, Number(request.params.plan_id));
        if (!plan) throw new TradeRefusal('aipNotFound');
        return ok(await planAnswer(request, plan));
      });
    },
  );
};

export default autoInvestRoutes;
