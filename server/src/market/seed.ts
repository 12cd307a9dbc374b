// Loads a generated market into the database with COPY (row-by-row inserts are far too slow).
// Replaces whatever market data was there; platform tables are untouched.
import { sql } from 'kysely';
import type { CopyValue, Database } from '../db/database';
import { dayNumber, type IsoDate } from '../domain/calendar';
import type { IndexDefinition } from './catalogue';
import { derivedRow, DERIVED_COLUMNS, type NavPoint } from './derived';
import { dividendsOf, derivedOf, planMarket, simulateFund, type MarketPlan, type PlannedFund } from './generate';
import { invalidateMarketCache } from './market-cache';
import { hashNormal, Rng, streamId } from './prng';

export interface SeedOptions {
  seed?: number;
  small?: boolean;
  large?: boolean;
  /** Business date to generate for (default: today in Asia/Shanghai). NAVs run through the previous trading day. */
  asOf?: IsoDate;
}

export interface SeedReport {
  funds: number;
  navRows: number;
  indexRows: number;
  asOf: IsoDate;
  millis: number;
}

/** Every market table, children first (for TRUNCATE). */
export const MARKET_TABLES = [
  'fund_holding', 'fund_asset_allocation', 'fund_manager_post', 'fund_fee', 'fund_dividend', 'fund_derived', 'fund_nav',
  'fund', 'fund_manager', 'fund_company', 'index_daily', 'market_index', 'market_meta',
] as const;

export const NAV_COLUMNS = ['fund_code', 'date', 'nav', 'acc_nav', 'daily_change', 'income_per_10k', 'yield_7d'];

function todayInShanghai(): IsoDate {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export function navRowsOf(code: string, points: readonly NavPoint[]): CopyValue[][] {
  const rows: CopyValue[][] = [];
  for (let i = 0; i < points.length; i += 1) {
    const p = points[i] as NavPoint;
    const prev = points[i - 1];
    let change: string | null = null;
    if (p.incomePer10k != null) change = '0.0000';
    else if (prev) {
      const dividend = Math.max(0, p.accNav - prev.accNav - (p.nav - prev.nav));
      change = (((p.nav + dividend) / prev.nav - 1) * 100).toFixed(4);
    }
    rows.push([code, p.date, p.nav.toFixed(4), p.accNav.toFixed(4), change,
      p.incomePer10k == null ? null : p.incomePer10k.toFixed(4), p.yield7d == null ? null : p.yield7d.toFixed(4)]);
  }
  return rows;
}

function fundRow(f: PlannedFund): CopyValue[] {
  const r = f.row;
  return [r.code, r.name, r.full_name, r.name_initials, r.type, r.type_desc, r.share_class, r.company_code, r.custodian,
    r.risk_level, r.found_date, r.sale_status, r.status_reason, r.subscribe_start, r.subscribe_end, r.lock_days,
    r.daily_purchase_limit_fen, r.min_purchase_fen, r.buy_confirm_days, r.sale_arrive_days, r.benchmark,
    r.benchmark_index_code, r.benchmark_equity_weight, r.tracked_index_code, r.tracking_error, r.total_share,
    r.total_asset, r.manage_fee, r.custody_fee, r.sales_service_fee, r.declare_discount, r.invest_target,
    r.invest_orientation, r.nav_model];
}
const FUND_COLUMNS = ['code', 'name', 'full_name', 'name_initials', 'type', 'type_desc', 'share_class', 'company_code', 'custodian',
  'risk_level', 'found_date', 'sale_status', 'status_reason', 'subscribe_start', 'subscribe_end', 'lock_days',
  'daily_purchase_limit_fen', 'min_purchase_fen', 'buy_confirm_days', 'sale_arrive_days', 'benchmark',
  'benchmark_index_code', 'benchmark_equity_weight', 'tracked_index_code', 'tracking_error', 'total_share',
  'total_asset', 'manage_fee', 'custody_fee', 'sales_service_fee', 'declare_discount', 'invest_target',
  'invest_orientation', 'nav_model'];

/** One index_daily row: OHLC and volume from hashed noise, valuation from smoothly growing earnings. */
export function indexDailyRow(def: IndexDefinition, seed: number, date: IsoDate, i: number, close: number, prevClose: number, firstClose: number): CopyValue[] {
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
    const years = i / 244;
    const payout = def.category === '策略' ? 0.5 : 0.3;
    // Earnings grow smoothly with a slow cycle, so valuations wander between cheap and dear.
    const earnings = (firstClose / def.pe0) * Math.exp(def.earningsGrowth * years + 0.12 * Math.sin(years * 1.3 + (streamId(def.code) % 7)));
    const book = (firstClose / def.pb0) * Math.exp(def.earningsGrowth * 0.8 * years);
    const peValue = close / earnings;
    const pbValue = close / book;
    pe = peValue.toFixed(4);
    pb = pbValue.toFixed(4);
    roe = (pbValue / peValue).toFixed(4);
    dy = (payout / peValue).toFixed(4);
  }
  return [def.code, date, open.toFixed(4), high.toFixed(4), low.toFixed(4), close.toFixed(4), volume, pe, pb, roe, dy];
}

export const INDEX_DAILY_COLUMNS = ['index_code', 'date', 'open', 'high', 'low', 'close', 'volume', 'pe', 'pb', 'roe', 'dividend_yield'];

/** Daily rows of every index over the plan window. */
function* indexDailyRows(plan: MarketPlan): Generator<CopyValue[]> {
  for (const { def, closes } of plan.indexSeries.values()) {
    for (let i = 0; i < plan.days.length; i += 1) {
      const close = closes[i] as number;
      yield indexDailyRow(def, plan.options.seed, plan.days[i] as IsoDate, i, close, i > 0 ? (closes[i - 1] as number) : close, closes[0] as number);
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

function allocationAndHoldings(plan: MarketPlan, f: PlannedFund, allocation: CopyValue[][], holdings: CopyValue[][]): void {
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
    if (kind === 'money' || kind === 'bond' || kind === 'fof') continue;
    const picked = new Set<number>();
    let weight = Math.min(stock / 8, 10) * rng.between(0.85, 1);
    for (let rank = 1; rank <= 10; rank += 1) {
      let k = rng.int(0, plan.stocks.length - 1);
      while (picked.has(k)) k = (k + 1) % plan.stocks.length;
      picked.add(k);
      const s = plan.stocks[k] as { code: string; name: string };
      holdings.push([f.row.code, date, rank, s.code, s.name, weight.toFixed(2)]);
      weight *= rng.between(0.8, 0.97);
    }
  }
}

/** Replaces the market with a freshly generated one. Deterministic for a given seed and as-of date. */
export async function seedMarket(db: Database, opts: SeedOptions = {}): Promise<SeedReport> {
  const started = Date.now();
  const asOf = opts.asOf ?? todayInShanghai();
  const seed = opts.seed ?? 20_240_101;
  await db.exec(`TRUNCATE ${MARKET_TABLES.join(', ')}`);
  invalidateMarketCache(db);
  const plan = planMarket({ seed, asOf, small: opts.small, large: opts.large });

  await db.copyRows('fund_company', ['code', 'name', 'full_name'], plan.companies.map((c) => [c.code, c.name, c.full_name]));
  await db.copyRows('fund_manager', ['id', 'name', 'company_code', 'college', 'education', 'resume', 'career_start'],
    plan.managers.map((m) => [m.id, m.name, m.company_code, m.college, m.education, m.resume, m.career_start]));
  await db.copyRows('fund', FUND_COLUMNS, plan.funds.map(fundRow));
  await db.copyRows('fund_fee', ['fund_code', 'kind', 'seq', 'lower_bound', 'upper_bound', 'rate', 'fixed_fee_fen'],
    plan.funds.flatMap((f) => f.fees.map((fee, seq) => [f.row.code, fee.kind, seq, fee.lower, fee.upper, fee.rate, fee.fixedFen])));
  await db.copyRows('fund_manager_post', ['fund_code', 'manager_id', 'post_date', 'resi_date'],
    plan.funds.flatMap((f) => f.managerIds.map((m) => [f.row.code, m.id, m.post, m.resi])));
  await db.copyRows('market_index', ['code', 'name', 'name_initials', 'category', 'region', 'base_date', 'has_valuation', 'description'],
    plan.indices.map((i) => [i.code, i.name, i.name_initials, i.category, i.region, i.base_date, i.has_valuation, i.description]));
  const indexRows = await db.copyRows('index_daily', INDEX_DAILY_COLUMNS, indexDailyRows(plan));

  // Building the primary key once after the load is much faster than maintaining it row by row.
  const dropKey = process.env.SEED_NO_PK !== '0';
  if (dropKey) await db.exec('ALTER TABLE fund_nav DROP CONSTRAINT IF EXISTS fund_nav_pkey');
  // NAVs fund by fund in batches, so memory stays flat even for the large market.
  let navRows = 0;
  let simulateMs = 0;
  let copyMs = 0;
  const batchSize = 250;
  for (let start = 0; start < plan.funds.length; start += batchSize) {
    const batch = plan.funds.slice(start, start + batchSize);
    const nav: CopyValue[][] = [];
    const derived: CopyValue[][] = [];
    const dividends: CopyValue[][] = [];
    const allocation: CopyValue[][] = [];
    const holdings: CopyValue[][] = [];
    const simStart = Date.now();
    for (const f of batch) {
      const points = simulateFund(plan, f);
      for (const row of navRowsOf(f.row.code, points)) nav.push(row);
      const d = derivedOf(f, points);
      if (d) derived.push(derivedRow(f.row.code, d));
      for (const div of dividendsOf(points)) dividends.push([f.row.code, div.date, div.perShare]);
      allocationAndHoldings(plan, f, allocation, holdings);
    }
    simulateMs += Date.now() - simStart;
    const copyStart = Date.now();
    navRows += await db.copyRows('fund_nav', NAV_COLUMNS, nav);
    copyMs += Date.now() - copyStart;
    await db.copyRows('fund_derived', [...DERIVED_COLUMNS], derived);
    await db.copyRows('fund_dividend', ['fund_code', 'date', 'per_share'], dividends);
    await db.copyRows('fund_asset_allocation', ['fund_code', 'report_date', 'stock_percent', 'bond_percent', 'cash_percent', 'other_percent', 'asset_total'], allocation);
    await db.copyRows('fund_holding', ['fund_code', 'report_date', 'rank', 'stock_code', 'stock_name', 'percent'], holdings);
  }

  const keyStart = Date.now();
  if (dropKey) await db.exec('ALTER TABLE fund_nav ADD CONSTRAINT fund_nav_pkey PRIMARY KEY (fund_code, date)');
  if (process.env.SEED_TIMING) console.log({ navKeyMs: Date.now() - keyStart });
  await db.copyRows('market_meta', ['key', 'value'], [
    ['seed', String(seed)], ['as_of', asOf], ['size', opts.large ? 'large' : opts.small ? 'small' : 'default'],
    ['loaded_at', new Date().toISOString()],
  ]);
  await sql`ANALYZE`.execute(db.kysely);
  invalidateMarketCache(db);
  if (process.env.SEED_TIMING) console.log({ simulateMs, navCopyMs: copyMs });
  return { funds: plan.funds.length, navRows, indexRows, asOf, millis: Date.now() - started };
}

/** Marks the market as changed (after an import), so in-process caches rebuild. */
export async function touchMarket(db: Database): Promise<void> {
  await db.kysely.insertInto('market_meta').values({ key: 'loaded_at', value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') })).execute();
}
