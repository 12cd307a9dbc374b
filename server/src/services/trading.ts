// Placing and cancelling orders: the checks a licensed seller makes (account, risk assessment, suitability, fund
// status, minimum and limits, trade password), then one database transaction that writes the order, pays or
// freezes, and posts the ledger. The fee and share rules are the shared ones (src/lib/fees.ts, lots.ts), the
// same the app's fee preview runs. docs/PRODUCT.md, "Trading"; docs/ARCHITECTURE.md, "Money".
//
// Safety: every placing request carries the client's request_id. The order row is unique per (user,
// request_id) and keeps the answer it got: a replay gets the same answer, the same id with other fields is
// refused, and two identical requests at once make one order (the second waits on the first's row and then
// reads its answer). A user's trades take a row lock on the user first, so limits and shares are checked against
// everything committed before. A refusal before the transaction commits writes nothing.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { quotePurchase, type FeeBracket, type PurchaseQuote } from '../../../src/lib/fees';
import { availableVolume, fifoOrder, priceRedemption, takeFifo, type Lot } from '../../../src/lib/lots';
import { suitability, type SuitabilityVerdict } from '../../../src/lib/suitability';
import { QUICK_WITHDRAW_DAILY_LIMIT_FEN, quickQuotaLeftFen } from '../../../src/lib/cash-rules';
import { mulDiv, navToUnits, percentToPpm, type RoundingMode } from '../../../src/lib/trade-math';
import { prepared, transactionInOneTrip, type Database } from '../db/database';
import type { DB } from '../db/types';
import { addTradingDays, type IsoDate } from '../domain/calendar';
import { shanghaiDate, type Clock } from '../domain/clock';
import { TradeRefusal, type StoredRefusal } from '../domain/trade-refusal';
import {
  BUYABLE_STATUSES,
  isCancellable,
  purchaseDates,
  redemptionDates,
  SELLABLE_STATUSES,
  type PurchaseDates,
  type RedemptionDates,
} from '../domain/trading-dates';
import { FUND_SAMPLES } from '../market/samples';
import { advisoryReservedVolume } from './advisory-shares';
import type { Bank, DebitRequest, DebitResult } from './bank';
import { batcher, type BatchOutcome, type Batcher } from '../db/batcher';
import { couponDiscountFor, markCouponUsed, returnCoupon } from './coupons';
import type { Pepper } from './password-hash';
import { checkLockedTradePassword, verifyTradePassword, type TradePasswordCheck, type TradePasswordRow } from './trade-password';
import { isPensionShareClass } from '../../../src/lib/pension-rules';
import {
  ADVANCE,
  ADVANCE_PAYMENT,
  BANK,
  CNY,
  LOT,
  PENSION,
  PURCHASE,
  PURCHASE_PAYMENT,
  PURCHASE_REFUND,
  REDEEM_FREEZE,
  REDEEM_UNFREEZE,
  SELLING,
  sharesOf,
} from '../ledger/chart';
import { newTransfersStatement, post, transfer, type Transfer } from '../ledger/post';

export const MONEY_MARKET_TYPE = 4;
/** The money-market fund behind the cash-management product (现金宝): its lots are the investor's cash balance. */
export const CASH_FUND_CODE: string = FUND_SAMPLES.xjb;
/** Request ids: made by the client once per purchase intent. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export interface TradingDeps {
  db: Database;
  clock: Clock;
  bank: Bank;
  /**
   * The key of the trade passwords (app.tradePasswordPepper): needed by whatever checks one (a buy from a request, a
   * sale, a cancellation); the jobs (plans' runs, bookings' subscriptions) check none and may leave it out.
   */
  pepper?: Pepper;
}

/** The pepper of `deps`, for a check of the trade password: its absence is a defect of the caller. */
export function pepperOf(deps: Pick<TradingDeps, 'pepper'>): Pepper {
  if (!deps.pepper) throw new Error('trading: a trade password is checked without the pepper (TradingDeps.pepper)');
  return deps.pepper;
}

// ---- Reading a fund and an investor ---------------------------------------------------------------------

export interface TradeFund {
  code: string;
  name: string;
  type: number;
  type_desc: string;
  risk_level: number;
  sale_status: string;
  status_reason: string;
  /** 'A', 'C', 'Y' (a pension class: bought only from the pension account, sold only into it), or null. */
  share_class: string | null;
  found_date: string;
  lock_days: number;
  daily_purchase_limit_fen: number | null;
  large_purchase_limit_fen: number | null;
  min_purchase_fen: number;
  buy_confirm_days: number;
  sale_arrive_days: number;
  declare_discount: string;
  rounding_mode: RoundingMode;
  declare: FeeBracket[];
  subscribe: FeeBracket[];
  withdraw: FeeBracket[];
  /** The latest published NAV, or null before the first. */
  nav: { date: string; units: number } | null;
}

type Db = Kysely<DB> | Transaction<DB>;

function brackets(
  rows: Array<{ kind: string; lower_bound: number; upper_bound: number | null; rate: string | null; fixed_fee_fen: number | null }>,
  kind: string,
): FeeBracket[] {
  return rows
    .filter((r) => r.kind === kind)
    .map((r) => ({
      lower: Number(r.lower_bound),
      upper: r.upper_bound === null ? null : Number(r.upper_bound),
      ratePpm: r.rate === null ? null : percentToPpm(r.rate),
      fixedFen: r.fixed_fee_fen === null ? null : Number(r.fixed_fee_fen),
    }));
}

export async function loadTradeFund(db: Db, code: string): Promise<TradeFund | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const fund = await db
    .selectFrom('fund')
    .select([
      'code',
      'name',
      'type',
      'type_desc',
      'risk_level',
      'sale_status',
      'status_reason',
      'share_class',
      sql<string>`found_date::text`.as('found_date'),
      'lock_days',
      'daily_purchase_limit_fen',
      'large_purchase_limit_fen',
      'min_purchase_fen',
      'buy_confirm_days',
      'sale_arrive_days',
      'declare_discount',
      'rounding_mode',
    ])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!fund) return null;
  const fees = await db
    .selectFrom('fund_fee')
    .select(['kind', 'lower_bound', 'upper_bound', 'rate', 'fixed_fee_fen'])
    .where('fund_code', '=', code)
    .orderBy('kind')
    .orderBy('seq')
    .execute();
  const nav = await db
    .selectFrom('fund_nav')
    .select([sql<string>`date::text`.as('date'), 'nav'])
    .where('fund_code', '=', code)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return tradeFundOf(fund, fees, nav ?? null);
}

type FundRow = Omit<TradeFund, 'declare' | 'subscribe' | 'withdraw' | 'nav' | 'rounding_mode' | 'large_purchase_limit_fen'> & {
  rounding_mode?: string;
  large_purchase_limit_fen?: number | null;
};
type FeeRow = { kind: string; lower_bound: number; upper_bound: number | null; rate: string | null; fixed_fee_fen: number | null };

/** A fund as trading reads it, from its row, its fee brackets (by kind and seq) and its latest NAV. */
function tradeFundOf(fund: FundRow, fees: FeeRow[], nav: { date: string; nav: string } | null): TradeFund {
  return {
    ...fund,
    daily_purchase_limit_fen: fund.daily_purchase_limit_fen === null ? null : Number(fund.daily_purchase_limit_fen),
    large_purchase_limit_fen: fund.large_purchase_limit_fen == null ? null : Number(fund.large_purchase_limit_fen),
    min_purchase_fen: Number(fund.min_purchase_fen),
    rounding_mode: fund.rounding_mode as RoundingMode,
    declare: brackets(fees, 'declare'),
    subscribe: brackets(fees, 'subscribe'),
    withdraw: brackets(fees, 'withdraw'),
    nav: nav ? { date: nav.date, units: navToUnits(nav.nav) } : null,
  };
}

export interface Investor {
  userId: number;
  openTrade: boolean;
  card: { id: number; bankCode: string; cardTail: string } | null;
  /** C1–C5 as 1–5 when an assessment is valid today, else null. */
  riskLevel: number | null;
}

export async function loadInvestor(db: Db, userId: number, today: IsoDate): Promise<Investor> {
  const user = await db.selectFrom('users').select(['id', 'open_trade']).where('id', '=', userId).executeTakeFirstOrThrow();
  const card = await db
    .selectFrom('bank_cards')
    .select(['id', 'bank_code', 'card_tail'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const risk = await db
    .selectFrom('risk_assessments')
    .select(['level', sql<string>`valid_until::text`.as('valid_until')])
    .where('user_id', '=', userId)
    .orderBy('assessed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    userId,
    openTrade: user.open_trade,
    card: card ? { id: Number(card.id), bankCode: card.bank_code, cardTail: card.card_tail } : null,
    riskLevel: risk && risk.valid_until >= today ? risk.level : null,
  };
}

// ---- Purchase -------------------------------------------------------------------------------------------

export interface BuyCheck {
  fund: TradeFund;
  investor: Investor;
  dates: PurchaseDates;
  /** Why the fund cannot be bought now (its status reason), or null. */
  refusal: string | null;
  suitability: SuitabilityVerdict | null;
  minFen: number;
  /** Left of the fund's per-investor daily limit on T (pending orders included), or null when unlimited. */
  dailyLeftFen: number | null;
  bankUsedFen: number;
}

function feeTableOf(fund: TradeFund, dates: PurchaseDates): FeeBracket[] {
  return dates.mode === 'subscribe' && fund.subscribe.length > 0 ? fund.subscribe : fund.declare;
}

export function purchaseQuote(fund: TradeFund, dates: PurchaseDates, amountFen: number): PurchaseQuote {
  return quotePurchase(amountFen, feeTableOf(fund, dates), fund.declare_discount, fund.rounding_mode);
}

async function boughtOn(db: Db, userId: number, fundCode: string, tradeDate: IsoDate): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(amount_fen), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('fund_code', '=', fundCode)
    .where('trade_date', '=', tradeDate)
    .where('action', 'in', ['020', '022'])
    .where('status', 'in', ['paid', 'confirmed'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** What the buy page shows and the order checks: the fund's state and the investor's limits today. */
export async function checkBuy(deps: TradingDeps, db: Db, userId: number, fundCode: string): Promise<BuyCheck> {
  const now = deps.clock.now();
  const fund = await loadTradeFund(db, fundCode);
  if (!fund) throw new TradeRefusal('fundNotFound', { code: fundCode });
  const investor = await loadInvestor(db, userId, shanghaiDate(now));
  const dates = purchaseDates(fund, now);
  const boughtFen = fund.daily_purchase_limit_fen === null ? 0 : await boughtOn(db, userId, fund.code, dates.tradeDate);
  const bankUsedFen = investor.card ? await deps.bank.usedOn(db, userId, investor.card.id, shanghaiDate(now)) : 0;
  return buyCheckOf(fund, investor, dates, boughtFen, bankUsedFen);
}

/** The check from what was read: `boughtFen` the investor's purchases of the fund on T, `bankUsedFen` the card's today. */
function buyCheckOf(fund: TradeFund, investor: Investor, dates: PurchaseDates, boughtFen: number, bankUsedFen: number): BuyCheck {
  let refusal: string | null = null;
  if (!BUYABLE_STATUSES.has(fund.sale_status)) refusal = fund.status_reason || fund.sale_status;
  else if (dates.mode === 'purchase' && fund.nav === null) refusal = fund.status_reason || 'no NAV yet';
  const minFen = fund.min_purchase_fen;
  const dailyLeftFen = fund.daily_purchase_limit_fen === null ? null : Math.max(0, fund.daily_purchase_limit_fen - boughtFen);
  return {
    fund,
    investor,
    dates,
    refusal,
    suitability: investor.riskLevel === null ? null : suitability(investor.riskLevel, fund.risk_level),
    minFen,
    dailyLeftFen,
    bankUsedFen,
  };
}

/** The checks that need no password, in the order a user meets them. Throws the first refusal. */
export function refuseBuy(
  check: BuyCheck,
  amountFen: number,
  riskConfirm: boolean,
  bank: Bank,
  cash: CashPayment | null = null,
  pension: PensionPayment | null = null,
): void {
  const { fund, investor } = check;
  if (!investor.openTrade || !investor.card) throw new TradeRefusal('accountNotOpened');
  // The pension loop is closed (issue 24): Y classes only with pension money, pension money only for Y classes.
  if (isPensionShareClass(fund.share_class) && !pension) throw new TradeRefusal('pensionFundOnly', { name: fund.name });
  if (pension && !isPensionShareClass(fund.share_class)) throw new TradeRefusal('pensionNotEligible', { name: fund.name });
  if (pension && !pension.opened) throw new TradeRefusal('pensionNotOpened');
  if (investor.riskLevel === null) throw new TradeRefusal('riskAssessmentRequired');
  if (check.refusal !== null) throw new TradeRefusal('fundNotPurchasable', { reason: check.refusal });
  if (amountFen < check.minFen) throw new TradeRefusal('amountBelowMinimum', { min: fenText(check.minFen) });
  if (check.dailyLeftFen !== null && amountFen > check.dailyLeftFen) {
    throw new TradeRefusal('fundDailyLimit', { limit: fenText(fund.daily_purchase_limit_fen ?? 0), left: fenText(check.dailyLeftFen) });
  }
  if (check.suitability === 'refuse') throw new TradeRefusal('riskRefused');
  if (check.suitability === 'warn' && !riskConfirm) {
    throw new TradeRefusal(
      'riskConfirmRequired',
      { fundRisk: fund.risk_level, investorLevel: investor.riskLevel },
      { fund_risk: fund.risk_level, investor_level: investor.riskLevel },
    );
  }
  if (cash) {
    refuseCashPayment(fund, amountFen, cash);
    return;
  }
  if (pension) {
    if (amountFen > pension.balanceFen) throw new TradeRefusal('pensionInsufficient', { available: fenText(pension.balanceFen) });
    return;
  }
  const limits = bank.limits(investor.card.bankCode);
  if (amountFen > limits.perPaymentFen)
    throw new TradeRefusal('bankPerPaymentLimit', { bankCode: investor.card.bankCode, limit: fenText(limits.perPaymentFen) });
  if (check.bankUsedFen + amountFen > limits.dailyFen) {
    throw new TradeRefusal('bankDailyLimit', {
      bankCode: investor.card.bankCode,
      limit: fenText(limits.dailyFen),
      left: fenText(Math.max(0, limits.dailyFen - check.bankUsedFen)),
    });
  }
}

export function fenText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const s = String(Math.abs(fen)).padStart(3, '0');
  return `${sign}${s.slice(0, -2)}.${s.slice(-2)}`;
}

export function requestHash(fields: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
}

export interface PlacedOrder {
  userId: number;
  orderId: number;
}

/** The earlier order of a request id: its answer, or a refusal when the fields differ. */
async function replayed(db: Db, userId: number, requestId: string, hash: string): Promise<PlacedOrder | null> {
  const earlier = await db
    .selectFrom('orders')
    .select(['id', 'request_hash', 'answer'])
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!earlier) return null;
  if (earlier.request_hash !== hash) throw new TradeRefusal('requestIdConflict');
  const stored = earlier.answer as StoredRefusal | null;
  if (stored?.refusal)
    throw new TradeRefusal(stored.refusal.reason, stored.refusal.params, { ...stored.refusal.data, order_id: String(earlier.id) });
  return { userId, orderId: Number(earlier.id) };
}

export async function checkPassword(db: Db, userId: number, password: string | undefined, now: Date, pepper: Pepper): Promise<void> {
  const result = await verifyTradePassword(db as Kysely<DB>, { userId, password, now, pepper });
  if (result.ok) return;
  if (result.reason === 'not_set') throw new TradeRefusal('tradePasswordNotSet');
  if (result.reason === 'locked')
    throw new TradeRefusal(
      'tradePasswordLocked',
      { lockedUntil: result.lockedUntil.toISOString() },
      { locked_until: result.lockedUntil.toISOString() },
    );
  if (result.reason === 'unreadable') throw new TradeRefusal('tradePasswordWrong', { remaining: '?' });
  throw new TradeRefusal('tradePasswordWrong', { remaining: result.remainingTries });
}

/** Locks the user's row for the rest of the transaction: one trade of a user at a time. */
export async function lockUser(trx: Transaction<DB>, userId: number): Promise<void> {
  await sql`SELECT ${prepared} id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
}

/**
 * The statement locking the rows of `userIds` for the rest of the transaction, as lockUser does for one, waiting for
 * each: in id order, as every lock of several investors is taken (two such never wait for each other in a cycle).
 */
function lockUserListQuery(userIds: readonly number[]): RawBuilder<unknown> {
  return sql`SELECT ${prepared} id FROM users WHERE id = ANY(${[...userIds]}::bigint[]) ORDER BY id FOR UPDATE`;
}

/**
 * Locks `userIds` for the rest of the transaction as lockUser does, without waiting, and answers those it holds: the
 * settlement's lock (settlement.ts), one an investor, not one an order. Every request that changes an investor's
 * orders holds lockUser — the order path, cancellation, 定投, 投顾, 养老 — so a row lock on each order (`FOR UPDATE`
 * of 2,000 rows a chunk, which wrote every order's page and a WAL record before the confirmation wrote them again: a
 * quarter of PostgreSQL's work at a million orders, bench/README.md "Settlement") guarded nothing more. An investor
 * whose request holds the lock is skipped (`SKIP LOCKED`, as the orders were) and left to the next pass; an investor
 * with no row (none can make a request) is not.
 */
export async function lockInvestors(trx: Transaction<DB>, userIds: number[]): Promise<Set<number>> {
  const held = new Set(
    (
      await sql<{ id: string }>`SELECT id FROM users WHERE id = ANY(${userIds}::bigint[]) ORDER BY id FOR UPDATE SKIP LOCKED`.execute(trx)
    ).rows.map((r) => Number(r.id)),
  );
  const skipped = userIds.filter((id) => !held.has(id));
  if (skipped.length > 0) {
    const exist = await sql<{ id: string }>`SELECT id FROM users WHERE id = ANY(${skipped}::bigint[])`.execute(trx);
    const busy = new Set(exist.rows.map((r) => Number(r.id)));
    for (const id of skipped) if (!busy.has(id)) held.add(id);
  }
  return held;
}

export interface BuyInput {
  userId: number;
  fundCode: string;
  amountFen: number;
  requestId: string;
  riskConfirm: boolean;
  /**
   * The bound card (default) or the cash product: its shares are frozen and the platform pays at once; or, for a Y
   * class only, the pension account (issue 24).
   */
  payMethod?: 'bankcard' | 'xjb' | 'pension';
  /** Set by the auto-invest step only (never from a request): the plan this order runs; no password is asked. */
  planId?: number;
  /**
   * The caller's own writes, in the purchase's transaction after the order's (a plan's run record and its next date:
   * services/auto-invest.ts): committed with the order, one commit for both. Called for a placed order and for one
   * replayed by its request id; not for a refusal or a declined card (the caller records those itself).
   */
  within?: (trx: Transaction<DB>, placed: PlacedOrder) => Promise<void>;
  /** Set by the lump-sum booking step only (never from a request): authorised by the password at booking. */
  preauthorised?: boolean;
  /** A registration coupon (services/coupons.ts) taking part of the fee off; the marketing account bears it. */
  couponId?: number;
  /** Decrypted trade password (undefined when the field did not decrypt). */
  password: string | undefined;
  /** The risk-warning text shown (in the investor's language), kept as evidence when confirmed. */
  riskWarningText: (fundRisk: number, investorLevel: number) => string;
}

/** The cash product as a payment: what its shares can pay now, and the sale that would take them. */
export interface CashPayment {
  availableFen: number;
  check: SellCheck;
}

/**
 * 现金宝 pays a purchase — or one run of an auto-invest plan, when the plan is made or changed — only of another fund
 * (cashNotAllowed for 现金宝 itself) and only when its available balance covers the amount: 410018 cashInsufficient (现金宝可用余额不足，可用 {available} 元) otherwise.
 */
export function refuseCashPayment(fund: { code: string; name: string }, amountFen: number, cash: CashPayment): void {
  // 现金宝 does not buy itself: cashNotAllowed.
  if (fund.code === CASH_FUND_CODE) throw new TradeRefusal('cashNotAllowed', { reason: fund.name });
  if (amountFen > cash.availableFen) throw new TradeRefusal('cashInsufficient', { available: fenText(cash.availableFen) });
}

/** The pension account as a payment: whether it is opened, and its balance (the ledger's `pension` account). */
export interface PensionPayment {
  opened: boolean;
  balanceFen: number;
}

export async function pensionPayment(db: Db, userId: number): Promise<PensionPayment> {
  const account = await db.selectFrom('pension_accounts').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return { opened: account !== undefined, balanceFen: account ? await pensionBalanceFen(db, userId) : 0 };
}

/** The pension account's balance from the ledger, in fen. */
export async function pensionBalanceFen(db: Db, userId: number): Promise<number> {
  const row = await sql<{ balance: string }>`
    SELECT coalesce(sum(CASE WHEN credit_account = 'pension' THEN amount ELSE -amount END), 0)::text AS balance
    FROM ledger_transfers WHERE user_id = ${userId} AND asset = 'CNY' AND (credit_account = 'pension' OR debit_account = 'pension')`.execute(
    db,
  );
  return Number(row.rows[0]?.balance ?? 0);
}

/** The investor's cash balance available now (NAV 1.00: a hundredth of a share is a fen). */
export async function cashPayment(deps: TradingDeps, db: Db, userId: number, lock = false): Promise<CashPayment> {
  const check = await checkSell(deps, db, userId, CASH_FUND_CODE, lock);
  return { availableFen: check.refusal === null ? check.availableVolume : 0, check };
}

// ---- The order path: one read under the investor's lock, one write, one commit ---------------------------------

/** Everything a purchase checks, read by one statement under the investor's row lock (readBuyContext). */
interface BuyContext {
  investor: Investor;
  fund: TradeFund | null;
  password: TradePasswordRow | null;
  /** The order of this request id, if there is one (a replay). */
  earlier: { id: number; request_hash: string; answer: unknown } | null;
  /** The new order's id (taken from the sequence only when there is a fund and no earlier order). */
  nextId: number | null;
  /** The investor's paid purchases of the fund by trade date from today (read only when the fund has a daily limit). */
  boughtByDate: Record<string, number>;
  /** The card's payments today, when the bank can say so in SQL (Bank.usedOnSql); else null: ask usedOn. */
  bankUsedFen: number | null;
}

interface BuyContextRow {
  open_trade: boolean;
  card_id: number | null;
  bank_code: string | null;
  card_tail: string | null;
  risk_level: number | null;
  risk_valid_until: string | null;
  pw_hash: string | null;
  pw_locked_until: Date | null;
  pw_failed_tries: number | null;
  earlier_id: number | null;
  earlier_hash: string | null;
  earlier_answer: unknown;
  next_id: number | null;
  f_code: string | null;
  f_name: string;
  f_type: number;
  f_type_desc: string;
  f_risk_level: number;
  f_sale_status: string;
  f_status_reason: string;
  f_found_date: string;
  f_lock_days: number;
  f_daily_purchase_limit_fen: number | null;
  f_large_purchase_limit_fen: number | null;
  f_min_purchase_fen: number;
  f_buy_confirm_days: number;
  f_sale_arrive_days: number;
  f_declare_discount: string;
  f_rounding_mode: string;
  f_share_class: string | null;
  fees: FeeRow[] | null;
  nav_date: string | null;
  nav: string | null;
  bought: Record<string, number | string> | null;
  bank_used: number | string | null;
}

/**
 * The purchase's one read, in its transaction after the investor's row lock (lockUser: one trade of an investor at a
 * time, so every check sees everything the investor placed before): the account, card, risk assessment, trade
 * password, an earlier order of the request id, the fund with its fees and NAV, the day's purchases of the fund and
 * the card's payments today, in one statement — what checkBuy, the replay and verifyTradePassword read in ~12.
 */
async function readBuyContext(trx: Transaction<DB>, bank: Bank, want: BuyContextWant): Promise<BuyContext> {
  return (await readBuyContexts(trx, bank, [want]))[0] as BuyContext;
}

/** What one purchase's read asks for. */
interface BuyContextWant {
  userId: number;
  fundCode: string;
  requestId: string;
  today: IsoDate;
}

/**
 * readBuyContext for several purchases (of different investors, each locked) in one statement: the batch of
 * placeBuys (buyBatch). The wants come in as arrays, one a column, so the statement is the same prepared one for one
 * purchase or fifty; the contexts come back in the wants' order.
 */
async function readBuyContexts(trx: Transaction<DB>, bank: Bank, wants: readonly BuyContextWant[]): Promise<BuyContext[]> {
  return buyContextsOf((await buyContextsQuery(bank, wants).execute(trx)).rows, wants);
}

type BuyContextsRow = BuyContextRow & { ord: string };

/** The statement of readBuyContexts. */
function buyContextsQuery(bank: Bank, wants: readonly BuyContextWant[]): RawBuilder<BuyContextsRow> {
  const bankUsed = bank.usedOnSql ? bank.usedOnSql(sql`u.id`, sql`c.id`, sql`w.today`) : sql<null>`NULL`;
  return sql<BuyContextsRow>`
    SELECT ${prepared} w.ord, u.open_trade,
           c.id AS card_id, c.bank_code, c.card_tail,
           r.level AS risk_level, r.valid_until::text AS risk_valid_until,
           p.hash AS pw_hash, p.locked_until AS pw_locked_until, p.failed_tries AS pw_failed_tries,
           e.id AS earlier_id, e.request_hash AS earlier_hash, e.answer AS earlier_answer,
           CASE WHEN e.id IS NULL AND f.code IS NOT NULL THEN nextval('order_id_seq') END AS next_id,
           f.code AS f_code, f.name AS f_name, f.type AS f_type, f.type_desc AS f_type_desc, f.risk_level AS f_risk_level,
           f.sale_status AS f_sale_status, f.status_reason AS f_status_reason, f.found_date::text AS f_found_date,
           f.lock_days AS f_lock_days, f.daily_purchase_limit_fen AS f_daily_purchase_limit_fen,
           f.large_purchase_limit_fen AS f_large_purchase_limit_fen, f.min_purchase_fen AS f_min_purchase_fen,
           f.buy_confirm_days AS f_buy_confirm_days, f.sale_arrive_days AS f_sale_arrive_days,
           f.declare_discount::text AS f_declare_discount, f.rounding_mode AS f_rounding_mode, f.share_class AS f_share_class,
           (SELECT json_agg(json_build_object('kind', ff.kind, 'lower_bound', ff.lower_bound, 'upper_bound', ff.upper_bound,
                                              'rate', ff.rate::text, 'fixed_fee_fen', ff.fixed_fee_fen) ORDER BY ff.kind, ff.seq)
              FROM fund_fee ff WHERE ff.fund_code = f.code) AS fees,
           n.date::text AS nav_date, n.nav::text AS nav,
           CASE WHEN f.daily_purchase_limit_fen IS NOT NULL AND e.id IS NULL THEN
             (SELECT json_object_agg(b.trade_date::text, b.total::text)
                FROM (SELECT o.trade_date, sum(o.amount_fen) AS total FROM orders o
                      WHERE o.user_id = u.id AND o.fund_code = f.code AND o.trade_date >= w.today
                        AND o.action IN ('020', '022') AND o.status IN ('paid', 'confirmed')
                      GROUP BY o.trade_date) b)
           END AS bought,
           ${bankUsed} AS bank_used
    FROM unnest(${wants.map((w) => w.userId)}::bigint[], ${wants.map((w) => w.fundCode)}::text[],
                ${wants.map((w) => w.requestId)}::text[], ${wants.map((w) => w.today)}::date[])
           WITH ORDINALITY AS w(user_id, fund_code, request_id, today, ord)
    JOIN users u ON u.id = w.user_id
    LEFT JOIN LATERAL (SELECT bc.id, bc.bank_code, bc.card_tail FROM bank_cards bc WHERE bc.user_id = u.id ORDER BY bc.id LIMIT 1) c ON true
    LEFT JOIN LATERAL (SELECT ra.level, ra.valid_until FROM risk_assessments ra WHERE ra.user_id = u.id
                       ORDER BY ra.assessed_at DESC LIMIT 1) r ON true
    LEFT JOIN trade_passwords p ON p.user_id = u.id
    -- A lookup by the unique (user_id, request_id): as a join the planner may scan all the investor's orders instead.
    LEFT JOIN LATERAL (SELECT eo.id, eo.request_hash, eo.answer FROM orders eo
                       WHERE eo.user_id = u.id AND eo.request_id = w.request_id LIMIT 1) e ON true
    LEFT JOIN fund f ON f.code = w.fund_code
    LEFT JOIN LATERAL (SELECT fn.date, fn.nav FROM fund_nav fn WHERE fn.fund_code = f.code ORDER BY fn.date DESC LIMIT 1) n ON true
    ORDER BY w.ord`;
}

/** The rows of buyContextsQuery as the wants' contexts, in the wants' order. */
function buyContextsOf(rows: readonly BuyContextsRow[], wants: readonly BuyContextWant[]): BuyContext[] {
  const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
  return wants.map((want, i) => {
    const row = byOrd.get(i + 1);
    if (!row) throw new Error(`trading: no user ${want.userId}`);
    return buyContextOf(row, want);
  });
}

/** A row of readBuyContexts as the context the checks read. */
function buyContextOf(row: BuyContextRow, want: BuyContextWant): BuyContext {
  const { userId, fundCode, today } = want;
  const fund =
    row.f_code === null || !/^\d{6}$/.test(fundCode)
      ? null
      : tradeFundOf(
          {
            code: row.f_code,
            name: row.f_name,
            type: row.f_type,
            type_desc: row.f_type_desc,
            risk_level: row.f_risk_level,
            sale_status: row.f_sale_status,
            status_reason: row.f_status_reason,
            found_date: row.f_found_date,
            lock_days: row.f_lock_days,
            daily_purchase_limit_fen: row.f_daily_purchase_limit_fen,
            large_purchase_limit_fen: row.f_large_purchase_limit_fen,
            min_purchase_fen: row.f_min_purchase_fen,
            buy_confirm_days: row.f_buy_confirm_days,
            sale_arrive_days: row.f_sale_arrive_days,
            declare_discount: row.f_declare_discount,
            rounding_mode: row.f_rounding_mode,
            share_class: row.f_share_class,
          },
          row.fees ?? [],
          row.nav_date !== null && row.nav !== null ? { date: row.nav_date, nav: row.nav } : null,
        );
  return {
    investor: {
      userId,
      openTrade: row.open_trade,
      card: row.card_id === null ? null : { id: Number(row.card_id), bankCode: row.bank_code as string, cardTail: row.card_tail as string },
      riskLevel: row.risk_level !== null && (row.risk_valid_until as string) >= today ? row.risk_level : null,
    },
    fund,
    password:
      row.pw_hash === null
        ? null
        : {
            hash: row.pw_hash,
            locked_until: row.pw_locked_until === null ? null : new Date(row.pw_locked_until),
            failed_tries: Number(row.pw_failed_tries),
          },
    earlier:
      row.earlier_id === null ? null : { id: Number(row.earlier_id), request_hash: row.earlier_hash as string, answer: row.earlier_answer },
    nextId: row.next_id === null ? null : Number(row.next_id),
    boughtByDate: Object.fromEntries(Object.entries(row.bought ?? {}).map(([day, fen]) => [day, Number(fen)])),
    bankUsedFen: row.bank_used === null ? null : Number(row.bank_used),
  };
}

/** An earlier order's answer: the same, or its refusal again; another request under its id is refused. */
function replayOf(earlier: NonNullable<BuyContext['earlier']>, userId: number, hash: string): PlacedOrder {
  if (earlier.request_hash !== hash) throw new TradeRefusal('requestIdConflict');
  const stored = (typeof earlier.answer === 'string' ? JSON.parse(earlier.answer) : earlier.answer) as StoredRefusal | null;
  if (stored?.refusal)
    throw new TradeRefusal(stored.refusal.reason, stored.refusal.params, { ...stored.refusal.data, order_id: String(earlier.id) });
  return { userId, orderId: earlier.id };
}

/** The refusal of a trade password that did not pass (services/trade-password.ts). */
function passwordRefusal(result: Exclude<TradePasswordCheck, { ok: true }>): TradeRefusal {
  if (result.reason === 'not_set') return new TradeRefusal('tradePasswordNotSet');
  if (result.reason === 'locked')
    return new TradeRefusal(
      'tradePasswordLocked',
      { lockedUntil: result.lockedUntil.toISOString() },
      { locked_until: result.lockedUntil.toISOString() },
    );
  if (result.reason === 'unreadable') return new TradeRefusal('tradePasswordWrong', { remaining: '?' });
  return new TradeRefusal('tradePasswordWrong', { remaining: result.remainingTries });
}

/** A purchase about to be written: its order row and what its answer and transfer are made of. */
interface Purchase {
  order: {
    user_id: number;
    id: number;
    request_id: string;
    request_hash: string;
    fund_code: string;
    action: string;
    status: string;
    pay_method: string;
    bank_card_id: number;
    amount_fen: number;
    fee_fen: number;
    coupon_id: number | null;
    coupon_discount_fen: number | null;
    rate_ppm: number | null;
    standard_rate_ppm: number | null;
    trade_date: IsoDate;
    confirm_date: IsoDate;
    query_date: IsoDate;
    risk_warning: string | null;
    plan_id: number | null;
    created_at: Date;
    updated_at: Date;
  };
  riskWarning: OrderRow['risk_warning'];
  fund: TradeFund;
  today: IsoDate;
}

/** The order a purchase writes (fee and dates fixed now: the net-amount method does not depend on the NAV). */
function purchaseOf(p: {
  input: BuyInput;
  fund: TradeFund;
  investor: Investor;
  dates: PurchaseDates;
  check: BuyCheck;
  hash: string;
  orderId: number;
  now: Date;
  today: IsoDate;
  payMethod: NonNullable<BuyInput['payMethod']>;
  coupon: { discountFen: number } | null;
}): Purchase {
  const { input, fund, investor, dates, now, coupon } = p;
  const card = investor.card as NonNullable<Investor['card']>;
  const quote = purchaseQuote(fund, dates, input.amountFen);
  const riskWarning = p.check.suitability === 'warn' ? riskWarningEvidence(input, fund, investor, now) : null;
  const order = {
    user_id: input.userId,
    id: p.orderId,
    request_id: input.requestId,
    request_hash: p.hash,
    fund_code: fund.code,
    action: dates.mode === 'subscribe' ? '020' : '022',
    status: 'paid',
    pay_method: p.payMethod,
    bank_card_id: card.id,
    amount_fen: input.amountFen,
    // With a coupon the investor pays the fee less its discount; the marketing account pays the rest (settlement).
    fee_fen: quote.feeFen - (coupon?.discountFen ?? 0),
    coupon_id: coupon ? (input.couponId as number) : null,
    coupon_discount_fen: coupon ? coupon.discountFen : null,
    rate_ppm: quote.fixedFen === null ? quote.ratePpm : null,
    standard_rate_ppm: quote.fixedFen === null ? quote.standardRatePpm : null,
    trade_date: dates.tradeDate,
    confirm_date: dates.confirmDate,
    query_date: dates.queryDate,
    risk_warning: riskWarning === null ? null : JSON.stringify(riskWarning),
    plan_id: input.planId ?? null,
    created_at: now,
    updated_at: now,
  };
  return { order, riskWarning, fund, today: p.today };
}

/** The evidence of a risk warning the investor confirmed: the text shown, the two levels, when. */
export function riskWarningEvidence(
  input: Pick<BuyInput, 'riskWarningText'>,
  fund: { code: string; risk_level: number },
  investor: { riskLevel: number | null },
  now: Date,
): { text: string; fund_code: string; fund_risk: number; investor_level: number | null; accepted_at: string } {
  return {
    text: input.riskWarningText(fund.risk_level, investor.riskLevel as number),
    fund_code: fund.code,
    fund_risk: fund.risk_level,
    investor_level: investor.riskLevel,
    accepted_at: now.toISOString(),
  };
}

/**
 * The order as the answer shows it: what was written, not read back. A literal, not `{ ...p.order, … }`: V8 (Node 20)
 * builds a spread of this many fields ~30× slower than a literal, and larger (bench/README.md "Settlement").
 */
function answerRowOf(p: Purchase, card: NonNullable<Investor['card']>, status: string, failReason: string | null): OrderRow {
  const o = p.order;
  return {
    user_id: o.user_id,
    id: o.id,
    fund_code: o.fund_code,
    fund_name: p.fund.name,
    action: o.action,
    status,
    amount_fen: o.amount_fen,
    volume: null,
    fee_fen: o.fee_fen,
    rate_ppm: o.rate_ppm,
    standard_rate_ppm: o.standard_rate_ppm,
    trade_date: o.trade_date,
    confirm_date: o.confirm_date,
    query_date: o.query_date,
    confirm_nav: null,
    confirm_amount_fen: null,
    confirm_volume: null,
    refund_fen: null,
    fail_reason: failReason,
    risk_warning: p.riskWarning,
    created_at: o.created_at,
    settled_at: null,
    bank_code: card.bankCode,
    card_tail: card.cardTail,
    plan_id: o.plan_id,
    pay_method: o.pay_method,
    sell_mode: null,
    linked_order_id: null,
    coupon_id: o.coupon_id,
    coupon_discount_fen: o.coupon_discount_fen,
    share_class: p.fund.share_class,
  };
}

/** The purchase's payment: from `debitAccount` (the bank, the platform's advance, the pension account) to the fund. */
function paymentTransferOf(p: Purchase, debitAccount: string): Transfer {
  return transfer(PURCHASE_PAYMENT, {
    user_id: p.order.user_id,
    ref: `order:${p.order.id}:pay`,
    asset: CNY,
    debit_account: debitAccount,
    credit_account: PURCHASE.at(p.fund.code),
    amount_hundredths: p.order.amount_fen,
    order_id: p.order.id,
    business_date: p.today,
  });
}

/**
 * The refusal of a card payment the bank did not make: its limits, or declined — with the order's id when the order is
 * kept as failed (a purchase), without when nothing is kept (a pension contribution).
 */
export function debitRefusal(paid: Exclude<DebitResult, { ok: true }>, card: { bankCode: string }, orderId?: number): TradeRefusal {
  if (paid.refusal === 'per_payment_limit')
    return new TradeRefusal('bankPerPaymentLimit', { bankCode: card.bankCode, limit: fenText(paid.limits.perPaymentFen) });
  if (paid.refusal === 'daily_limit')
    return new TradeRefusal('bankDailyLimit', {
      bankCode: card.bankCode,
      limit: fenText(paid.limits.dailyFen),
      left: fenText(Math.max(0, paid.limits.dailyFen - paid.usedTodayFen)),
    });
  return new TradeRefusal('paymentFailed', { reason: 'declined' }, orderId === undefined ? undefined : { order_id: String(orderId) });
}

/** A placed purchase, with the order as the answer shows it (read back by nobody: it is what was written). */
export interface PlacedBuy extends PlacedOrder {
  order?: OrderRow;
}

/**
 * Places a purchase (or, in a building period, a subscription) paid from the bound card or the cash product.
 * Returns the order; a declined card payment records a failed order (no ledger entry) and throws `paymentFailed`
 * with its order id. Paid by the cash product: the cash shares are frozen by a redemption linked to the purchase
 * (sell_mode 'pay') and the platform advances the money at once; that redemption repays it when it settles.
 *
 * One transaction, one commit. Paid by card without a coupon (the common order) it is five statements: BEGIN, the
 * investor's row lock, the read (readBuyContext), the write — the order, the bank's record of the payment, the password's reset
 * when it changes, and the `purchase_payment` transfer, in the ledger's posting statement (ledger/post.ts, `with`) —
 * and COMMIT; with the session's lookup that is the request's six. The answer is built from what was written (`order`). The cash product and a coupon add their own
 * statements. A wrong trade password commits its counted try (verifyTradePassword) and nothing else, then refuses.
 */
export async function placeBuy(deps: TradingDeps, input: BuyInput): Promise<PlacedBuy> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new TradeRefusal('invalidAmount');
  const batched = buyBatcherOf(deps, input);
  return batched ? batched.add({ deps, input, now: deps.clock.now() }) : placeBuyAlone(deps, input);
}

/** placeBuy in a transaction of its own: every kind of purchase (payment, coupon, plan run, a password's count). */
async function placeBuyAlone(deps: TradingDeps, input: BuyInput): Promise<PlacedBuy> {
  const { userId, amountFen, requestId } = input;
  const payMethod = input.payMethod ?? 'bankcard';
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new TradeRefusal('invalidAmount');
  const hash = buyRequestHash(input);
  const now = deps.clock.now();
  const today = shanghaiDate(now);
  // A plan's run (services/auto-invest.ts) and a booking's subscription (services/lump-sum.ts) were authorised with
  // the trade password when the plan or booking was made.
  const asksPassword = input.planId === undefined && !input.preauthorised;
  const pepper = asksPassword ? pepperOf(deps) : undefined;

  let declined: TradeRefusal | null = null;
  const buyIn = async (trx: Transaction<DB>): Promise<PlacedBuy | { refused: TradeRefusal }> => {
    // The lock first, then the read in a statement of its own: under READ COMMITTED a statement that waited for the
    // lock would still read the other tables as of before the previous order committed (its request id, the day's
    // purchases, the card's payments), so the checks need a statement that starts after the lock is held.
    await lockUser(trx, userId);
    const context = await readBuyContext(trx, deps.bank, { userId, fundCode: input.fundCode, requestId, today });
    if (context.earlier) return replayOf(context.earlier, userId, hash);
    const fund = context.fund;
    if (!fund) throw new TradeRefusal('fundNotFound', { code: input.fundCode });
    const { investor } = context;
    const dates = purchaseDates(fund, now);
    const bankUsedFen = context.bankUsedFen ?? (investor.card ? await deps.bank.usedOn(trx, userId, investor.card.id, today) : 0);
    const check = buyCheckOf(fund, investor, dates, context.boughtByDate[dates.tradeDate] ?? 0, bankUsedFen);
    const cash = payMethod === 'xjb' ? await cashPayment(deps, trx, userId, true) : null;
    const pension = payMethod === 'pension' ? await pensionPayment(trx, userId) : null;
    refuseBuy(check, amountFen, input.riskConfirm, deps.bank, cash, pension);
    const coupon = input.couponId === undefined ? null : await couponFor(trx, input, check, now, true);
    let passwordReset: Awaited<ReturnType<typeof checkLockedTradePassword>> | null = null;
    if (pepper) {
      passwordReset = await checkLockedTradePassword(trx, context.password, { userId, password: input.password, now, pepper });
      if (!passwordReset.ok) {
        if (passwordReset.reason !== 'count') throw passwordRefusal(passwordReset);
        // Wrong: the try is counted (atomically, as every check counts it) and committed; nothing else is written.
        const counted = await verifyTradePassword(trx, { userId, password: input.password, now, pepper });
        if (counted.ok) throw new Error('trading: the trade password changed under the investor lock');
        return { refused: passwordRefusal(counted) };
      }
    }
    const card = investor.card as NonNullable<Investor['card']>;
    const orderId = context.nextId as number;
    const written = purchaseOf({ input, fund, investor, dates, check, hash, orderId, now, today, payMethod, coupon });
    const { order } = written;
    const answerRow = (status: string, failReason: string | null): OrderRow => answerRowOf(written, card, status, failReason);
    const paymentTransfer = (debitAccount: string) => paymentTransferOf(written, debitAccount);
    const reset = passwordReset?.ok && passwordReset.reset ? sql`password_reset AS (${passwordReset.reset}),` : sql``;

    if (cash) {
      // The cash shares paying for it are redeemed (income until their trade date); the platform pays now.
      await trx.insertInto('orders').values(order).execute();
      if (passwordReset?.ok && passwordReset.reset) await passwordReset.reset.execute();
      if (coupon && input.couponId !== undefined) await markCouponUsed(trx, userId, input.couponId, orderId, coupon.discountFen, now);
      const payId = await freezeForRedemption(trx, {
        userId,
        check: cash.check,
        volume: amountFen,
        sellMode: 'pay',
        linkedOrderId: orderId,
        requestId: `pay:${orderId}`,
        hash: 'pay',
        cardId: card.id,
        queryDate: cash.check.dates.confirmDate,
        now,
      });
      await trx
        .updateTable('orders')
        .set({ linked_order_id: payId, answer: PLACED_ANSWER })
        .where('user_id', '=', userId)
        .where('id', '=', orderId)
        .execute();
      await post(trx, [paymentTransfer(ADVANCE.at())]);
      return { userId, orderId, order: { ...answerRow('paid', null), linked_order_id: payId } };
    }
    if (pension) {
      // From the pension account (no bank payment); the holding reinvests its dividends unless the investor changes it.
      await trx
        .insertInto('orders')
        .values({ ...order, answer: PLACED_ANSWER })
        .execute();
      if (passwordReset?.ok && passwordReset.reset) await passwordReset.reset.execute();
      if (coupon && input.couponId !== undefined) await markCouponUsed(trx, userId, input.couponId, orderId, coupon.discountFen, now);
      await post(trx, [paymentTransfer(PENSION.at())]);
      await trx
        .insertInto('holding_options')
        .values({ user_id: userId, fund_code: fund.code, dividend_method: 'reinvest', updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'fund_code']).doNothing())
        .execute();
      return { userId, orderId, order: answerRow('paid', null) };
    }

    const debit = {
      paymentId: `order:${orderId}`,
      userId,
      cardId: card.id,
      bankCode: card.bankCode,
      amountFen,
      day: today,
      now,
    };
    // The bank's decision, and its record in the write when its book is here (Bank.debitsInStatement).
    const inStatement = deps.bank.debitsInStatement?.([{ request: debit, usedTodayFen: bankUsedFen }]);
    const paid = inStatement ? (inStatement.results[0] as DebitResult) : await deps.bank.debit(trx, debit);
    const bankRecord = inStatement ? sql`${inStatement.record},` : sql``;
    if (!paid.ok) {
      const refusal = debitRefusal(paid, card, orderId);
      if (paid.refusal !== 'declined') throw refusal;
      // Declined: the order is kept as failed, with nothing posted, and its answer is the refusal.
      declined = refusal;
      await post(trx, [], { with: sql`${prepared} ${reset}${bankRecord} placed_order AS (${insertOrders([failedRow(order, refusal)])})` });
      if (coupon && input.couponId !== undefined) await markCouponUsed(trx, userId, input.couponId, orderId, coupon.discountFen, now);
      return { userId, orderId };
    }
    await post(trx, [paymentTransfer(BANK.at())], {
      with: sql`${prepared} ${reset}${bankRecord} placed_order AS (${insertOrders([placedRow(order)])})`,
    });
    if (coupon && input.couponId !== undefined) await markCouponUsed(trx, userId, input.couponId, orderId, coupon.discountFen, now);
    return { userId, orderId, order: answerRow('paid', null) };
  };
  const outcome = await deps.db.kysely.transaction().execute(async (trx) => {
    const result = await buyIn(trx);
    if (input.within && !('refused' in result) && !declined) await input.within(trx, result);
    return result;
  });
  if ('refused' in outcome) throw outcome.refused;
  if (declined) throw declined;
  return outcome;
}

/** The fields a purchase's request id stands for: the same id with others is refused (requestIdConflict). */
function buyRequestHash(input: BuyInput): string {
  const payMethod = input.payMethod ?? 'bankcard';
  return requestHash(
    input.couponId === undefined
      ? ['buy', input.fundCode, input.amountFen, payMethod]
      : ['buy', input.fundCode, input.amountFen, payMethod, input.couponId],
  );
}

/** The stored answer of a placed order (a replay of its request id reads the order back). */
export const PLACED_ANSWER = JSON.stringify({ placed: true });

/** An order row of a batch as written, with the answer a replay of its request id gets. */
interface OrderInsert {
  order: Purchase['order'];
  status: string;
  fail_reason: string | null;
  answer: string;
}

function placedRow(order: Purchase['order']): OrderInsert {
  return { order, status: order.status, fail_reason: null, answer: PLACED_ANSWER };
}

/** A declined card payment's order: kept as failed, with nothing posted, and its answer is the refusal. */
function failedRow(order: Purchase['order'], refusal: TradeRefusal): OrderInsert {
  const stored: StoredRefusal = { refusal: { reason: refusal.reason, params: refusal.params, data: {} } };
  return { order, status: 'failed', fail_reason: 'payment_declined', answer: JSON.stringify(stored) };
}

/**
 * New orders as one INSERT … SELECT FROM unnest, an array a column: the same statement text (a prepared statement's)
 * for one order or a batch, its size not growing with them.
 */
function insertOrders(rows: readonly OrderInsert[]): RawBuilder<unknown> {
  const col = <K extends keyof Purchase['order']>(key: K) => rows.map((r) => r.order[key] ?? null);
  return sql`INSERT INTO orders (user_id, id, request_id, request_hash, fund_code, action, status, pay_method, bank_card_id,
                                 amount_fen, fee_fen, coupon_id, coupon_discount_fen, rate_ppm, standard_rate_ppm, trade_date,
                                 confirm_date, query_date, risk_warning, plan_id, answer, fail_reason, created_at, updated_at)
    SELECT user_id, id, request_id, request_hash, fund_code, action, status, pay_method, bank_card_id, amount_fen, fee_fen,
           coupon_id, coupon_discount_fen, rate_ppm, standard_rate_ppm, trade_date, confirm_date, query_date,
           risk_warning::jsonb, plan_id, answer::jsonb, fail_reason, created_at, created_at
    FROM unnest(${col('user_id')}::bigint[], ${col('id')}::bigint[], ${col('request_id')}::text[], ${col('request_hash')}::text[],
                ${col('fund_code')}::text[], ${col('action')}::text[], ${rows.map((r) => r.status)}::text[], ${col('pay_method')}::text[],
                ${col('bank_card_id')}::bigint[], ${col('amount_fen')}::bigint[], ${col('fee_fen')}::bigint[], ${col('coupon_id')}::bigint[],
                ${col('coupon_discount_fen')}::bigint[], ${col('rate_ppm')}::int[], ${col('standard_rate_ppm')}::int[],
                ${col('trade_date')}::date[], ${col('confirm_date')}::date[], ${col('query_date')}::date[], ${col('risk_warning')}::text[],
                ${col('plan_id')}::bigint[], ${rows.map((r) => r.answer)}::text[], ${rows.map((r) => r.fail_reason)}::text[],
                ${rows.map((r) => r.order.created_at.toISOString())}::timestamptz[])
      AS o(user_id, id, request_id, request_hash, fund_code, action, status, pay_method, bank_card_id, amount_fen, fee_fen,
           coupon_id, coupon_discount_fen, rate_ppm, standard_rate_ppm, trade_date, confirm_date, query_date, risk_warning,
           plan_id, answer, fail_reason, created_at)`;
}

// ---- Purchases in batches: several investors' orders, one transaction (issue 22 §3) ---------------------------
//
// While a batch is being written, the purchases that arrive wait; the next batch takes them all (db/batcher.ts):
// their investors' row locks in one statement (in id order, as every multi-investor lock is taken), their checks'
// reads in one (readBuyContexts), their orders, bank records and ledger transfers in one (the posting statement), and
// one commit. An idle server writes each purchase at once in a batch of one. A purchase is answered only after its
// batch committed. A batch takes a purchase by card from a request (the trade password asked, no coupon): the same
// checks in the same order as placeBuyAlone, a wrong password's try counted and committed with the batch, a right
// one's reset or migration written with the orders. Every purchase of a batch that failed is placed alone after it
// (placeBuyAlone): nothing of a failed batch was written, and its purchases do not share its fate. Each investor has
// at most one purchase in a batch.

/**
 * One batch at a time, of at most 64 purchases: what waits meanwhile makes the next batch. Two at once (bench/README.md
 * "Trading", 2026-11-30) split the same orders into batches half as large, each paying its own round trips and commit,
 * and placed fewer orders a second.
 */
const BUY_BATCH = { maxInFlight: 1, maxBatch: 64 };

interface BatchedBuy {
  deps: TradingDeps;
  input: BuyInput;
  /** When the request arrived: its trade date and cut-off are of this instant, not of its batch's. */
  now: Date;
}

const buyBatchers = new WeakMap<Database, Batcher<BatchedBuy, PlacedBuy>>();

/** The batcher of deps' database when `input` is a purchase a batch takes, else null. */
function buyBatcherOf(deps: TradingDeps, input: BuyInput): Batcher<BatchedBuy, PlacedBuy> | null {
  const batchable =
    (input.payMethod ?? 'bankcard') === 'bankcard' &&
    input.couponId === undefined &&
    input.planId === undefined &&
    input.within === undefined &&
    !input.preauthorised &&
    deps.bank.usedOnSql !== undefined &&
    deps.bank.debitsInStatement !== undefined;
  if (!batchable) return null;
  let found = buyBatchers.get(deps.db);
  if (!found) {
    found = batcher<BatchedBuy, PlacedBuy>({ ...BUY_BATCH, keyOf: (b) => b.input.userId, run: buyBatch });
    buyBatchers.set(deps.db, found);
  }
  return found;
}

/** What the batch decided for one purchase. */
type BatchDecision =
  | { kind: 'answered'; outcome: BatchOutcome<PlacedBuy> }
  | {
      kind: 'write';
      purchase: Purchase;
      card: NonNullable<Investor['card']>;
      debit: DebitRequest;
      usedTodayFen: number;
      /** The password's write when it changes (its tries reset, or its migration to the current form). */
      reset: Extract<Awaited<ReturnType<typeof checkLockedTradePassword>>, { ok: true }>['reset'];
    };

/** One batch of purchases (the items share a database and a bank: one app's). */
async function buyBatch(items: BatchedBuy[]): Promise<Array<BatchOutcome<PlacedBuy>>> {
  const first = items[0] as BatchedBuy;
  const { db, bank } = first.deps;
  let outcomes: Array<BatchOutcome<PlacedBuy> | null>;
  try {
    const wants = items.map((b) => ({
      userId: b.input.userId,
      fundCode: b.input.fundCode,
      requestId: b.input.requestId,
      today: shanghaiDate(b.now),
    }));
    // BEGIN, the investors' locks and the read in one round trip (transactionInOneTrip); the read is a statement of
    // its own after the locks, so it sees what they waited for (lockUser).
    const opening = () => [lockUserListQuery(items.map((b) => b.input.userId)), buyContextsQuery(bank, wants)];
    outcomes = await transactionInOneTrip<Array<BatchOutcome<PlacedBuy> | null>, BuyContextsRow>(db, opening, async (conn, rows) => {
      const trx = conn as Transaction<DB>;
      const contexts = buyContextsOf(rows, wants);
      const decisions: BatchDecision[] = [];
      for (const [i, item] of items.entries()) {
        try {
          decisions.push(await decideBatched(trx, item, contexts[i] as BuyContext));
        } catch (error) {
          if (!(error instanceof TradeRefusal)) throw error;
          decisions.push({ kind: 'answered', outcome: { ok: false, error } });
        }
      }
      const writes = decisions.filter((d): d is Extract<BatchDecision, { kind: 'write' }> => d.kind === 'write');
      const written = new Map<BatchDecision, BatchOutcome<PlacedBuy>>();
      const closing: Array<RawBuilder<unknown>> = [];
      if (writes.length > 0) {
        const debits = (bank.debitsInStatement as NonNullable<Bank['debitsInStatement']>)(
          writes.map((w) => ({ request: w.debit, usedTodayFen: w.usedTodayFen })),
        );
        const rows: OrderInsert[] = [];
        const transfers: Transfer[] = [];
        writes.forEach((w, k) => {
          const paid = debits.results[k] as DebitResult;
          const { order } = w.purchase;
          if (paid.ok) {
            rows.push(placedRow(order));
            transfers.push(paymentTransferOf(w.purchase, BANK.at()));
            written.set(w, {
              ok: true,
              value: { userId: order.user_id, orderId: order.id, order: answerRowOf(w.purchase, w.card, 'paid', null) },
            });
            return;
          }
          // The checks before refused what the bank's limits refuse (refuseBuy, from the same figures): a limit
          // here is a defect, and the batch rolls back for its purchases to be placed alone.
          if (paid.refusal !== 'declined') throw new Error(`trading: the bank refused ${paid.refusal} after the checks passed`);
          const refusal = debitRefusal(paid, w.card, order.id);
          rows.push(failedRow(order, refusal));
          written.set(w, { ok: false, error: refusal });
        });
        const resets = writes.flatMap((w, k) => (w.reset ? [sql`${sql.raw(`password_reset_${k}`)} AS (${w.reset}),`] : []));
        // The write goes with the COMMIT (transactionInOneTrip): its transfers' refs are the new orders' (fresh ids),
        // so the ledger's primary key is their check (newTransfersStatement) — nothing here reads an answer.
        closing.push(
          newTransfersStatement(transfers, {
            with: sql`${sql.join(resets, sql` `)} ${debits.record}, placed_order AS (${insertOrders(rows)})`,
          }),
        );
      }
      return { result: decisions.map((d) => (d.kind === 'answered' ? d.outcome : (written.get(d) ?? null))), closing };
    });
  } catch {
    // Nothing of the batch was written: each of its purchases is placed alone (a defect shows there, in its own).
    outcomes = items.map(() => null);
  }
  return Promise.all(
    items.map(
      (item, i) =>
        outcomes[i] ??
        placeBuyAlone(item.deps, item.input).then(
          (value): BatchOutcome<PlacedBuy> => ({ ok: true, value }),
          (error: unknown): BatchOutcome<PlacedBuy> => ({ ok: false, error }),
        ),
    ),
  );
}

/**
 * One purchase of a batch, from its context: the same checks, in the same order, as placeBuyAlone's card path. A
 * refusal is thrown (nothing written for it but a wrong password's counted try).
 */
async function decideBatched(trx: Transaction<DB>, item: BatchedBuy, context: BuyContext): Promise<BatchDecision> {
  const { input, now } = item;
  const today = shanghaiDate(now);
  const hash = buyRequestHash(input);
  if (context.earlier) return { kind: 'answered', outcome: { ok: true, value: replayOf(context.earlier, input.userId, hash) } };
  const fund = context.fund;
  if (!fund) throw new TradeRefusal('fundNotFound', { code: input.fundCode });
  const { investor } = context;
  const dates = purchaseDates(fund, now);
  const bankUsedFen = context.bankUsedFen as number;
  const check = buyCheckOf(fund, investor, dates, context.boughtByDate[dates.tradeDate] ?? 0, bankUsedFen);
  refuseBuy(check, input.amountFen, input.riskConfirm, item.deps.bank);
  const pepper = pepperOf(item.deps);
  const password = await checkLockedTradePassword(trx, context.password, { userId: input.userId, password: input.password, now, pepper });
  if (!password.ok) {
    if (password.reason !== 'count') throw passwordRefusal(password);
    // Wrong: the try is counted as placeBuyAlone counts it, and committed with the batch; nothing else is written.
    const counted = await verifyTradePassword(trx, { userId: input.userId, password: input.password, now, pepper });
    if (counted.ok) throw new Error('trading: the trade password changed under the investor lock');
    throw passwordRefusal(counted);
  }
  const card = investor.card as NonNullable<Investor['card']>;
  const orderId = context.nextId as number;
  const purchase = purchaseOf({ input, fund, investor, dates, check, hash, orderId, now, today, payMethod: 'bankcard', coupon: null });
  const debit: DebitRequest = {
    paymentId: `order:${orderId}`,
    userId: input.userId,
    cardId: card.id,
    bankCode: card.bankCode,
    amountFen: input.amountFen,
    day: today,
    now,
  };
  return { kind: 'write', purchase, card, debit, usedTodayFen: bankUsedFen, reset: password.reset };
}

/** The coupon's discount on this purchase's fee, or the refusal saying why it does not apply. */
async function couponFor(db: Db, input: BuyInput, check: BuyCheck, now: Date, lock = false): Promise<{ discountFen: number }> {
  const quote = purchaseQuote(check.fund, check.dates, input.amountFen);
  return couponDiscountFor(
    db,
    input.userId,
    input.couponId as number,
    { fundCode: check.fund.code, amountFen: input.amountFen, feeFen: quote.feeFen, now, rounding: check.fund.rounding_mode },
    lock,
  );
}

// ---- Redemption -----------------------------------------------------------------------------------------

export interface HeldLot extends Lot {
  id: number;
  costFen: number;
}

export async function loadLots(db: Db, userId: number, fundCode: string, lock = false): Promise<HeldLot[]> {
  let query = db
    .selectFrom('lots')
    .select([
      'id',
      sql<string>`confirm_date::text`.as('confirm_date'),
      sql<string | null>`locked_until::text`.as('locked_until'),
      'volume',
      'cost_fen',
    ])
    .where('user_id', '=', userId)
    .where('fund_code', '=', fundCode)
    .where('volume', '>', 0);
  if (lock) query = query.forUpdate();
  const rows = await query.execute();
  return fifoOrder(
    rows.map((r) => ({
      id: Number(r.id),
      confirmDate: r.confirm_date,
      volume: Number(r.volume),
      lockedUntil: r.locked_until,
      costFen: Number(r.cost_fen),
    })),
  );
}

export interface SellCheck {
  fund: TradeFund;
  dates: RedemptionDates;
  lots: HeldLot[];
  availableVolume: number;
  refusal: string | null;
}

export async function checkSell(deps: TradingDeps, db: Db, userId: number, fundCode: string, lock = false): Promise<SellCheck> {
  const fund = await loadTradeFund(db, fundCode);
  if (!fund) throw new TradeRefusal('fundNotFound', { code: fundCode });
  const dates = redemptionDates(fund, deps.clock.now());
  const lots = await loadLots(db, userId, fund.code, lock);
  const refusal = SELLABLE_STATUSES.has(fund.sale_status) && fund.nav !== null ? null : fund.status_reason || fund.sale_status;
  return { fund, dates, lots, availableVolume: availableVolume(lots, dates.tradeDate), refusal };
}

export interface SellInput {
  userId: number;
  fundCode: string;
  volume: number;
  requestId: string;
  password: string | undefined;
  /**
   * Where the money goes: 'card' (default: the bound card on the arrival date), 'xjb' (into the cash product on
   * the confirmation date), 'quick' (cash fund only: 快速取现, the platform pays the card at once, within the
   * daily quota).
   */
  sellMode?: 'card' | 'xjb' | 'quick' | 'pension';
  /** Set by the advisory only (never from a request): a leg of a plan order the investor authorised with the password. */
  preauthorised?: boolean;
}

function refuseSell(check: SellCheck, volume: number): void {
  if (check.lots.length === 0) throw new TradeRefusal('noHolding');
  if (check.refusal !== null) throw new TradeRefusal('fundNotRedeemable', { reason: check.refusal });
  if (volume > check.availableVolume)
    throw new TradeRefusal(
      'insufficientShares',
      { available: fenText(check.availableVolume) },
      { available_volume: fenText(check.availableVolume) },
    );
}

/** The day's instant withdrawals of the cash fund so far (Shanghai natural day), in fen. */
export async function quickUsedOn(db: Db, userId: number, day: IsoDate): Promise<number> {
  const from = new Date(Date.parse(`${day}T00:00:00+08:00`));
  const to = new Date(from.getTime() + 86_400_000);
  const row = await db
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(volume), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('sell_mode', '=', 'quick')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('status', 'in', ['submitted', 'confirmed'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

function refuseSellMode(check: SellCheck, volume: number, mode: 'card' | 'xjb' | 'quick' | 'pension', quickUsedFen: number): void {
  const cashFund = check.fund.code === CASH_FUND_CODE;
  // A Y class sells only into the pension account, and only a Y class does (issue 24).
  const y = isPensionShareClass(check.fund.share_class);
  if (y !== (mode === 'pension')) throw new TradeRefusal(y ? 'pensionFundOnly' : 'pensionNotEligible', { name: check.fund.name });
  if (mode === 'xjb' && cashFund) throw new TradeRefusal('cashNotAllowed', { reason: check.fund.name });
  if (mode === 'quick') {
    if (!cashFund) throw new TradeRefusal('cashNotAllowed', { reason: check.fund.name });
    const left = quickQuotaLeftFen(quickUsedFen);
    if (volume > left) {
      throw new TradeRefusal(
        'cashQuickQuota',
        { limit: fenText(QUICK_WITHDRAW_DAILY_LIMIT_FEN), left: fenText(left), date: check.dates.arrivalDate },
        { quick_quota_left: fenText(left), normal_arrival_date: check.dates.arrivalDate },
      );
    }
  }
  if (cashFund && volume > check.availableVolume)
    throw new TradeRefusal(
      'cashInsufficient',
      { available: fenText(check.availableVolume) },
      { available: fenText(check.availableVolume) },
    );
}

/**
 * Places a redemption of `volume` shares: the lots it takes (first in, first out) are frozen until confirmation.
 * 'quick' (the cash fund's 快速取现): the platform advances the money to the card now; the redemption repays it.
 */
export async function placeSell(deps: TradingDeps, input: SellInput): Promise<PlacedOrder> {
  const { userId, volume, requestId } = input;
  // A Y class's sale goes into the pension account unless another destination is asked for (then refused).
  const mode = input.sellMode ?? ((await loadTradeFund(deps.db.kysely, input.fundCode))?.share_class === 'Y' ? 'pension' : 'card');
  if (!Number.isSafeInteger(volume) || volume <= 0) throw new TradeRefusal('invalidVolume');
  const hash = requestHash(mode === 'card' ? ['sell', input.fundCode, volume] : ['sell', input.fundCode, volume, mode]);
  const kysely = deps.db.kysely;
  const early = await replayed(kysely, userId, requestId, hash);
  if (early) return early;
  const investor = await loadInvestor(kysely, userId, shanghaiDate(deps.clock.now()));
  if (!investor.openTrade || !investor.card) throw new TradeRefusal('accountNotOpened');
  const first = await checkSell(deps, kysely, userId, input.fundCode);
  refuseSellMode(first, volume, mode, mode === 'quick' ? await quickUsedOn(kysely, userId, shanghaiDate(deps.clock.now())) : 0);
  refuseSell(first, volume);
  const now = deps.clock.now();
  if (!input.preauthorised) await checkPassword(kysely, userId, input.password, now, pepperOf(deps));

  return kysely.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const again = await replayed(trx, userId, requestId, hash);
    if (again) return again;
    const check = await checkSell(deps, trx, userId, input.fundCode, true);
    refuseSellMode(check, volume, mode, mode === 'quick' ? await quickUsedOn(trx, userId, shanghaiDate(now)) : 0);
    refuseSell(check, volume);
    const orderId = await freezeForRedemption(trx, {
      userId,
      check,
      volume,
      sellMode: mode,
      linkedOrderId: null,
      requestId,
      hash,
      cardId: investor.card?.id ?? null,
      // Into the cash product: on the confirmation date; 快速取现: today.
      queryDate: mode === 'xjb' ? check.dates.confirmDate : mode === 'quick' ? shanghaiDate(now) : check.dates.arrivalDate,
      now,
      advisory: input.preauthorised === true,
    });
    if (mode === 'quick')
      await post(trx, [
        transfer(ADVANCE_PAYMENT, {
          user_id: userId,
          ref: `order:${orderId}:advance`,
          asset: CNY,
          debit_account: ADVANCE.at(),
          credit_account: BANK.at(),
          amount_hundredths: volume,
          order_id: orderId,
          business_date: shanghaiDate(now),
        }),
      ]);
    return { userId, orderId };
  });
}

interface RedemptionInput {
  userId: number;
  check: SellCheck;
  volume: number;
  sellMode: 'card' | 'xjb' | 'quick' | 'pay' | 'pension';
  linkedOrderId: number | null;
  requestId: string;
  hash: string;
  cardId: number | null;
  queryDate: IsoDate;
  now: Date;
  /** A leg of an advisory plan order: it may take the advisory account's shares (issue 23). */
  advisory?: boolean;
}

/** Inside the user's lock: writes a redemption order and freezes the lots it takes (first in, first out). */
async function freezeForRedemption(trx: Transaction<DB>, input: RedemptionInput): Promise<number> {
  const { userId, check, volume, now } = input;
  // Shares in an advisory account are the account's (docs/PRODUCT.md §7.5): an ordinary sale takes only the others.
  if (!input.advisory) {
    const reserved = await advisoryReservedVolume(trx, userId, check.fund.code);
    if (reserved > 0) {
      const held = check.lots.reduce((a, l) => a + l.volume, 0);
      const free = Math.max(0, Math.min(check.availableVolume, held - reserved));
      if (volume > free)
        throw new TradeRefusal(
          'advisorySharesReserved',
          { available: fenText(free), reserved: fenText(reserved) },
          { available_volume: fenText(free), advisory_volume: fenText(reserved) },
        );
    }
  }
  const takes = takeFifo(check.lots, volume, check.dates.tradeDate);
  if (!takes) throw new TradeRefusal('insufficientShares', { available: fenText(check.availableVolume) });
  const { fund, dates } = check;
  const estimate = fund.nav ? priceRedemption(check.lots, takes, fund.nav.units, dates.confirmDate, fund.withdraw, fund.rounding_mode) : [];
  const { id } = await trx
    .insertInto('orders')
    .values({
      user_id: userId,
      request_id: input.requestId,
      request_hash: input.hash,
      fund_code: fund.code,
      action: '024',
      status: 'submitted',
      bank_card_id: input.cardId,
      volume,
      fee_fen: estimate.reduce((sum, part) => sum + part.feeFen, 0),
      trade_date: dates.tradeDate,
      confirm_date: dates.confirmDate,
      query_date: input.queryDate,
      sell_mode: input.sellMode,
      linked_order_id: input.linkedOrderId,
      answer: PLACED_ANSWER,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const orderId = Number(id);
  const byId = new Map(check.lots.map((lot) => [lot.id, lot]));
  const freezes: Transfer[] = [];
  for (const take of takes) {
    const lot = byId.get(Number(take.lotId)) as HeldLot;
    // The cost leaves the lot in proportion to the shares; the lot's last shares take what is left.
    const costFen = take.volume === lot.volume ? lot.costFen : mulDiv(lot.costFen, take.volume, lot.volume, 'half_up');
    await trx
      .insertInto('order_lots')
      .values({ user_id: userId, order_id: orderId, lot_id: lot.id, volume: take.volume, cost_fen: costFen })
      .execute();
    await trx
      .updateTable('lots')
      .set((eb) => ({ volume: eb('volume', '-', take.volume), cost_fen: eb('cost_fen', '-', costFen) }))
      .where('user_id', '=', userId)
      .where('id', '=', lot.id)
      .execute();
    freezes.push(
      transfer(REDEEM_FREEZE, {
        user_id: userId,
        ref: `order:${orderId}:freeze:${lot.id}`,
        asset: sharesOf(fund.code),
        debit_account: LOT.at(lot.id),
        credit_account: SELLING.at(fund.code),
        amount_hundredths: take.volume,
        order_id: orderId,
        business_date: shanghaiDate(now),
      }),
    );
  }
  await post(trx, freezes);
  return orderId;
}

// ---- Cancel ---------------------------------------------------------------------------------------------

export interface CancelInput {
  userId: number;
  orderId: number;
  password: string | undefined;
}

interface OrderState {
  id: number;
  action: string;
  status: string;
  fund_code: string;
  trade_date: string;
  amount_fen: number | null;
  pay_method: string;
  sell_mode: string | null;
  linked_order_id: number | null;
}

async function loadOrderState(db: Db, userId: number, orderId: number, lock = false): Promise<OrderState | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return null;
  let query = db
    .selectFrom('orders')
    .select([
      'id',
      'action',
      'status',
      'fund_code',
      sql<string>`trade_date::text`.as('trade_date'),
      'amount_fen',
      'pay_method',
      'sell_mode',
      'linked_order_id',
    ])
    .where('user_id', '=', userId)
    .where('id', '=', orderId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row
    ? {
        ...row,
        id: Number(row.id),
        amount_fen: row.amount_fen === null ? null : Number(row.amount_fen),
        linked_order_id: row.linked_order_id === null ? null : Number(row.linked_order_id),
      }
    : null;
}

function refuseCancel(order: OrderState | null, now: Date): asserts order is OrderState {
  if (!order) throw new TradeRefusal('orderNotFound');
  const open = order.action === '024' ? order.status === 'submitted' : order.action !== '143' && order.status === 'paid';
  if (!open) throw new TradeRefusal('orderAlreadyClosed', { status: order.status });
  // An instant withdrawal has reached the card; a cash payment goes with its purchase (cancel the purchase).
  if (order.sell_mode === 'quick' || order.sell_mode === 'pay') throw new TradeRefusal('orderAlreadyClosed', { status: 'confirmed' });
  if (!isCancellable(order.trade_date, now)) throw new TradeRefusal('orderNotCancellable', { date: order.trade_date });
}

/**
 * Gives a redemption's frozen shares back to their lots and posts the ledger transfers that unfreeze them, dated
 * `businessDate`. Used when a pending redemption is called off: cancelled by the investor, or — a 现金宝 payment —
 * when the purchase it paid for is refused (settlement.ts).
 */
export async function releaseFrozenShares(
  trx: Transaction<DB>,
  userId: number,
  orderId: number,
  fundCode: string,
  businessDate: string,
): Promise<void> {
  const parts = await trx
    .selectFrom('order_lots')
    .select(['lot_id', 'volume', 'cost_fen'])
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .execute();
  for (const part of parts) {
    await trx
      .updateTable('lots')
      .set((eb) => ({ volume: eb('volume', '+', Number(part.volume)), cost_fen: eb('cost_fen', '+', Number(part.cost_fen)) }))
      .where('user_id', '=', userId)
      .where('id', '=', part.lot_id)
      .execute();
  }
  await post(
    trx,
    parts.map((part) =>
      transfer(REDEEM_UNFREEZE, {
        user_id: userId,
        ref: `order:${orderId}:unfreeze:${part.lot_id}`,
        asset: sharesOf(fundCode),
        debit_account: SELLING.at(fundCode),
        credit_account: LOT.at(Number(part.lot_id)),
        amount_hundredths: Number(part.volume),
        order_id: orderId,
        business_date: businessDate,
      }),
    ),
  );
}

/** Gives a pending redemption's shares back to their lots and marks it cancelled. */
async function unfreezeRedemption(trx: Transaction<DB>, userId: number, orderId: number, fundCode: string, now: Date): Promise<void> {
  await releaseFrozenShares(trx, userId, orderId, fundCode, shanghaiDate(now));
  await trx
    .updateTable('orders')
    .set({ status: 'cancelled', updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', orderId)
    .where('status', '=', 'submitted')
    .execute();
}

/**
 * Cancels an order before 15:00 of its trade date: a purchase's money goes back to the card (paid by the cash
 * product: its frozen cash shares are released at once and the platform's advance returned), a sale's shares to
 * their lots.
 */
export async function cancelOrder(deps: TradingDeps, input: CancelInput): Promise<PlacedOrder> {
  const { userId, orderId } = input;
  const kysely = deps.db.kysely;
  refuseCancel(await loadOrderState(kysely, userId, orderId), deps.clock.now());
  await checkPassword(kysely, userId, input.password, deps.clock.now(), pepperOf(deps));
  return kysely.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const now = deps.clock.now();
    const order = await loadOrderState(trx, userId, orderId, true);
    refuseCancel(order, now);
    if (order.action === '024') {
      await unfreezeRedemption(trx, userId, orderId, order.fund_code, now);
    } else {
      const amount = order.amount_fen as number;
      const byCash = order.pay_method === 'xjb';
      await post(trx, [
        transfer(PURCHASE_REFUND, {
          user_id: userId,
          ref: `order:${orderId}:refund`,
          asset: CNY,
          debit_account: PURCHASE.at(order.fund_code),
          credit_account: byCash ? ADVANCE.at() : order.pay_method === 'pension' ? PENSION.at() : BANK.at(),
          amount_hundredths: amount,
          order_id: orderId,
          business_date: shanghaiDate(now),
        }),
      ]);
      if (byCash && order.linked_order_id !== null) await unfreezeRedemption(trx, userId, order.linked_order_id, CASH_FUND_CODE, now);
      // The coupon it used is the investor's again (services/coupons.ts); nothing was posted for it yet.
      await returnCoupon(trx, userId, orderId);
      await trx
        .updateTable('orders')
        .set({ status: 'cancelled', refund_fen: amount, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', orderId)
        .execute();
    }
    return { userId, orderId };
  });
}

/** The date a cancelled purchase's refund reaches the card (Danjuan's undo_tip: T+2, 19:00). */
export function refundDate(tradeDate: IsoDate): IsoDate {
  return addTradingDays(tradeDate, 2);
}

// ---- Reading orders -------------------------------------------------------------------------------------

export interface OrderRow {
  user_id: number;
  id: number;
  fund_code: string;
  fund_name: string;
  action: string;
  status: string;
  amount_fen: number | null;
  volume: number | null;
  fee_fen: number | null;
  rate_ppm: number | null;
  standard_rate_ppm: number | null;
  trade_date: string;
  confirm_date: string;
  query_date: string;
  confirm_nav: string | null;
  confirm_amount_fen: number | null;
  confirm_volume: number | null;
  refund_fen: number | null;
  fail_reason: string | null;
  risk_warning: { text: string; accepted_at: string } | null;
  created_at: Date;
  settled_at: Date | null;
  bank_code: string | null;
  card_tail: string | null;
  plan_id: number | null;
  pay_method: string;
  sell_mode: string | null;
  linked_order_id: number | null;
  coupon_id: number | null;
  coupon_discount_fen: number | null;
  /** The fund's share class ('Y': a pension class, whose money moves only through the pension account). */
  share_class?: string | null;
}

export interface OrderLotRow {
  lot_id: number;
  volume: number;
  holding_days: number | null;
  rate_ppm: number | null;
  fee_fen: number | null;
  lot_confirm_date: string;
}

function orderQuery(db: Db, userId: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('fund as f', 'f.code', 'o.fund_code')
    .leftJoin('bank_cards as c', (j) => j.onRef('c.user_id', '=', 'o.user_id').onRef('c.id', '=', 'o.bank_card_id'))
    .select([
      'o.user_id',
      'o.id',
      'o.fund_code',
      'f.name as fund_name',
      'f.share_class',
      'o.action',
      'o.status',
      'o.amount_fen',
      'o.volume',
      'o.fee_fen',
      'o.rate_ppm',
      'o.standard_rate_ppm',
      sql<string>`o.trade_date::text`.as('trade_date'),
      sql<string>`o.confirm_date::text`.as('confirm_date'),
      sql<string>`o.query_date::text`.as('query_date'),
      'o.confirm_nav',
      'o.confirm_amount_fen',
      'o.confirm_volume',
      'o.refund_fen',
      'o.fail_reason',
      'o.risk_warning',
      'o.created_at',
      'o.settled_at',
      'c.bank_code',
      'c.card_tail',
      'o.plan_id',
      'o.pay_method',
      'o.sell_mode',
      'o.linked_order_id',
      'o.coupon_id',
      'o.coupon_discount_fen',
    ])
    .where('o.user_id', '=', userId);
}

function normaliseOrder(row: Record<string, unknown>): OrderRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(row as unknown as OrderRow),
    user_id: Number(row.user_id),
    id: Number(row.id),
    amount_fen: num(row.amount_fen),
    volume: num(row.volume),
    fee_fen: num(row.fee_fen),
    confirm_amount_fen: num(row.confirm_amount_fen),
    confirm_volume: num(row.confirm_volume),
    refund_fen: num(row.refund_fen),
    plan_id: num(row.plan_id),
    linked_order_id: num(row.linked_order_id),
    coupon_id: num(row.coupon_id),
    coupon_discount_fen: num(row.coupon_discount_fen),
  };
}

/** One of the user's orders with its lots (redemptions), or null: someone else's id reads as no order. */
export async function loadOrder(db: Db, userId: number, orderId: number): Promise<{ order: OrderRow; lots: OrderLotRow[] } | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return null;
  const row = await orderQuery(db, userId).where('o.id', '=', orderId).executeTakeFirst();
  if (!row) return null;
  const lots = await db
    .selectFrom('order_lots as ol')
    .innerJoin('lots as l', (j) => j.onRef('l.user_id', '=', 'ol.user_id').onRef('l.id', '=', 'ol.lot_id'))
    .select([
      'ol.lot_id',
      'ol.volume',
      'ol.holding_days',
      'ol.rate_ppm',
      'ol.fee_fen',
      sql<string>`l.confirm_date::text`.as('lot_confirm_date'),
    ])
    .where('ol.user_id', '=', userId)
    .where('ol.order_id', '=', orderId)
    .orderBy('l.confirm_date')
    .orderBy('ol.lot_id')
    .execute();
  return {
    order: normaliseOrder(row),
    lots: lots.map((l) => ({
      ...l,
      lot_id: Number(l.lot_id),
      volume: Number(l.volume),
      fee_fen: l.fee_fen === null ? null : Number(l.fee_fen),
    })),
  };
}

/** The user's orders, newest first; `inProgress` keeps those not yet confirmed or settled. */
export async function listOrders(
  db: Db,
  userId: number,
  page: number,
  size: number,
  opts: { inProgress?: boolean; fundCode?: string } = {},
): Promise<{ total: number; rows: OrderRow[] }> {
  let count = db
    .selectFrom('orders')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId);
  let rows = orderQuery(db, userId);
  if (opts.inProgress) {
    const open = sql<boolean>`(o.status IN ('submitted', 'paid') OR (o.action = '024' AND o.status = 'confirmed' AND o.settled_at IS NULL))`;
    rows = rows.where(open);
    count = count.where(
      sql<boolean>`(status IN ('submitted', 'paid') OR (action = '024' AND status = 'confirmed' AND settled_at IS NULL))`,
    );
  }
  if (opts.fundCode !== undefined) {
    rows = rows.where('o.fund_code', '=', opts.fundCode);
    count = count.where('fund_code', '=', opts.fundCode);
  }
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  const list = await rows
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { total, rows: list.map(normaliseOrder) };
}

/** Some of the user's orders by id (the order list's page when it mixes in the advisory plan orders, issue 23). */
export async function loadOrderRows(db: Db, userId: number, ids: readonly number[]): Promise<Map<number, OrderRow>> {
  if (ids.length === 0) return new Map();
  const rows = await orderQuery(db, userId)
    .where('o.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), normaliseOrder(r)]));
}

/** Cash or reinvested dividends for one holding (before the record date; cash is the default). */
export async function setDividendMethod(deps: TradingDeps, userId: number, fundCode: string, method: 'cash' | 'reinvest'): Promise<void> {
  const lots = await loadLots(deps.db.kysely, userId, fundCode);
  if (lots.length === 0) throw new TradeRefusal('noHolding');
  const now = deps.clock.now();
  await deps.db.kysely
    .insertInto('holding_options')
    .values({ user_id: userId, fund_code: fundCode, dividend_method: method, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'fund_code']).doUpdateSet({ dividend_method: method, updated_at: now }))
    .execute();
}
