// Income of one fund holding, day by day, from its events and the fund's NAVs — pure (docs/PRODUCT.md §5,
// "Income and holdings"). A day's income is the change of the holding's value less the money that went in or
// out that day:
//   value(D)  = shares held at the close of D × NAV(D), rounded to the fen;
//   income(D) = value(D) − value(previous NAV day) − bought(D) + received(D),
// where bought(D) is what confirmed purchases priced on D cost (fee included) and received(D) is the net
// proceeds of sales priced on D plus cash dividends with ex-date D. So the days add up, to the fen, to the
// cumulative income: value now − everything paid in + everything received — the ledger's own figure.
//
// A purchase is not a day's loss (issue 28, PRODUCT §10.14): what a lot cost above its value at the NAV it was
// priced at (the purchase fee, and the rounding of its shares) is the lot's entry cost, `entryFen` of its trade
// date, not income of that day. So a new holding's first income is its first market day after the trade date —
// the income date the order promised — and income(D) + entry(D) is the formula above, the days still adding up,
// fees included, to the ledger's cumulative income.
import { volumeValueFen, type RoundingMode } from '../../../src/lib/trade-math';

export interface HoldingEvents {
  /** Confirmed lots: trade date (the NAV day they were priced at), shares, and what they cost (0 for reinvested dividends). */
  lots: ReadonlyArray<{ tradeDate: string; volume: number; costFen: number }>;
  /** Confirmed sales: trade date, shares, net proceeds. */
  sales: ReadonlyArray<{ tradeDate: string; volume: number; netFen: number }>;
  /** Cash dividends: ex-date and amount. */
  cashDividends: ReadonlyArray<{ exDate: string; amountFen: number }>;
}

export interface NavDay {
  date: string;
  /** Ten-thousandths. */
  units: number;
}

export interface IncomeDay {
  date: string;
  /** The day's market income: the change of value of the shares held before the day's purchases. */
  incomeFen: number;
  /** What the lots priced this day cost above their value at this day's NAV (fees, share rounding): not income. */
  entryFen: number;
  valueFen: number;
  volume: number;
}

function sumBy<T>(items: readonly T[], key: (t: T) => string, value: (t: T) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + value(item));
  return out;
}

/**
 * Income for every NAV day from the first trade on, ascending. `navs` ascending; days before the first event are
 * skipped. Events dated between NAV days count on the next NAV day.
 */
export function dailyIncome(events: HoldingEvents, navs: readonly NavDay[], mode: RoundingMode = 'half_up'): IncomeDay[] {
  const dates = [
    ...events.lots.map((l) => l.tradeDate),
    ...events.sales.map((s) => s.tradeDate),
    ...events.cashDividends.map((d) => d.exDate),
  ];
  if (dates.length === 0) return [];
  const first = dates.reduce((a, b) => (a < b ? a : b));
  const volumeIn = sumBy(
    events.lots,
    (l) => l.tradeDate,
    (l) => l.volume,
  );
  const costIn = sumBy(
    events.lots,
    (l) => l.tradeDate,
    (l) => l.costFen,
  );
  // Purchases only: a reinvested dividend's shares (cost 0) stay in the day's value, offsetting the NAV's drop.
  const purchases = events.lots.filter((l) => l.costFen > 0);
  const boughtVolume = sumBy(
    purchases,
    (l) => l.tradeDate,
    (l) => l.volume,
  );
  const boughtCost = sumBy(
    purchases,
    (l) => l.tradeDate,
    (l) => l.costFen,
  );
  const volumeOut = sumBy(
    events.sales,
    (s) => s.tradeDate,
    (s) => s.volume,
  );
  const moneyOut = sumBy(
    events.sales,
    (s) => s.tradeDate,
    (s) => s.netFen,
  );
  for (const d of events.cashDividends) moneyOut.set(d.exDate, (moneyOut.get(d.exDate) ?? 0) + d.amountFen);
  const eventDates = [...new Set(dates)].sort();
  const out: IncomeDay[] = [];
  let volume = 0;
  let previousValue = 0;
  let next = 0; // index into eventDates of the first event not yet applied
  for (const nav of navs) {
    if (nav.date < first) continue;
    let bought = 0;
    let received = 0;
    // Lots priced at this very NAV: their cost and shares, split off as the entry cost.
    let pricedCost = 0;
    let pricedVolume = 0;
    while (next < eventDates.length && (eventDates[next] as string) <= nav.date) {
      const date = eventDates[next] as string;
      volume += (volumeIn.get(date) ?? 0) - (volumeOut.get(date) ?? 0);
      bought += costIn.get(date) ?? 0;
      received += moneyOut.get(date) ?? 0;
      if (date === nav.date) {
        pricedCost = boughtCost.get(date) ?? 0;
        pricedVolume = boughtVolume.get(date) ?? 0;
      }
      next += 1;
    }
    const value = volumeValueFen(Math.max(0, volume), nav.units, mode);
    const pricedValue = pricedVolume === 0 ? 0 : value - volumeValueFen(Math.max(0, volume - pricedVolume), nav.units, mode);
    const entryFen = pricedCost - pricedValue;
    out.push({
      date: nav.date,
      incomeFen: value - previousValue - bought + received + entryFen,
      entryFen,
      valueFen: value,
      volume,
    });
    previousValue = value;
  }
  return out;
}
