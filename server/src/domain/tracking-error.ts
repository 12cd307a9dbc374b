// How closely an index fund follows its index: the annualised tracking error. Pure: no I/O.
import type { IsoDate } from './calendar';

/** Trading days a year, for annualising the tracking error. */
export const TRADING_DAYS_A_YEAR = 250;
/** Fewer common trading days than this give no tracking error (too young a fund). */
export const TRACKING_ERROR_MIN_DAYS = 20;

/**
 * Annualised tracking error in percent: the sample standard deviation of (fund daily return − index daily return)
 * over the common trading days given (the last year), × √250 × 100. Fund returns include reinvested dividends
 * (accumulated NAV), so a payout is not counted as a tracking miss. Null with fewer than 20 common days.
 * A statistic, not money: computed in floating point and written with 4 decimals.
 */
export function trackingErrorPercent(
  fund: readonly { date: IsoDate; nav: number; accNav: number }[],
  index: readonly { date: IsoDate; close: number }[],
): { value: string; days: number } | null {
  const closeOn = new Map(index.map((p) => [p.date, p.close]));
  const diffs: number[] = [];
  for (let i = 1; i < fund.length; i += 1) {
    const prev = fund[i - 1] as (typeof fund)[number];
    const cur = fund[i] as (typeof fund)[number];
    const c0 = closeOn.get(prev.date);
    const c1 = closeOn.get(cur.date);
    if (c0 === undefined || c1 === undefined || prev.nav <= 0 || c0 <= 0) continue;
    const dividend = Math.max(0, cur.accNav - prev.accNav - (cur.nav - prev.nav));
    diffs.push((cur.nav + dividend) / prev.nav - c1 / c0);
  }
  if (diffs.length < TRACKING_ERROR_MIN_DAYS) return null;
  const mean = diffs.reduce((s, v) => s + v, 0) / diffs.length;
  const variance = diffs.reduce((s, v) => s + (v - mean) * (v - mean), 0) / (diffs.length - 1);
  return { value: (Math.sqrt(variance) * Math.sqrt(TRADING_DAYS_A_YEAR) * 100).toFixed(4), days: diffs.length };
}
