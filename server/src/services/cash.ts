// The cash-management product (现金宝): a money-market fund held as a wallet. Its balance is the investor's
// holding of the cash fund (CASH_FUND_CODE): deposits are purchases of it from the card, withdrawals redemptions
// (快速取现: the platform pays at once and is repaid by the redemption; 普通取现: T+1 to the card), purchases of
// other funds may be paid with it and sales paid into it (services/trading.ts); the settlement carries each day's
// income into shares (settlement.ts, postMoneyMarketIncome). Every figure here is read from the lots, orders and
// income rows the ledger mirrors. docs/PRODUCT.md §10.17; the rules: src/lib/cash-rules.ts.
import { sql, type Kysely } from 'kysely';
import {
  CASH_CONFIRM_TRADING_DAYS,
  CASH_CUTOFF,
  CASH_MIN_AMOUNT_FEN,
  NORMAL_WITHDRAW_TRADING_DAYS,
  QUICK_WITHDRAW_DAILY_LIMIT_FEN,
  quickQuotaLeftFen,
} from '../../../src/lib/cash-rules';
import { volumeValueFen } from '../../../src/lib/trade-math';
import type { DB } from '../db/types';
import { addCalendarDays, type IsoDate } from '../domain/calendar';
import { shanghaiDate } from '../domain/clock';
import { TradeRefusal } from '../domain/trade-refusal';
import { purchaseDates, redemptionDates } from '../domain/trading-dates';
import {
  CASH_FUND_CODE,
  checkSell,
  loadTradeFund,
  placeBuy,
  placeSell,
  quickUsedOn,
  type PlacedOrder,
  type TradeFund,
  type TradingDeps,
} from './trading';

export interface UnavailableAmount {
  kind: 'deposit' | 'sale' | 'purchase';
  orderId: number;
  amountFen: number;
  expectedDate: string;
  fundCode: string;
  fundName: string;
  estimated: boolean;
}

export interface CashBalance {
  fund: TradeFund;
  availableFen: number;
  unavailable: UnavailableAmount[];
  unavailableFen: number;
  totalFen: number;
  /** Ordinary withdrawals on their way to the card (not in the balance, still the investor's money). */
  outgoingFen: number;
  /** The latest income row, and all income so far. */
  lastIncome: { date: string; fen: number } | null;
  totalIncomeFen: number;
  /** Today's instant withdrawals so far. */
  quickUsedFen: number;
}

export async function cashFund(db: Kysely<DB>): Promise<TradeFund> {
  const fund = await loadTradeFund(db, CASH_FUND_CODE);
  if (!fund) throw new TradeRefusal('fundNotFound', { code: CASH_FUND_CODE });
  return fund;
}

/** The investor's cash balance now: available, each unavailable amount with its date, income. */
export async function cashBalance(deps: TradingDeps, userId: number): Promise<CashBalance> {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const sell = await checkSell(deps, db, userId, CASH_FUND_CODE);
  const fund = sell.fund;
  const open = await sql<{
    id: number;
    fund_code: string;
    fund_name: string;
    action: string;
    status: string;
    sell_mode: string | null;
    pay_method: string;
    amount_fen: number | null;
    volume: number | null;
    fee_fen: number | null;
    confirm_amount_fen: number | null;
    confirm_date: string;
    query_date: string;
    nav: string | null;
    linked_fund_code: string | null;
    linked_fund_name: string | null;
    linked_confirm_date: string | null;
  }>`
    SELECT o.id, o.fund_code, f.name AS fund_name, o.action, o.status, o.sell_mode, o.pay_method, o.amount_fen, o.volume, o.fee_fen,
           o.confirm_amount_fen, o.confirm_date::text AS confirm_date, o.query_date::text AS query_date,
           (SELECT n.nav::text FROM fund_nav n WHERE n.fund_code = o.fund_code ORDER BY n.date DESC LIMIT 1) AS nav,
           p.fund_code AS linked_fund_code, pf.name AS linked_fund_name, p.confirm_date::text AS linked_confirm_date
    FROM orders o JOIN fund f ON f.code = o.fund_code
    LEFT JOIN orders p ON p.user_id = o.user_id AND p.id = o.linked_order_id
    LEFT JOIN fund pf ON pf.code = p.fund_code
    WHERE o.user_id = ${userId} AND (
      (o.fund_code = ${CASH_FUND_CODE} AND o.action IN ('020', '022') AND o.status = 'paid')
      OR (o.action = '024' AND o.sell_mode = 'xjb' AND (o.status = 'submitted' OR (o.status = 'confirmed' AND o.settled_at IS NULL)))
      OR (o.fund_code = ${CASH_FUND_CODE} AND o.action = '024' AND o.sell_mode IN ('pay', 'card')
          AND (o.status = 'submitted' OR (o.status = 'confirmed' AND o.settled_at IS NULL AND o.sell_mode = 'card')))
    )
    ORDER BY o.created_at, o.id`.execute(db);
  const unavailable: UnavailableAmount[] = [];
  let outgoingFen = 0;
  for (const o of open.rows) {
    const id = Number(o.id);
    if (o.action !== '024') {
      unavailable.push({
        kind: 'deposit',
        orderId: id,
        amountFen: Number(o.amount_fen),
        expectedDate: o.confirm_date,
        fundCode: o.fund_code,
        fundName: o.fund_name,
        estimated: false,
      });
    } else if (o.sell_mode === 'xjb') {
      // Until confirmed: the shares at the latest NAV less the estimated fee; then the exact proceeds.
      const confirmed = o.status === 'confirmed';
      const gross = confirmed
        ? Number(o.confirm_amount_fen)
        : o.nav
          ? volumeValueFen(Number(o.volume), Math.round(Number(o.nav) * 10_000), 'half_up')
          : 0;
      unavailable.push({
        kind: 'sale',
        orderId: id,
        amountFen: Math.max(0, gross - Number(o.fee_fen ?? 0)),
        expectedDate: o.query_date,
        fundCode: o.fund_code,
        fundName: o.fund_name,
        estimated: !confirmed,
      });
    } else if (o.sell_mode === 'pay') {
      unavailable.push({
        kind: 'purchase',
        orderId: id,
        amountFen: Number(o.volume),
        expectedDate: o.linked_confirm_date ?? o.confirm_date,
        fundCode: o.linked_fund_code ?? o.fund_code,
        fundName: o.linked_fund_name ?? o.fund_name,
        estimated: false,
      });
    } else {
      outgoingFen += o.status === 'confirmed' ? Number(o.confirm_amount_fen) - Number(o.fee_fen ?? 0) : Number(o.volume);
    }
  }
  const income = await db
    .selectFrom('mmf_income')
    .select([sql<string>`date::text`.as('date'), 'income_fen'])
    .where('user_id', '=', userId)
    .where('fund_code', '=', CASH_FUND_CODE)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  const sum = await db
    .selectFrom('mmf_income')
    .select(sql<string>`coalesce(sum(income_fen), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('fund_code', '=', CASH_FUND_CODE)
    .executeTakeFirstOrThrow();
  const availableFen = sell.lots.reduce((s, l) => s + l.volume, 0);
  const unavailableFen = unavailable.reduce((s, u) => s + u.amountFen, 0);
  return {
    fund,
    availableFen,
    unavailable,
    unavailableFen,
    totalFen: availableFen + unavailableFen,
    outgoingFen,
    lastIncome: income ? { date: income.date, fen: Number(income.income_fen) } : null,
    totalIncomeFen: Number(sum.total),
    quickUsedFen: await quickUsedOn(db, userId, shanghaiDate(now)),
  };
}

/** The dates of orders placed now: a deposit (T, confirmation, first income) and an ordinary withdrawal. */
export function cashDates(fund: TradeFund, now: Date) {
  const deposit = purchaseDates(fund, now);
  const withdraw = redemptionDates(fund, now);
  return {
    depositTradeDate: deposit.tradeDate,
    depositConfirmDate: deposit.confirmDate,
    depositIncomeDate: deposit.queryDate,
    normalTradeDate: withdraw.tradeDate,
    normalArrivalDate: withdraw.arrivalDate,
  };
}

/** The rules as the code applies them (the rule pages state these). */
export function cashRuleFigures() {
  return {
    cutoff: CASH_CUTOFF,
    minAmountFen: CASH_MIN_AMOUNT_FEN,
    quickDailyLimitFen: QUICK_WITHDRAW_DAILY_LIMIT_FEN,
    confirmTradingDays: CASH_CONFIRM_TRADING_DAYS,
    normalArrivalTradingDays: NORMAL_WITHDRAW_TRADING_DAYS,
  };
}

export function quickLeftFen(balance: CashBalance): number {
  return quickQuotaLeftFen(balance.quickUsedFen);
}

export interface DepositInput {
  userId: number;
  amountFen: number;
  requestId: string;
  password: string | undefined;
  riskWarningText: (fundRisk: number, investorLevel: number) => string;
}

/** 转入: a purchase of the cash fund paid from the bound card (bank limits apply), confirmed T+1. */
export async function deposit(deps: TradingDeps, input: DepositInput): Promise<PlacedOrder> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen < CASH_MIN_AMOUNT_FEN) throw new TradeRefusal('invalidAmount');
  return placeBuy(deps, { ...input, fundCode: CASH_FUND_CODE, riskConfirm: false, payMethod: 'bankcard' });
}

export interface WithdrawInput {
  userId: number;
  amountFen: number;
  mode: 'quick' | 'normal';
  requestId: string;
  password: string | undefined;
}

/** 转出: 快速取现 (at once, within the day's quota) or 普通取现 (to the card on the next trading day, unlimited). */
export async function withdraw(deps: TradingDeps, input: WithdrawInput): Promise<PlacedOrder> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen < CASH_MIN_AMOUNT_FEN) throw new TradeRefusal('invalidAmount');
  return placeSell(deps, {
    userId: input.userId,
    fundCode: CASH_FUND_CODE,
    volume: input.amountFen,
    requestId: input.requestId,
    password: input.password,
    sellMode: input.mode === 'quick' ? 'quick' : 'card',
  });
}

export interface IncomeRow {
  date: string;
  incomeFen: number;
  volume: number;
  per10k: string;
}

/** The income paid, newest first. */
export async function incomeRows(
  db: Kysely<DB>,
  userId: number,
  page: number,
  size: number,
): Promise<{ total: number; rows: IncomeRow[] }> {
  const count = await db
    .selectFrom('mmf_income')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('fund_code', '=', CASH_FUND_CODE)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('mmf_income')
    .select([sql<string>`date::text`.as('date'), 'income_fen', 'volume', sql<string>`income_per_10k::text`.as('per10k')])
    .where('user_id', '=', userId)
    .where('fund_code', '=', CASH_FUND_CODE)
    .orderBy('date', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({ date: r.date, incomeFen: Number(r.income_fen), volume: Number(r.volume), per10k: r.per10k })),
  };
}

/** The cash fund's published 7-day yields and per-10k incomes of the last `days` calendar days, oldest first. */
export async function yieldHistory(db: Kysely<DB>, today: IsoDate, days: number) {
  const rows = await db
    .selectFrom('fund_nav')
    .select([
      sql<string>`date::text`.as('date'),
      sql<string | null>`yield_7d::text`.as('yield'),
      sql<string | null>`income_per_10k::text`.as('per10k'),
    ])
    .where('fund_code', '=', CASH_FUND_CODE)
    .where('date', '>', addCalendarDays(today, -days))
    .orderBy('date')
    .execute();
  return rows;
}
