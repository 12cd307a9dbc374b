/**
 * The registration coupon's rule, shared by the server (the order it prices, the ledger leg the platform's marketing
 * account bears) and the buy page's preview: a discount on the purchase fee only — never cash, shares or a lottery
 * (the 2020 seller rules). `fee_rate` is the share of the fee the investor still pays ('0.1' = 1折); the discount
 * (fee − fee × rate, rounded by the fund's mode) is at most `max_discount`. docs/PRODUCT.md §7.4.
 */
import { mulDiv, type RoundingMode } from './trade-math';

export interface CouponTerms {
  /** '0.1': the investor pays a tenth of the fee. */
  feeRate: string;
  maxDiscountFen: number;
  minAmountFen: number;
  /** Empty: every fund. */
  fundCodes: readonly string[];
  /** ISO instant. */
  expiresAt: string;
  status: 'unused' | 'used';
}

/** Why a coupon does not apply to a purchase (each has its message: coupon.reason.* and the server's). */
export type CouponRefusal = 'used' | 'expired' | 'belowMinimum' | 'fundNotEligible' | 'noFee';

export type CouponVerdict =
  | { ok: true; discountFen: number; feeBeforeFen: number; feeAfterFen: number }
  | { ok: false; reason: CouponRefusal };

/** A fee rate ('0.1', '0.25', '0') → parts per 10,000; NaN when it is not a decimal in [0, 1) with ≤ 4 decimals. */
export function couponRateBp(rate: string): number {
  const m = /^0(?:\.(\d{1,4}))?$/.exec(rate);
  if (!m) return Number.NaN;
  return Number((m[1] ?? '').padEnd(4, '0'));
}

/** The discount on a fee of `feeFen` (the fee after the platform's own discount). */
export function couponDiscountFen(feeFen: number, feeRate: string, maxDiscountFen: number, mode: RoundingMode = 'half_up'): number {
  const bp = couponRateBp(feeRate);
  if (Number.isNaN(bp)) throw new RangeError(`coupon fee rate ${feeRate}`);
  const stillPaid = mulDiv(feeFen, bp, 10_000, mode);
  return Math.min(maxDiscountFen, feeFen - stillPaid);
}

/** Does the coupon apply to this purchase, and what does it take off the fee? */
export function applyCoupon(
  terms: CouponTerms,
  purchase: { fundCode: string; amountFen: number; feeFen: number; now: Date; rounding?: RoundingMode },
): CouponVerdict {
  if (terms.status === 'used') return { ok: false, reason: 'used' };
  if (purchase.now.getTime() >= Date.parse(terms.expiresAt)) return { ok: false, reason: 'expired' };
  if (terms.fundCodes.length > 0 && !terms.fundCodes.includes(purchase.fundCode)) return { ok: false, reason: 'fundNotEligible' };
  if (purchase.amountFen < terms.minAmountFen) return { ok: false, reason: 'belowMinimum' };
  const discountFen = couponDiscountFen(purchase.feeFen, terms.feeRate, terms.maxDiscountFen, purchase.rounding);
  if (discountFen <= 0) return { ok: false, reason: 'noFee' };
  return { ok: true, discountFen, feeBeforeFen: purchase.feeFen, feeAfterFen: purchase.feeFen - discountFen };
}

/** '0.1' → '1' (1折), '0.25' → '2.5': how a Chinese reader names the rate. */
export function couponZhe(feeRate: string): string {
  const bp = couponRateBp(feeRate);
  if (Number.isNaN(bp)) return feeRate;
  const rest = String(bp % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return rest === '' ? String(Math.floor(bp / 1000)) : `${Math.floor(bp / 1000)}.${rest}`;
}
