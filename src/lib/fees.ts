/**
 * Purchase and redemption fees, the one source the server's orders and settlement and the app's fee preview
 * share (docs/PRODUCT.md §5, "Purchase" and "Redemption"):
 * - purchase by amount, net-amount method: rate = bracket rate × platform discount; fee = amount − amount/(1+rate);
 *   a fixed-fee bracket charges its fee instead (never discounted); net = amount − fee; shares = net / NAV(T);
 * - redemption by shares, per lot: gross = shares × NAV(T), fee = gross × the rate of the lot's holding days.
 * Fee, shares and amounts are rounded to 0.01 by the fund's rounding mode (half-up unless its contract says
 * truncation). Golden case (Danjuan's own order): 317.00 CNY at 1.2 % × 0.1 and NAV 1.6000 → fee 0.38, 197.89 shares.
 */
import { discountPpm, mulDiv, NAV_SCALE, PPM, volumeValueFen, type RoundingMode } from './trade-math';

/** A bracket of a fee table: amounts in fen (purchase) or holding days (redemption), [lower, upper). */
export interface FeeBracket {
  lower: number;
  /** Exclusive; null = no upper bound. */
  upper: number | null;
  /** Rate in ppm (1.2 % = 12000), or null when the bracket charges a fixed fee. */
  ratePpm: number | null;
  /** Fixed fee per order in fen (e.g. 1,000 CNY per order from 5,000,000 CNY), or null. */
  fixedFen: number | null;
}

/** The bracket `value` falls in ([lower, upper)); null when the table has none for it. */
export function bracketFor(table: readonly FeeBracket[], value: number): FeeBracket | null {
  return table.find((b) => value >= b.lower && (b.upper === null || value < b.upper)) ?? null;
}

export interface PurchaseQuote {
  amountFen: number;
  /** Rate charged after the platform discount, ppm (0 for a fixed fee or a free fund). */
  ratePpm: number;
  /** Rate before the discount, ppm (the struck-through figure). */
  standardRatePpm: number;
  /** The bracket's fixed fee, when it is one. */
  fixedFen: number | null;
  feeFen: number;
  /** The fee without the platform discount (equal to feeFen for fixed fees and undiscounted funds). */
  standardFeeFen: number;
  netFen: number;
}

/** The net-amount fee for a rate: amount × rate / (1 + rate), rounded by `mode`. */
function netMethodFee(amountFen: number, ratePpm: number, mode: RoundingMode): number {
  return ratePpm === 0 ? 0 : mulDiv(amountFen, ratePpm, PPM + ratePpm, mode);
}

/**
 * The fee of a purchase of `amountFen` by the fund's purchase table and platform discount ('0.1' = 1折).
 * A table with no bracket for the amount (or an empty one) means no purchase fee.
 */
export function quotePurchase(
  amountFen: number,
  table: readonly FeeBracket[],
  discount: string,
  mode: RoundingMode = 'half_up',
): PurchaseQuote {
  const bracket = bracketFor(table, amountFen);
  if (bracket && bracket.fixedFen !== null) {
    const fee = Math.min(bracket.fixedFen, amountFen);
    return {
      amountFen,
      ratePpm: 0,
      standardRatePpm: 0,
      fixedFen: bracket.fixedFen,
      feeFen: fee,
      standardFeeFen: fee,
      netFen: amountFen - fee,
    };
  }
  const standardRatePpm = bracket?.ratePpm ?? 0;
  const ratePpm = discountPpm(standardRatePpm, discount);
  const feeFen = netMethodFee(amountFen, ratePpm, mode);
  return {
    amountFen,
    ratePpm,
    standardRatePpm,
    fixedFen: null,
    feeFen,
    standardFeeFen: netMethodFee(amountFen, standardRatePpm, mode),
    netFen: amountFen - feeFen,
  };
}

/** Shares (hundredths) a net amount buys at NAV (ten-thousandths): net / NAV rounded by `mode`. */
export function purchaseVolume(netFen: number, navUnits: number, mode: RoundingMode = 'half_up'): number {
  // (netFen / 100) / (navUnits / 10^4) shares × 100 = netFen × 10^4 / navUnits hundredths.
  return mulDiv(netFen, NAV_SCALE, navUnits, mode);
}

/** The redemption rate (ppm) for a lot held `holdingDays` calendar days; 0 when the table has no bracket. */
export function redemptionRatePpm(table: readonly FeeBracket[], holdingDays: number): number {
  return bracketFor(table, holdingDays)?.ratePpm ?? 0;
}

export interface RedemptionPart {
  volume: number;
  grossFen: number;
  ratePpm: number;
  feeFen: number;
  netFen: number;
}

/** One lot's part of a redemption: gross = volume × NAV, fee = gross × rate, both rounded by `mode`. */
export function redeemPart(volume: number, navUnits: number, ratePpm: number, mode: RoundingMode = 'half_up'): RedemptionPart {
  const grossFen = volumeValueFen(volume, navUnits, mode);
  const feeFen = ratePpm === 0 ? 0 : mulDiv(grossFen, ratePpm, PPM, mode);
  return { volume, grossFen, ratePpm, feeFen, netFen: grossFen - feeFen };
}
