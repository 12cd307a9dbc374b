// The confirmation of an order at its NAV (docs/PRODUCT.md §5 "Purchase", "Redemption", the large-purchase limit),
// as pure functions: what the daily settlement (services/settlement.ts) applies to each due order, and what a
// preview can run without a database. The fee and share rules themselves are src/lib/fees.ts (the app's preview
// runs them too); this module decides what is confirmed, what is refunded and what each part of a sale yields.
// Tested against exact BigInt oracles: tests/server/pricing.test.ts.
import { purchaseVolume, quotePurchase, redeemPart, redemptionRatePpm, type FeeBracket } from '../../../src/lib/fees';
import { holdingDays } from '../../../src/lib/lots';
import { mulDiv, type RoundingMode } from '../../../src/lib/trade-math';
import { dayNumber, type IsoDate } from './calendar';

/** What a fund's contract says about confirming a purchase. */
export interface PurchaseTerms {
  rounding: RoundingMode;
  /** The registrar's limit per investor, fund and trade date (fen), or null for none. */
  largeLimitFen: number | null;
  /** The platform discount on the rate ('0.1' = 1折). */
  discount: string;
  /** The fee table of this purchase: the subscription table for a subscription (when the fund has one), else the purchase table. */
  feeTable: readonly FeeBracket[];
}

/** A purchase as it was paid: the amount, the fee fixed when it was placed (after any coupon), the coupon's discount. */
export interface PaidPurchase {
  amountFen: number;
  feeFen: number;
  couponFen: number;
}

export type PurchaseConfirmation =
  | {
      result: 'confirmed';
      /** The part confirmed (the amount paid, or what the large-purchase limit left of it). */
      amountFen: number;
      feeFen: number;
      /** The coupon's discount on the confirmed part (never more than its fee before the discount). */
      couponFen: number;
      /** Shares bought, hundredths: (amount − fee) / NAV by the fund's rounding. */
      volume: number;
      /** The excess over the large-purchase limit, paid back. */
      refundFen: number;
    }
  | {
      result: 'refused';
      /** No NAV for the trade date (the fund company refused it), or nothing left under the large-purchase limit. */
      reason: 'fund_company_refused';
      refundFen: number;
    };

/**
 * A paid purchase confirmed at `navUnits` (ten-thousandths; null when the fund company published none for T: refused
 * and refunded in full). `usedFen`: what the same investor already had confirmed in the fund for the same trade date
 * (the large-purchase limit is used up in order). Answers the confirmation and the new `usedFen`.
 */
export function confirmPurchase(
  paid: PaidPurchase,
  navUnits: number | null,
  terms: PurchaseTerms,
  usedFen = 0,
): { confirmation: PurchaseConfirmation; usedFen: number } {
  if (navUnits === null) return { confirmation: { result: 'refused', reason: 'fund_company_refused', refundFen: paid.amountFen }, usedFen };
  let amount = paid.amountFen;
  let fee = paid.feeFen;
  let coupon = paid.couponFen;
  if (terms.largeLimitFen !== null) {
    amount = Math.max(0, Math.min(paid.amountFen, terms.largeLimitFen - usedFen));
    usedFen += amount;
    if (amount > 0 && amount < paid.amountFen) {
      // The fee of the part confirmed, by the same table and discount; a coupon never exceeds that smaller fee.
      fee = quotePurchase(amount, terms.feeTable, terms.discount, terms.rounding).feeFen;
      coupon = Math.min(coupon, fee);
      fee -= coupon;
    }
  }
  if (amount === 0) return { confirmation: { result: 'refused', reason: 'fund_company_refused', refundFen: paid.amountFen }, usedFen };
  return {
    confirmation: {
      result: 'confirmed',
      amountFen: amount,
      feeFen: fee,
      couponFen: coupon,
      volume: purchaseVolume(amount - fee, navUnits, terms.rounding),
      refundFen: paid.amountFen - amount,
    },
    usedFen,
  };
}

/** One lot's part of a redemption: the shares it gives and the date the lot was confirmed (its holding days start). */
export interface SalePart {
  lotId: number;
  volume: number;
  lotConfirmDate: IsoDate;
}

export interface PricedPart {
  lotId: number;
  volume: number;
  /** Calendar days from the lot's confirmation to the sale's. */
  days: number;
  ratePpm: number;
  grossFen: number;
  feeFen: number;
}

export interface RedemptionConfirmation {
  parts: PricedPart[];
  grossFen: number;
  feeFen: number;
  /** What the investor receives: gross − fee. */
  netFen: number;
}

/**
 * A redemption confirmed at `navUnits` on `confirmDate`: each lot's part at gross = shares × NAV and the fee of its own
 * holding days (the withdrawal table), both rounded by the fund's rounding; the order's figures are their sums.
 */
export function confirmRedemption(
  parts: readonly SalePart[],
  navUnits: number,
  confirmDate: IsoDate,
  withdrawTable: readonly FeeBracket[],
  rounding: RoundingMode,
): RedemptionConfirmation {
  let grossFen = 0;
  let feeFen = 0;
  const priced = parts.map((p) => {
    const days = holdingDays(p.lotConfirmDate, confirmDate);
    const part = redeemPart(p.volume, navUnits, redemptionRatePpm(withdrawTable, days), rounding);
    grossFen += part.grossFen;
    feeFen += part.feeFen;
    return { lotId: p.lotId, volume: p.volume, days, ratePpm: part.ratePpm, grossFen: part.grossFen, feeFen: part.feeFen };
  });
  return { parts: priced, grossFen, feeFen, netFen: grossFen - feeFen };
}

/**
 * A failed raising's interest on one subscription: amount × the yearly rate × the calendar days from its payment (the
 * trade date) to the refund, over 365, half up to the fen (同期活期存款利息, the fund contract's clause).
 */
export function raisingInterestFen(amountFen: number, ratePpm: number, paidOn: IsoDate, refundedOn: IsoDate): number {
  const days = Math.max(0, dayNumber(refundedOn) - dayNumber(paidOn));
  return mulDiv(amountFen, ratePpm * days, 365 * 1_000_000, 'half_up');
}

/**
 * A dividend on `volume` shares (hundredths) at `perShareUnits` (ten-thousandths of a yuan a share): the cash, volume ×
 * per share by the fund's rounding; reinvested (at the ex-date NAV, no fee) the shares it buys, else null.
 */
export function priceDividend(
  volume: number,
  perShareUnits: number,
  reinvestNavUnits: number | null,
  rounding: RoundingMode,
): { cashFen: number; reinvestVolume: number | null } {
  const cashFen = mulDiv(volume, perShareUnits, 10_000, rounding);
  return {
    cashFen,
    reinvestVolume: reinvestNavUnits === null || cashFen <= 0 ? null : purchaseVolume(cashFen, reinvestNavUnits, rounding),
  };
}
