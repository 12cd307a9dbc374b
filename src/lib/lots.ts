/**
 * Redemption lots, first-in first-out (先确认的份额先赎回): each lot keeps its confirmation date, so each part of a
 * redemption pays the fee of its own holding days (redemption confirmation date − lot confirmation date, in
 * calendar days). A lot of a lock-period fund (持有期) cannot be redeemed before its lock ends.
 * docs/PRODUCT.md §5 "Redemption" and "Lock periods".
 */
import { redeemPart, redemptionRatePpm, type FeeBracket, type RedemptionPart } from './fees';
import type { RoundingMode } from './trade-math';

export interface Lot {
  id: string | number;
  /** 'YYYY-MM-DD' the lot's shares were confirmed. */
  confirmDate: string;
  /** Hundredths of a share still in the lot. */
  volume: number;
  /** 'YYYY-MM-DD' from which the lot may be redeemed (lock-period funds), or null. */
  lockedUntil: string | null;
}

function dayNumber(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
}

/** Calendar days from `from` to `to`. */
export function holdingDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Whether a lot may be redeemed by an order whose trade date is `tradeDate`. */
export function isLotAvailable(lot: Lot, tradeDate: string): boolean {
  return lot.lockedUntil === null || lot.lockedUntil <= tradeDate;
}

/** Shares that may be redeemed on `tradeDate`: the lots out of their lock. */
export function availableVolume(lots: readonly Lot[], tradeDate: string): number {
  return lots.reduce((sum, lot) => (isLotAvailable(lot, tradeDate) ? sum + lot.volume : sum), 0);
}

/** Oldest first (confirmation date, then id), the order redemptions take lots in. */
export function fifoOrder<L extends Lot>(lots: readonly L[]): L[] {
  return [...lots].sort((a, b) =>
    a.confirmDate === b.confirmDate
      ? String(a.id).localeCompare(String(b.id), 'en', { numeric: true })
      : a.confirmDate < b.confirmDate
        ? -1
        : 1,
  );
}

export interface LotTake {
  lotId: string | number;
  volume: number;
}

/** Which lots a redemption of `volume` takes, oldest available first; null when the available shares fall short. */
export function takeFifo(lots: readonly Lot[], volume: number, tradeDate: string): LotTake[] | null {
  if (!Number.isSafeInteger(volume) || volume <= 0) throw new RangeError(`volume must be a positive integer, got ${volume}`);
  const takes: LotTake[] = [];
  let left = volume;
  for (const lot of fifoOrder(lots)) {
    if (left === 0) break;
    if (lot.volume <= 0 || !isLotAvailable(lot, tradeDate)) continue;
    const take = Math.min(lot.volume, left);
    takes.push({ lotId: lot.id, volume: take });
    left -= take;
  }
  return left === 0 ? takes : null;
}

export interface RedemptionLotPart extends RedemptionPart {
  lotId: string | number;
  holdingDays: number;
}

/**
 * The fee of each lot's part of a redemption confirmed on `confirmDate` at `navUnits`, in FIFO order (the
 * estimate before NAV(T) is known uses the latest NAV and the expected confirmation date).
 */
export function priceRedemption(
  lots: readonly Lot[],
  takes: readonly LotTake[],
  navUnits: number,
  confirmDate: string,
  table: readonly FeeBracket[],
  mode: RoundingMode = 'half_up',
): RedemptionLotPart[] {
  const byId = new Map(lots.map((lot) => [String(lot.id), lot]));
  return takes.map((take) => {
    const lot = byId.get(String(take.lotId));
    if (!lot) throw new RangeError(`no lot ${String(take.lotId)}`);
    const days = holdingDays(lot.confirmDate, confirmDate);
    return { lotId: take.lotId, holdingDays: days, ...redeemPart(take.volume, navUnits, redemptionRatePpm(table, days), mode) };
  });
}
