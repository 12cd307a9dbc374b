// The auto-invest backtest (定投回测), pure: "had you invested X on this schedule since D" on the fund's real NAV
// history, with the purchase fee of each run (the fund's table × the platform discount, net-amount method) and the
// shares rounded as the fund's contract says — the same shared rules a real purchase uses (src/lib/fees.ts) —
// dividends reinvested at the ex-date NAV, smart mode's ratio from the index's state the day before each run.
// Returns the totals, the money-weighted annual return (XIRR) and a point per run for the chart.
import { purchaseVolume, quotePurchase, type FeeBracket } from '../../../src/lib/fees';
import { navToUnits, volumeValueFen, type RoundingMode } from '../../../src/lib/trade-math';
import { indexState, runDatesBetween, smartAmountFen, type IndexBar, type Schedule } from './auto-invest-plan';
import { addCalendarDays, calendarDaysBetween, type IsoDate } from './calendar';

export interface BacktestInput {
  /** NAVs by date (trading days), the latest last. */
  navs: ReadonlyArray<{ date: IsoDate; nav: string }>;
  dividends: ReadonlyArray<{ date: IsoDate; perShare: string }>;
  feeTable: readonly FeeBracket[];
  discount: string;
  rounding: RoundingMode;
  minFen: number;
  schedule: Schedule;
  /** Runs after this date (exclusive) … */
  after: IsoDate;
  amountFen: number;
  /** Smart mode: the index's bars (oldest first) and whether it has valuations; null for normal mode. */
  smart: { bars: readonly IndexBar[]; valuation: boolean } | null;
}

export interface BacktestResult {
  start: IsoDate;
  end: IsoDate;
  runs: number;
  investedFen: number;
  feesFen: number;
  valueFen: number;
  volume: number;
  /** Percent × 100 (basis points of a percent: 1234 = 12.34 %), half away from zero; null when nothing was invested. */
  totalReturnBp: number | null;
  /** The annual money-weighted return, percent (float, for display), or null. */
  xirrPercent: number | null;
  points: Array<{ date: IsoDate; investedFen: number; valueFen: number }>;
}

export function backtest(input: BacktestInput): BacktestResult {
  const navByDate = new Map(input.navs.map((n) => [n.date, navToUnits(n.nav)]));
  const last = input.navs[input.navs.length - 1];
  const end = last?.date ?? input.after;
  const runs = last ? runDatesBetween(input.schedule, input.after, end) : [];
  const dividends = [...input.dividends].sort((a, b) => a.date.localeCompare(b.date));
  let volume = 0;
  let investedFen = 0;
  let feesFen = 0;
  let d = 0;
  const flows: Array<{ date: IsoDate; fen: number }> = [];
  const points: BacktestResult['points'] = [];
  const reinvestThrough = (date: IsoDate) => {
    // Dividends with an ex-date on or before `date` go to the shares held before it, reinvested at that day's NAV.
    while (d < dividends.length && (dividends[d] as { date: IsoDate }).date <= date) {
      const div = dividends[d] as { date: IsoDate; perShare: string };
      const nav = navByDate.get(div.date);
      if (nav !== undefined && volume > 0) {
        const cash = volumeValueFen(volume, navToUnits(div.perShare), input.rounding);
        volume += purchaseVolume(cash, nav, input.rounding);
      }
      d += 1;
    }
  };
  for (const date of runs) {
    const nav = navByDate.get(date);
    if (nav === undefined) continue; // no NAV that day (suspended): the run is skipped
    reinvestThrough(addCalendarDays(date, -1));
    let amount = input.amountFen;
    if (input.smart) {
      const state = indexState(input.smart.bars, date, input.smart.valuation);
      amount = smartAmountFen(input.amountFen, state?.ratioPercent ?? 100, input.minFen);
    }
    const quote = quotePurchase(amount, input.feeTable, input.discount, input.rounding);
    volume += purchaseVolume(amount - quote.feeFen, nav, input.rounding);
    investedFen += amount;
    feesFen += quote.feeFen;
    flows.push({ date, fen: -amount });
    points.push({ date, investedFen, valueFen: volumeValueFen(volume, nav, input.rounding) });
  }
  reinvestThrough(end);
  const lastNav = last ? navToUnits(last.nav) : 0;
  const valueFen = volumeValueFen(volume, lastNav, input.rounding);
  if (points.length > 0 && points[points.length - 1]?.date !== end) points.push({ date: end, investedFen, valueFen });
  flows.push({ date: end, fen: valueFen });
  return {
    start: points[0]?.date ?? end,
    end,
    runs: flows.length - 1,
    investedFen,
    feesFen,
    valueFen,
    volume,
    totalReturnBp: investedFen > 0 ? Math.round(((valueFen - investedFen) * 10_000) / investedFen) : null,
    xirrPercent: xirr(flows),
    points,
  };
}

/**
 * The rate r with Σ flowᵢ / (1 + r)^(daysᵢ / 365) = 0 (payments negative, the final value positive), by bisection
 * on (−99.99 %, 1000 %); null when it does not change sign there or the span is under a day.
 */
export function xirr(flows: ReadonlyArray<{ date: IsoDate; fen: number }>): number | null {
  const first = flows[0];
  if (!first || flows.length < 2) return null;
  if (calendarDaysBetween(first.date, (flows[flows.length - 1] as { date: IsoDate }).date) < 1) return null;
  const npv = (r: number) => flows.reduce((s, f) => s + f.fen / Math.pow(1 + r, calendarDaysBetween(first.date, f.date) / 365), 0);
  let lo = -0.9999;
  let hi = 10;
  let fLo = npv(lo);
  const fHi = npv(hi);
  if (!Number.isFinite(fLo) || !Number.isFinite(fHi) || Math.sign(fLo) === Math.sign(fHi)) return null;
  for (let i = 0; i < 200 && hi - lo > 1e-10; i += 1) {
    const mid = (lo + hi) / 2;
    const fMid = npv(mid);
    if (Math.sign(fMid) === Math.sign(fLo)) {
      lo = mid;
      fLo = fMid;
    } else {
      hi = mid;
    }
  }
  return ((lo + hi) / 2) * 100;
}
