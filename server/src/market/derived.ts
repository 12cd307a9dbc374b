// Period returns of a NAV series ("fund_derived"): the numbers Danjuan shows as
// nav_grl1w … nav_grbase. Pure functions shared by the seed, the CSV import and NAV extension.
import { addCalendarDays, type IsoDate } from '../domain/calendar';
import type { FundDerivedTable } from '../db/market-types';

export interface NavPoint {
  date: IsoDate;
  nav: number;
  accNav: number;
  /** Money-market funds only: income per 10,000 shares that day. */
  incomePer10k?: number | null;
  yield7d?: number | null;
}

/** One fund's derived row without its code (the cache keys rows by code). */
export type DerivedReturns = Omit<FundDerivedTable, 'fund_code'>;

export const DERIVED_COLUMNS = [
  'fund_code',
  'end_date',
  'unit_nav',
  'acc_nav',
  'nav_grtd',
  'nav_grl1w',
  'nav_grl1m',
  'nav_grl3m',
  'nav_grl6m',
  'nav_grlty',
  'nav_grl1y',
  'nav_grl2y',
  'nav_grl3y',
  'nav_grl5y',
  'nav_grbase',
  'max_drawdown_1y',
  'income_per_10k',
  'yield_7d',
] as const;

/** Growth index with dividends reinvested: money-market funds compound their daily income instead. */
export function totalReturnIndex(points: readonly NavPoint[], moneyMarket: boolean): Float64Array {
  const tr = new Float64Array(points.length);
  for (let i = 0; i < points.length; i += 1) {
    const p = points[i] as NavPoint;
    if (i === 0) {
      tr[i] = 1;
      continue;
    }
    const prev = points[i - 1] as NavPoint;
    let factor: number;
    if (moneyMarket) factor = 1 + (p.incomePer10k ?? 0) / 10_000;
    else {
      // A dividend shows as accumulated NAV rising more than unit NAV.
      const dividend = Math.max(0, p.accNav - prev.accNav - (p.nav - prev.nav));
      factor = prev.nav > 0 ? (p.nav + dividend) / prev.nav : 1;
    }
    tr[i] = (tr[i - 1] as number) * factor;
  }
  return tr;
}

function shiftMonths(date: IsoDate, months: number): IsoDate {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const targetYear = y + Math.floor(m / 12);
  const targetMonth = ((m % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), lastDay);
  return `${targetYear}-${String(targetMonth + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Start date of a Danjuan period key ending at `end`: 1w 1m 3m 6m ty 1y 2y 3y 5y (base = inception). */
export function periodStart(end: IsoDate, period: string): IsoDate | null {
  switch (period) {
    case '1w':
      return addCalendarDays(end, -7);
    case '1m':
      return shiftMonths(end, -1);
    case '3m':
      return shiftMonths(end, -3);
    case '6m':
      return shiftMonths(end, -6);
    case 'ty':
      return `${Number(end.slice(0, 4)) - 1}-12-31`;
    case '1y':
      return shiftMonths(end, -12);
    case '2y':
      return shiftMonths(end, -24);
    case '3y':
      return shiftMonths(end, -36);
    case '5y':
      return shiftMonths(end, -60);
    default:
      return null;
  }
}

/** Index of the last point on or before date, or -1. Points are ascending by date. */
export function indexOnOrBefore(points: readonly { date: IsoDate }[], date: IsoDate): number {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as { date: IsoDate }).date <= date) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function pct(value: number): string {
  return (value * 100).toFixed(4);
}

/** Derived returns as of the last point; null for periods longer than the history. */
export function computeDerived(points: readonly NavPoint[], moneyMarket: boolean): DerivedReturns | null {
  const last = points[points.length - 1];
  if (!last) return null;
  const tr = totalReturnIndex(points, moneyMarket);
  const endTr = tr[points.length - 1] as number;
  const first = points[0] as NavPoint;
  const growthSince = (period: string): string | null => {
    const start = periodStart(last.date, period);
    if (!start) return null;
    // The period must be covered: the fund existed on its start date.
    if (start < first.date) return period === 'ty' && first.date.slice(0, 4) === last.date.slice(0, 4) ? pct(endTr - 1) : null;
    const i = indexOnOrBefore(points, start);
    if (i < 0) return null;
    return pct(endTr / (tr[i] as number) - 1);
  };
  let drawdown = 0;
  let peak = 0;
  const yearStart = periodStart(last.date, '1y') as IsoDate;
  for (let i = Math.max(0, indexOnOrBefore(points, yearStart)); i < points.length; i += 1) {
    const v = tr[i] as number;
    if (v > peak) peak = v;
    else if (peak > 0) drawdown = Math.max(drawdown, 1 - v / peak);
  }
  const prevTr = points.length > 1 ? (tr[points.length - 2] as number) : null;
  return {
    end_date: last.date,
    unit_nav: last.nav.toFixed(4),
    acc_nav: last.accNav.toFixed(4),
    nav_grtd: prevTr === null ? null : pct(endTr / prevTr - 1),
    nav_grl1w: growthSince('1w'),
    nav_grl1m: growthSince('1m'),
    nav_grl3m: growthSince('3m'),
    nav_grl6m: growthSince('6m'),
    nav_grlty: growthSince('ty'),
    nav_grl1y: growthSince('1y'),
    nav_grl2y: growthSince('2y'),
    nav_grl3y: growthSince('3y'),
    nav_grl5y: growthSince('5y'),
    nav_grbase: pct(endTr - 1),
    max_drawdown_1y: pct(drawdown),
    income_per_10k: last.incomePer10k == null ? null : last.incomePer10k.toFixed(4),
    yield_7d: last.yield7d == null ? null : last.yield7d.toFixed(4),
  };
}

export function derivedRow(fundCode: string, d: DerivedReturns): (string | null)[] {
  return [
    fundCode,
    d.end_date,
    d.unit_nav,
    d.acc_nav,
    d.nav_grtd,
    d.nav_grl1w,
    d.nav_grl1m,
    d.nav_grl3m,
    d.nav_grl6m,
    d.nav_grlty,
    d.nav_grl1y,
    d.nav_grl2y,
    d.nav_grl3y,
    d.nav_grl5y,
    d.nav_grbase,
    d.max_drawdown_1y,
    d.income_per_10k,
    d.yield_7d,
  ];
}
