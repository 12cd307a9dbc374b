// The generated market as COPY input: CSV text per table, in the order the seed loads it.
// Pure computation (no database), so it runs in a worker thread beside the database work
// (seed-worker.ts) or inline; both produce the same bytes.
import type { CopyValue } from '../db/csv';
import { toCsv } from '../db/csv';
import { dayNumber, tradingDayOnOrBefore, type IsoDate } from '../domain/calendar';
import { INDEX_INDUSTRIES, type IndexDefinition } from './catalogue';
import { derivedRow, DERIVED_COLUMNS, type NavPoint } from './derived';
import {
  bondRows,
  communityCountsOf,
  dividendsOf,
  derivedOf,
  industryLabel,
  ipoPeriodOf,
  planMarket,
  simulateFund,
  stockQuote,
  type MarketOptions,
  type MarketPlan,
  type PlannedFund,
} from './generate';
import { hashNormal, Rng, streamId } from './prng';
import { indexValuation, trendLogs } from './valuation';

export { indexValuation, trendLogs, VALUATION_TREND_DAYS, type IndexValuation } from './valuation';

export const NAV_COLUMNS = ['fund_code', 'date', 'nav', 'acc_nav', 'daily_change', 'income_per_10k', 'yield_7d'];
export const INDEX_DAILY_COLUMNS = ['index_code', 'date', 'open', 'high', 'low', 'close', 'volume', 'pe', 'pb', 'roe', 'dividend_yield'];

/** One COPY: `csv` holds `rows` lines for `columns` of `table`. */
export interface CopyChunk {
  table: string;
  columns: string[];
  csv: string;
  rows: number;
}

export interface GeneratedCounts {
  funds: number;
  navRows: number;
  indexRows: number;
}

/** A published 4-decimal figure (NAV, accumulated NAV) as an integer count of 0.0001. */
const tenThousandths = (value: number): number => Math.round(value * 10_000);

/**
 * The daily change of a NAV point in percent to 4 decimals, half-up (dividends added back), null on a fund's first
 * day — computed exactly from the published 4-decimal NAVs in integers (≤ 2^53 for NAVs below 9,000), never from a
 * float's quotient, so anyone recomputing it from the NAVs shown gets the same digits.
 */
function dailyChange(p: NavPoint, prev: NavPoint | undefined): string | null {
  if (p.incomePer10k != null) return '0.0000';
  if (!prev) return null;
  const nav = tenThousandths(p.nav);
  const before = tenThousandths(prev.nav);
  const dividend = Math.max(0, tenThousandths(p.accNav) - tenThousandths(prev.accNav) - (nav - before));
  // (nav + dividend) / before − 1, in units of 0.0001 %: × 10^6, rounded half away from zero.
  const numerator = (nav + dividend - before) * 1_000_000;
  const magnitude = Math.floor((2 * Math.abs(numerator) + before) / (2 * before));
  const units = numerator < 0 ? -magnitude : magnitude;
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units)).padStart(5, '0');
  return `${sign}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

export function navRowsOf(code: string, points: readonly NavPoint[]): CopyValue[][] {
  const rows: CopyValue[][] = [];
  for (let i = 0; i < points.length; i += 1) {
    const p = points[i] as NavPoint;
    rows.push([
      code,
      p.date,
      p.nav.toFixed(4),
      p.accNav.toFixed(4),
      dailyChange(p, points[i - 1]),
      p.incomePer10k == null ? null : p.incomePer10k.toFixed(4),
      p.yield7d == null ? null : p.yield7d.toFixed(4),
    ]);
  }
  return rows;
}

/**
 * The NAV rows of one fund as CSV text, written directly (no row arrays): the same values as
 * `navRowsOf` through `toCsv`. Codes, dates and decimals never need quoting; NULL is an empty field.
 */
export function navCsv(code: string, points: readonly NavPoint[]): string {
  let out = '';
  for (let i = 0; i < points.length; i += 1) {
    const p = points[i] as NavPoint;
    const change = dailyChange(p, points[i - 1]) ?? '';
    const income = p.incomePer10k == null ? '' : p.incomePer10k.toFixed(4);
    const yield7d = p.yield7d == null ? '' : p.yield7d.toFixed(4);
    out += `${code},${p.date},${p.nav.toFixed(4)},${p.accNav.toFixed(4)},${change},${income},${yield7d}\n`;
  }
  return out;
}

export const FUND_COLUMNS = [
  'code',
  'name',
  'full_name',
  'name_initials',
  'type',
  'type_desc',
  'share_class',
  'company_code',
  'custodian',
  'risk_level',
  'found_date',
  'sale_status',
  'status_reason',
  'subscribe_start',
  'subscribe_end',
  'lock_days',
  'daily_purchase_limit_fen',
  'min_purchase_fen',
  'buy_confirm_days',
  'sale_arrive_days',
  'benchmark',
  'benchmark_index_code',
  'benchmark_equity_weight',
  'tracked_index_code',
  'tracking_error',
  'total_share',
  'total_asset',
  'manage_fee',
  'custody_fee',
  'sales_service_fee',
  'declare_discount',
  'invest_target',
  'invest_orientation',
  'nav_model',
  'ipo_start',
  'ipo_end',
  'follower_count',
  'status_count',
];

function fundRow(f: PlannedFund): CopyValue[] {
  const r = f.row;
  return [
    r.code,
    r.name,
    r.full_name,
    r.name_initials,
    r.type,
    r.type_desc,
    r.share_class,
    r.company_code,
    r.custodian,
    r.risk_level,
    r.found_date,
    r.sale_status,
    r.status_reason,
    r.subscribe_start,
    r.subscribe_end,
    r.lock_days,
    r.daily_purchase_limit_fen,
    r.min_purchase_fen,
    r.buy_confirm_days,
    r.sale_arrive_days,
    r.benchmark,
    r.benchmark_index_code,
    r.benchmark_equity_weight,
    r.tracked_index_code,
    r.tracking_error,
    r.total_share,
    r.total_asset,
    r.manage_fee,
    r.custody_fee,
    r.sales_service_fee,
    r.declare_discount,
    r.invest_target,
    r.invest_orientation,
    r.nav_model,
    ...(() => {
      const ipo = ipoPeriodOf(r);
      const community = communityCountsOf(r);
      return [ipo.start, ipo.end, community.follower_count, community.status_count];
    })(),
  ];
}

/** One index_daily row: OHLC and volume from hashed noise, the valuation from indexValuation. */
export function indexDailyRow(
  def: IndexDefinition,
  seed: number,
  date: IsoDate,
  close: number,
  prevClose: number,
  trendLog: number,
): CopyValue[] {
  const day = dayNumber(date);
  const stream = streamId(`ohlc:${def.code}`);
  const open = prevClose * (1 + 0.25 * def.vol * hashNormal(seed, stream, day, 1));
  const high = Math.max(open, close) * (1 + 0.5 * def.vol * Math.abs(hashNormal(seed, stream, day, 2)));
  const low = Math.min(open, close) * (1 - 0.5 * def.vol * Math.abs(hashNormal(seed, stream, day, 3)));
  const baseVolume = def.category === '债券' ? 0 : Math.round(2e8 + (streamId(def.code) % 1000) * 3e7);
  const volume = Math.max(0, Math.round(baseVolume * (1 + 0.3 * hashNormal(seed, stream, day, 4))));
  let pe: string | null = null;
  let pb: string | null = null;
  let roe: string | null = null;
  let dy: string | null = null;
  if (def.hasValuation) {
    const v = indexValuation(def, seed, day, close, trendLog);
    pe = v.pe.toFixed(4);
    pb = v.pb.toFixed(4);
    roe = v.roe.toFixed(4);
    dy = v.dividendYield.toFixed(4);
  }
  return [def.code, date, open.toFixed(4), high.toFixed(4), low.toFixed(4), close.toFixed(4), volume, pe, pb, roe, dy];
}

/** Daily rows of every index over the plan window. */
function* indexDailyRows(plan: MarketPlan): Generator<CopyValue[]> {
  for (const { def, closes } of plan.indexSeries.values()) {
    const trend = trendLogs(closes);
    for (let i = 0; i < plan.days.length; i += 1) {
      const close = closes[i] as number;
      yield indexDailyRow(
        def,
        plan.options.seed,
        plan.days[i] as IsoDate,
        close,
        i > 0 ? (closes[i - 1] as number) : close,
        trend[i] as number,
      );
    }
  }
}

/** Quarter-end report dates (the last `count`) on or before `end` and after `found`. */
function reportDates(found: IsoDate, end: IsoDate, count: number): IsoDate[] {
  const out: IsoDate[] = [];
  let year = Number(end.slice(0, 4));
  const ends = ['12-31', '09-30', '06-30', '03-31'];
  while (out.length < count && year > 1990) {
    for (const md of ends) {
      const d = `${year}-${md}`;
      // A quarterly report is published some weeks after quarter end.
      if (dayNumber(d) <= dayNumber(end) - 20 && d > found && out.length < count) out.push(d);
    }
    year -= 1;
  }
  return out;
}

/** Indices into plan.stocks of the companies a fund's sector index holds; empty for a broad or strategy benchmark. */
export function holdingPool(plan: MarketPlan, f: PlannedFund): number[] {
  const industries = INDEX_INDUSTRIES[f.model.indexCode];
  if (!industries) return [];
  const out: number[] = [];
  plan.stocks.forEach((s, i) => {
    if (industries.includes(industryLabel(s.code, s.name))) out.push(i);
  });
  return out;
}

export function allocationAndHoldings(
  plan: MarketPlan,
  f: PlannedFund,
  allocation: CopyValue[][],
  holdings: CopyValue[][],
  bonds: CopyValue[][],
): void {
  if (!f.navStart || !f.navEnd) return;
  const kind = f.model.kind;
  const rng = new Rng(plan.options.seed ^ f.model.stream ^ streamId(f.row.code));
  for (const date of reportDates(f.navStart, f.navEnd, 4)) {
    let stock: number;
    let bond: number;
    if (kind === 'money') [stock, bond] = [0, rng.between(30, 60)];
    else if (kind === 'bond') [stock, bond] = [rng.between(0, 8), rng.between(82, 95)];
    else if (kind === 'hybrid') [stock, bond] = [f.model.equityWeight * 100 * rng.between(0.9, 1.1), rng.between(5, 35)];
    else if (kind === 'fof') [stock, bond] = [rng.between(5, 15), rng.between(5, 15)];
    else [stock, bond] = [rng.between(86, 95), rng.between(0, 3)];
    stock = Math.min(stock, 95);
    bond = Math.min(bond, 100 - stock - 1);
    const other = kind === 'fof' ? rng.between(60, 80) : rng.between(0, 2);
    const cash = Math.max(0, 100 - stock - bond - other);
    const asset = Number(f.row.total_asset) * rng.between(0.9, 1.1);
    allocation.push([f.row.code, date, stock.toFixed(2), bond.toFixed(2), cash.toFixed(2), other.toFixed(2), asset.toFixed(2)]);
    // The bond rows as the report shows them (bond percent of the allocation as published, to 2 decimals).
    bondRows(f.row.code, date, Number(bond.toFixed(2))).forEach((b, i) =>
      bonds.push([f.row.code, date, i + 1, b.code, b.name, b.percent.toFixed(2)]),
    );
    if (kind === 'money' || kind === 'bond' || kind === 'fof') continue;
    const picked = new Set<number>();
    // A sector fund holds its sector's companies (its index's industries), first; broad ones hold any.
    const sector = holdingPool(plan, f);
    let weight = Math.min(stock / 8, 10) * rng.between(0.85, 1);
    for (let rank = 1; rank <= 10; rank += 1) {
      let k = rng.int(0, plan.stocks.length - 1);
      if (sector.length > 0 && picked.size < sector.length) {
        k = sector[k % sector.length] as number;
        while (picked.has(k)) k = sector[(sector.indexOf(k) + 1) % sector.length] as number;
      } else while (picked.has(k)) k = (k + 1) % plan.stocks.length;
      picked.add(k);
      const s = plan.stocks[k] as { code: string; name: string };
      holdings.push([f.row.code, date, rank, s.code, s.name, weight.toFixed(2), industryLabel(s.code, s.name)]);
      weight *= rng.between(0.8, 0.97);
    }
  }
}

function chunk(table: string, columns: string[], rows: Iterable<CopyValue[]>): CopyChunk {
  const csv = toCsv(rows);
  return { table, columns, csv: csv.chunks.join(''), rows: csv.count };
}

/** NAV text per COPY: large enough that COPY's fixed cost vanishes, small enough to stream. */
const NAV_CHUNK_CHARS = 8 << 20;

/**
 * Every table of the market as COPY chunks, catalogue first, then NAVs and per-fund tables fund by
 * fund in code order (so the NAV primary key, built after the load, sorts presorted input).
 * `counts` is filled in as the chunks are produced.
 */
export function* marketChunks(plan: MarketPlan, counts: GeneratedCounts): Generator<CopyChunk> {
  counts.funds = plan.funds.length;
  yield chunk(
    'fund_company',
    ['code', 'name', 'full_name'],
    plan.companies.map((c) => [c.code, c.name, c.full_name]),
  );
  yield chunk(
    'fund_manager',
    ['id', 'name', 'company_code', 'college', 'education', 'resume', 'career_start'],
    plan.managers.map((m) => [m.id, m.name, m.company_code, m.college, m.education, m.resume, m.career_start]),
  );
  const funds = [...plan.funds].sort((a, b) => (a.row.code < b.row.code ? -1 : a.row.code > b.row.code ? 1 : 0));
  yield chunk('fund', FUND_COLUMNS, funds.map(fundRow));
  yield chunk(
    'fund_fee',
    ['fund_code', 'kind', 'seq', 'lower_bound', 'upper_bound', 'rate', 'fixed_fee_fen'],
    funds.flatMap((f) => f.fees.map((fee, seq) => [f.row.code, fee.kind, seq, fee.lower, fee.upper, fee.rate, fee.fixedFen])),
  );
  yield chunk(
    'fund_manager_post',
    ['fund_code', 'manager_id', 'post_date', 'resi_date'],
    funds.flatMap((f) => f.managerIds.map((m) => [f.row.code, m.id, m.post, m.resi])),
  );
  yield chunk(
    'market_index',
    ['code', 'name', 'name_initials', 'category', 'region', 'base_date', 'has_valuation', 'description'],
    plan.indices.map((i) => [i.code, i.name, i.name_initials, i.category, i.region, i.base_date, i.has_valuation, i.description]),
  );
  const indexDaily = chunk('index_daily', INDEX_DAILY_COLUMNS, indexDailyRows(plan));
  counts.indexRows = indexDaily.rows;
  yield indexDaily;

  let nav: string[] = [];
  let navChars = 0;
  let navRows = 0;
  let derived: CopyValue[][] = [];
  let dividends: CopyValue[][] = [];
  let allocation: CopyValue[][] = [];
  let holdings: CopyValue[][] = [];
  let bonds: CopyValue[][] = [];
  function* flush(): Generator<CopyChunk> {
    if (navRows > 0) yield { table: 'fund_nav', columns: NAV_COLUMNS, csv: nav.join(''), rows: navRows };
    yield chunk('fund_derived', [...DERIVED_COLUMNS], derived);
    yield chunk('fund_dividend', ['fund_code', 'date', 'per_share'], dividends);
    yield chunk(
      'fund_asset_allocation',
      ['fund_code', 'report_date', 'stock_percent', 'bond_percent', 'cash_percent', 'other_percent', 'asset_total'],
      allocation,
    );
    yield chunk('fund_holding', ['fund_code', 'report_date', 'rank', 'stock_code', 'stock_name', 'percent', 'industry'], holdings);
    yield chunk('fund_bond_holding', ['fund_code', 'report_date', 'rank', 'bond_code', 'bond_name', 'percent'], bonds);
    counts.navRows += navRows;
    nav = [];
    navChars = 0;
    navRows = 0;
    derived = [];
    dividends = [];
    allocation = [];
    holdings = [];
    bonds = [];
  }
  for (const f of funds) {
    const points = simulateFund(plan, f);
    const text = navCsv(f.row.code, points);
    nav.push(text);
    navChars += text.length;
    navRows += points.length;
    const d = derivedOf(f, points);
    if (d) derived.push(derivedRow(f.row.code, d));
    for (const div of dividendsOf(points)) dividends.push([f.row.code, div.date, div.perShare]);
    allocationAndHoldings(plan, f, allocation, holdings, bonds);
    if (navChars >= NAV_CHUNK_CHARS) yield* flush();
  }
  yield* flush();
  yield chunk('stock_quote', STOCK_QUOTE_COLUMNS, stockQuoteRows(plan.stocks, quoteDaysOf(plan)));
}

export const STOCK_QUOTE_COLUMNS = ['stock_code', 'date', 'price', 'change_percent'];

/** The trading days the seed quotes the held stocks on: the history's last ten and the as-of date's (the quote day
 * of a page read on it); the extension adds each later one (extend.ts). */
function quoteDaysOf(plan: MarketPlan): IsoDate[] {
  return [...new Set([...plan.days.slice(-10), tradingDayOnOrBefore(plan.options.asOf)])];
}

/** stock_quote rows of `stocks` on `days`: the generator's quote (generate.ts stockQuote), price and change to 2 decimals. */
export function stockQuoteRows(stocks: ReadonlyArray<{ code: string }>, days: readonly IsoDate[]): CopyValue[][] {
  const rows: CopyValue[][] = [];
  const codes = [...new Set(stocks.map((s) => s.code))].sort();
  for (const code of codes)
    for (const day of days) {
      const q = stockQuote(code, day);
      rows.push([code, day, q.current_price.toFixed(2), q.change_percentage.toFixed(2)]);
    }
  return rows;
}

/** Plans the market and yields its chunks (the whole generation, for a worker or inline use). */
export function* generateMarket(options: MarketOptions, counts: GeneratedCounts): Generator<CopyChunk> {
  yield* marketChunks(planMarket(options), counts);
}
