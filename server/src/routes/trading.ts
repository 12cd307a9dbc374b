// Trading over HTTP: buy, sell, cancel, orders, holdings and the income calendar (docs/PRODUCT.md, "Trading";
// src/lib/api-types/trading.ts is the answer contract). Each route: schema → session → one service call →
// the answer's view. Owner-only: every query is scoped to the session's user; someone else's order id reads as
// no order. The trade password arrives RSA-encrypted, as /djapi/account/trade-password/verify takes it.
import { advisoryLines, listPlanOrders, orderListPage, planOrderListItem } from '../services/advisory';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { yuanToFen } from '../../../src/lib/money';
import { sharesToVolume } from '../../../src/lib/trade-math';
import { orderTradeDate } from '../domain/calendar';
import { shanghaiDate } from '../domain/clock';
import { TradeRefusal } from '../domain/trade-refusal';
import { redemptionDates } from '../domain/trading-dates';
import { EncryptedPassword, FundCode, MoneyAmount as Amount, PageNumber, RequestId } from '../http/schemas';
import { EnvelopeOf, ErrorEnvelopeWithData, ok, requestLocale } from '../http/envelope';
import { decryptedField, decryptedFieldAsync } from '../http/forms';
import { formatMessage } from '../http/result-codes';
import { answerRefusals } from '../http/trade-errors';
import {
  buyQuoteAnswer,
  fundHolding,
  holdingSummary,
  incomeCalendar,
  orderDetail,
  orderListItem,
  placeAnswer,
} from '../http/trading-views';
import { requireUser } from '../plugins/session';
import { cashBalance } from '../services/cash';
import { figuresOf, loadPositions, type FundPosition } from '../services/holdings';
import { pensionLine } from '../services/pension';
import {
  CASH_FUND_CODE,
  cashPayment,
  cancelOrder,
  checkBuy,
  listOrders,
  loadOrderRows,
  loadOrder,
  loadTradeFund,
  placeBuy,
  placeSell,
  setDividendMethod,
  type TradingDeps,
} from '../services/trading';

const Volume = Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,2})?$', description: 'shares, up to 2 decimals' });
const OrderId = Type.String({ pattern: '^[1-9]\\d{0,18}$' });
const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });
const AnyData = Type.Unknown();
const errors = { '4xx': ErrorEnvelopeWithData };

const tradingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (): TradingDeps => ({ db: app.db, clock: app.clock, bank: app.bank, pepper: app.tradePasswordPepper });

  const orderAnswer = async (request: FastifyRequest, userId: number, orderId: number) => {
    const found = await loadOrder(app.db.kysely, userId, orderId);
    if (!found) throw new TradeRefusal('orderNotFound');
    return found;
  };

  app.get(
    '/djapi/order/buy/quote',
    {
      schema: {
        tags: ['trading'],
        summary: 'What the buy page shows: limits, dates, suitability, the card and the fee of an amount (optional)',
        querystring: Type.Object({ fd_code: FundCode, amount: Type.Optional(Amount) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerRefusals(request, async () => {
        const checked = await checkBuy(deps(), app.db.kysely, user.userId, request.query.fd_code);
        // A pension Y class is bought in the pension zone only (issue 24): the ordinary buy page says so.
        const check = checked.fund.share_class === 'Y' ? { ...checked, refusal: checked.refusal ?? checked.fund.status_reason } : checked;
        const amountFen = request.query.amount === undefined ? null : yuanToFen(request.query.amount);
        const cash = await cashPayment(deps(), app.db.kysely, user.userId);
        return ok(
          buyQuoteAnswer(check, amountFen, app.bank, requestLocale(request), { fundCode: CASH_FUND_CODE, availableFen: cash.availableFen }),
        );
      });
    },
  );

  app.post(
    '/djapi/order/buy',
    {
      schema: {
        tags: ['trading'],
        summary:
          'Buys a fund (申购, or 认购 in its building period) paid from the bound card or the cash product (pay_method=xjb: deducted at once, refunded on cancel); idempotent by request_id',
        body: Type.Object({
          fd_code: FundCode,
          amount: Amount,
          // pension: a Y class (issue 24), paid from the pension account — the only way a Y class is bought.
          pay_method: Type.Optional(Type.Union([Type.Literal('bankcard'), Type.Literal('xjb'), Type.Literal('pension')])),
          request_id: RequestId,
          trade_password: EncryptedPassword,
          risk_confirm: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
          // A registration coupon of GET /djapi/coupons (issue 25): part of the fee off, used once.
          coupon_id: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,15}$' })),
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const locale = requestLocale(request);
      const body = request.body;
      const password = await decryptedFieldAsync(app, body.trade_password);
      return answerRefusals(request, async () => {
        const placed = await placeBuy(deps(), {
          userId: user.userId,
          fundCode: body.fd_code,
          amountFen: yuanToFen(body.amount),
          requestId: body.request_id,
          riskConfirm: body.risk_confirm === '1',
          payMethod: body.pay_method ?? 'bankcard',
          couponId: body.coupon_id === undefined ? undefined : Number(body.coupon_id),
          password,
          riskWarningText: (fundRisk, investorLevel) => formatMessage('riskWarningText', locale, { fundRisk, investorLevel }),
        });
        // A new order comes with what was written (no read back); a replay reads its order.
        const order = placed.order ?? (await orderAnswer(request, user.userId, placed.orderId)).order;
        return ok(placeAnswer(order, locale, app.clock.now()));
      });
    },
  );

  app.post(
    '/djapi/order/sell',
    {
      schema: {
        tags: ['trading'],
        summary:
          'Sells (赎回) shares, oldest lots first; proceeds go to the card on the arrival date, or with to=xjb into the cash product on the confirmation date (卖出至现金宝); idempotent by request_id',
        body: Type.Object({
          fd_code: FundCode,
          volume: Volume,
          request_id: RequestId,
          trade_password: EncryptedPassword,
          // pension: a Y class's proceeds back into the pension account (its default; the only destination it takes).
          to: Type.Optional(Type.Union([Type.Literal('bankcard'), Type.Literal('xjb'), Type.Literal('pension')])),
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const body = request.body;
      return answerRefusals(request, async () => {
        const placed = await placeSell(deps(), {
          userId: user.userId,
          fundCode: body.fd_code,
          volume: sharesToVolume(body.volume),
          requestId: body.request_id,
          password: decryptedField(app, body.trade_password),
          sellMode: body.to === 'xjb' ? 'xjb' : body.to === 'pension' ? 'pension' : body.to === 'bankcard' ? 'card' : undefined,
        });
        const { order } = await orderAnswer(request, user.userId, placed.orderId);
        return ok(placeAnswer(order, requestLocale(request), app.clock.now()));
      });
    },
  );

  app.post(
    '/djapi/order/cancel',
    {
      schema: {
        tags: ['trading'],
        summary: 'Cancels (撤单) an order before 15:00 of its trade date',
        body: Type.Object({ order_id: OrderId, trade_password: EncryptedPassword }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerRefusals(request, async () => {
        const placed = await cancelOrder(deps(), {
          userId: user.userId,
          orderId: Number(request.body.order_id),
          password: decryptedField(app, request.body.trade_password),
        });
        const { order, lots } = await orderAnswer(request, user.userId, placed.orderId);
        return ok(orderDetail(order, lots, requestLocale(request), app.clock.now()));
      });
    },
  );

  app.get(
    '/djapi/order/p/list',
    {
      schema: {
        tags: ['trading'],
        summary: 'The investor’s orders, newest first',
        querystring: Type.Object({
          page: Type.Optional(PageNumber),
          size: Type.Optional(Type.String({ pattern: '^([1-9]|[1-4]\\d|50)$' })),
          // 'ic': the advisory plan orders (Danjuan's ttype ic, actions 022 / 024 / 036 / 098; docs/PRODUCT.md §7.5).
          type: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('ic')])),
          // One fund's orders (the holding page's 交易记录, issue 28).
          fd_code: Type.Optional(FundCode),
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const page = Number(request.query.page ?? 1);
      const size = Number(request.query.size ?? 20);
      if (request.query.type === 'ic') {
        const all = await listPlanOrders(app.db.kysely, user.userId);
        return ok({
          current_page: page,
          size,
          total_items: all.length,
          total_pages: Math.ceil(all.length / size),
          items: all.slice((page - 1) * size, page * size),
        });
      }
      if (request.query.fd_code !== undefined) {
        // One fund's orders (the holding page's 交易记录): its fund orders, an advisory leg's among them.
        const { total, rows } = await listOrders(app.db.kysely, user.userId, page, size, { fundCode: request.query.fd_code });
        const locale = requestLocale(request);
        return ok({
          current_page: page,
          size,
          total_items: total,
          total_pages: Math.ceil(total / size),
          items: rows.map((row) => orderListItem(row, locale)),
        });
      }
      // Every order, the advisory plan orders grouped: one item each (ttype ic), their legs' fund orders not listed alone.
      const { total, entries } = await orderListPage(app.db.kysely, user.userId, page, size);
      const locale = requestLocale(request);
      const funds = await loadOrderRows(
        app.db.kysely,
        user.userId,
        entries.filter((e) => e.kind === 'fund').map((e) => e.id),
      );
      return ok({
        current_page: page,
        size,
        total_items: total,
        total_pages: Math.ceil(total / size),
        items: entries.flatMap((e): unknown[] => {
          if (e.plan) return [planOrderListItem(e.plan, locale)];
          const row = funds.get(e.id);
          return row ? [orderListItem(row, locale)] : [];
        }),
      });
    },
  );

  app.get(
    '/djapi/fund/order/:order_id',
    {
      schema: {
        tags: ['trading'],
        summary: 'One order in Danjuan’s shape (someone else’s id answers “no such order”)',
        params: Type.Object({ order_id: OrderId }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerRefusals(request, async () => {
        const { order, lots } = await orderAnswer(request, user.userId, Number(request.params.order_id));
        return ok(orderDetail(order, lots, requestLocale(request), app.clock.now()));
      });
    },
  );

  app.get(
    '/djapi/holding/summary',
    {
      schema: {
        tags: ['trading'],
        summary: 'My money: total assets, income, each holding, allocation, orders in progress',
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const now = app.clock.now();
      const all = await loadPositions(app.db.kysely, user.userId);
      // The personal pension (issue 24) is its own line, kept out of the ordinary totals: its Y classes are left out here.
      const pension = await pensionLine(app.db.kysely, app.personalData, user.userId, shanghaiDate(now));
      const positions = { ...all, funds: all.funds.filter((p) => !pension.codes.has(p.code)) };
      const { rows } = await listOrders(app.db.kysely, user.userId, 1, 50, { inProgress: true });
      const locale = requestLocale(request);
      const tradeDate = orderTradeDate(now);
      const balance = await cashBalance(deps(), user.userId);
      const cashPosition = positions.funds.find((p) => p.code === CASH_FUND_CODE);
      const summary = holdingSummary(
        positions,
        tradeDate,
        rows.map((r) => orderListItem(r, locale)),
        {
          fundCode: CASH_FUND_CODE,
          totalFen: balance.totalFen,
          availableFen: balance.availableFen,
          outgoingFen: balance.outgoingFen,
          lastIncome: balance.lastIncome,
          totalIncomeFen: balance.totalIncomeFen,
          holdGainFen: cashPosition ? figuresOf(cashPosition, tradeDate).holdGainFen : 0,
        },
      );
      // The advisory accounts (issue 23): each its own line; their funds are ordinary holdings, already counted above.
      const advisory = await advisoryLines(app.db.kysely, user.userId, shanghaiDate(now));
      return ok({ ...summary, advisory, ...(pension.line ? { pension: pension.line } : {}) });
    },
  );

  app.get(
    '/djapi/holding/fund/:fd_code',
    {
      schema: {
        tags: ['trading'],
        summary: 'One holding with its lots (confirmation date, shares, lock, holding days, today’s redemption rate)',
        params: Type.Object({ fd_code: FundCode }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerRefusals(request, async () => {
        const now = app.clock.now();
        const fund = await loadTradeFund(app.db.kysely, request.params.fd_code);
        if (!fund) throw new TradeRefusal('fundNotFound', { code: request.params.fd_code });
        const positions = await loadPositions(app.db.kysely, user.userId, fund.code);
        // Holding nothing is an answer (issue 28): the fund with no shares, no lots, nothing on its way.
        const position: FundPosition = positions.funds[0] ?? {
          code: fund.code,
          name: fund.name,
          type: fund.type,
          typeDesc: fund.type_desc,
          rounding: fund.rounding_mode,
          saleStatus: fund.sale_status,
          withdraw: fund.withdraw,
          lots: [],
          sellingVolume: 0,
          sellingCostFen: 0,
          buyingFen: 0,
          buyingInCashFen: 0,
          proceedsInTransitFen: 0,
          nav: null,
          income: [],
          dividendMethod: 'cash',
        };
        const sell = redemptionDates(fund, now);
        return ok(
          fundHolding(
            position,
            { tradeDate: sell.tradeDate, confirmDate: sell.confirmDate, arrivalDate: sell.arrivalDate },
            shanghaiDate(now),
            position.buyingFen,
            fund.code === CASH_FUND_CODE ? null : sell.confirmDate,
          ),
        );
      });
    },
  );

  app.post(
    '/djapi/holding/dividend-method',
    {
      schema: {
        tags: ['trading'],
        summary: 'Cash (default) or reinvested dividends for one holding',
        body: Type.Object({ fd_code: FundCode, method: Type.Union([Type.Literal('cash'), Type.Literal('reinvest')]) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answerRefusals(request, async () => {
        await setDividendMethod(deps(), user.userId, request.body.fd_code, request.body.method);
        return ok({ fd_code: request.body.fd_code, dividend_method: request.body.method });
      });
    },
  );

  app.get(
    '/djapi/holding/income/calendar',
    {
      schema: {
        tags: ['trading'],
        summary: '收益日历: each day’s and each month’s income, from the ledger',
        // fd_code: one holding's daily income (the holding page's 收益明细, issue 28).
        querystring: Type.Object({ month: Type.Optional(Month), fd_code: Type.Optional(FundCode) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const month = request.query.month ?? shanghaiDate(app.clock.now()).slice(0, 7);
      const positions = await loadPositions(app.db.kysely, user.userId, request.query.fd_code);
      return ok(incomeCalendar(positions, month));
    },
  );

  if (app.config.nodeEnv !== 'production') {
    app.post(
      '/__dev/bank',
      {
        schema: {
          tags: ['dev'],
          summary: 'Development only (absent when NODE_ENV=production): the next `fail_next` card debits are declined',
          body: Type.Object({ fail_next: Type.String({ pattern: '^\\d{1,3}$' }) }),
          response: { 200: EnvelopeOf(Type.Object({ fail_next: Type.Integer() })), ...errors },
        },
      },
      async (request) => {
        app.bank.failNext(Number(request.body.fail_next));
        return ok({ fail_next: app.bank.pendingFailures() });
      },
    );
  }
};

export default tradingRoutes;
