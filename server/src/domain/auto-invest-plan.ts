// Auto-invest (定投) rules, pure: when a plan runs, and how much a smart plan invests. docs/PRODUCT.md §10.18;
// the smart tables: TRADING-NOTES §5 (理财通-style valuation bands, Alipay 慧定投 moving-average table).
import { addCalendarDays, dayNumber, fromDayNumber, nextTradingDay, tradingDayOnOrAfter, type IsoDate } from './calendar';

export type AipCycle = 'daily' | 'weekly' | 'biweekly' | 'monthly';
export const AIP_CYCLES: readonly AipCycle[] = ['daily', 'weekly', 'biweekly', 'monthly'];

export interface Schedule {
  cycle: AipCycle;
  /** weekly / biweekly: 1–5 (Monday–Friday); monthly: 1–28; daily: null. */
  cycleDay: number | null;
  /** The first nominal date; weekly and biweekly count their weeks from it. */
  anchor: IsoDate;
}

/** Whether `cycleDay` fits the cycle. */
export function validCycleDay(cycle: AipCycle, cycleDay: number | null): boolean {
  if (cycle === 'daily') return cycleDay === null;
  if (cycleDay === null || !Number.isInteger(cycleDay)) return false;
  return cycle === 'monthly' ? cycleDay >= 1 && cycleDay <= 28 : cycleDay >= 1 && cycleDay <= 5;
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
function weekday(date: IsoDate): number {
  // 1970-01-01 was a Thursday (4).
  return ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

/** The first nominal date of a plan created on `today`: the first matching day after it. */
export function anchorFor(cycle: AipCycle, cycleDay: number | null, today: IsoDate): IsoDate {
  if (!validCycleDay(cycle, cycleDay)) throw new RangeError(`auto-invest: day ${cycleDay} does not fit a ${cycle} plan`);
  if (cycle === 'daily') return addCalendarDays(today, 1);
  if (cycle === 'monthly') {
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const day = cycleDay as number;
    if (d < day) return `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const ny = m === 12 ? y + 1 : y;
    const nm = m === 12 ? 1 : m + 1;
    return `${ny}-${String(nm).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  let date = addCalendarDays(today, 1);
  while (weekday(date) !== cycleDay) date = addCalendarDays(date, 1);
  return date;
}

/** The k-th nominal date (k ≥ 0) of a weekly, biweekly or monthly schedule. */
function nominal(s: Schedule, k: number): IsoDate {
  if (s.cycle === 'weekly') return fromDayNumber(dayNumber(s.anchor) + 7 * k);
  if (s.cycle === 'biweekly') return fromDayNumber(dayNumber(s.anchor) + 14 * k);
  const [y, m, d] = s.anchor.split('-').map(Number) as [number, number, number];
  const months = m - 1 + k;
  return `${y + Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The first run date after `after` (exclusive): each nominal date runs on it, or — not a trading day — on the next
 * trading day; a nominal date whose run would fall on or before an earlier one's (a holiday longer than the cycle)
 * runs with it, once. Daily: every trading day from the anchor.
 */
export function nextRunDate(s: Schedule, after: IsoDate): IsoDate {
  if (s.cycle === 'daily') {
    const from = after >= s.anchor ? nextTradingDay(after) : tradingDayOnOrAfter(s.anchor);
    return from;
  }
  // Start near `after` instead of walking from the anchor: the nominal index before it.
  const span = s.cycle === 'monthly' ? 28 : s.cycle === 'weekly' ? 7 : 14;
  let k = Math.max(0, Math.floor((dayNumber(after) - dayNumber(s.anchor)) / span) - 2);
  for (;;) {
    const run = tradingDayOnOrAfter(nominal(s, k));
    if (run > after) return run;
    k += 1;
  }
}

/** The run dates in (after, through], in order. */
export function runDatesBetween(s: Schedule, after: IsoDate, through: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let d = nextRunDate(s, after); d <= through; d = nextRunDate(s, d)) dates.push(d);
  return dates;
}

// ---- Smart mode -------------------------------------------------------------------------------------------

/** Ratios in percent. */
export interface SmartRatio {
  ratioPercent: number;
}

/**
 * By valuation (理财通-style): the index's PE percentile (0–1, share of the history below today's PE) in 10 bands
 * from the lowest: 200 %, 180 %, 160 %, 140 %, 120 %, 90 %, 80 %, 70 %, 60 %, 50 %. A percentile on a band's lower
 * edge belongs to that band (0.3 → the fourth, 140 %).
 */
export const VALUATION_BANDS = [200, 180, 160, 140, 120, 90, 80, 70, 60, 50] as const;
export function valuationRatio(percentileBp: number): number {
  // percentileBp: the percentile in basis points (0–10,000), exact.
  const band = Math.min(9, Math.max(0, Math.floor(percentileBp / 1_000)));
  return VALUATION_BANDS[band] as number;
}

/**
 * By moving-average deviation (Alipay 慧定投): deviation = close / MA(250) − 1, in basis points, of the day before.
 * Above the MA: [0, 15 %) 90 %, [15 %, 50 %) 80 %, [50 %, 100 %) 70 %, ≥ 100 % 60 %. Below it, by how far: (0, 5 %]
 * 160 %, (5, 10] 170 %, (10, 20] 180 %, (20, 30] 190 %, (30, 40] 200 %, > 40 % 210 % — each 100 points lower when
 * the last 10 days' amplitude (max / min − 1) is above 5 %.
 */
export function movingAverageRatio(deviationBp: number, amplitudeBp: number): number {
  if (deviationBp >= 0) {
    if (deviationBp < 1_500) return 90;
    if (deviationBp < 5_000) return 80;
    if (deviationBp < 10_000) return 70;
    return 60;
  }
  const below = -deviationBp;
  const base = below <= 500 ? 160 : below <= 1_000 ? 170 : below <= 2_000 ? 180 : below <= 3_000 ? 190 : below <= 4_000 ? 200 : 210;
  return amplitudeBp > 500 ? base - 100 : base;
}

/** A smart run's amount: base × ratio %, to the fen (half up), never below the fund's minimum. */
export function smartAmountFen(baseFen: number, ratioPercent: number, minFen: number): number {
  const fen = Math.floor((baseFen * ratioPercent + 50) / 100);
  return Math.max(minFen, fen);
}

/** The bars an index state is computed from: closes and PEs up to the day before the run, oldest first. */
export interface IndexBar {
  date: IsoDate;
  close: number;
  pe: number | null;
}

export const MA_DAYS = 250;
export const PERCENTILE_BARS = 1_250;

/** The index's state the day before `runDate`: valuation percentile (when it has PEs) or the MA deviation. */
export function indexState(
  bars: readonly IndexBar[],
  runDate: IsoDate,
  useValuation: boolean,
): { method: 'valuation' | 'ma'; valueBp: number; ratioPercent: number; asOf: IsoDate } | null {
  const before = bars.filter((b) => b.date < runDate);
  const last = before[before.length - 1];
  if (!last) return null;
  if (useValuation && last.pe !== null) {
    const pes = before
      .slice(-PERCENTILE_BARS)
      .map((b) => b.pe)
      .filter((pe): pe is number => pe !== null);
    const lastPe = last.pe;
    const below = pes.filter((pe) => pe < lastPe).length;
    const valueBp = pes.length > 1 ? Math.floor((below * 10_000) / (pes.length - 1)) : 5_000;
    return { method: 'valuation', valueBp, ratioPercent: valuationRatio(valueBp), asOf: last.date };
  }
  const window = before.slice(-MA_DAYS);
  if (window.length < 20) return null;
  const ma = window.reduce((s, b) => s + b.close, 0) / window.length;
  const valueBp = Math.round((last.close / ma - 1) * 10_000);
  const ten = before.slice(-10).map((b) => b.close);
  const amplitudeBp = Math.round((Math.max(...ten) / Math.min(...ten) - 1) * 10_000);
  return { method: 'ma', valueBp, ratioPercent: movingAverageRatio(valueBp, amplitudeBp), asOf: last.date };
}

/** Calendar helper for the list's "每月28日" texts. */
export function weekdayOf(date: IsoDate): number {
  return weekday(date);
}
