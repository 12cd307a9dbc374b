// The cash-management product (现金宝) over HTTP (docs/PRODUCT.md §10.17; src/lib/api-types/cash.ts is the answer
// contract): summary, yields, income, unavailable amounts, rules, deposit and withdrawal. Same conventions as the
// trading calls (routes/trading.ts): owner-only, the trade password RSA-encrypted, idempotent by request_id.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { yuanToFen } from '../../../src/lib/money';
import { shanghaiDate } from '../domain/clock';
import { TradeRefusal } from '../domain/trade-refusal';
import { cashIncomeRow, cashOrderAnswer, cashRules, cashSummary, cashUnavailable, cashYields } from '../http/cash-views';
import { EncryptedPassword, MoneyAmount as Amount, PageNumber, RequestId } from '../http/schemas';
import { EnvelopeOf, ErrorEnvelopeWithData, ok, requestLocale } from '../http/envelope';
import { decryptedField } from '../http/forms';
import { formatMessage } from '../http/result-codes';
import { answerRefusals } from '../http/trade-errors';
import { orderListItem } from '../http/trading-views';
import { requireUser } from '../plugins/session';
import { cashBalance, cashFund, deposit, incomeRows, quickLeftFen, withdraw, yieldHistory } from '../services/cash';
import { CASH_FUND_CODE, listOrders, loadInvestor, loadOrder, type TradingDeps } from '../services/trading';

const AnyData = Type.Unknown();
const errors = { '4xx': ErrorEnvelopeWithData };

const cashRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (): TradingDeps => ({ db: app.db, clock: app.clock, bank: app.bank, pepper: app.tradePasswordPepper });

  const latestYield = async () => {
    const row = await yieldHistory(app.db.kysely, shanghaiDate(app.clock.now()), 30);
    return row.at(-1) ?? null;
  };

  app.get(
    '/djapi/xjb/summary',
    {
      schema: {
        tags: ['cash'],
        summary:
          '现金宝: balance (total, available, unavailable), income, 7-day yield, today’s instant-withdrawal quota, dates of a deposit or withdrawal now',
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerRefusals(request, async () => {
        const now = app.clock.now();
        const balance = await cashBalance(deps(), user.userId);
        const investor = await loadInvestor(app.db.kysely, user.userId, shanghaiDate(now));
        const bankUsed = investor.card ? await app.bank.usedOn(app.db.kysely, user.userId, investor.card.id, shanghaiDate(now)) : 0;
        const locale = requestLocale(request);
        const { rows } = await listOrders(app.db.kysely, user.userId, 1, 50, { inProgress: true });
        const cashOrders = rows.filter((r) => r.fund_code === CASH_FUND_CODE || r.pay_method === 'xjb' || r.sell_mode === 'xjb');
        return ok(
          cashSummary(
            balance,
            await latestYield(),
            investor,
            app.bank,
            bankUsed,
            cashOrders.map((r) => orderListItem(r, locale)),
            now,
            locale,
          ),
        );
      });
    },
  );

  app.get(
    '/djapi/xjb/yields',
    {
      schema: {
        tags: ['cash'],
        summary: 'The cash fund’s 7-day annualised yield and per-10k income per trading day, the last 30 or 90 days (public)',
        querystring: Type.Object({ days: Type.Optional(Type.Union([Type.Literal('30'), Type.Literal('90')])) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const days = Number(request.query.days ?? 30);
      const rows = await yieldHistory(app.db.kysely, shanghaiDate(app.clock.now()), days);
      return ok(cashYields(CASH_FUND_CODE, days, rows));
    },
  );

  app.get(
    '/djapi/xjb/income',
    {
      schema: {
        tags: ['cash'],
        summary: 'Income paid by day, newest first: date, income, the shares that earned it, the per-10k income',
        querystring: Type.Object({
          page: Type.Optional(PageNumber),
          size: Type.Optional(Type.String({ pattern: '^([1-9]|[1-4]\\d|50)$' })),
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const page = Number(request.query.page ?? 1);
      const size = Number(request.query.size ?? 20);
      const { total, rows } = await incomeRows(app.db.kysely, user.userId, page, size);
      return ok({ current_page: page, size, total_items: total, total_pages: Math.ceil(total / size), items: rows.map(cashIncomeRow) });
    },
  );

  app.get(
    '/djapi/xjb/unavailable',
    {
      schema: {
        tags: ['cash'],
        summary:
          'Each amount not yet available (deposits awaiting confirmation, sale proceeds on their way in, money frozen for purchases) with its date',
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerRefusals(request, async () => ok(cashUnavailable(await cashBalance(deps(), user.userId))));
    },
  );

  app.get(
    '/djapi/xjb/rules',
    {
      schema: {
        tags: ['cash'],
        summary: 'The rules the code applies (cut-off, minimum, instant-withdrawal quota, T+1) and the dates of orders placed now (public)',
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => answerRefusals(request, async () => ok(cashRules(await cashFund(app.db.kysely), app.clock.now()))),
  );

  app.post(
    '/djapi/xjb/deposit',
    {
      schema: {
        tags: ['cash'],
        summary: '转入: from the bound card (its limits apply), shares confirmed T+1; idempotent by request_id',
        body: Type.Object({ amount: Amount, request_id: RequestId, trade_password: EncryptedPassword }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const locale = requestLocale(request);
      return answerRefusals(request, async () => {
        const placed = await deposit(deps(), {
          userId: user.userId,
          amountFen: yuanToFen(request.body.amount),
          requestId: request.body.request_id,
          password: decryptedField(app, request.body.trade_password),
          riskWarningText: (fundRisk, investorLevel) => formatMessage('riskWarningText', locale, { fundRisk, investorLevel }),
        });
        const found = await loadOrder(app.db.kysely, user.userId, placed.orderId);
        if (!found) throw new TradeRefusal('orderNotFound');
        const balance = await cashBalance(deps(), user.userId);
        return ok(cashOrderAnswer(found.order, 'deposit', quickLeftFen(balance), locale, app.clock.now()));
      });
    },
  );

  app.post(
    '/djapi/xjb/withdraw',
    {
      schema: {
        tags: ['cash'],
        summary:
          '转出: mode=quick (快速取现, arrives at once, ≤ 10,000.00 CNY per natural day) or normal (to the card on the next trading day, unlimited); idempotent by request_id',
        body: Type.Object({
          amount: Amount,
          mode: Type.Union([Type.Literal('quick'), Type.Literal('normal')]),
          request_id: RequestId,
          trade_password: EncryptedPassword,
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const locale = requestLocale(request);
      return answerRefusals(request, async () => {
        const placed = await withdraw(deps(), {
          userId: user.userId,
          amountFen: yuanToFen(request.body.amount),
          mode: request.body.mode,
          requestId: request.body.request_id,
          password: decryptedField(app, request.body.trade_password),
        });
        const found = await loadOrder(app.db.kysely, user.userId, placed.orderId);
        if (!found) throw new TradeRefusal('orderNotFound');
        const balance = await cashBalance(deps(), user.userId);
        return ok(cashOrderAnswer(found.order, request.body.mode, quickLeftFen(balance), locale, app.clock.now()));
      });
    },
  );
};

export default cashRoutes;
