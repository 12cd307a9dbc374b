// What the buy and sell pages compute while the user types: the amount's checks, the purchase fee preview and the
// redemption estimate lot by lot. All of it is the shared rules the server uses (src/lib/fees.ts, lots.ts,
// trade-math.ts) on exact integers (fen, hundredths of a share, ppm); no float ever touches money.
import { quotePurchase, type FeeBracket } from '@/lib/fees';
import { fifoOrder, priceRedemption, takeFifo, type Lot, type RedemptionLotPart } from '@/lib/lots';
import { cardLimitProblem, type CardLimitProblem } from '@/lib/card-limits';
import { fenToYuan, parseAmountInput, yuanToFen } from '@/lib/money';
import { discountPpm, navToUnits, percentToPpm, ppmToPercent, sharesToVolume } from '@/lib/trade-math';
import type { RateRow } from '@/lib/api-types/fund';
import type { BuyQuote, FundHolding, PayMethod } from '@/lib/api-types/trading';

// ---- purchase ------------------------------------------------------------------------

/** The quote's fee table (yuan, percent, yuan) as the shared rules take it (fen, ppm, fen). */
export function purchaseTable(quote: Pick<BuyQuote, 'fee_table'>): FeeBracket[] {
  return quote.fee_table.map((row) => ({
    lower: yuanToFen(row.lower),
    upper: row.upper === null ? null : yuanToFen(row.upper),
    ratePpm: row.rate === null ? null : percentToPpm(row.rate),
    fixedFen: row.fixed === null ? null : yuanToFen(row.fixed),
  }));
}

/** Why an amount cannot be bought, with what the message names. */
export type AmountProblem =
  | { kind: 'invalid' }
  | { kind: 'decimals' }
  | { kind: 'min'; min: string }
  | { kind: 'fundDaily'; limit: string; left: string }
  | CardLimitProblem
  | { kind: 'cashAvailable'; available: string };

/** `fen` when the text reads as an amount; `problem` when it cannot be bought (null: fine, or nothing typed). */
export interface AmountCheck {
  fen: number | null;
  problem: AmountProblem | null;
}

/**
 * Checks a typed amount as it is typed: nothing typed → no complaint; then two decimals at most, the fund's
 * minimum, what is left of the fund's daily cap, the card's per-payment and per-day limits (docs/PRODUCT.md §10) —
 * or, paying with the cash product (现金宝), what is available in it (no bank limit).
 */
export function checkBuyAmount(text: string, quote: BuyQuote, payMethod: PayMethod = 'bankcard'): AmountCheck {
  if (text === '') return { fen: null, problem: null };
  const parsed = parseAmountInput(text);
  if (!parsed.ok) return { fen: null, problem: { kind: parsed.error === 'tooManyDecimals' ? 'decimals' : 'invalid' } };
  const fen = parsed.fen;
  if (fen <= 0) return { fen, problem: { kind: 'invalid' } };
  if (fen < yuanToFen(quote.min_amount)) return { fen, problem: { kind: 'min', min: quote.min_amount } };
  if (quote.daily_limit !== null && quote.daily_limit_left !== null && fen > yuanToFen(quote.daily_limit_left)) {
    return { fen, problem: { kind: 'fundDaily', limit: quote.daily_limit, left: quote.daily_limit_left } };
  }
  if (payMethod === 'xjb') {
    // The cash product pays at once from what is available in it; no bank limit applies.
    const available = quote.cash?.available ?? '0.00';
    if (fen > yuanToFen(available)) return { fen, problem: { kind: 'cashAvailable', available } };
    return { fen, problem: null };
  }
  return { fen, problem: cardLimitProblem(fen, quote.card) };
}

/** The fee line of the buy page, all texts exact ('0.38', '0.12'). */
export interface FeePreview {
  /** The fee charged, yuan. */
  fee: string;
  /** The fee without the platform discount, when it differs (struck through). */
  standardFee: string | null;
  /** Percent after the discount ('0.12'); null for a fixed fee. */
  rate: string | null;
  /** Percent before the discount, when it differs (struck through). */
  standardRate: string | null;
  /** The bracket's fixed fee per order (yuan), when it charges one. */
  fixed: string | null;
}

/** The fee of `amountFen` by the quote's table and discount: the same computation the server makes for the order. */
export function previewPurchaseFee(amountFen: number, quote: BuyQuote): FeePreview {
  const q = quotePurchase(amountFen, purchaseTable(quote), quote.discount, quote.rounding_mode ?? 'half_up');
  if (q.fixedFen !== null)
    return { fee: fenToYuan(q.feeFen), standardFee: null, rate: null, standardRate: null, fixed: fenToYuan(q.fixedFen) };
  const discounted = q.ratePpm !== q.standardRatePpm;
  return {
    fee: fenToYuan(q.feeFen),
    standardFee: q.standardFeeFen !== q.feeFen ? fenToYuan(q.standardFeeFen) : null,
    rate: ppmToPercent(q.ratePpm),
    standardRate: discounted ? ppmToPercent(q.standardRatePpm) : null,
    fixed: null,
  };
}

/** Before an amount is typed: the rate of the first bracket (what a small purchase pays). */
export function startingRate(quote: BuyQuote): { rate: string; standardRate: string | null } | null {
  const first = purchaseTable(quote)[0];
  if (!first || first.ratePpm === null) return null;
  const rate = discountPpm(first.ratePpm, quote.discount);
  return { rate: ppmToPercent(rate), standardRate: rate !== first.ratePpm ? ppmToPercent(first.ratePpm) : null };
}

/** Quick amounts above the fund's minimum (yuan, whole). */
export function quickAmounts(quote: BuyQuote): string[] {
  const min = yuanToFen(quote.min_amount);
  return ['1000', '5000', '10000', '50000'].filter((yuan) => yuanToFen(yuan) >= min);
}

// ---- redemption ----------------------------------------------------------------------

/** The fund's redemption table (`withdraw_rate_table`: holding days, percent) as the shared rules take it. */
export function redemptionTable(rows: readonly RateRow[]): FeeBracket[] {
  return rows
    .filter((row) => row.unit === '%')
    .map((row) => ({ lower: row.lower_bound, upper: row.upper_bound, ratePpm: percentToPpm(row.value), fixedFen: null }));
}

export function holdingLots(holding: Pick<FundHolding, 'lots'>): Lot[] {
  return holding.lots.map((lot) => ({
    id: lot.lot_id,
    confirmDate: lot.confirm_date,
    volume: sharesToVolume(lot.volume),
    lockedUntil: lot.locked_until,
  }));
}

export interface SharesCheck {
  /** Hundredths of a share, when the text reads as a share count. */
  volume: number | null;
  problem: 'invalid' | 'decimals' | 'tooMany' | null;
}

/** A typed share count: two decimals at most, above zero, within what may be sold now. */
export function checkSellVolume(text: string, usableVolume: number): SharesCheck {
  if (text === '') return { volume: null, problem: null };
  if (!/^\d+(\.\d*)?$/.test(text)) return { volume: null, problem: 'invalid' };
  if ((text.split('.')[1] ?? '').length > 2) return { volume: null, problem: 'decimals' };
  const volume = sharesToVolume(text.endsWith('.') ? text.slice(0, -1) : text);
  if (volume <= 0) return { volume, problem: 'invalid' };
  if (volume > usableVolume) return { volume, problem: 'tooMany' };
  return { volume, problem: null };
}

/** Half of what may be sold, rounded down to the hundredth of a share. */
export function halfVolume(usableVolume: number): number {
  return Math.floor(usableVolume / 2);
}

export interface RedemptionLine extends RedemptionLotPart {
  confirmDate: string;
}

export interface RedemptionEstimate {
  lines: RedemptionLine[];
  gross: string;
  fee: string;
  proceeds: string;
}

/**
 * The redemption of `volume` estimated lot by lot, oldest first, at the latest NAV and the expected confirmation
 * date: each lot pays the rate of its own holding days. With no fund table at hand, each lot's rate for today
 * (the holding's `redeem_rate`) stands in. Null when the lots out of their lock fall short.
 */
export function estimateRedemption(holding: FundHolding, volume: number, table: readonly FeeBracket[] | null): RedemptionEstimate | null {
  const lots = holdingLots(holding);
  const takes = takeFifo(lots, volume, holding.sell_trade_date);
  if (!takes) return null;
  const nav = navToUnits(holding.nav);
  const byId = new Map(holding.lots.map((lot) => [lot.lot_id, lot]));
  const parts = table
    ? priceRedemption(lots, takes, nav, holding.sell_confirm_date, table, holding.rounding_mode ?? 'half_up')
    : takes.flatMap((take) => {
        const rate = byId.get(String(take.lotId))?.redeem_rate ?? '0';
        const own: FeeBracket[] = [{ lower: 0, upper: null, ratePpm: percentToPpm(rate), fixedFen: null }];
        return priceRedemption(lots, [take], nav, holding.sell_confirm_date, own, holding.rounding_mode ?? 'half_up');
      });
  const confirmOf = new Map(lots.map((lot) => [String(lot.id), lot.confirmDate]));
  const lines = parts.map((part) => ({ ...part, confirmDate: confirmOf.get(String(part.lotId)) ?? '' }));
  const sum = (pick: (line: RedemptionLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    gross: fenToYuan(sum((l) => l.grossFen)),
    fee: fenToYuan(sum((l) => l.feeFen)),
    proceeds: fenToYuan(sum((l) => l.netFen)),
  };
}

/** The lots as the sell page lists them, oldest first. */
export function lotsInOrder(holding: FundHolding): FundHolding['lots'] {
  const order = fifoOrder(holdingLots(holding)).map((lot) => String(lot.id));
  return order
    .map((id) => holding.lots.find((lot) => lot.lot_id === id))
    .filter((lot): lot is FundHolding['lots'][number] => lot !== undefined);
}
