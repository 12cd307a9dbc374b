// The cash product's answers (src/lib/api-types/cash.ts is the contract): money as decimal strings with 2
// decimals, the per-10k income with 4, the 7-day yield a percent with 3. Presentation only.
import type { CashIncomeRow, CashOrderAnswer, CashRules, CashSummary, CashUnavailable, CashYields } from '../../../src/lib/api-types/cash';
import type { OrderListItem } from '../../../src/lib/api-types/trading';
import { volumeToShares } from '../../../src/lib/trade-math';
import { shanghaiIso } from '../domain/clock';
import type { Bank } from '../services/bank';
import { cashDates, cashRuleFigures, quickLeftFen, type CashBalance, type IncomeRow } from '../services/cash';
import { fenText, type Investor, type OrderRow, type TradeFund } from '../services/trading';
import { bankName } from './trade-errors';
import { placeAnswer } from './trading-views';
import type { ServerLocale } from './result-codes';

/** '2.3450' (numeric(12,4) of a 3-decimal yield) → '2.345'. */
const yield3 = (text: string | null) => (text === null ? null : trimTo3(text));
function trimTo3(text: string): string {
  const [whole, frac = ''] = text.split('.');
  return `${whole}.${frac.padEnd(3, '0').slice(0, 3)}`;
}

export function cashSummary(
  balance: CashBalance,
  latest: { date: string; yield: string | null; per10k: string | null } | null,
  investor: Investor,
  bank: Bank,
  bankUsedFen: number,
  inProgress: OrderListItem[],
  now: Date,
  locale: ServerLocale,
): CashSummary {
  const dates = cashDates(balance.fund, now);
  const card = investor.card;
  const limits = card ? bank.limits(card.bankCode) : null;
  return {
    fd_code: balance.fund.code,
    fd_name: balance.fund.name,
    total: fenText(balance.totalFen),
    available: fenText(balance.availableFen),
    unavailable: fenText(balance.unavailableFen),
    yesterday_income: fenText(balance.lastIncome?.fen ?? 0),
    yesterday_income_date: balance.lastIncome?.date ?? null,
    total_income: fenText(balance.totalIncomeFen),
    seven_day_yield: yield3(latest?.yield ?? null),
    per_10k_income: latest?.per10k ?? null,
    yield_date: latest?.date ?? null,
    quick_quota_left: fenText(quickLeftFen(balance)),
    quick_daily_limit: fenText(cashRuleFigures().quickDailyLimitFen),
    deposit_trade_date: dates.depositTradeDate,
    deposit_confirm_date: dates.depositConfirmDate,
    deposit_income_date: dates.depositIncomeDate,
    normal_arrival_date: dates.normalArrivalDate,
    card:
      card && limits
        ? {
            bank_code: card.bankCode,
            bank_name: bankName(card.bankCode, locale),
            card_tail: card.cardTail,
            per_payment_limit: fenText(limits.perPaymentFen),
            daily_limit: fenText(limits.dailyFen),
            daily_left: fenText(Math.max(0, limits.dailyFen - bankUsedFen)),
          }
        : null,
    in_progress: inProgress,
  };
}

export function cashUnavailable(balance: CashBalance): CashUnavailable {
  return {
    total: fenText(balance.unavailableFen),
    items: balance.unavailable.map((u) => ({
      kind: u.kind,
      order_id: String(u.orderId),
      amount: fenText(u.amountFen),
      expected_date: u.expectedDate,
      fd_code: u.fundCode,
      fd_name: u.fundName,
      estimated: u.estimated,
    })),
  };
}

export function cashIncomeRow(row: IncomeRow): CashIncomeRow {
  return { date: row.date, income: fenText(row.incomeFen), shares: volumeToShares(row.volume), income_per_10k: row.per10k };
}

export function cashYields(
  fundCode: string,
  days: number,
  rows: Array<{ date: string; yield: string | null; per10k: string | null }>,
): CashYields {
  return {
    fd_code: fundCode,
    days,
    items: rows.map((r) => ({ date: r.date, seven_day_yield: yield3(r.yield), per_10k_income: r.per10k })),
  };
}

export function cashRules(fund: TradeFund, now: Date): CashRules {
  const figures = cashRuleFigures();
  const dates = cashDates(fund, now);
  return {
    fd_code: fund.code,
    fd_name: fund.name,
    cutoff: figures.cutoff,
    min_amount: fenText(figures.minAmountFen),
    quick_daily_limit: fenText(figures.quickDailyLimitFen),
    confirm_trading_days: figures.confirmTradingDays,
    normal_arrival_trading_days: figures.normalArrivalTradingDays,
    now: shanghaiIso(now),
    deposit_trade_date: dates.depositTradeDate,
    deposit_confirm_date: dates.depositConfirmDate,
    deposit_income_date: dates.depositIncomeDate,
    normal_trade_date: dates.normalTradeDate,
    normal_arrival_date: dates.normalArrivalDate,
  };
}

const KIND_DESC: Record<CashOrderAnswer['kind'], { 'zh-CN': string; 'en-US': string }> = {
  deposit: { 'zh-CN': '现金宝转入', 'en-US': 'Cash account deposit' },
  quick: { 'zh-CN': '快速取现', 'en-US': 'Instant withdrawal' },
  normal: { 'zh-CN': '普通取现', 'en-US': 'Normal withdrawal' },
};

export function cashOrderAnswer(
  order: OrderRow,
  kind: CashOrderAnswer['kind'],
  quickLeft: number,
  locale: ServerLocale,
  now: Date,
): CashOrderAnswer {
  const placed = placeAnswer(order, locale, now);
  return {
    order_id: placed.order_id,
    kind,
    action_desc: KIND_DESC[kind][locale],
    status_desc: placed.status_desc,
    amount: fenText(kind === 'deposit' ? (order.amount_fen ?? 0) : (order.volume ?? 0)),
    trade_date: order.trade_date,
    confirm_date: order.confirm_date,
    arrival_date: order.query_date,
    quick_quota_left: fenText(quickLeft),
    steps: placed.steps,
  };
}
