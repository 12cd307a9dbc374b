// Registration coupons (新人券): a new investor claims one per activity; a purchase may use it once to take part of
// its fee off (src/lib/coupon.ts, the rule the buy page previews with). The order records the coupon and the fee it
// took off; the platform's marketing account bears that part of the fee in the ledger when the purchase is
// confirmed (settlement.ts); a cancelled order gives the coupon back. No cash, no shares, no lottery (the 2020
// seller rules). docs/PRODUCT.md §7.4.
import { sql, type Kysely, type Transaction } from 'kysely';
import { fenToYuan } from '../../../src/lib/money';
import { applyCoupon, type CouponRefusal, type CouponTerms } from '../../../src/lib/coupon';
import type { RoundingMode } from '../../../src/lib/trade-math';
import type { DB } from '../db/types';
import { ActivityRefusal } from '../domain/activity-refusal';
import { shanghaiDate } from '../domain/clock';
import { TradeRefusal, type TradeRefusalReason } from '../domain/trade-refusal';
import { requireActivity, requireRunning } from './activities';

type Db = Kysely<DB> | Transaction<DB>;

export interface CouponRow {
  user_id: number;
  id: number;
  activity_id: string;
  fee_rate: string;
  max_discount_fen: number;
  min_amount_fen: number;
  fund_codes: string[];
  claimed_at: Date;
  expires_at: Date;
  status: string;
  order_id: number | null;
  discount_fen: number | null;
  used_at: Date | null;
}

const COLUMNS = [
  'user_id',
  'id',
  'activity_id',
  'fee_rate',
  'max_discount_fen',
  'min_amount_fen',
  'fund_codes',
  'claimed_at',
  'expires_at',
  'status',
  'order_id',
  'discount_fen',
  'used_at',
] as const;

function normalise(row: Record<string, unknown>): CouponRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(row as unknown as CouponRow),
    user_id: Number(row.user_id),
    id: Number(row.id),
    max_discount_fen: Number(row.max_discount_fen),
    min_amount_fen: Number(row.min_amount_fen),
    order_id: num(row.order_id),
    discount_fen: num(row.discount_fen),
    fund_codes: (row.fund_codes as string[]).map((c) => String(c)),
  };
}

export function couponTerms(row: CouponRow): CouponTerms {
  return {
    feeRate: row.fee_rate,
    maxDiscountFen: row.max_discount_fen,
    minAmountFen: row.min_amount_fen,
    fundCodes: row.fund_codes,
    expiresAt: row.expires_at.toISOString(),
    status: row.status === 'used' ? 'used' : 'unused',
  };
}

/** 'available' | 'used' | 'expired' as the investor reads it (expiry is read from the time, never stored). */
export function couponState(row: CouponRow, now: Date): 'available' | 'used' | 'expired' {
  if (row.status === 'used') return 'used';
  return now.getTime() >= row.expires_at.getTime() ? 'expired' : 'available';
}

/** Has the investor ever paid for a purchase (a new investor has not)? */
async function hasBought(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('action', 'in', ['020', '022'])
    .where('status', 'in', ['paid', 'confirmed'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the activity's coupon: once per investor and activity, only while it runs and only for a new investor
 * (no purchase paid yet). The activity's terms are copied onto the coupon.
 */
export async function claimCoupon(db: Kysely<DB>, userId: number, activityId: string, now: Date): Promise<CouponRow> {
  const activity = await requireActivity(db, activityId, 'reg_coupon');
  requireRunning(activity, now);
  return db.transaction().execute(async (trx) => {
    // One claim of a user at a time, serialised with the user's trades (services/trading.ts lockUser).
    await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
    const existing = await trx
      .selectFrom('coupons')
      .select('id')
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
    if (existing) throw new ActivityRefusal('couponAlreadyClaimed', {}, { coupon_id: String(existing.id) });
    if (await hasBought(trx, userId)) throw new ActivityRefusal('couponNotNewInvestor');
    const { config } = activity;
    const row = await trx
      .insertInto('coupons')
      .values({
        user_id: userId,
        activity_id: activityId,
        fee_rate: config.fee_rate,
        max_discount_fen: config.max_discount_fen,
        min_amount_fen: config.min_amount_fen,
        fund_codes: JSON.stringify(config.fund_codes),
        claimed_at: now,
        expires_at: new Date(now.getTime() + config.valid_days * 86_400_000),
        status: 'unused',
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return normalise(row);
  });
}

export async function listCoupons(db: Db, userId: number): Promise<CouponRow[]> {
  const rows = await db
    .selectFrom('coupons')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('claimed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(normalise);
}

export async function loadCoupon(db: Db, userId: number, couponId: number, lock = false): Promise<CouponRow | null> {
  if (!Number.isSafeInteger(couponId) || couponId <= 0) return null;
  let query = db.selectFrom('coupons').select(COLUMNS).where('user_id', '=', userId).where('id', '=', couponId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? normalise(row) : null;
}

const REFUSALS: Record<CouponRefusal, TradeRefusalReason> = {
  used: 'couponUsed',
  expired: 'couponExpired',
  belowMinimum: 'couponBelowMinimum',
  fundNotEligible: 'couponFundNotEligible',
  noFee: 'couponNoFee',
};

export function couponRefusal(row: CouponRow, reason: CouponRefusal): TradeRefusal {
  return new TradeRefusal(REFUSALS[reason], {
    date: shanghaiDate(row.expires_at),
    min: fenToYuan(row.min_amount_fen),
  });
}

/** What the coupon takes off this purchase's fee, or the refusal saying why it cannot (nothing written). */
export async function couponDiscountFor(
  db: Db,
  userId: number,
  couponId: number,
  purchase: { fundCode: string; amountFen: number; feeFen: number; now: Date; rounding: RoundingMode },
  lock = false,
): Promise<{ coupon: CouponRow; discountFen: number }> {
  const coupon = await loadCoupon(db, userId, couponId, lock);
  if (!coupon) throw new TradeRefusal('couponNotFound');
  const verdict = applyCoupon(couponTerms(coupon), purchase);
  if (!verdict.ok) throw couponRefusal(coupon, verdict.reason);
  return { coupon, discountFen: verdict.discountFen };
}

/**
 * Inside the purchase's transaction (the user's lock held): marks the coupon used by the order. The update is
 * conditional, so two purchases at once cannot both use it: the second finds it used and is refused.
 */
export async function markCouponUsed(
  trx: Transaction<DB>,
  userId: number,
  couponId: number,
  orderId: number,
  discountFen: number,
  now: Date,
): Promise<void> {
  const used = await trx
    .updateTable('coupons')
    .set({ status: 'used', order_id: orderId, discount_fen: discountFen, used_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', couponId)
    .where('status', '=', 'unused')
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new TradeRefusal('couponUsed');
}

/** A cancelled (or refused) purchase gives its coupon back; past its expiry it then reads as expired. */
export async function returnCoupon(trx: Transaction<DB>, userId: number, orderId: number): Promise<void> {
  await trx
    .updateTable('coupons')
    .set({ status: 'unused', order_id: null, discount_fen: null, used_at: null })
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .where('status', '=', 'used')
    .execute();
}
