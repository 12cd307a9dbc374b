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
import { sql, type Kysely, type Transaction } from 'kysely';
import { quotePurchase, type FeeBracket, type PurchaseQuote } from '../../../src/lib/fees';
import { availableVolume, fifoOrder, priceRedemption, takeFifo, type Lot } from '../../../src/lib/lots';
import { suitability, type SuitabilityVerdict } from '../../../src/lib/suitability';
import { QUICK_WITHDRAW_DAILY_LIMIT_FEN, quickQuotaLeftFen } from '../../../src/lib/cash-rules';
import { mulDiv, navToUnits, percentToPpm, type RoundingMode } from '../../../src/lib/trade-math';
import type { Database } from '../db/database';
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
import type { Bank } from './bank';
import { couponDiscountFor, markCouponUsed, returnCoupon } from './coupons';
import { verifyTradePassword } from './trade-password';
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
import { post, transfer, type Transfer } from '../ledger/post';

export const MONEY_MARKET_TYPE = 4;
/** The money-market fund behind the cash-management product (现金宝): its lots are the investor's cash balance. */
export const CASH_FUND_CODE: string = FUND_SAMPLES.xjb;
/** Request ids: made by the client once per purchase intent. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export interface TradingDeps {
  db: Database;
  clock: Clock;
  bank: Bank;
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
  return {
    ...fund,
    daily_purchase_limit_fen: fund.daily_purchase_limit_fen === null ? null : Number(fund.daily_purchase_limit_fen),
    large_purchase_limit_fen: fund.large_purchase_limit_fen === null ? null : Number(fund.large_purchase_limit_fen),
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
  let refusal: string | null = null;
  if (!BUYABLE_STATUSES.has(fund.sale_status)) refusal = fund.status_reason || fund.sale_status;
  else if (dates.mode === 'purchase' && fund.nav === null) refusal = fund.status_reason || 'no NAV yet';
  const minFen = fund.min_purchase_fen;
  const dailyLeftFen =
    fund.daily_purchase_limit_fen === null
      ? null
      : Math.max(0, fund.daily_purchase_limit_fen - (await boughtOn(db, userId, fund.code, dates.tradeDate)));
  const bankUsedFen = investor.card ? await deps.bank.usedOn(db, userId, investor.card.id, shanghaiDate(now)) : 0;
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

export async function checkPassword(db: Db, userId: number, password: string | undefined, now: Date): Promise<void> {
  const result = await verifyTradePassword(db as Kysely<DB>, { userId, password, now });
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
  await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
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

/**
 * Places a purchase (or, in a building period, a subscription) paid from the bound card or the cash product.
 * Returns the order; a declined card payment records a failed order (no ledger entry) and throws `paymentFailed`
 * with its order id. Paid by the cash product: the cash shares are frozen by a redemption linked to the purchase
 * (sell_mode 'pay') and the platform advances the money at once; that redemption repays it when it settles.
 */
export async function placeBuy(deps: TradingDeps, input: BuyInput): Promise<PlacedOrder> {
  const { userId, amountFen, requestId } = input;
  const payMethod = input.payMethod ?? 'bankcard';
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new TradeRefusal('invalidAmount');
  const hash = requestHash(
    input.couponId === undefined
      ? ['buy', input.fundCode, amountFen, payMethod]
      : ['buy', input.fundCode, amountFen, payMethod, input.couponId],
  );
  const kysely = deps.db.kysely;
  const early = await replayed(kysely, userId, requestId, hash);
  if (early) return early;
  const before = await checkBuy(deps, kysely, userId, input.fundCode);
  refuseBuy(
    before,
    amountFen,
    input.riskConfirm,
    deps.bank,
    payMethod === 'xjb' ? await cashPayment(deps, kysely, userId) : null,
    payMethod === 'pension' ? await pensionPayment(kysely, userId) : null,
  );
  const now = deps.clock.now();
  if (input.couponId !== undefined) await couponFor(kysely, input, before, now);
  // A plan's run (services/auto-invest.ts) and a booking's subscription (services/lump-sum.ts) were authorised with
  // the trade password when the plan or booking was made.
  if (input.planId === undefined && !input.preauthorised) await checkPassword(kysely, userId, input.password, now);

  let declined: TradeRefusal | null = null;
  const placed = await kysely.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const again = await replayed(trx, userId, requestId, hash);
    if (again) return again;
    // Authoritative checks under the lock: everything the user placed before has committed.
    const check = await checkBuy(deps, trx, userId, input.fundCode);
    const cash = payMethod === 'xjb' ? await cashPayment(deps, trx, userId, true) : null;
    const pension = payMethod === 'pension' ? await pensionPayment(trx, userId) : null;
    refuseBuy(check, amountFen, input.riskConfirm, deps.bank, cash, pension);
    const { fund, investor, dates } = check;
    const card = investor.card as NonNullable<Investor['card']>;
    const quote = purchaseQuote(fund, dates, amountFen);
    const coupon = input.couponId === undefined ? null : await couponFor(trx, input, check, now, true);
    const riskWarning =
      check.suitability === 'warn'
        ? JSON.stringify({
            text: input.riskWarningText(fund.risk_level, investor.riskLevel as number),
            fund_code: fund.code,
            fund_risk: fund.risk_level,
            investor_level: investor.riskLevel,
            accepted_at: now.toISOString(),
          })
        : null;
    const { id } = await trx
      .insertInto('orders')
      .values({
        user_id: userId,
        request_id: requestId,
        request_hash: hash,
        fund_code: fund.code,
        action: dates.mode === 'subscribe' ? '020' : '022',
        status: 'paid',
        pay_method: payMethod,
        bank_card_id: card.id,
        amount_fen: amountFen,
        // With a coupon the investor pays the fee less its discount; the marketing account pays the rest (settlement).
        fee_fen: quote.feeFen - (coupon?.discountFen ?? 0),
        coupon_id: coupon ? input.couponId : null,
        coupon_discount_fen: coupon ? coupon.discountFen : null,
        rate_ppm: quote.fixedFen === null ? quote.ratePpm : null,
        standard_rate_ppm: quote.fixedFen === null ? quote.standardRatePpm : null,
        trade_date: dates.tradeDate,
        confirm_date: dates.confirmDate,
        query_date: dates.queryDate,
        risk_warning: riskWarning,
        plan_id: input.planId ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderId = Number(id);
    if (coupon && input.couponId !== undefined) await markCouponUsed(trx, userId, input.couponId, orderId, coupon.discountFen, now);
    if (cash) {
      // The cash shares paying for it are redeemed (income until their trade date); the platform pays now.
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
      await trx.updateTable('orders').set({ linked_order_id: payId }).where('user_id', '=', userId).where('id', '=', orderId).execute();
      await post(trx, [
        transfer(PURCHASE_PAYMENT, {
          user_id: userId,
          ref: `order:${orderId}:pay`,
          asset: CNY,
          debit_account: ADVANCE.at(),
          credit_account: PURCHASE.at(fund.code),
          amount_hundredths: amountFen,
          order_id: orderId,
          business_date: shanghaiDate(now),
        }),
      ]);
    } else if (pension) {
      // From the pension account (no bank payment); the holding reinvests its dividends unless the investor changes it.
      await post(trx, [
        transfer(PURCHASE_PAYMENT, {
          user_id: userId,
          ref: `order:${orderId}:pay`,
          asset: CNY,
          debit_account: PENSION.at(),
          credit_account: PURCHASE.at(fund.code),
          amount_hundredths: amountFen,
          order_id: orderId,
          business_date: shanghaiDate(now),
        }),
      ]);
      await trx
        .insertInto('holding_options')
        .values({ user_id: userId, fund_code: fund.code, dividend_method: 'reinvest', updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'fund_code']).doNothing())
        .execute();
    } else {
      const paid = await deps.bank.debit(trx, {
        paymentId: `order:${orderId}`,
        userId,
        cardId: card.id,
        bankCode: card.bankCode,
        amountFen,
        day: shanghaiDate(now),
        now,
      });
      if (!paid.ok) {
        if (paid.refusal === 'per_payment_limit')
          throw new TradeRefusal('bankPerPaymentLimit', { bankCode: card.bankCode, limit: fenText(paid.limits.perPaymentFen) });
        if (paid.refusal === 'daily_limit') {
          throw new TradeRefusal('bankDailyLimit', {
            bankCode: card.bankCode,
            limit: fenText(paid.limits.dailyFen),
            left: fenText(Math.max(0, paid.limits.dailyFen - paid.usedTodayFen)),
          });
        }
        // Declined: the order is kept as failed, with nothing posted, and its answer is the refusal.
        declined = new TradeRefusal('paymentFailed', { reason: 'declined' }, { order_id: String(orderId) });
        const stored: StoredRefusal = { refusal: { reason: declined.reason, params: declined.params, data: {} } };
        await trx
          .updateTable('orders')
          .set({ status: 'failed', fail_reason: 'payment_declined', answer: JSON.stringify(stored), updated_at: now })
          .where('user_id', '=', userId)
          .where('id', '=', orderId)
          .execute();
        return { userId, orderId };
      }
      await post(trx, [
        transfer(PURCHASE_PAYMENT, {
          user_id: userId,
          ref: `order:${orderId}:pay`,
          asset: CNY,
          debit_account: BANK.at(),
          credit_account: PURCHASE.at(fund.code),
          amount_hundredths: amountFen,
          order_id: orderId,
          business_date: shanghaiDate(now),
        }),
      ]);
    }
    await trx
      .updateTable('orders')
      .set({ answer: JSON.stringify({ placed: true }) })
      .where('user_id', '=', userId)
      .where('id', '=', orderId)
      .execute();
    return { userId, orderId };
  });
  if (declined) throw declined;
  return placed;
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
  await checkPassword(kysely, userId, input.password, now);

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
}

/** Inside the user's lock: writes a redemption order and freezes the lots it takes (first in, first out). */
async function freezeForRedemption(trx: Transaction<DB>, input: RedemptionInput): Promise<number> {
  const { userId, check, volume, now } = input;
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
      answer: JSON.stringify({ placed: true }),
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
  await checkPassword(kysely, userId, input.password, deps.clock.now());
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
  opts: { inProgress?: boolean } = {},
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
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  const list = await rows
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { total, rows: list.map(normaliseOrder) };
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
