// Index valuation table, valuation detail, PE/PB history and daily K-line (Danjuan shapes).
import { addCalendarDays, dayNumber, type IsoDate } from '../domain/calendar';
import { shanghaiInstant } from '../domain/clock';
import { hashUniform, streamId } from './prng';
import type { FundRecord, IndexPoint, IndexRecord, MarketSnapshot } from './market-cache';

/** Percentile thresholds of the valuation status (docs/PRODUCT.md §10.15: < 30 % low, > 70 % high). */
export const LOW_PERCENTILE = 0.3;
export const HIGH_PERCENTILE = 0.7;

export type EvaType = 'low' | 'mid' | 'high';

/** Share of the history strictly below the latest value, 0…1. */
export function percentileOfLast(values: readonly number[]): number | null {
  const last = values[values.length - 1];
  if (last === undefined) return null;
  if (values.length === 1) return 0.5;
  let below = 0;
  for (const v of values) if (v < last) below += 1;
  return below / (values.length - 1);
}

export function evaTypeOf(percentile: number): EvaType {
  return percentile < LOW_PERCENTILE ? 'low' : percentile > HIGH_PERCENTILE ? 'high' : 'mid';
}

const EVA_ORDER: Record<EvaType, number> = { low: 0, mid: 1, high: 2 };

function tsOf(date: IsoDate): number {
  return shanghaiInstant(date).getTime();
}

function valuationPoints(index: IndexRecord): IndexPoint[] {
  return index.points.filter((p) => p.pe != null && p.pb != null);
}

/** Danjuan's ttype of an index (a string): '1' broad, '2' strategy (dividend, low volatility), '3' sector, '4' overseas, '5' bond. */
const TTYPE_BY_CATEGORY: Record<string, string> = { 宽基: '1', 策略: '2', 行业: '3', 海外: '4', 债券: '5' };

/** Ten-year government bond yield of the index's market on a day (ratio): the market has no bond curve, so it is
 * generated per region and month, slowly moving (CN about 2.5 %, HK/US about 4 %). */
function bondYield(region: string, date: IsoDate): number {
  const base = region === 'CN' ? 0.025 : 0.04;
  const month = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
  const wave = 0.004 * Math.sin(month / 9) + 0.002 * (hashUniform(0xb07d, streamId(region), month) - 0.5);
  return Number((base + wave).toFixed(4));
}

/** Fields of the real valuation row beyond the figures: ids, timestamps, PEG and the over-history shares. */
function valuationExtras(index: IndexRecord, last: IndexPoint, begin: IsoDate, pePct: number, pbPct: number, fundUrl: string) {
  const pe = Number(last.pe);
  const roe = Number(last.roe);
  const payout = Math.min(0.9, Number(last.dividend_yield) * pe);
  // Earnings growth of the retained part of the return on equity; PEG = PE / growth in percent.
  const growth = roe * (1 - payout);
  const published = shanghaiInstant(last.date, '18:00:00').getTime();
  return {
    id: dayNumber(last.date) * 100_000 + (streamId(index.code) % 100_000),
    ttype: TTYPE_BY_CATEGORY[index.category] ?? '1',
    url: fundUrl,
    bond_yeild: bondYield(index.region, last.date),
    begin_at_ts: tsOf(begin),
    created_at: published,
    updated_at: published,
    peg: growth > 0 ? Number((pe / (growth * 100)).toFixed(4)) : null,
    /** Valued by PB instead of PE (Danjuan does so for some financials): never here, every index is valued by PE. */
    pb_flag: false,
    pe_over_history: Number((1 - pePct).toFixed(4)),
    pb_over_history: Number((1 - pbPct).toFixed(4)),
  };
}

/** The public page of the index's tracking fund with the smallest tracking error (the valuation row's link), or ''. */
function trackerUrl(snap: MarketSnapshot | undefined, index: IndexRecord): string {
  if (!snap) return '';
  let best: FundRecord | undefined;
  for (const f of snap.byCode) {
    if (f.tracked_index_code !== index.code || f.sale_status === 'closed' || f.sale_status === 'delisted') continue;
    if (!best || Number(f.tracking_error ?? 99) < Number(best.tracking_error ?? 99)) best = f;
  }
  return best ? `/funding/${best.code}` : '';
}

export function valuationItem(index: IndexRecord, snap?: MarketSnapshot) {
  const points = valuationPoints(index);
  const last = points[points.length - 1];
  if (!last) return null;
  const pePct = percentileOfLast(points.map((p) => Number(p.pe))) ?? 0.5;
  const pbPct = percentileOfLast(points.map((p) => Number(p.pb))) ?? 0.5;
  const eva = evaTypeOf(pePct);
  const extras = valuationExtras(index, last, points[0]?.date ?? last.date, pePct, pbPct, trackerUrl(snap, index));
  return {
    index_code: index.code,
    name: index.name,
    pe: Number(last.pe).toFixed(2),
    pe_percentile: pePct.toFixed(4),
    pb: Number(last.pb).toFixed(2),
    pb_percentile: pbPct.toFixed(4),
    roe: last.roe as string,
    /** Danjuan's own spelling. */
    yeild: last.dividend_yield as string,
    eva_type: eva,
    eva_type_int: EVA_ORDER[eva],
    date: last.date,
    ts: tsOf(last.date),
    begin_at: points[0]?.date ?? last.date,
    category: index.category,
    region: index.region,
    ...extras,
  };
}

export type ValuationItem = NonNullable<ReturnType<typeof valuationItem>>;

export function valuationTableView(snap: MarketSnapshot) {
  const items = [...snap.indices.values()]
    .map((index) => valuationItem(index, snap))
    .filter((i): i is ValuationItem => i !== null)
    .sort(
      (a, b) =>
        a.eva_type_int - b.eva_type_int || Number(a.pe_percentile) - Number(b.pe_percentile) || a.index_code.localeCompare(b.index_code),
    );
  return {
    items,
    low_percentile: LOW_PERCENTILE.toFixed(2),
    high_percentile: HIGH_PERCENTILE.toFixed(2),
    // The whole table is one page (Danjuan's paging fields).
    current_page: 1,
    size: items.length,
    total_items: items.length,
    total_pages: items.length > 0 ? 1 : 0,
  };
}

export function valuationDetailView(snap: MarketSnapshot, index: IndexRecord) {
  const item = valuationItem(index, snap);
  const trackers = snap.byCode
    .filter((f: FundRecord) => f.tracked_index_code === index.code && f.sale_status !== 'closed' && f.sale_status !== 'delisted')
    .sort((a, b) => Number(a.tracking_error ?? 99) - Number(b.tracking_error ?? 99) || a.code.localeCompare(b.code));
  return {
    index_code: index.code,
    name: index.name,
    description: index.description,
    has_valuation: index.has_valuation,
    valuation: item,
    funds: trackers.map((f) => ({
      fd_code: f.code,
      fd_name: f.name,
      tracking_error: f.tracking_error,
      manage_fee: f.manage_fee,
      custody_fee: f.custody_fee,
      sales_service_fee: f.sales_service_fee,
      total_asset: f.total_asset,
      unit_nav: f.derived?.unit_nav ?? null,
      nav_grl1y: f.derived?.nav_grl1y ?? null,
      sale_status: f.sale_status,
    })),
  };
}

export const HISTORY_DAYS = ['1y', '3y', '5y', '10y', 'all'] as const;
export type HistoryDay = (typeof HISTORY_DAYS)[number];

function sinceDay(points: readonly IndexPoint[], day: HistoryDay): IndexPoint[] {
  const last = points[points.length - 1];
  if (!last || day === 'all') return [...points];
  const years = Number(day.replace('y', ''));
  const from = addCalendarDays(last.date, -Math.round(years * 365.25));
  return points.filter((p) => p.date >= from);
}

/** Value at the q-th quantile (0…1) of the values. */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

export function valuationHistoryView(index: IndexRecord, metric: 'pe' | 'pb', day: HistoryDay) {
  const points = sinceDay(valuationPoints(index), day);
  const values = points.map((p) => Number(p[metric]));
  const lines =
    values.length === 0
      ? []
      : [
          { line_name: '危险值', line_value: quantile(values, HIGH_PERCENTILE).toFixed(2), line_color: '#FF6A4D' },
          { line_name: '中位值', line_value: quantile(values, 0.5).toFixed(2), line_color: '#FFC24D' },
          { line_name: '机会值', line_value: quantile(values, LOW_PERCENTILE).toFixed(2), line_color: '#3BB27A' },
        ];
  const growths = points.map((p) => ({ ts: tsOf(p.date), date: p.date, [metric]: p[metric] as string }));
  return {
    index_code: index.code,
    day,
    [metric === 'pe' ? 'index_eva_pe_growths' : 'index_eva_pb_growths']: growths,
    horizontal_lines: lines,
  };
}

export const KLINE_PERIODS = ['day', 'week', 'month'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

/** Daily bars, or weekly / monthly bars aggregated from them; the last `count` bars. */
export function klineView(index: IndexRecord, period: KlinePeriod, count: number) {
  const bucketOf = (date: IsoDate): string => {
    if (period === 'day') return date;
    if (period === 'month') return date.slice(0, 7);
    // ISO-ish week bucket: the Monday of the date's week.
    const dow = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    return addCalendarDays(date, -dow);
  };
  const bars: { date: IsoDate; open: number; high: number; low: number; close: number; volume: number }[] = [];
  let bucket = '';
  for (const p of index.points) {
    const b = bucketOf(p.date);
    const last = bars[bars.length - 1];
    if (last && b === bucket) {
      last.high = Math.max(last.high, Number(p.high));
      last.low = Math.min(last.low, Number(p.low));
      last.close = Number(p.close);
      last.volume += p.volume;
      last.date = p.date;
    } else {
      bucket = b;
      bars.push({ date: p.date, open: Number(p.open), high: Number(p.high), low: Number(p.low), close: Number(p.close), volume: p.volume });
    }
  }
  const start = Math.max(0, bars.length - count);
  const items = bars.slice(start).map((bar, i) => {
    const prev = bars[start + i - 1];
    const chg = prev ? bar.close - prev.close : null;
    return {
      date: bar.date,
      timestamp: tsOf(bar.date),
      open: bar.open.toFixed(4),
      high: bar.high.toFixed(4),
      low: bar.low.toFixed(4),
      close: bar.close.toFixed(4),
      volume: bar.volume,
      chg: chg == null ? null : chg.toFixed(4),
      percent: chg == null || !prev ? null : ((chg / prev.close) * 100).toFixed(4),
    };
  });
  return { symbol: index.code, name: index.name, period, items };
}
