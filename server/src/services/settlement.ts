// The daily settlement (job 'settle-trades', after the day's NAVs are published): confirm purchases and
// subscriptions at NAV(T) (shares by the fund's rounding mode; the excess over a large-purchase limit refunded),
// confirm redemptions at NAV(T) (fee lot by lot), pay proceeds out on their arrival date, and pay dividends (cash
// to the card, or reinvested at the ex-date NAV without fee). docs/PRODUCT.md §5.
//
// Set-based: each step reads its due orders in chunks and writes each chunk with a handful of multi-row
// statements in one transaction (no round trip per order); the arithmetic is the shared rules (src/lib/fees.ts,
// lots.ts) so the server and the app's preview cannot disagree. Idempotent and resumable: a chunk's first
// statement moves its orders out of the state the step selects (`WHERE status = 'paid'`), and every ledger
// transfer has a unique ref, so a second run — or a run after a crash between chunks — posts nothing twice.
// Purchases, the bulk of a day (bench/README.md, "Settlement"): the due orders' keys are read once per page, not
// once per chunk; a chunk is one statement for its orders, lots and transfers; chunks of different investors run
// SETTLEMENT_PARALLEL at a time on PostgreSQL.
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { type FeeBracket } from '../../../src/lib/fees';
import { navToUnits, percentToPpm, unitsToNav, type RoundingMode } from '../../../src/lib/trade-math';
import type { Database } from '../db/database';
import { eachConcurrently } from '../db/concurrently';
import type { DB } from '../db/types';
import { per10kToUnits } from '../../../src/lib/cash-rules';
import { addCalendarDays, nextTradingDay, type IsoDate } from '../domain/calendar';
import { confirmPurchase, confirmRedemption, priceDividend, raisingInterestFen } from '../domain/pricing';
import { CASH_FUND_CODE, lockInvestors, MONEY_MARKET_TYPE, PLACED_ANSWER, releaseFrozenShares } from './trading';
import {
  ADVANCE,
  BANK,
  CNY,
  COMPANY,
  DIVIDEND_CASH,
  DIVIDEND_REINVEST,
  FEE,
  LOT,
  MMF_INCOME,
  PAYOUT,
  PENSION,
  PROCEEDS,
  PURCHASE,
  PURCHASE_COST,
  PURCHASE_FEE,
  PURCHASE_REFUND,
  REDEEM_FEE,
  REDEEM_PROCEEDS,
  REDEEM_UNFREEZE,
  REGISTRAR,
  SELLING,
  SHARE_ISSUE,
  SHARE_REDEEM,
  sharesOf,
  sharesOfSql,
} from '../ledger/chart';
import { post, postFrom, transfer, type Transfer } from '../ledger/post';
import { COUPON_SUBSIDY, MARKETING, RAISING_INTEREST } from './activity-ledger';

export const SETTLEMENT_CHUNK = 2_000;

export interface SettlementReport {
  purchases_confirmed: number;
  purchases_failed: number;
  purchases_partly_refunded: number;
  /** Purchases paid from the cash product whose refund went back into it (docs/PRODUCT.md §10.17). */
  refunds_to_cash: number;
  redemptions_confirmed: number;
  redemptions_failed: number;
  /** Redemptions behind a platform advance (快速取现, a cash payment) refused for their trade date: tried again. */
  redemptions_retried: number;
  payouts: number;
  dividend_orders: number;
  income_rows: number;
}

interface FundRules {
  rounding: RoundingMode;
  lockDays: number;
  largeLimitFen: number | null;
  discount: string;
  declare: FeeBracket[];
  subscribe: FeeBracket[];
  withdraw: FeeBracket[];
}

async function loadRules(trx: Transaction<DB>, codes: string[]): Promise<Map<string, FundRules>> {
  const unique = [...new Set(codes)];
  const rules = new Map<string, FundRules>();
  if (unique.length === 0) return rules;
  const funds = await trx
    .selectFrom('fund')
    .select(['code', 'rounding_mode', 'lock_days', 'large_purchase_limit_fen', 'declare_discount'])
    .where('code', 'in', unique)
    .execute();
  const fees = await trx
    .selectFrom('fund_fee')
    .select(['fund_code', 'kind', 'lower_bound', 'upper_bound', 'rate', 'fixed_fee_fen'])
    .where('fund_code', 'in', unique)
    .orderBy('seq')
    .execute();
  // Grouped in one pass (in seq order): filtering all rows per fund and kind was quadratic in the chunk's funds
  // (20 M comparisons a chunk of the default market's ~900 funds).
  const tables = new Map<string, FeeBracket[]>();
  for (const f of fees) {
    const key = `${f.fund_code} ${f.kind}`;
    let list = tables.get(key);
    if (!list) tables.set(key, (list = []));
    list.push({
      lower: Number(f.lower_bound),
      upper: f.upper_bound === null ? null : Number(f.upper_bound),
      ratePpm: f.rate === null ? null : percentToPpm(f.rate),
      fixedFen: f.fixed_fee_fen === null ? null : Number(f.fixed_fee_fen),
    });
  }
  const table = (code: string, kind: string): FeeBracket[] => tables.get(`${code} ${kind}`) ?? [];
  for (const f of funds) {
    rules.set(f.code, {
      rounding: f.rounding_mode as RoundingMode,
      lockDays: f.lock_days,
      largeLimitFen: f.large_purchase_limit_fen === null ? null : Number(f.large_purchase_limit_fen),
      discount: f.declare_discount,
      declare: table(f.code, 'declare'),
      subscribe: table(f.code, 'subscribe'),
      withdraw: table(f.code, 'withdraw'),
    });
  }
  return rules;
}

/**
 * NAV units of (fund, date) pairs. Each pair is asked once, and the codes travel as `bpchar[]`, the column's type:
 * compared with `text` the code is cast per row, the primary key (fund_code, date) cannot be used and every chunk
 * scanned all of fund_nav (0.5 s a chunk on the default market's 1,000 funds).
 */
async function loadNavs(trx: Transaction<DB>, pairs: Array<[string, string]>): Promise<Map<string, number>> {
  const navs = new Map<string, number>();
  if (pairs.length === 0) return navs;
  const unique = [...new Map(pairs.map((p) => [`${p[0]} ${p[1]}`, p])).values()];
  const codes = unique.map((p) => p[0]);
  const dates = unique.map((p) => p[1]);
  const rows = await sql<{ fund_code: string; date: string; nav: string }>`
    SELECT n.fund_code, n.date::text AS date, n.nav::text AS nav
    FROM fund_nav n JOIN unnest(${codes}::bpchar[], ${dates}::date[]) AS p(code, day) ON n.fund_code = p.code AND n.date = p.day`.execute(
    trx,
  );
  for (const r of rows.rows) navs.set(`${r.fund_code} ${r.date}`, navToUnits(r.nav));
  return navs;
}

interface DuePurchase {
  user_id: number;
  id: number;
  fund_code: string;
  action: string;
  amount_fen: number;
  fee_fen: number;
  trade_date: string;
  confirm_date: string;
  pay_method: string;
  linked_order_id: number | null;
  /** The fee a registration coupon took off (fee_fen is what the investor pays), borne by the marketing account. */
  coupon_discount_fen: number;
}

/** The yearly interest rates (ppm) of the raisings announced failed among these funds (fund_raising_outcomes). */
async function loadFailedRaisings(trx: Transaction<DB>, codes: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const rows = await trx
    .selectFrom('fund_raising_outcomes')
    .select(['fund_code', 'interest_rate'])
    .where('fund_code', 'in', unique)
    .where('outcome', '=', 'failed')
    .execute();
  return new Map(rows.map((r) => [r.fund_code, percentToPpm(r.interest_rate)]));
}

/**
 * What the chunks of one run read alike — the funds' rules, NAVs, failed raisings — read once a run, not once a chunk:
 * a chunk of the default market's 2,000 orders names ~900 funds, and at 100,000 orders these three reads were 11 % of
 * the step's statement time (bench/trading/settle.ts, 2026-11-29). Nothing of them changes while the day settles.
 */
interface RunMemo {
  /** A fund's rules by code; null: no such fund. */
  rules: Map<string, FundRules | null>;
  /** NAV units by `code date`; null: none published. */
  navs: Map<string, number | null>;
  /** A failed raising's yearly interest (ppm) by fund; null: none. */
  failedRaisings: Map<string, number | null>;
}

const newRunMemo = (): RunMemo => ({ rules: new Map(), navs: new Map(), failedRaisings: new Map() });

/** `memo` with every one of `keys` in it: those it lacks read by one call of `load` (null where it finds none). */
async function readOnce<V>(
  memo: Map<string, V | null>,
  keys: string[],
  load: (missing: string[]) => Promise<Map<string, V>>,
): Promise<Map<string, V | null>> {
  const missing = [...new Set(keys)].filter((key) => !memo.has(key));
  if (missing.length === 0) return memo;
  const found = await load(missing);
  for (const key of missing) memo.set(key, found.get(key) ?? null);
  return memo;
}

export { raisingInterestFen } from '../domain/pricing';

/** How many due orders' keys (investor, fund, trade date, id) are read at a time; the chunks are taken from them in order. */
export const SETTLEMENT_KEY_PAGE = 200_000;

/**
 * The purchases and subscriptions due on `date`, (user_id, id) in the order the step confirms them (investor, fund,
 * trade date, order id: the order large-purchase limits are used up in), SETTLEMENT_KEY_PAGE at a time after `after`.
 * Read from `orders_open`, the orders not yet confirmed (migration 0016_open_orders.sql: `status` is in no index of
 * `orders`, so confirming one is a HOT update).
 * One scan per page: with no index in that order, a `LIMIT chunk` per chunk would scan (and sort) every order still
 * due — and the index entries of those already confirmed — again for each chunk, quadratic in the day's orders.
 */
async function duePurchaseKeys(db: Database, date: IsoDate, after: DueKey | null): Promise<DueKey[]> {
  const rows = await sql<DueKey>`
    SELECT user_id, id, fund_code, trade_date::text AS trade_date FROM orders_open
    WHERE status = 'paid' AND action IN ('020', '022') AND confirm_date <= ${date}
      ${after ? sql`AND user_id >= ${after.user_id} AND (user_id, fund_code, trade_date, id) > (${after.user_id}, ${after.fund_code}::char(6), ${after.trade_date}::date, ${after.id})` : sql``}
    ORDER BY user_id, fund_code, trade_date, id LIMIT ${SETTLEMENT_KEY_PAGE}`.execute(db.kysely);
  return rows.rows.map((r) => ({ user_id: Number(r.user_id), id: Number(r.id), fund_code: r.fund_code, trade_date: r.trade_date }));
}

interface DueKey {
  user_id: number;
  id: number;
  fund_code: string;
  trade_date: string;
}

/**
 * Consecutive runs of `keys` of about SETTLEMENT_CHUNK orders, never splitting one investor's orders (a run ends
 * with its last investor's last key), so chunks run side by side touch different investors' rows only.
 */
function chunksByInvestor<K extends { user_id: number }>(keys: readonly K[]): K[][] {
  const chunks: K[][] = [];
  for (let start = 0; start < keys.length; ) {
    let end = Math.min(start + SETTLEMENT_CHUNK, keys.length);
    while (end < keys.length && (keys[end] as K).user_id === (keys[end - 1] as K).user_id) end += 1;
    chunks.push(keys.slice(start, end));
    start = end;
  }
  return chunks;
}

/**
 * Chunk transactions run at once on PostgreSQL (each on a connection of its own); PGlite has one connection. At a
 * million orders on 2 cores (bench/README.md, "Settlement"): 3 and 2 alike on a quiet machine (56.7 / 56.5 s), 3
 * faster while other work shares the cores (57.1 / 63.7 s), 4 slower (more PostgreSQL CPU per order).
 */
export const SETTLEMENT_PARALLEL = 3;

/**
 * Purchases and subscriptions whose confirmation date has come. Chunks of different investors are independent
 * (a large-purchase limit is per investor, fund and day, and each investor's orders are in one chunk of a page, in
 * order), so on PostgreSQL SETTLEMENT_PARALLEL of them run at once; each is one transaction, as before.
 */
async function confirmPurchases(db: Database, date: IsoDate, now: Date, report: SettlementReport): Promise<void> {
  const width = db.kind === 'postgres' ? SETTLEMENT_PARALLEL : 1;
  const memo = newRunMemo();
  // Passes over the due orders until one confirms nothing more (an order locked by someone else is skipped, as
  // `SKIP LOCKED` always did, and left to the next run).
  for (;;) {
    let progressed = false;
    let after: DueKey | null = null;
    for (;;) {
      const keys = await duePurchaseKeys(db, date, after);
      await eachConcurrently(chunksByInvestor(keys), width, async (chunk) => {
        if (await confirmPurchaseChunk(db, date, now, report, memo, chunk)) progressed = true;
      });
      if (keys.length < SETTLEMENT_KEY_PAGE) break;
      after = keys[keys.length - 1] as DueKey;
    }
    if (!progressed) return;
  }
}

/** Confirms (or refuses) one chunk of due purchases, in one transaction; false when none of them was still due. */
async function confirmPurchaseChunk(
  db: Database,
  date: IsoDate,
  now: Date,
  report: SettlementReport,
  memo: RunMemo,
  keys: DueKey[],
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const mine = await lockInvestors(trx, [...new Set(keys.map((k) => k.user_id))]);
    const ours = keys.filter((k) => mine.has(k.user_id));
    if (ours.length === 0) return false;
    const due = (
      await sql<DuePurchase>`
        SELECT o.user_id, o.id, o.fund_code, o.action, o.amount_fen, o.fee_fen, o.trade_date::text AS trade_date, o.confirm_date::text AS confirm_date,
               o.pay_method, o.linked_order_id, o.coupon_discount_fen
        FROM orders o JOIN unnest(${ours.map((k) => k.user_id)}::bigint[], ${ours.map((k) => k.id)}::bigint[]) AS k(user_id, id) ON o.user_id = k.user_id AND o.id = k.id
        WHERE o.status = 'paid' AND o.action IN ('020', '022') AND o.confirm_date <= ${date}
        ORDER BY o.user_id, o.fund_code, o.trade_date, o.id`.execute(trx)
    ).rows.map((r) => ({
      user_id: Number(r.user_id),
      id: Number(r.id),
      fund_code: r.fund_code,
      action: r.action,
      amount_fen: Number(r.amount_fen),
      fee_fen: Number(r.fee_fen),
      trade_date: r.trade_date,
      confirm_date: r.confirm_date,
      pay_method: r.pay_method,
      linked_order_id: r.linked_order_id === null ? null : Number(r.linked_order_id),
      coupon_discount_fen: Number(r.coupon_discount_fen ?? 0),
    }));
    if (due.length === 0) return false;
    const rules = await readOnce(
      memo.rules,
      due.map((o) => o.fund_code),
      (codes) => loadRules(trx, codes),
    );
    const navs = await readOnce(
      memo.navs,
      due.filter((o) => o.action === '022').map((o) => `${o.fund_code} ${o.trade_date}`),
      (keys) =>
        loadNavs(
          trx,
          keys.map((key) => key.split(' ') as [string, string]),
        ),
    );
    // Raisings announced failed (募集失败, services/lump-sum.ts): their subscriptions are refunded with interest.
    const failedRaisings = await readOnce(
      memo.failedRaisings,
      due.filter((o) => o.action === '020').map((o) => o.fund_code),
      (codes) => loadFailedRaisings(trx, codes),
    );
    // Large-purchase limits: what each (investor, fund, day) already had confirmed — one statement for the chunk.
    const limitedKeys = [
      ...new Map(
        due
          .filter((o) => rules.get(o.fund_code)?.largeLimitFen != null)
          .map((o) => [`${o.user_id} ${o.fund_code} ${o.trade_date}`, o] as const),
      ).values(),
    ];
    const used = new Map<string, number>();
    if (limitedKeys.length > 0) {
      const totals = await sql<{ user_id: number; fund_code: string; trade_date: string; total: string }>`
        SELECT k.user_id, k.fund_code, k.trade_date::text AS trade_date, coalesce(sum(o.confirm_amount_fen), 0)::text AS total
        FROM unnest(${limitedKeys.map((o) => o.user_id)}::bigint[], ${limitedKeys.map((o) => o.fund_code)}::bpchar[], ${limitedKeys.map((o) => o.trade_date)}::date[])
          AS k(user_id, fund_code, trade_date)
        LEFT JOIN orders o ON o.user_id = k.user_id AND o.fund_code = k.fund_code AND o.trade_date = k.trade_date
          AND o.status = 'confirmed' AND o.action IN ('020', '022')
        GROUP BY k.user_id, k.fund_code, k.trade_date`.execute(trx);
      for (const r of totals.rows) used.set(`${Number(r.user_id)} ${r.fund_code} ${r.trade_date}`, Number(r.total));
    }
    // Confirmed orders as one array per column: the statement below updates them, adds their lots and posts their
    // transfers (the rows are derived in SQL: a JS object and nine array elements per transfer cost more than the
    // database's work on them).
    const confirmed = {
      user_id: [] as number[],
      id: [] as number[],
      fund_code: [] as string[],
      nav: [] as string[],
      amount: [] as number[],
      volume: [] as number[],
      fee: [] as number[],
      refund: [] as number[],
      refund_to_bank: [] as number[],
      confirm_date: [] as string[],
      lot_trade_date: [] as string[],
      locked_until: [] as Array<string | null>,
      coupon: [] as number[],
    };
    let partlyRefunded = 0;
    const failed: Array<{ user_id: number; id: number; refund: number; reason: string }> = [];
    const refunds: Transfer[] = [];
    // Refunds of purchases paid from the cash product: back into it, never to the card (refundToCash).
    const cashRefunds: Array<{ order: DuePurchase; refund: number; whole: boolean }> = [];
    const refundAll = (o: DuePurchase, refund = o.amount_fen, reason = 'fund_company_refused') => {
      failed.push({ user_id: o.user_id, id: o.id, refund, reason });
      if (o.pay_method === 'xjb') cashRefunds.push({ order: o, refund, whole: true });
      else
        refunds.push(
          transfer(PURCHASE_REFUND, {
            user_id: o.user_id,
            ref: `order:${o.id}:refund`,
            asset: CNY,
            debit_account: PURCHASE.at(o.fund_code),
            // A Y-class purchase (issue 24) goes back into the pension account, never to the card.
            credit_account: o.pay_method === 'pension' ? PENSION.at() : BANK.at(),
            amount_hundredths: refund,
            order_id: o.id,
            business_date: date,
          }),
        );
    };
    for (const o of due) {
      const rule = rules.get(o.fund_code) as FundRules;
      const failedRaising = o.action === '020' ? (failedRaisings.get(o.fund_code) ?? null) : null;
      if (failedRaising !== null) {
        // The fund company pays the interest into the subscription's account first; the whole goes back as the refund.
        const interest = raisingInterestFen(o.amount_fen, failedRaising, o.trade_date, date);
        refunds.push(
          transfer(RAISING_INTEREST, {
            user_id: o.user_id,
            ref: `order:${o.id}:interest`,
            asset: CNY,
            debit_account: COMPANY.at(o.fund_code),
            credit_account: PURCHASE.at(o.fund_code),
            amount_hundredths: interest,
            order_id: o.id,
            business_date: date,
          }),
        );
        refundAll(o, o.amount_fen + interest, 'raising_failed');
        continue;
      }
      const navUnits = o.action === '020' ? 10_000 : navs.get(`${o.fund_code} ${o.trade_date}`);
      // The confirmation itself is a pure rule (domain/pricing.ts): the part under the large-purchase limit, its fee
      // and coupon, the shares, the excess refunded.
      const key = `${o.user_id} ${o.fund_code} ${o.trade_date}`;
      const priced = confirmPurchase(
        { amountFen: o.amount_fen, feeFen: o.fee_fen, couponFen: o.coupon_discount_fen },
        navUnits ?? null,
        {
          rounding: rule.rounding,
          largeLimitFen: rule.largeLimitFen,
          discount: rule.discount,
          feeTable: o.action === '020' && rule.subscribe.length ? rule.subscribe : rule.declare,
        },
        used.get(key) ?? 0,
      );
      if (rule.largeLimitFen !== null) used.set(key, priced.usedFen);
      const c = priced.confirmation;
      if (c.result === 'refused') {
        refundAll(o);
        continue;
      }
      const { amountFen: amount, feeFen: fee, couponFen: coupon, volume, refundFen: refund } = c;
      if (refund > 0) partlyRefunded += 1;
      confirmed.user_id.push(o.user_id);
      confirmed.id.push(o.id);
      confirmed.fund_code.push(o.fund_code);
      confirmed.nav.push(unitsToNav(navUnits as number));
      confirmed.amount.push(amount);
      confirmed.volume.push(volume);
      confirmed.fee.push(fee);
      confirmed.refund.push(refund);
      confirmed.refund_to_bank.push(o.pay_method === 'xjb' || o.pay_method === 'pension' ? 0 : refund);
      if (refund > 0 && o.pay_method === 'xjb') cashRefunds.push({ order: o, refund, whole: false });
      if (refund > 0 && o.pay_method === 'pension')
        refunds.push(
          transfer(PURCHASE_REFUND, {
            user_id: o.user_id,
            ref: `order:${o.id}:refund`,
            asset: CNY,
            debit_account: PURCHASE.at(o.fund_code),
            credit_account: PENSION.at(),
            amount_hundredths: refund,
            order_id: o.id,
            business_date: date,
          }),
        );
      confirmed.confirm_date.push(o.confirm_date);
      confirmed.lot_trade_date.push(o.action === '020' ? o.confirm_date : o.trade_date);
      confirmed.locked_until.push(rule.lockDays > 0 ? addCalendarDays(o.confirm_date, rule.lockDays) : null);
      confirmed.coupon.push(coupon);
    }
    if (confirmed.id.length > 0) {
      // Per order, in order: the order confirmed; its lot (when it bought shares); its transfers of a positive
      // amount — fee (paid → fee), cost (paid → the fund company: amount − fee), the refund of any excess over a
      // large-purchase limit (paid → the card; paid from the cash product: back into it, below), the shares
      // (registrar → the lot) — each with a unique ref.
      const fund = sql.ref('c.fund_code');
      await postFrom(trx, {
        with: sql`
          c AS (
            SELECT * FROM unnest(${confirmed.user_id}::bigint[], ${confirmed.id}::bigint[], ${confirmed.fund_code}::text[], ${confirmed.nav}::text[],
                                 ${confirmed.amount}::bigint[], ${confirmed.volume}::bigint[], ${confirmed.fee}::bigint[], ${confirmed.refund}::bigint[],
                                 ${confirmed.refund_to_bank}::bigint[], ${confirmed.confirm_date}::date[], ${confirmed.lot_trade_date}::date[],
                                 ${confirmed.locked_until}::date[], ${confirmed.coupon}::bigint[])
              WITH ORDINALITY AS c(user_id, id, fund_code, nav, amount, volume, fee, refund, refund_to_bank, confirm_date, lot_trade_date, locked_until, coupon, ord)
          ),
          confirm AS (
            UPDATE orders o SET status = 'confirmed', confirm_nav = c.nav::numeric, confirm_amount_fen = c.amount, confirm_volume = c.volume,
              fee_fen = c.fee, refund_fen = NULLIF(c.refund, 0), updated_at = ${now},
              coupon_discount_fen = CASE WHEN o.coupon_id IS NULL THEN NULL ELSE c.coupon END
            FROM c WHERE o.user_id = c.user_id AND o.id = c.id AND o.status = 'paid'
          ),
          lot AS (
            INSERT INTO lots (user_id, id, fund_code, order_id, confirm_date, trade_date, locked_until, volume_initial, volume, cost_initial_fen, cost_fen)
            SELECT user_id, id, fund_code, id, confirm_date, lot_trade_date, locked_until, volume, volume, amount, amount FROM c
            WHERE volume > 0 AND NOT EXISTS (SELECT 1 FROM lots l WHERE l.user_id = c.user_id AND l.id = c.id) ORDER BY ord
          )`,
        rows: sql`
          SELECT c.user_id, 'order:' || c.id || ':' || t.part AS ref, t.kind, t.asset, t.debit_account, t.credit_account, t.amount_hundredths,
                 c.id AS order_id, ${date}::date AS business_date, c.ord * 5 + t.k AS ord
          FROM c CROSS JOIN LATERAL (VALUES
            (1, 'fee', ${sql.lit(PURCHASE_FEE.name)}, ${sql.lit(CNY)}, ${PURCHASE.sql(fund)}, ${FEE.sql(fund)}, c.fee),
            (2, 'cost', ${sql.lit(PURCHASE_COST.name)}, ${sql.lit(CNY)}, ${PURCHASE.sql(fund)}, ${COMPANY.sql(fund)}, c.amount - c.fee),
            (3, 'refund', ${sql.lit(PURCHASE_REFUND.name)}, ${sql.lit(CNY)}, ${PURCHASE.sql(fund)}, ${BANK.sql()}, c.refund_to_bank),
            (4, 'shares', ${sql.lit(SHARE_ISSUE.name)}, ${sharesOfSql(fund)}, ${REGISTRAR.sql(fund)}, ${LOT.sql(sql.ref('c.id'))}, c.volume),
            -- A registration coupon's discount (issue 25): the platform's marketing account pays that part of the fee.
            (5, 'coupon', ${sql.lit(COUPON_SUBSIDY.name)}, ${sql.lit(CNY)}, ${MARKETING.sql()}, ${FEE.sql(fund)}, c.coupon)
          ) AS t(k, part, kind, asset, debit_account, credit_account, amount_hundredths)`,
      });
    }
    if (failed.length > 0) {
      await sql`
        UPDATE orders o SET status = 'failed', fail_reason = f.reason, refund_fen = f.refund, updated_at = ${now}
        FROM unnest(${failed.map((f) => f.user_id)}::bigint[], ${failed.map((f) => f.id)}::bigint[], ${failed.map((f) => f.refund)}::bigint[],
                    ${failed.map((f) => f.reason)}::text[]) AS f(user_id, id, refund, reason)
        WHERE o.user_id = f.user_id AND o.id = f.id AND o.status = 'paid'`.execute(trx);
      // A refused purchase gives its coupon back (services/coupons.ts returnCoupon, set-based).
      await sql`
        UPDATE coupons c SET status = 'unused', order_id = NULL, discount_fen = NULL, used_at = NULL
        FROM unnest(${failed.map((f) => f.user_id)}::bigint[], ${failed.map((f) => f.id)}::bigint[]) AS f(user_id, id)
        WHERE c.user_id = f.user_id AND c.order_id = f.id AND c.status = 'used'`.execute(trx);
      await post(trx, refunds);
    }
    if (cashRefunds.length > 0) {
      const transfers: Transfer[] = [];
      for (const r of cashRefunds) transfers.push(...(await refundToCash(trx, r.order, r.refund, r.whole, date, now)));
      await post(trx, transfers);
    }
    report.refunds_to_cash += cashRefunds.length;
    report.purchases_confirmed += confirmed.id.length;
    report.purchases_partly_refunded += partlyRefunded;
    report.purchases_failed += failed.length;
    return true;
  });
}

interface DueSale {
  user_id: number;
  id: number;
  fund_code: string;
  volume: number;
  trade_date: string;
  confirm_date: string;
  sell_mode: string | null;
}

/** Redemptions whose confirmation date has come: each lot's part priced at NAV(T) with its own holding days' fee. */
async function confirmRedemptions(db: Database, date: IsoDate, now: Date, report: SettlementReport): Promise<void> {
  for (;;) {
    const done = await db.kysely.transaction().execute(async (trx) => {
      const due = (
        await sql<DueSale>`
          SELECT o.user_id, o.id, o.fund_code, o.volume, o.trade_date::text AS trade_date, o.confirm_date::text AS confirm_date, o.sell_mode
          FROM orders_open q JOIN orders o ON o.user_id = q.user_id AND o.id = q.id
          WHERE q.status = 'submitted' AND q.action = '024' AND q.confirm_date <= ${date} AND o.status = 'submitted'
          ORDER BY q.user_id, q.id LIMIT ${SETTLEMENT_CHUNK} FOR UPDATE OF o SKIP LOCKED`.execute(trx)
      ).rows.map((r) => ({
        user_id: Number(r.user_id),
        id: Number(r.id),
        fund_code: r.fund_code,
        volume: Number(r.volume),
        trade_date: r.trade_date,
        confirm_date: r.confirm_date,
        sell_mode: r.sell_mode,
      }));
      if (due.length === 0) return true;
      const rules = await loadRules(
        trx,
        due.map((o) => o.fund_code),
      );
      const navs = await loadNavs(
        trx,
        due.map((o) => [o.fund_code, o.trade_date]),
      );
      const parts = (
        await sql<{ user_id: number; order_id: number; lot_id: number; volume: number; lot_confirm: string }>`
          SELECT ol.user_id, ol.order_id, ol.lot_id, ol.volume, l.confirm_date::text AS lot_confirm
          FROM order_lots ol JOIN lots l ON l.user_id = ol.user_id AND l.id = ol.lot_id
          JOIN unnest(${due.map((o) => o.user_id)}::bigint[], ${due.map((o) => o.id)}::bigint[]) AS d(user_id, id) ON ol.user_id = d.user_id AND ol.order_id = d.id`.execute(
          trx,
        )
      ).rows;
      const partsOf = new Map<string, typeof parts>();
      for (const p of parts) {
        const key = `${p.user_id} ${p.order_id}`;
        partsOf.set(key, [...(partsOf.get(key) ?? []), p]);
      }
      const confirmed: Array<{ user_id: number; id: number; nav: string; gross: number; fee: number }> = [];
      const failed: DueSale[] = [];
      const retried: DueSale[] = [];
      const partRows: Array<{ user_id: number; order_id: number; lot_id: number; days: number; rate: number; gross: number; fee: number }> =
        [];
      const transfers: Transfer[] = [];
      for (const o of due) {
        const rule = rules.get(o.fund_code) as FundRules;
        const navUnits = navs.get(`${o.fund_code} ${o.trade_date}`);
        const own = partsOf.get(`${o.user_id} ${o.id}`) ?? [];
        if (navUnits === undefined && (o.sell_mode === 'quick' || o.sell_mode === 'pay')) {
          // Behind a platform advance (快速取现: the money is on the card; a cash payment: the purchase is paid):
          // the investor has the money already, so the shares are not theirs to take back and the advance is not
          // written off. The redemption stays pending, its shares frozen, and is tried again on the next trading
          // day; the advance is repaid when it goes through (payOut). Nothing is created or lost.
          retried.push(o);
          continue;
        }
        if (navUnits === undefined) {
          failed.push(o);
          for (const p of own) {
            transfers.push(
              transfer(REDEEM_UNFREEZE, {
                user_id: o.user_id,
                ref: `order:${o.id}:unfreeze:${p.lot_id}`,
                asset: sharesOf(o.fund_code),
                debit_account: SELLING.at(o.fund_code),
                credit_account: LOT.at(p.lot_id),
                amount_hundredths: Number(p.volume),
                order_id: o.id,
                business_date: date,
              }),
            );
          }
          continue;
        }
        const priced = confirmRedemption(
          own.map((p) => ({ lotId: Number(p.lot_id), volume: Number(p.volume), lotConfirmDate: p.lot_confirm })),
          navUnits,
          o.confirm_date,
          rule.withdraw,
          rule.rounding,
        );
        const gross = priced.grossFen;
        const fee = priced.feeFen;
        for (const p of priced.parts)
          partRows.push({
            user_id: o.user_id,
            order_id: o.id,
            lot_id: p.lotId,
            days: p.days,
            rate: p.ratePpm,
            gross: p.grossFen,
            fee: p.feeFen,
          });
        confirmed.push({ user_id: o.user_id, id: o.id, nav: unitsToNav(navUnits), gross, fee });
        transfers.push(
          transfer(SHARE_REDEEM, {
            user_id: o.user_id,
            ref: `order:${o.id}:cancel-shares`,
            asset: sharesOf(o.fund_code),
            debit_account: SELLING.at(o.fund_code),
            credit_account: REGISTRAR.at(o.fund_code),
            amount_hundredths: o.volume,
            order_id: o.id,
            business_date: date,
          }),
          transfer(REDEEM_FEE, {
            user_id: o.user_id,
            ref: `order:${o.id}:fee`,
            asset: CNY,
            debit_account: COMPANY.at(o.fund_code),
            credit_account: FEE.at(o.fund_code),
            amount_hundredths: fee,
            order_id: o.id,
            business_date: date,
          }),
          transfer(REDEEM_PROCEEDS, {
            user_id: o.user_id,
            ref: `order:${o.id}:proceeds`,
            asset: CNY,
            debit_account: COMPANY.at(o.fund_code),
            credit_account: PROCEEDS.at(o.fund_code),
            amount_hundredths: gross - fee,
            order_id: o.id,
            business_date: date,
          }),
        );
      }
      if (confirmed.length > 0) {
        await sql`
          UPDATE orders o SET status = 'confirmed', confirm_nav = c.nav::numeric, confirm_amount_fen = c.gross, confirm_volume = o.volume, fee_fen = c.fee, updated_at = ${now}
          FROM unnest(${confirmed.map((c) => c.user_id)}::bigint[], ${confirmed.map((c) => c.id)}::bigint[], ${confirmed.map((c) => c.nav)}::text[],
                      ${confirmed.map((c) => c.gross)}::bigint[], ${confirmed.map((c) => c.fee)}::bigint[]) AS c(user_id, id, nav, gross, fee)
          WHERE o.user_id = c.user_id AND o.id = c.id AND o.status = 'submitted'`.execute(trx);
        await sql`
          UPDATE order_lots ol SET holding_days = p.days, rate_ppm = p.rate, gross_fen = p.gross, fee_fen = p.fee
          FROM unnest(${partRows.map((p) => p.user_id)}::bigint[], ${partRows.map((p) => p.order_id)}::bigint[], ${partRows.map((p) => p.lot_id)}::bigint[],
                      ${partRows.map((p) => p.days)}::int[], ${partRows.map((p) => p.rate)}::int[], ${partRows.map((p) => p.gross)}::bigint[], ${partRows.map((p) => p.fee)}::bigint[])
               AS p(user_id, order_id, lot_id, days, rate, gross, fee)
          WHERE ol.user_id = p.user_id AND ol.order_id = p.order_id AND ol.lot_id = p.lot_id`.execute(trx);
      }
      if (failed.length > 0) {
        // The fund company refused (no NAV for T): the shares go back to their lots — summed per lot first, since
        // UPDATE … FROM applies one joined row per target: two refused sales of one lot would give back only one.
        await sql`
          UPDATE lots l SET volume = l.volume + back.volume, cost_fen = l.cost_fen + back.cost_fen
          FROM (SELECT ol.user_id, ol.lot_id, sum(ol.volume) AS volume, sum(ol.cost_fen) AS cost_fen
                FROM order_lots ol JOIN unnest(${failed.map((f) => f.user_id)}::bigint[], ${failed.map((f) => f.id)}::bigint[]) AS f(user_id, id)
                  ON ol.user_id = f.user_id AND ol.order_id = f.id
                GROUP BY ol.user_id, ol.lot_id) AS back
          WHERE l.user_id = back.user_id AND l.id = back.lot_id`.execute(trx);
        await sql`
          UPDATE orders o SET status = 'failed', fail_reason = 'fund_company_refused', updated_at = ${now}
          FROM unnest(${failed.map((f) => f.user_id)}::bigint[], ${failed.map((f) => f.id)}::bigint[]) AS f(user_id, id)
          WHERE o.user_id = f.user_id AND o.id = f.id AND o.status = 'submitted'`.execute(trx);
      }
      let retryDue = false;
      for (const o of retried) {
        const tradeDate = nextTradingDay(o.trade_date);
        const confirmDate = nextTradingDay(tradeDate);
        if (confirmDate <= date) retryDue = true;
        // A cash payment's redemption repays the advance on its confirmation; an instant withdrawal keeps the date
        // its money reached the card (past: the advance is repaid as soon as the redemption is confirmed).
        await trx
          .updateTable('orders')
          .set((eb) => ({
            trade_date: tradeDate,
            confirm_date: confirmDate,
            query_date: o.sell_mode === 'pay' ? confirmDate : eb.ref('query_date'),
            updated_at: now,
          }))
          .where('user_id', '=', o.user_id)
          .where('id', '=', o.id)
          .where('status', '=', 'submitted')
          .execute();
      }
      await post(trx, transfers);
      report.redemptions_confirmed += confirmed.length;
      report.redemptions_failed += failed.length;
      report.redemptions_retried += retried.length;
      // A retry already due (the settlement ran late) is taken by the next pass, on its new trade date.
      return due.length < SETTLEMENT_CHUNK && !retryDue;
    });
    if (done) return;
  }
}

/**
 * Confirmed redemptions whose arrival date has come: the proceeds reach the card; or repay the platform's advance
 * (快速取现, a purchase paid by the cash product); or, sold into the cash product, become its shares today — a
 * confirmed deposit of the cash fund at 1.0000 (an order 'sale' and its lot, income from the next trading day).
 */
async function payOut(db: Database, date: IsoDate, now: Date, report: SettlementReport): Promise<void> {
  for (;;) {
    const done = await db.kysely.transaction().execute(async (trx) => {
      const due = (
        await sql<{ user_id: number; id: number; fund_code: string; net: number; sell_mode: string | null; bank_card_id: number | null }>`
          UPDATE orders o SET settled_at = ${now}, updated_at = ${now}
          FROM (SELECT user_id, id FROM orders WHERE action = '024' AND status = 'confirmed' AND settled_at IS NULL AND query_date <= ${date}
                ORDER BY user_id, id LIMIT ${SETTLEMENT_CHUNK} FOR UPDATE SKIP LOCKED) d
          WHERE o.user_id = d.user_id AND o.id = d.id
          RETURNING o.user_id, o.id, o.fund_code, (o.confirm_amount_fen - o.fee_fen) AS net, o.sell_mode, o.bank_card_id`.execute(trx)
      ).rows.map((o) => ({ ...o, user_id: Number(o.user_id), id: Number(o.id), net: Number(o.net) }));
      const transfers: Transfer[] = [];
      for (const o of due) {
        if (o.sell_mode === 'xjb') {
          if (o.net > 0) transfers.push(...(await depositProceeds(trx, o, date, now)));
          continue;
        }
        const to = o.sell_mode === 'quick' || o.sell_mode === 'pay' ? ADVANCE.at() : o.sell_mode === 'pension' ? PENSION.at() : BANK.at();
        transfers.push(
          transfer(PAYOUT, {
            user_id: o.user_id,
            ref: `order:${o.id}:payout`,
            asset: CNY,
            debit_account: PROCEEDS.at(o.fund_code),
            credit_account: to,
            amount_hundredths: o.net,
            order_id: o.id,
            business_date: date,
          }),
        );
      }
      await post(trx, transfers);
      report.payouts += due.length;
      return due.length < SETTLEMENT_CHUNK;
    });
    if (done) return;
  }
}

/**
 * A confirmed deposit of the cash fund made by the settlement (no fee, NAV 1.0000, today): an order of `payMethod`
 * ('sale': a sale's proceeds; 'refund': a refused cash-paid purchase's money) linked to `source`, and its lot (income
 * rights from the next trading day). Idempotent per source: null when it exists already.
 */
async function cashDeposit(
  trx: Transaction<DB>,
  deposit: { userId: number; source: number; payMethod: 'sale' | 'refund'; amount: number; bankCardId: number | null },
  date: IsoDate,
  now: Date,
): Promise<number | null> {
  const cash = CASH_FUND_CODE;
  const inserted = await trx
    .insertInto('orders')
    .values({
      user_id: deposit.userId,
      request_id: `${deposit.payMethod}:${deposit.source}`,
      request_hash: deposit.payMethod,
      fund_code: cash,
      action: '022',
      status: 'confirmed',
      pay_method: deposit.payMethod,
      bank_card_id: deposit.bankCardId,
      amount_fen: deposit.amount,
      fee_fen: 0,
      trade_date: date,
      confirm_date: date,
      query_date: nextTradingDay(date),
      confirm_nav: '1.0000',
      confirm_amount_fen: deposit.amount,
      confirm_volume: deposit.amount,
      linked_order_id: deposit.source,
      answer: PLACED_ANSWER,
      created_at: now,
      updated_at: now,
      settled_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  const id = Number(inserted.id);
  await trx
    .insertInto('lots')
    .values({
      user_id: deposit.userId,
      id,
      fund_code: cash,
      order_id: id,
      confirm_date: date,
      trade_date: date,
      locked_until: null,
      volume_initial: deposit.amount,
      volume: deposit.amount,
      cost_initial_fen: deposit.amount,
      cost_fen: deposit.amount,
    })
    .execute();
  return id;
}

/** A sale into the cash product: its net proceeds buy cash-fund shares at 1.0000 today (no fee), as a new lot. */
async function depositProceeds(
  trx: Transaction<DB>,
  sale: { user_id: number; id: number; fund_code: string; net: number; bank_card_id: number | null },
  date: IsoDate,
  now: Date,
): Promise<Transfer[]> {
  const cash = CASH_FUND_CODE;
  const id = await cashDeposit(
    trx,
    { userId: sale.user_id, source: sale.id, payMethod: 'sale', amount: sale.net, bankCardId: sale.bank_card_id },
    date,
    now,
  );
  if (id === null) return [];
  await trx.updateTable('orders').set({ linked_order_id: id }).where('user_id', '=', sale.user_id).where('id', '=', sale.id).execute();
  return [
    transfer(PAYOUT, {
      user_id: sale.user_id,
      ref: `order:${sale.id}:payout`,
      asset: CNY,
      debit_account: PROCEEDS.at(sale.fund_code),
      credit_account: COMPANY.at(cash),
      amount_hundredths: sale.net,
      order_id: sale.id,
      business_date: date,
    }),
    transfer(SHARE_ISSUE, {
      user_id: sale.user_id,
      ref: `order:${id}:shares`,
      asset: sharesOf(cash),
      debit_account: REGISTRAR.at(cash),
      credit_account: LOT.at(id),
      amount_hundredths: sale.net,
      order_id: id,
      business_date: date,
    }),
  ];
}

/**
 * The refund of a purchase paid from the cash product goes back into it, never to the card (docs/PRODUCT.md
 * §10.17). Refused as a whole while the cash redemption paying for it is still pending (the usual case: both are
 * due on T+1, purchases settle first): that redemption is cancelled — its shares go back to their lots, income
 * rights and all — and the refund repays the platform's advance. Otherwise (the redemption has gone through, e.g.
 * a QDII purchase confirmed T+2 or a subscription at founding; or only the excess over a large-purchase limit is
 * refunded) the refund becomes cash-fund shares today, a deposit of pay method 'refund' linked to the purchase.
 */
async function refundToCash(
  trx: Transaction<DB>,
  order: DuePurchase,
  refund: number,
  whole: boolean,
  date: IsoDate,
  now: Date,
): Promise<Transfer[]> {
  const cash = CASH_FUND_CODE;
  const { user_id: userId, id } = order;
  if (whole && order.linked_order_id !== null) {
    const payId = order.linked_order_id;
    const cancelled = await trx
      .updateTable('orders')
      .set({ status: 'cancelled', updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', payId)
      .where('status', '=', 'submitted')
      .where('sell_mode', '=', 'pay')
      .returning('id')
      .executeTakeFirst();
    if (cancelled) {
      await releaseFrozenShares(trx, userId, payId, cash, date);
      return [
        transfer(PURCHASE_REFUND, {
          user_id: userId,
          ref: `order:${id}:refund`,
          asset: CNY,
          debit_account: PURCHASE.at(order.fund_code),
          credit_account: ADVANCE.at(),
          amount_hundredths: refund,
          order_id: id,
          business_date: date,
        }),
      ];
    }
  }
  const depositId = await cashDeposit(trx, { userId, source: id, payMethod: 'refund', amount: refund, bankCardId: null }, date, now);
  if (depositId === null) return [];
  return [
    transfer(PURCHASE_REFUND, {
      user_id: userId,
      ref: `order:${id}:refund`,
      asset: CNY,
      debit_account: PURCHASE.at(order.fund_code),
      credit_account: COMPANY.at(cash),
      amount_hundredths: refund,
      order_id: id,
      business_date: date,
    }),
    transfer(SHARE_ISSUE, {
      user_id: userId,
      ref: `order:${depositId}:shares`,
      asset: sharesOf(cash),
      debit_account: REGISTRAR.at(cash),
      credit_account: LOT.at(depositId),
      amount_hundredths: refund,
      order_id: depositId,
      business_date: date,
    }),
  ];
}

/**
 * dailyIncomeFen (src/lib/cash-rules.ts: volume × per-10k units / 10^8, half up to the fen) in SQL, for the income
 * step's set-based statement: numeric round() rounds half away from zero, which is half up for these non-negative
 * figures. tests/server/settlement-scale.test.ts checks it equals dailyIncomeFen on random cases.
 */
export function dailyIncomeSql(volume: RawBuilder<unknown>, per10kUnits: RawBuilder<unknown> | number): RawBuilder<number> {
  return sql<number>`round(${volume}::numeric * ${per10kUnits}::numeric / 100000000)::bigint`;
}

/**
 * Money-market income (docs/PRODUCT.md §10.17): for each distribution day t of a money-market fund (a trading day;
 * its per-10k figure covers the closed days after it) not yet paid and before `date`, every investor's shares with
 * income rights on t earn shares × per-10k / 10,000 to the fen (src/lib/cash-rules.ts dailyIncomeFen), carried into
 * shares the same day: added to the investor's income lot of that fund (its ledger account, from the registrar).
 * Income rights on t: lots confirmed before t, and shares of pending redemptions that still earn on t (through
 * the trade date T; an instant withdrawal's shares stop on the day it is placed). Idempotent per (fund, day).
 */
async function postMoneyMarketIncome(db: Database, date: IsoDate, now: Date, report: SettlementReport): Promise<void> {
  const due = (
    await sql<{ fund_code: string; day: string; per10k: string }>`
      WITH held AS (SELECT l.fund_code, min(l.confirm_date) AS first FROM lots l JOIN fund f ON f.code = l.fund_code AND f.type = ${MONEY_MARKET_TYPE} GROUP BY l.fund_code)
      SELECT n.fund_code, n.date::text AS day, n.income_per_10k::text AS per10k FROM fund_nav n JOIN held h ON h.fund_code = n.fund_code
      WHERE n.date > h.first AND n.date < ${date} AND n.income_per_10k IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM mmf_income_runs r WHERE r.fund_code = n.fund_code AND r.date = n.date)
      ORDER BY n.date, n.fund_code`.execute(db.kysely)
  ).rows;
  for (const d of due) {
    await db.kysely.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('mmf_income_runs')
        .values({ fund_code: d.fund_code, date: d.day, holders: 0, paid_at: now })
        .onConflict((oc) => oc.columns(['fund_code', 'date']).doNothing())
        .returning('fund_code')
        .executeTakeFirst();
      if (!inserted) return;
      const units = per10kToUnits(d.per10k);
      // One statement for every holder of the fund, however many (issue 22 §1: a multi-row insert of one row per
      // holder passed PostgreSQL's 65,535 bind parameters at ~7,000 holders and stopped the settlement): the holders
      // and their income (dailyIncomeSql), a new income lot for those without one,
      // the existing ones increased, the mmf_income rows and the transfers, through the ledger's set-based path.
      const fund = sql.lit(d.fund_code);
      const posted = await postFrom(trx, {
        with: sql`
          held AS (
            SELECT l.user_id, l.volume FROM lots l WHERE l.fund_code = ${d.fund_code} AND l.confirm_date < ${d.day}::date AND l.volume > 0
            UNION ALL
            SELECT ol.user_id, ol.volume FROM orders o
              JOIN order_lots ol ON ol.user_id = o.user_id AND ol.order_id = o.id
              JOIN lots l ON l.user_id = ol.user_id AND l.id = ol.lot_id
            WHERE o.fund_code = ${d.fund_code} AND o.action = '024' AND o.trade_date >= ${d.day}::date AND o.status IN ('submitted', 'confirmed')
              AND l.confirm_date < ${d.day}::date
              AND (o.sell_mode IS DISTINCT FROM 'quick' OR (o.created_at AT TIME ZONE 'Asia/Shanghai')::date > ${d.day}::date)
          ),
          earned AS (
            SELECT user_id, volume, ${dailyIncomeSql(sql.ref('volume'), units)} AS income
            FROM (SELECT user_id, sum(volume)::bigint AS volume FROM held GROUP BY user_id) h
          ),
          inc AS MATERIALIZED (
            SELECT e.user_id, e.volume, e.income, il.id AS lot_id, il.id IS NULL AS fresh, row_number() OVER (ORDER BY e.user_id) AS ord
            FROM earned e LEFT JOIN lots il ON il.user_id = e.user_id AND il.fund_code = ${d.fund_code} AND il.income
            WHERE e.income > 0
          ),
          target AS MATERIALIZED (
            SELECT user_id, volume, income, fresh, ord, CASE WHEN fresh THEN nextval('order_id_seq') ELSE lot_id END AS lot_id FROM inc
          ),
          new_lots AS (
            INSERT INTO lots (user_id, id, fund_code, order_id, confirm_date, trade_date, locked_until, volume_initial, volume, cost_initial_fen, cost_fen, income)
            SELECT user_id, lot_id, ${d.fund_code}, lot_id, ${d.day}::date, ${d.day}::date, NULL, income, income, 0, 0, true FROM target WHERE fresh ORDER BY ord
          ),
          grown AS (
            UPDATE lots l SET volume = l.volume + t.income FROM target t WHERE NOT t.fresh AND l.user_id = t.user_id AND l.id = t.lot_id
          ),
          rows AS (
            INSERT INTO mmf_income (user_id, fund_code, date, volume, income_per_10k, income_fen, lot_id)
            SELECT user_id, ${d.fund_code}, ${d.day}::date, volume, ${d.per10k}::numeric, income, lot_id FROM target ORDER BY ord
          )`,
        rows: sql`
          SELECT t.user_id, ${`income:${d.fund_code}:${d.day}`}::text AS ref, ${sql.lit(MMF_INCOME.name)} AS kind, ${sharesOfSql(fund)} AS asset,
                 ${REGISTRAR.sql(fund)} AS debit_account, ${LOT.sql(sql.ref('t.lot_id'))} AS credit_account, t.income AS amount_hundredths,
                 NULL::bigint AS order_id, ${date}::date AS business_date, t.ord
          FROM target t`,
      });
      const holders = posted.created + posted.exists.length;
      await trx.updateTable('mmf_income_runs').set({ holders }).where('fund_code', '=', d.fund_code).where('date', '=', d.day).execute();
      report.income_rows += holders;
    });
  }
}

/**
 * Dividends whose ex-date has passed: every investor holding shares on the record date (bought before the
 * ex-date, including shares of sales priced on or after it) gets per-share × shares to the fen — in cash to the
 * card, or reinvested at the ex-date NAV as a new lot without fee, as the holding's option says.
 */
async function payDividends(db: Database, date: IsoDate, now: Date, report: SettlementReport): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const due = (
      await sql<{ fund_code: string; ex_date: string; per_share: string }>`
        SELECT d.fund_code, d.date::text AS ex_date, d.per_share::text AS per_share FROM fund_dividend d
        WHERE d.date < ${date} AND NOT EXISTS (SELECT 1 FROM dividend_runs r WHERE r.fund_code = d.fund_code AND r.ex_date = d.date)
        ORDER BY d.date, d.fund_code`.execute(trx)
    ).rows;
    if (due.length === 0) return;
    // Y classes (issue 24): their cash dividends are paid into the pension account.
    const pensionFunds = new Set(
      (
        await sql<{
          code: string;
        }>`SELECT code FROM fund WHERE share_class = 'Y' AND code = ANY(${due.map((d) => d.fund_code)}::text[])`.execute(trx)
      ).rows.map((r) => r.code.trim()),
    );
    const entitled = (
      await sql<{ user_id: number; fund_code: string; ex_date: string; volume: string; method: string | null }>`
        WITH due AS (SELECT * FROM unnest(${due.map((d) => d.fund_code)}::text[], ${due.map((d) => d.ex_date)}::date[]) AS d(fund_code, ex_date)),
        held AS (
          SELECT l.user_id, l.fund_code, due.ex_date, l.volume FROM lots l JOIN due ON due.fund_code = l.fund_code AND l.trade_date < due.ex_date WHERE l.volume > 0
          UNION ALL
          SELECT ol.user_id, o.fund_code, due.ex_date, ol.volume FROM order_lots ol
            JOIN orders o ON o.user_id = ol.user_id AND o.id = ol.order_id
            JOIN lots l ON l.user_id = ol.user_id AND l.id = ol.lot_id
            JOIN due ON due.fund_code = o.fund_code AND l.trade_date < due.ex_date AND o.trade_date >= due.ex_date
          WHERE o.status IN ('submitted', 'confirmed')
        )
        SELECT h.user_id, h.fund_code, h.ex_date::text AS ex_date, sum(h.volume)::text AS volume, ho.dividend_method AS method
        FROM held h LEFT JOIN holding_options ho ON ho.user_id = h.user_id AND ho.fund_code = h.fund_code
        GROUP BY h.user_id, h.fund_code, h.ex_date, ho.dividend_method`.execute(trx)
    ).rows;
    const perShare = new Map(due.map((d) => [`${d.fund_code} ${d.ex_date}`, navToUnits(d.per_share)]));
    const rules = await loadRules(
      trx,
      entitled.map((e) => e.fund_code),
    );
    const navs = await loadNavs(
      trx,
      entitled.filter((e) => e.method === 'reinvest').map((e) => [e.fund_code, e.ex_date]),
    );
    const holders = new Map<string, number>();
    const orders: Array<Record<string, unknown>> = [];
    for (const e of entitled) {
      const key = `${e.fund_code} ${e.ex_date}`;
      const volume = Number(e.volume);
      const rule = rules.get(e.fund_code) as FundRules;
      const nav = navs.get(key);
      const reinvest = e.method === 'reinvest' && nav !== undefined;
      const priced = priceDividend(volume, perShare.get(key) as number, reinvest ? (nav as number) : null, rule.rounding);
      const cash = priced.cashFen;
      if (cash <= 0) continue;
      holders.set(key, (holders.get(key) ?? 0) + 1);
      orders.push({ e, cash, reinvest, nav, volume: priced.reinvestVolume });
    }
    for (let i = 0; i < orders.length; i += SETTLEMENT_CHUNK) {
      const chunk = orders.slice(i, i + SETTLEMENT_CHUNK) as Array<{
        e: (typeof entitled)[number];
        cash: number;
        reinvest: boolean;
        nav: number | undefined;
        volume: number | null;
      }>;
      const inserted = await trx
        .insertInto('orders')
        .values(
          chunk.map(({ e, cash, reinvest, nav, volume }) => ({
            user_id: Number(e.user_id),
            request_id: `div:${e.fund_code}:${e.ex_date}`,
            request_hash: 'dividend',
            fund_code: e.fund_code,
            action: '143',
            status: 'confirmed',
            amount_fen: cash,
            volume: reinvest && volume ? volume : null,
            fee_fen: 0,
            trade_date: e.ex_date,
            confirm_date: date,
            query_date: date,
            confirm_nav: reinvest && nav ? unitsToNav(nav) : null,
            confirm_amount_fen: cash,
            confirm_volume: reinvest && volume ? volume : null,
            created_at: now,
            updated_at: now,
            settled_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
        .returning(['user_id', 'id', 'fund_code', sql<string>`trade_date::text`.as('ex_date'), 'amount_fen', 'confirm_volume'])
        .execute();
      const transfers: Transfer[] = [];
      const lots: Array<Record<string, unknown>> = [];
      for (const o of inserted) {
        const userId = Number(o.user_id);
        const id = Number(o.id);
        if (o.confirm_volume !== null && Number(o.confirm_volume) > 0) {
          lots.push({
            user_id: userId,
            id,
            fund_code: o.fund_code,
            order_id: id,
            confirm_date: o.ex_date,
            trade_date: o.ex_date,
            locked_until: null,
            volume_initial: Number(o.confirm_volume),
            volume: Number(o.confirm_volume),
            cost_initial_fen: 0,
            cost_fen: 0,
          });
          transfers.push(
            transfer(DIVIDEND_REINVEST, {
              user_id: userId,
              ref: `order:${id}:shares`,
              asset: sharesOf(o.fund_code),
              debit_account: REGISTRAR.at(o.fund_code),
              credit_account: LOT.at(id),
              amount_hundredths: Number(o.confirm_volume),
              order_id: id,
              business_date: date,
            }),
          );
        } else {
          transfers.push(
            transfer(DIVIDEND_CASH, {
              user_id: userId,
              ref: `order:${id}:dividend`,
              asset: CNY,
              debit_account: COMPANY.at(o.fund_code),
              // A Y class's cash dividend stays in the pension account (issue 24).
              credit_account: pensionFunds.has(o.fund_code) ? PENSION.at() : BANK.at(),
              amount_hundredths: Number(o.amount_fen),
              order_id: id,
              business_date: date,
            }),
          );
        }
      }
      if (lots.length > 0)
        await trx
          .insertInto('lots')
          .values(lots as never)
          .execute();
      await post(trx, transfers);
      report.dividend_orders += inserted.length;
    }
    await trx
      .insertInto('dividend_runs')
      .values(
        due.map((d) => ({
          fund_code: d.fund_code,
          ex_date: d.ex_date,
          holders: holders.get(`${d.fund_code} ${d.ex_date}`) ?? 0,
          paid_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['fund_code', 'ex_date']).doNothing())
      .execute();
  });
}

/** Runs the settlement steps of business date `date`, in order. */
export async function settleTrades(db: Database, date: IsoDate, now: Date): Promise<SettlementReport> {
  const report: SettlementReport = {
    purchases_confirmed: 0,
    purchases_failed: 0,
    purchases_partly_refunded: 0,
    refunds_to_cash: 0,
    redemptions_confirmed: 0,
    redemptions_failed: 0,
    redemptions_retried: 0,
    payouts: 0,
    dividend_orders: 0,
    income_rows: 0,
  };
  await confirmPurchases(db, date, now, report);
  await confirmRedemptions(db, date, now, report);
  await payOut(db, date, now, report);
  await payDividends(db, date, now, report);
  await postMoneyMarketIncome(db, date, now, report);
  return report;
}
