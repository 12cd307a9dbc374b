// The competition's rebalancing (调仓) on virtual money — pure, no I/O: a portfolio moved to target weights at the
// NAVs of its trade date T, sales first (each fund's redemption fee for the days held), then purchases (the
// net-amount fee of the fund's table and platform discount, shares by its rounding), never spending more virtual cash
// than there is. The same fee and share rules as real orders (src/lib/fees.ts), but nothing here touches the ledger.
import { purchaseVolume, quotePurchase, redeemPart, redemptionRatePpm, type FeeBracket } from '../../../src/lib/fees';
import { holdingDays } from '../../../src/lib/lots';
import { mulDiv, NAV_SCALE, volumeValueFen, type RoundingMode } from '../../../src/lib/trade-math';

export interface VirtualPosition {
  fundCode: string;
  volume: number;
  costFen: number;
  sinceDate: string;
}

export interface FundTerms {
  navUnits: number;
  declare: FeeBracket[];
  discount: string;
  withdraw: FeeBracket[];
  rounding: RoundingMode;
}

export interface Target {
  fundCode: string;
  /** Basis points of the portfolio's value (10,000 = all of it). */
  weightBp: number;
}

export interface Trade {
  fund_code: string;
  side: 'buy' | 'sell';
  volume: number;
  amount_fen: number;
  fee_fen: number;
  nav_units: number;
}

export interface RebalanceResult {
  cashFen: number;
  positions: VirtualPosition[];
  trades: Trade[];
  feeFen: number;
  /** The portfolio's value at T before trading. */
  valueFen: number;
}

/** Purchases smaller than this are not worth a trade (1.00 CNY). */
export const MIN_TRADE_FEN = 100;

export function portfolioValueFen(
  cashFen: number,
  positions: readonly VirtualPosition[],
  terms: ReadonlyMap<string, { navUnits: number }>,
): number {
  return positions.reduce((sum, p) => sum + volumeValueFen(p.volume, (terms.get(p.fundCode) as { navUnits: number }).navUnits), cashFen);
}

/**
 * Moves the portfolio to `targets` at T's NAVs. `confirmDate` (T+1) counts the days a position was held for its
 * redemption fee. Funds not among the targets are sold whole; the rest of the value stays cash.
 */
export function rebalance(
  cashFen: number,
  positions: readonly VirtualPosition[],
  targets: readonly Target[],
  terms: ReadonlyMap<string, FundTerms>,
  tradeDate: string,
  confirmDate: string,
): RebalanceResult {
  const termsOf = (code: string) => {
    const t = terms.get(code);
    if (!t) throw new RangeError(`no NAV for ${code}`);
    return t;
  };
  const valueFen = portfolioValueFen(cashFen, positions, terms);
  const targetOf = new Map(targets.map((t) => [t.fundCode, mulDiv(valueFen, t.weightBp, 10_000, 'truncate')]));
  const held = new Map(positions.map((p) => [p.fundCode, { ...p }]));
  const trades: Trade[] = [];
  let cash = cashFen;
  let fees = 0;

  // Sales first: what is above its target (or not a target at all).
  for (const p of positions) {
    const t = termsOf(p.fundCode);
    const current = volumeValueFen(p.volume, t.navUnits);
    const target = targetOf.get(p.fundCode) ?? 0;
    if (current <= target) continue;
    const keep = target === 0 ? 0 : mulDiv(target, NAV_SCALE, t.navUnits, 'truncate');
    const volume = p.volume - keep;
    if (volume <= 0) continue;
    const part = redeemPart(volume, t.navUnits, redemptionRatePpm(t.withdraw, holdingDays(p.sinceDate, confirmDate)), t.rounding);
    cash += part.netFen;
    fees += part.feeFen;
    const position = held.get(p.fundCode) as VirtualPosition;
    const costOut = keep === 0 ? position.costFen : mulDiv(position.costFen, volume, position.volume, 'half_up');
    position.volume = keep;
    position.costFen -= costOut;
    trades.push({ fund_code: p.fundCode, side: 'sell', volume, amount_fen: part.grossFen, fee_fen: part.feeFen, nav_units: t.navUnits });
  }

  // Then purchases, in the targets' order, each at most the cash left.
  for (const target of targets) {
    const t = termsOf(target.fundCode);
    const position = held.get(target.fundCode);
    const current = position ? volumeValueFen(position.volume, t.navUnits) : 0;
    const want = (targetOf.get(target.fundCode) ?? 0) - current;
    const amount = Math.min(want, cash);
    if (amount < MIN_TRADE_FEN) continue;
    const quote = quotePurchase(amount, t.declare, t.discount, t.rounding);
    const volume = purchaseVolume(quote.netFen, t.navUnits, t.rounding);
    if (volume <= 0) continue;
    cash -= amount;
    fees += quote.feeFen;
    if (position) {
      position.volume += volume;
      position.costFen += amount;
    } else held.set(target.fundCode, { fundCode: target.fundCode, volume, costFen: amount, sinceDate: confirmDate });
    trades.push({ fund_code: target.fundCode, side: 'buy', volume, amount_fen: amount, fee_fen: quote.feeFen, nav_units: t.navUnits });
  }
  return {
    cashFen: cash,
    positions: [...held.values()].filter((p) => p.volume > 0),
    trades,
    feeFen: fees,
    valueFen,
  };
}

/** Return in hundredths of a percent, half up: (value − initial) / initial. */
export function returnBp(valueFen: number, initialFen: number): number {
  const gain = valueFen - initialFen;
  const magnitude = mulDiv(Math.abs(gain), 10_000, initialFen, 'half_up');
  return gain < 0 ? -magnitude : magnitude;
}

/** 1234 → '12.34', -5 → '-0.05'. */
export function bpText(bp: number): string {
  const sign = bp < 0 ? '-' : '';
  const s = String(Math.abs(bp)).padStart(3, '0');
  return `${sign}${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** The portfolio's NAV (value / initial) to 4 decimals, half up: '1.0234'. */
export function unitNavText(valueFen: number, initialFen: number): string {
  const units = mulDiv(valueFen, 10_000, initialFen, 'half_up');
  const s = String(units).padStart(5, '0');
  return `${s.slice(0, -4)}.${s.slice(-4)}`;
}
