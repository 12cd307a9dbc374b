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
import { sql, type Transaction } from 'kysely';
import { purchaseVolume, quotePurchase, redeemPart, redemptionRatePpm, type FeeBracket } from '../../../src/lib/fees';
import { holdingDays } from '../../../src/lib/lots';
import { mulDiv, navToUnits, percentToPpm, unitsToNav, type RoundingMode } from '../../../src/lib/trade-math';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { addCalendarDays, type IsoDate } from '../domain/calendar';

export const SETTLEMENT_CHUNK = 2_000;

export interface SettlementReport {
  purchases_confirmed: number;
  purchases_failed: number;
  purchases_partly_refunded: number;
  redemptions_confirmed: number;
  redemptions_failed: number;
  payouts: number;
  dividend_orders: number;
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
  const funds = await trx.selectFrom('fund').select(['code', 'rounding_mode', 'lock_days', 'large_purchase_limit_fen', 'declare_discount']).where('code', 'in', unique).execute();
  const fees = await trx.selectFrom('fund_fee').select(['fund_code', 'kind', 'lower_bound', 'upper_bound', 'rate', 'fixed_fee_fen']).where('fund_code', 'in', unique).orderBy('seq').execute();
  const table = (code: string, kind: string): FeeBracket[] =>
    fees
      .filter((f) => f.fund_code === code && f.kind === kind)
      .map((f) => ({ lower: Number(f.lower_bound), upper: f.upper_bound === null ? null : Number(f.upper_bound), ratePpm: f.rate === null ? null : percentToPpm(f.rate), fixedFen: f.fixed_fee_fen === null ? null : Number(f.fixed_fee_fen) }));
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

/** NAV units of (fund, date) pairs. */
async function loadNavs(trx: Transaction<DB>, pairs: Array<[string, string]>): Promise<Map<string, number>> {
  const navs = new Map<string, number>();
  if (pairs.length === 0) return navs;
  const codes = pairs.map((p) => p[0]);
  const dates = pairs.map((p) => p[1]);
  const rows = await sql<{ fund_code: string; date: string; nav: string }>`
    SELECT n.fund_code, n.date::text AS date, n.nav::text AS nav
    FROM fund_nav n JOIN unnest(${codes}::text[], ${dates}::date[]) AS p(code, day) ON n.fund_code = p.code AND n.date = p.day`.execute(trx);
  for (const r of rows.rows) navs.set(`${r.fund_code} ${r.date}`, navToUnits(r.nav));
  return navs;
}

interface Transfer {
  user_id: number;
  ref: string;
  asset: string;
  debit_account: string;
  credit_account: string;
  amount: number;
  kind: string;
  order_id: number | null;
  business_date: string;
}

async function insertTransfers(trx: Transaction<DB>, transfers: Transfer[]): Promise<void> {
  const posted = transfers.filter((t) => t.amount > 0);
  for (let i = 0; i < posted.length; i += SETTLEMENT_CHUNK) {
    await trx.insertInto('ledger_transfers').values(posted.slice(i, i + SETTLEMENT_CHUNK)).onConflict((oc) => oc.columns(['user_id', 'ref']).doNothing()).execute();
  }
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
}

/** Purchases and subscriptions whose confirmation date has come. */
async function confirmPurchases(db: Database, date: IsoDate, now: Date, report: SettlementReport): Promise<void> {
  for (;;) {
    const done = await db.kysely.transaction().execute(async (trx) => {
      const due = (
        await sql<DuePurchase>`
          SELECT user_id, id, fund_code, action, amount_fen, fee_fen, trade_date::text AS trade_date, confirm_date::text AS confirm_date
          FROM orders WHERE status = 'paid' AND action IN ('020', '022') AND confirm_date <= ${date}
          ORDER BY user_id, fund_code, trade_date, id LIMIT ${SETTLEMENT_CHUNK} FOR UPDATE SKIP LOCKED`.execute(trx)
      ).rows.map((r) => ({ ...r, user_id: Number(r.user_id), id: Number(r.id), amount_fen: Number(r.amount_fen), fee_fen: Number(r.fee_fen) }));
      if (due.length === 0) return true;
      const rules = await loadRules(trx, due.map((o) => o.fund_code));
      const navs = await loadNavs(trx, due.filter((o) => o.action === '022').map((o) => [o.fund_code, o.trade_date]));
      // Large-purchase limits: what each (investor, fund, day) already had confirmed.
      const limited = due.filter((o) => rules.get(o.fund_code)?.largeLimitFen != null);
      const used = new Map<string, number>();
      for (const o of limited) {
        const key = `${o.user_id} ${o.fund_code} ${o.trade_date}`;
        if (used.has(key)) continue;
        const row = await trx
          .selectFrom('orders')
          .select(sql<string>`coalesce(sum(confirm_amount_fen), 0)`.as('total'))
          .where('user_id', '=', o.user_id)
          .where('fund_code', '=', o.fund_code)
          .where('trade_date', '=', o.trade_date)
          .where('status', '=', 'confirmed')
          .where('action', 'in', ['020', '022'])
          .executeTakeFirstOrThrow();
        used.set(key, Number(row.total));
      }
      const confirmed: Array<{ user_id: number; id: number; nav: string; amount: number; volume: number; fee: number; refund: number }> = [];
      const failed: Array<{ user_id: number; id: number; refund: number }> = [];
      const lots: Array<Record<string, unknown>> = [];
      const transfers: Transfer[] = [];
      for (const o of due) {
        const rule = rules.get(o.fund_code) as FundRules;
        const navUnits = o.action === '020' ? 10_000 : navs.get(`${o.fund_code} ${o.trade_date}`);
        if (navUnits === undefined) {
          failed.push({ user_id: o.user_id, id: o.id, refund: o.amount_fen });
          transfers.push({ user_id: o.user_id, ref: `order:${o.id}:refund`, asset: 'CNY', debit_account: `purchase:${o.fund_code}`, credit_account: 'bank', amount: o.amount_fen, kind: 'purchase_refund', order_id: o.id, business_date: date });
          continue;
        }
        let amount = o.amount_fen;
        let fee = o.fee_fen;
        if (rule.largeLimitFen !== null) {
          const key = `${o.user_id} ${o.fund_code} ${o.trade_date}`;
          const before = used.get(key) ?? 0;
          amount = Math.max(0, Math.min(o.amount_fen, rule.largeLimitFen - before));
          used.set(key, before + amount);
          if (amount > 0 && amount < o.amount_fen) {
            fee = quotePurchase(amount, o.action === '020' && rule.subscribe.length ? rule.subscribe : rule.declare, rule.discount, rule.rounding).feeFen;
          }
        }
        if (amount === 0) {
          failed.push({ user_id: o.user_id, id: o.id, refund: o.amount_fen });
          transfers.push({ user_id: o.user_id, ref: `order:${o.id}:refund`, asset: 'CNY', debit_account: `purchase:${o.fund_code}`, credit_account: 'bank', amount: o.amount_fen, kind: 'purchase_refund', order_id: o.id, business_date: date });
          continue;
        }
        const net = amount - fee;
        const volume = purchaseVolume(net, navUnits, rule.rounding);
        const refund = o.amount_fen - amount;
        confirmed.push({ user_id: o.user_id, id: o.id, nav: unitsToNav(navUnits), amount, volume, fee, refund });
        if (volume > 0) {
          lots.push({
            user_id: o.user_id,
            id: o.id,
            fund_code: o.fund_code,
            order_id: o.id,
            confirm_date: o.confirm_date,
            trade_date: o.action === '020' ? o.confirm_date : o.trade_date,
            locked_until: rule.lockDays > 0 ? addCalendarDays(o.confirm_date, rule.lockDays) : null,
            volume_initial: volume,
            volume,
            cost_initial_fen: amount,
            cost_fen: amount,
          });
        }
        const base = { user_id: o.user_id, order_id: o.id, business_date: date };
        transfers.push(
          { ...base, ref: `order:${o.id}:fee`, asset: 'CNY', debit_account: `purchase:${o.fund_code}`, credit_account: `fee:${o.fund_code}`, amount: fee, kind: 'purchase_fee' },
          { ...base, ref: `order:${o.id}:cost`, asset: 'CNY', debit_account: `purchase:${o.fund_code}`, credit_account: `company:${o.fund_code}`, amount: net, kind: 'purchase_cost' },
          { ...base, ref: `order:${o.id}:refund`, asset: 'CNY', debit_account: `purchase:${o.fund_code}`, credit_account: 'bank', amount: refund, kind: 'purchase_refund' },
          { ...base, ref: `order:${o.id}:shares`, asset: `F:${o.fund_code}`, debit_account: `registrar:${o.fund_code}`, credit_account: `lot:${o.id}`, amount: volume, kind: 'share_issue' },
        );
      }
      if (confirmed.length > 0) {
        await sql`
          UPDATE orders o SET status = 'confirmed', confirm_nav = c.nav::numeric, confirm_amount_fen = c.amount, confirm_volume = c.volume,
            fee_fen = c.fee, refund_fen = NULLIF(c.refund, 0), updated_at = ${now}
          FROM unnest(${confirmed.map((c) => c.user_id)}::bigint[], ${confirmed.map((c) => c.id)}::bigint[], ${confirmed.map((c) => c.nav)}::text[],
                      ${confirmed.map((c) => c.amount)}::bigint[], ${confirmed.map((c) => c.volume)}::bigint[], ${confirmed.map((c) => c.fee)}::bigint[],
                      ${confirmed.map((c) => c.refund)}::bigint[]) AS c(user_id, id, nav, amount, volume, fee, refund)
          WHERE o.user_id = c.user_id AND o.id = c.id AND o.status = 'paid'`.execute(trx);
      }
      if (failed.length > 0) {
        await sql`
          UPDATE orders o SET status = 'failed', fail_reason = 'fund_company_refused', refund_fen = f.refund, updated_at = ${now}
          FROM unnest(${failed.map((f) => f.user_id)}::bigint[], ${failed.map((f) => f.id)}::bigint[], ${failed.map((f) => f.refund)}::bigint[]) AS f(user_id, id, refund)
          WHERE o.user_id = f.user_id AND o.id = f.id AND o.status = 'paid'`.execute(trx);
      }
      for (let i = 0; i < lots.length; i += SETTLEMENT_CHUNK) {
        await trx.insertInto('lots').values(lots.slice(i, i + SETTLEMENT_CHUNK) as never).onConflict((oc) => oc.columns(['user_id', 'id']).doNothing()).execute();
      }
      await insertTransfers(trx, transfers);
      report.purchases_confirmed += confirmed.length;
      report.purchases_partly_refunded += confirmed.filter((c) => c.refund > 0).length;
      report.purchases_failed += failed.length;
      return due.length < SETTLEMENT_CHUNK;
    });
    if (done) return;
  }
}

interface DueSale {
  user_id: number;
  id: number;
  fund_code: string;
  volume: number;
  trade_date: string;
  confirm_date: string;
}

/** Redemptions whose confirmation date has come: each lot's part priced at NAV(T) with its own holding days' fee. */
async function confirmRedemptions(db: Database, date: IsoDate, now: Date, report: SettlementReport): Promise<void> {
  for (;;) {
    const done = await db.kysely.transaction().execute(async (trx) => {
      const due = (
        await sql<DueSale>`
          SELECT user_id, id, fund_code, volume, trade_date::text AS trade_date, confirm_date::text AS confirm_date
          FROM orders WHERE status = 'submitted' AND action = '024' AND confirm_date <= ${date}
          ORDER BY user_id, id LIMIT ${SETTLEMENT_CHUNK} FOR UPDATE SKIP LOCKED`.execute(trx)
      ).rows.map((r) => ({ ...r, user_id: Number(r.user_id), id: Number(r.id), volume: Number(r.volume) }));
      if (due.length === 0) return true;
      const rules = await loadRules(trx, due.map((o) => o.fund_code));
      const navs = await loadNavs(trx, due.map((o) => [o.fund_code, o.trade_date]));
      const parts = (
        await sql<{ user_id: number; order_id: number; lot_id: number; volume: number; lot_confirm: string }>`
          SELECT ol.user_id, ol.order_id, ol.lot_id, ol.volume, l.confirm_date::text AS lot_confirm
          FROM order_lots ol JOIN lots l ON l.user_id = ol.user_id AND l.id = ol.lot_id
          JOIN unnest(${due.map((o) => o.user_id)}::bigint[], ${due.map((o) => o.id)}::bigint[]) AS d(user_id, id) ON ol.user_id = d.user_id AND ol.order_id = d.id`.execute(trx)
      ).rows;
      const partsOf = new Map<string, typeof parts>();
      for (const p of parts) {
        const key = `${p.user_id} ${p.order_id}`;
        partsOf.set(key, [...(partsOf.get(key) ?? []), p]);
      }
      const confirmed: Array<{ user_id: number; id: number; nav: string; gross: number; fee: number }> = [];
      const failed: DueSale[] = [];
      const partRows: Array<{ user_id: number; order_id: number; lot_id: number; days: number; rate: number; gross: number; fee: number }> = [];
      const transfers: Transfer[] = [];
      for (const o of due) {
        const rule = rules.get(o.fund_code) as FundRules;
        const navUnits = navs.get(`${o.fund_code} ${o.trade_date}`);
        const own = partsOf.get(`${o.user_id} ${o.id}`) ?? [];
        const base = { user_id: o.user_id, order_id: o.id, business_date: date };
        if (navUnits === undefined) {
          failed.push(o);
          for (const p of own) {
            transfers.push({ ...base, ref: `order:${o.id}:unfreeze:${p.lot_id}`, asset: `F:${o.fund_code}`, debit_account: `selling:${o.fund_code}`, credit_account: `lot:${p.lot_id}`, amount: Number(p.volume), kind: 'redeem_unfreeze' });
          }
          continue;
        }
        let gross = 0;
        let fee = 0;
        for (const p of own) {
          const days = holdingDays(p.lot_confirm, o.confirm_date);
          const priced = redeemPart(Number(p.volume), navUnits, redemptionRatePpm(rule.withdraw, days), rule.rounding);
          gross += priced.grossFen;
          fee += priced.feeFen;
          partRows.push({ user_id: o.user_id, order_id: o.id, lot_id: Number(p.lot_id), days, rate: priced.ratePpm, gross: priced.grossFen, fee: priced.feeFen });
        }
        confirmed.push({ user_id: o.user_id, id: o.id, nav: unitsToNav(navUnits), gross, fee });
        transfers.push(
          { ...base, ref: `order:${o.id}:cancel-shares`, asset: `F:${o.fund_code}`, debit_account: `selling:${o.fund_code}`, credit_account: `registrar:${o.fund_code}`, amount: o.volume, kind: 'share_redeem' },
          { ...base, ref: `order:${o.id}:fee`, asset: 'CNY', debit_account: `company:${o.fund_code}`, credit_account: `fee:${o.fund_code}`, amount: fee, kind: 'redeem_fee' },
          { ...base, ref: `order:${o.id}:proceeds`, asset: 'CNY', debit_account: `company:${o.fund_code}`, credit_account: `proceeds:${o.fund_code}`, amount: gross - fee, kind: 'redeem_proceeds' },
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
        // The fund company refused (no NAV for T): the shares go back to their lots.
        await sql`
          UPDATE lots l SET volume = l.volume + ol.volume, cost_fen = l.cost_fen + ol.cost_fen
          FROM order_lots ol JOIN unnest(${failed.map((f) => f.user_id)}::bigint[], ${failed.map((f) => f.id)}::bigint[]) AS f(user_id, id) ON ol.user_id = f.user_id AND ol.order_id = f.id
          WHERE l.user_id = ol.user_id AND l.id = ol.lot_id`.execute(trx);
        await sql`
          UPDATE orders o SET status = 'failed', fail_reason = 'fund_company_refused', updated_at = ${now}
          FROM unnest(${failed.map((f) => f.user_id)}::bigint[], ${failed.map((f) => f.id)}::bigint[]) AS f(user_id, id)
          WHERE o.user_id = f.user_id AND o.id = f.id AND o.status = 'submitted'`.execute(trx);
      }
      await insertTransfers(trx, transfers);
      report.redemptions_confirmed += confirmed.length;
      report.redemptions_failed += failed.length;
      return due.length < SETTLEMENT_CHUNK;
    });
    if (done) return;
  }
}

/** Confirmed redemptions whose arrival date has come: the proceeds reach the card. */
async function payOut(db: Database, date: IsoDate, now: Date, report: SettlementReport): Promise<void> {
  for (;;) {
    const done = await db.kysely.transaction().execute(async (trx) => {
      const due = (
        await sql<{ user_id: number; id: number; fund_code: string; net: number }>`
          UPDATE orders o SET settled_at = ${now}, updated_at = ${now}
          FROM (SELECT user_id, id FROM orders WHERE action = '024' AND status = 'confirmed' AND settled_at IS NULL AND query_date <= ${date}
                ORDER BY user_id, id LIMIT ${SETTLEMENT_CHUNK} FOR UPDATE SKIP LOCKED) d
          WHERE o.user_id = d.user_id AND o.id = d.id
          RETURNING o.user_id, o.id, o.fund_code, (o.confirm_amount_fen - o.fee_fen) AS net`.execute(trx)
      ).rows;
      await insertTransfers(
        trx,
        due.map((o) => ({ user_id: Number(o.user_id), ref: `order:${o.id}:payout`, asset: 'CNY', debit_account: `proceeds:${o.fund_code}`, credit_account: 'bank', amount: Number(o.net), kind: 'payout', order_id: Number(o.id), business_date: date })),
      );
      report.payouts += due.length;
      return due.length < SETTLEMENT_CHUNK;
    });
    if (done) return;
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
    const rules = await loadRules(trx, entitled.map((e) => e.fund_code));
    const navs = await loadNavs(trx, entitled.filter((e) => e.method === 'reinvest').map((e) => [e.fund_code, e.ex_date]));
    const holders = new Map<string, number>();
    const orders: Array<Record<string, unknown>> = [];
    for (const e of entitled) {
      const key = `${e.fund_code} ${e.ex_date}`;
      const volume = Number(e.volume);
      const rule = rules.get(e.fund_code) as FundRules;
      const cash = mulDiv(volume, perShare.get(key) as number, 10_000, rule.rounding);
      if (cash <= 0) continue;
      holders.set(key, (holders.get(key) ?? 0) + 1);
      const nav = navs.get(key);
      const reinvest = e.method === 'reinvest' && nav !== undefined;
      orders.push({ e, cash, reinvest, nav, volume: reinvest ? purchaseVolume(cash, nav as number, rule.rounding) : null });
    }
    for (let i = 0; i < orders.length; i += SETTLEMENT_CHUNK) {
      const chunk = orders.slice(i, i + SETTLEMENT_CHUNK) as Array<{ e: (typeof entitled)[number]; cash: number; reinvest: boolean; nav: number | undefined; volume: number | null }>;
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
        const base = { user_id: userId, order_id: id, business_date: date };
        if (o.confirm_volume !== null && Number(o.confirm_volume) > 0) {
          lots.push({ user_id: userId, id, fund_code: o.fund_code, order_id: id, confirm_date: o.ex_date, trade_date: o.ex_date, locked_until: null, volume_initial: Number(o.confirm_volume), volume: Number(o.confirm_volume), cost_initial_fen: 0, cost_fen: 0 });
          transfers.push({ ...base, ref: `order:${id}:shares`, asset: `F:${o.fund_code}`, debit_account: `registrar:${o.fund_code}`, credit_account: `lot:${id}`, amount: Number(o.confirm_volume), kind: 'dividend_reinvest' });
        } else {
          transfers.push({ ...base, ref: `order:${id}:dividend`, asset: 'CNY', debit_account: `company:${o.fund_code}`, credit_account: 'bank', amount: Number(o.amount_fen), kind: 'dividend_cash' });
        }
      }
      if (lots.length > 0) await trx.insertInto('lots').values(lots as never).execute();
      await insertTransfers(trx, transfers);
      report.dividend_orders += inserted.length;
    }
    await trx
      .insertInto('dividend_runs')
      .values(due.map((d) => ({ fund_code: d.fund_code, ex_date: d.ex_date, holders: holders.get(`${d.fund_code} ${d.ex_date}`) ?? 0, paid_at: now })))
      .onConflict((oc) => oc.columns(['fund_code', 'ex_date']).doNothing())
      .execute();
  });
}

/** Runs the settlement steps of business date `date`, in order. */
export async function settleTrades(db: Database, date: IsoDate, now: Date): Promise<SettlementReport> {
  const report: SettlementReport = { purchases_confirmed: 0, purchases_failed: 0, purchases_partly_refunded: 0, redemptions_confirmed: 0, redemptions_failed: 0, payouts: 0, dividend_orders: 0 };
  await confirmPurchases(db, date, now, report);
  await confirmRedemptions(db, date, now, report);
  await payOut(db, date, now, report);
  await payDividends(db, date, now, report);
  return report;
}
