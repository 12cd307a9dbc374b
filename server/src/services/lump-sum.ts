// The lump-sum product (新发基金认购预约): a new fund presented as an activity. Before its raising starts an investor
// books an amount (checked like a purchase: account, assessment, suitability, the trade password); on the first
// raising day the daily job places each booking as a subscription order (认购 at 1.00, the subscription fee, paid
// from the card; services/trading.ts placeBuy, authorised by the booking), which the fund's founding confirms
// (settlement.ts). A raising the fund company announces failed is refunded with interest (settlement.ts). A booking
// can be cancelled until the raising starts. docs/PRODUCT.md §7.4.
import { sql, type Kysely, type Transaction } from 'kysely';
import { fenToYuan } from '../../../src/lib/money';
import { suitability } from '../../../src/lib/suitability';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { ActivityRefusal } from '../domain/activity-refusal';
import type { LumpSumConfig } from '../domain/activity-config';
import type { IsoDate } from '../domain/calendar';
import { shanghaiDate, shanghaiInstant } from '../domain/clock';
import { TradeRefusal } from '../domain/trade-refusal';
import type { Bank } from './bank';
import { requireActivity, requireRunning, type ActivityRow } from './activities';
import type { Pepper } from './password-hash';
import { checkPassword, loadInvestor, loadTradeFund, lockUser, placeBuy, riskWarningEvidence, type TradeFund } from './trading';

type Db = Kysely<DB> | Transaction<DB>;

/** Where the fund's raising stands today: bookings are taken only before it starts. */
export type RaisingPhase = 'booking' | 'raising' | 'closed' | 'founded' | 'failed' | 'none';

export interface RaisingInfo {
  phase: RaisingPhase;
  start: string | null;
  end: string | null;
  foundDate: string;
}

export async function raisingOf(
  db: Db,
  fund: { code: string; sale_status: string; found_date: string },
  today: IsoDate,
): Promise<RaisingInfo> {
  const row = await db
    .selectFrom('fund')
    .select([sql<string | null>`subscribe_start::text`.as('start'), sql<string | null>`subscribe_end::text`.as('end')])
    .where('code', '=', fund.code)
    .executeTakeFirstOrThrow();
  const failed = await db.selectFrom('fund_raising_outcomes').select('outcome').where('fund_code', '=', fund.code).executeTakeFirst();
  const info = { start: row.start, end: row.end, foundDate: fund.found_date };
  if (failed) return { ...info, phase: 'failed' };
  if (row.start === null) return { ...info, phase: fund.found_date <= today && fund.sale_status !== 'building' ? 'founded' : 'none' };
  if (today < row.start) return { ...info, phase: 'booking' };
  if (fund.sale_status === 'building' && (row.end === null || today <= row.end)) return { ...info, phase: 'raising' };
  if (fund.found_date > today) return { ...info, phase: 'closed' };
  return { ...info, phase: 'founded' };
}

export interface BookingRow {
  user_id: number;
  id: number;
  activity_id: string;
  fund_code: string;
  amount_fen: number;
  status: string;
  order_id: number | null;
  fail_reason: string | null;
  created_at: Date;
}

function normalise(r: Record<string, unknown>): BookingRow {
  return {
    ...(r as unknown as BookingRow),
    user_id: Number(r.user_id),
    id: Number(r.id),
    amount_fen: Number(r.amount_fen),
    order_id: r.order_id === null ? null : Number(r.order_id),
  };
}

const COLUMNS = ['user_id', 'id', 'activity_id', 'fund_code', 'amount_fen', 'status', 'order_id', 'fail_reason', 'created_at'] as const;

export async function listBookings(db: Db, userId: number, activityId: string): Promise<BookingRow[]> {
  const rows = await db
    .selectFrom('lsd_bookings')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('activity_id', '=', activityId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(normalise);
}

/** The lump-sum activity of the page: the one named, else the running one of highest priority. */
export async function lumpSumActivity(db: Db, id: string | undefined, now: Date): Promise<Extract<ActivityRow, { kind: 'lump_sum' }>> {
  if (id) return requireActivity(db, id, 'lump_sum');
  const row = await db
    .selectFrom('activities')
    .select('id')
    .where('kind', '=', 'lump_sum')
    .where('status', '=', 'active')
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('priority', 'desc')
    .orderBy('starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new ActivityRefusal('activityNotFound', { id: 'LSD-product/main' });
  return requireActivity(db, row.id, 'lump_sum');
}

export interface BookInput {
  userId: number;
  activityId: string;
  amountFen: number;
  requestId: string;
  riskConfirm: boolean;
  password: string | undefined;
  riskWarningText: (fundRisk: number, investorLevel: number) => string;
}

function bookedLimit(config: LumpSumConfig, fund: TradeFund): number {
  return Math.max(config.min_amount_fen, fund.min_purchase_fen);
}

/** Books an amount before the raising starts: the purchase's checks, the trade password, one row (idempotent). */
export async function book(deps: { db: Database; now: Date; pepper: Pepper }, input: BookInput): Promise<BookingRow> {
  const { db, now } = deps;
  const kysely = db.kysely;
  const activity = await requireActivity(kysely, input.activityId, 'lump_sum');
  requireRunning(activity, now);
  const replay = async (q: Db) => {
    const earlier = await q
      .selectFrom('lsd_bookings')
      .select([...COLUMNS, 'request_id'])
      .where('user_id', '=', input.userId)
      .where('request_id', '=', input.requestId)
      .executeTakeFirst();
    if (!earlier) return null;
    if (earlier.activity_id !== input.activityId || Number(earlier.amount_fen) !== input.amountFen)
      throw new TradeRefusal('requestIdConflict');
    return normalise(earlier);
  };
  const early = await replay(kysely);
  if (early) return early;
  const check = async (q: Db) => {
    const fund = await loadTradeFund(q, activity.config.fund_code);
    if (!fund) throw new TradeRefusal('fundNotFound', { code: activity.config.fund_code });
    const today = shanghaiDate(now);
    const raising = await raisingOf(q, fund, today);
    if (raising.phase !== 'booking') {
      if (raising.start) throw new ActivityRefusal('bookingClosed', { date: raising.start });
      throw new ActivityRefusal('bookingNotOpen');
    }
    const investor = await loadInvestor(q, input.userId, today);
    if (!investor.openTrade || !investor.card) throw new TradeRefusal('accountNotOpened');
    if (investor.riskLevel === null) throw new TradeRefusal('riskAssessmentRequired');
    const min = bookedLimit(activity.config, fund);
    if (input.amountFen < min) throw new ActivityRefusal('bookingBelowMinimum', { min: fenToYuan(min) });
    const max = activity.config.max_amount_fen;
    if (max !== null) {
      const booked = await q
        .selectFrom('lsd_bookings')
        .select(sql<string>`coalesce(sum(amount_fen), 0)`.as('total'))
        .where('user_id', '=', input.userId)
        .where('activity_id', '=', activity.id)
        .where('status', '=', 'booked')
        .executeTakeFirstOrThrow();
      const left = Math.max(0, max - Number(booked.total));
      if (input.amountFen > left) throw new ActivityRefusal('bookingAboveMaximum', { max: fenToYuan(max), left: fenToYuan(left) });
    }
    const verdict = suitability(investor.riskLevel, fund.risk_level);
    if (verdict === 'refuse') throw new TradeRefusal('riskRefused');
    if (verdict === 'warn' && !input.riskConfirm)
      throw new TradeRefusal(
        'riskConfirmRequired',
        { fundRisk: fund.risk_level, investorLevel: investor.riskLevel },
        { fund_risk: fund.risk_level, investor_level: investor.riskLevel },
      );
    return { fund, investor, verdict };
  };
  await check(kysely);
  await checkPassword(kysely, input.userId, input.password, now, deps.pepper);
  return kysely.transaction().execute(async (trx) => {
    await lockUser(trx, input.userId);
    const again = await replay(trx);
    if (again) return again;
    const { fund, investor, verdict } = await check(trx);
    const riskWarning = verdict === 'warn' ? JSON.stringify(riskWarningEvidence(input, fund, investor, now)) : null;
    const row = await trx
      .insertInto('lsd_bookings')
      .values({
        user_id: input.userId,
        request_id: input.requestId,
        activity_id: activity.id,
        fund_code: fund.code,
        amount_fen: input.amountFen,
        status: 'booked',
        risk_warning: riskWarning,
        created_at: now,
        updated_at: now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return normalise(row);
  });
}

/** Cancels a booking before the raising starts (nothing was paid: nothing to refund). */
export async function cancelBooking(db: Kysely<DB>, userId: number, bookingId: number, now: Date): Promise<BookingRow> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const row = Number.isSafeInteger(bookingId)
      ? await trx
          .selectFrom('lsd_bookings')
          .select(COLUMNS)
          .where('user_id', '=', userId)
          .where('id', '=', bookingId)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    if (!row) throw new ActivityRefusal('bookingNotFound');
    if (row.status !== 'booked') throw new ActivityRefusal('bookingNotCancellable', { status: row.status });
    const fund = await loadTradeFund(trx, row.fund_code);
    const raising = fund ? await raisingOf(trx, fund, shanghaiDate(now)) : null;
    if (raising && raising.phase !== 'booking') throw new ActivityRefusal('bookingNotCancellable', { status: 'ordered' });
    const updated = await trx
      .updateTable('lsd_bookings')
      .set({ status: 'cancelled', updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', bookingId)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return normalise(updated);
  });
}

export interface BookingRunReport {
  raisings_opened: number;
  bookings_ordered: number;
  bookings_failed: number;
}

/** How many bookings are placed per read (each its own transaction, as placeBuy is). */
const BOOKING_PAGE = 500;

/**
 * The daily step for business date `date` (jobs/activities.ts): a fund whose raising starts on or before the date
 * opens for subscriptions (未开放 → 募集中), then every booking of a fund raising today is placed as a subscription
 * (T = the date, 00:00:01), paid from the card. Idempotent: a placed booking is 'ordered' (its request id
 * `lsd-<booking>` makes one order even if the job stopped between the order and the booking's row).
 */
export async function runBookings(db: Database, bank: Bank, date: IsoDate, now: Date): Promise<BookingRunReport> {
  const report: BookingRunReport = { raisings_opened: 0, bookings_ordered: 0, bookings_failed: 0 };
  const opened = await sql`
    UPDATE fund SET sale_status = 'building', status_reason = '新发基金募集中'
    WHERE sale_status = 'not_on_sale' AND subscribe_start IS NOT NULL AND subscribe_start <= ${date}
      AND (subscribe_end IS NULL OR subscribe_end >= ${date}) AND found_date > ${date}
      AND NOT EXISTS (SELECT 1 FROM fund_raising_outcomes r WHERE r.fund_code = fund.code)`.execute(db.kysely);
  report.raisings_opened = Number(opened.numAffectedRows ?? 0);
  const funds = await db.kysely
    .selectFrom('fund')
    .select('code')
    .where('sale_status', '=', 'building')
    .where('subscribe_start', '<=', date)
    .where((eb) => eb.or([eb('subscribe_end', 'is', null), eb('subscribe_end', '>=', date)]))
    .execute();
  // As of the start of the date, like an auto-invest run: T is the date (or its next trading day).
  const clock = { now: () => shanghaiInstant(date, '00:00:01') };
  for (const { code } of funds) {
    let after = 0;
    for (;;) {
      const due = await db.kysely
        .selectFrom('lsd_bookings')
        .select(['user_id', 'id', 'amount_fen', 'risk_warning'])
        .where('fund_code', '=', code)
        .where('status', '=', 'booked')
        .where('id', '>', after)
        .orderBy('id')
        .limit(BOOKING_PAGE)
        .execute();
      for (const b of due) {
        const userId = Number(b.user_id);
        const id = Number(b.id);
        const warning = b.risk_warning as { text?: string } | null;
        let orderId: number | null = null;
        let failReason: string | null = null;
        try {
          const placed = await placeBuy(
            { db, clock, bank },
            {
              userId,
              fundCode: code,
              amountFen: Number(b.amount_fen),
              requestId: `lsd-${id}`,
              riskConfirm: warning !== null,
              payMethod: 'bankcard',
              preauthorised: true,
              password: undefined,
              riskWarningText: () => warning?.text ?? '',
            },
          );
          orderId = placed.orderId;
        } catch (error) {
          if (!(error instanceof TradeRefusal)) throw error;
          failReason = error.reason;
          const data = error.data as { order_id?: string };
          if (data.order_id) orderId = Number(data.order_id);
        }
        await db.kysely
          .updateTable('lsd_bookings')
          .set({ status: failReason === null ? 'ordered' : 'failed', order_id: orderId, fail_reason: failReason, updated_at: now })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .where('status', '=', 'booked')
          .execute();
        if (failReason === null) report.bookings_ordered += 1;
        else report.bookings_failed += 1;
      }
      if (due.length < BOOKING_PAGE) break;
      after = Number(due[due.length - 1]?.id);
    }
  }
  return report;
}

/**
 * The fund company announces the raising failed (staff: POST /ops/funds/{code}/raising-failed): subscriptions stop
 * and, on the founding date, the settlement refunds every pending subscription with interest at `ratePercent` a year.
 */
export async function failRaising(db: Kysely<DB>, fundCode: string, ratePercent: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const fund = await trx.selectFrom('fund').select(['code', 'sale_status']).where('code', '=', fundCode).executeTakeFirst();
    if (!fund) throw new TradeRefusal('fundNotFound', { code: fundCode });
    if (fund.sale_status !== 'building' && fund.sale_status !== 'not_on_sale')
      throw new TradeRefusal('fundNotPurchasable', { reason: fund.sale_status });
    await trx
      .insertInto('fund_raising_outcomes')
      .values({ fund_code: fundCode, outcome: 'failed', interest_rate: ratePercent, decided_at: now })
      .onConflict((oc) => oc.column('fund_code').doUpdateSet({ interest_rate: ratePercent, decided_at: now }))
      .execute();
    await trx
      .updateTable('fund')
      .set({ sale_status: 'not_on_sale', status_reason: '基金募集失败，认购款项加计利息退还' })
      .where('code', '=', fundCode)
      .execute();
    // Bookings not yet placed will never be: they end here.
    await trx
      .updateTable('lsd_bookings')
      .set({ status: 'failed', fail_reason: 'raising_failed', updated_at: now })
      .where('fund_code', '=', fundCode)
      .where('status', '=', 'booked')
      .execute();
  });
}
