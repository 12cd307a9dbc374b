// Discovery endpoints beyond the public Danjuan ones: the auto-invest ranking (/rank-xq/auto-invest) and
// index fund picking (/index-mass). Computed from the NAV history once per market snapshot (fund data
// changes once a day) and served as ready JSON bodies from the market cache, like fund.ts.
import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import Big from 'big.js';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { addCalendarDays, tradingDayOnOrAfter, type IsoDate } from '../domain/calendar';
import { ApiError, EnvelopeOf, ErrorEnvelope, requestLocale } from '../http/envelope';
import { ResultCode } from '../http/result-codes';
import { StringEnum } from '../http/schemas';
import { periodStart } from '../market/derived';
import { marketCacheFor, PERIOD_COLUMNS, type FundRecord, type IndexRecord, type MarketSnapshot } from '../market/market-cache';
import { envelopeText, sendBody } from './fund';

// ---- Auto-invest simulation (pure, exact decimals) -------------------------------------------------------

/** Ranking periods of the auto-invest list. */
export const AUTO_INVEST_PERIODS = ['1y', '2y', '3y', '5y'] as const;
export type AutoInvestPeriod = (typeof AUTO_INVEST_PERIODS)[number];
/** The simulated plan invests this much on the first trading day of every month: 1,000.00 CNY. */
export const AUTO_INVEST_MONTHLY_FEN = 100_000;
/** Types an auto-invest ranking accepts: every filter type but money market (NAV 1.00, nothing to average). */
export const AUTO_INVEST_TYPES = [1, 2, 3, 5, 6, 11] as const;

export interface AutoInvestBuy {
  date: IsoDate;
  /** Unit NAV that day, decimal string. */
  nav: string;
}

export interface AutoInvestDividend {
  /** Ex-dividend date: the dividend is reinvested at that day's NAV. */
  date: IsoDate;
  perShare: string;
  nav: string;
}

export interface AutoInvestResult {
  buys: number;
  investedFen: number;
  valueFen: number;
  /** Shares held at the end, 2 decimals. */
  shares: string;
  /** (value − invested) / invested × 100, rounded half-up to 4 decimals. */
  returnPercent: string;
}

/**
 * A monthly plan simulated without fees: each buy gets amount / NAV shares (rounded half-up to 0.01, as a
 * purchase does), dividends are reinvested at the ex-date NAV (shares × per-share / NAV, rounded the same way;
 * a dividend on a buy day applies to the shares held before that buy), and the holding is valued at `finalNav`
 * rounded half-up to the fen. Null when nothing was bought.
 */
export function simulateAutoInvest(
  buys: readonly AutoInvestBuy[],
  dividends: readonly AutoInvestDividend[],
  finalNav: string,
  amountFen: number = AUTO_INVEST_MONTHLY_FEN,
): AutoInvestResult | null {
  if (buys.length === 0) return null;
  const amount = new Big(amountFen).div(100);
  let shares = new Big(0);
  let d = 0;
  const reinvestUntil = (date: IsoDate | null) => {
    // Dividends strictly before `date` (all remaining ones when null), but only once something is held.
    while (d < dividends.length && (date === null || (dividends[d] as AutoInvestDividend).date < date)) {
      const div = dividends[d] as AutoInvestDividend;
      if (shares.gt(0)) shares = shares.plus(shares.times(div.perShare).div(div.nav).round(2, Big.roundHalfUp));
      d += 1;
    }
  };
  for (const buy of buys) {
    // A dividend on the buy day goes to the shares held before it: process dividends up to and including it.
    reinvestUntil(addCalendarDays(buy.date, 1));
    shares = shares.plus(amount.div(buy.nav).round(2, Big.roundHalfUp));
  }
  reinvestUntil(null);
  const investedFen = amountFen * buys.length;
  const valueFen = Number(shares.times(finalNav).times(100).round(0, Big.roundHalfUp).toFixed(0));
  const returnPercent = new Big(valueFen - investedFen).div(investedFen).times(100).round(4, Big.roundHalfUp).toFixed(4);
  return { buys: buys.length, investedFen, valueFen, shares: shares.toFixed(2), returnPercent };
}

/** First trading day of every month after `start` up to `end` (both ISO dates). */
export function monthlyBuyDates(start: IsoDate, end: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  for (;;) {
    const first = tradingDayOnOrAfter(`${year}-${String(month).padStart(2, '0')}-01`);
    if (first > end) break;
    if (first > start && first.slice(0, 7) === `${year}-${String(month).padStart(2, '0')}`) dates.push(first);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return dates;
}

// ---- Loading what the simulation needs (once per snapshot) ----------------------------------------------

interface AutoInvestEntry {
  fund: FundRecord;
  result: AutoInvestResult;
}

interface AutoInvestPeriodData {
  period: AutoInvestPeriod;
  start: IsoDate;
  end: IsoDate;
  buyDates: IsoDate[];
  entries: AutoInvestEntry[];
}

/** The last NAV date of the market: the latest end_date among the funds. */
function marketEndDate(snap: MarketSnapshot): IsoDate | null {
  let end: IsoDate | null = null;
  for (const f of snap.byCode) if (f.derived && (end === null || f.derived.end_date > end)) end = f.derived.end_date;
  return end;
}

function rankable(f: FundRecord): boolean {
  return f.derived != null && f.type !== 4 && f.sale_status !== 'closed' && f.sale_status !== 'delisted';
}

async function computeAutoInvest(db: Database, snap: MarketSnapshot): Promise<Map<AutoInvestPeriod, AutoInvestPeriodData>> {
  const out = new Map<AutoInvestPeriod, AutoInvestPeriodData>();
  const end = marketEndDate(snap);
  if (!end) {
    for (const period of AUTO_INVEST_PERIODS) out.set(period, { period, start: end ?? '', end: end ?? '', buyDates: [], entries: [] });
    return out;
  }
  const longestStart = periodStart(end, '5y') as IsoDate;
  const allDates = monthlyBuyDates(longestStart, end);
  const funds = snap.byCode.filter(rankable);
  // The NAV of each scheduled month: the first NAV on or after the scheduled day within that month (a fund
  // suspended on the first trading day buys on its next NAV day), one index probe per fund and month.
  const buyRows = allDates.length === 0 ? [] : (await sql<{ fund_code: string; scheduled: string; nav: string }>`
    SELECT f.code AS fund_code, s.d::text AS scheduled, n.nav
    FROM fund f
    CROSS JOIN (VALUES ${sql.join(allDates.map((d) => sql`(${d}::date)`))}) AS s(d)
    JOIN LATERAL (
      SELECT date, nav FROM fund_nav
      WHERE fund_code = f.code AND date >= s.d AND date < (date_trunc('month', s.d) + interval '1 month')::date
      ORDER BY date LIMIT 1
    ) n ON true
    WHERE f.type <> 4
    ORDER BY f.code, s.d`.execute(db.kysely)).rows;
  const dividendRows = (await sql<{ fund_code: string; date: string; per_share: string; nav: string }>`
    SELECT d.fund_code, d.date::text AS date, d.per_share, n.nav
    FROM fund_dividend d JOIN fund_nav n ON n.fund_code = d.fund_code AND n.date = d.date
    WHERE d.date > ${longestStart}::date
    ORDER BY d.fund_code, d.date`.execute(db.kysely)).rows;
  const buysByFund = new Map<string, { scheduled: string; nav: string }[]>();
  for (const row of buyRows) {
    const code = row.fund_code.trim();
    const list = buysByFund.get(code) ?? [];
    list.push({ scheduled: row.scheduled, nav: row.nav });
    buysByFund.set(code, list);
  }
  const dividendsByFund = new Map<string, AutoInvestDividend[]>();
  for (const row of dividendRows) {
    const code = row.fund_code.trim();
    const list = dividendsByFund.get(code) ?? [];
    list.push({ date: row.date, perShare: row.per_share, nav: row.nav });
    dividendsByFund.set(code, list);
  }
  for (const period of AUTO_INVEST_PERIODS) {
    const start = periodStart(end, period) as IsoDate;
    const buyDates = allDates.filter((d) => d > start);
    const column = PERIOD_COLUMNS[period];
    const entries: AutoInvestEntry[] = [];
    for (const fund of funds) {
      // The fund must have existed for the whole period (as its lump-sum return for the period says).
      if (fund.derived?.[column] == null) continue;
      const buys = (buysByFund.get(fund.code) ?? []).filter((b) => b.scheduled > start).map((b) => ({ date: b.scheduled, nav: b.nav }));
      if (buys.length !== buyDates.length) continue;
      const dividends = (dividendsByFund.get(fund.code) ?? []).filter((x) => x.date > start);
      const result = simulateAutoInvest(buys, dividends, (fund.derived as NonNullable<FundRecord['derived']>).unit_nav);
      if (result) entries.push({ fund, result });
    }
    entries.sort((a, b) => new Big(b.result.returnPercent).cmp(a.result.returnPercent) || a.fund.code.localeCompare(b.fund.code));
    out.set(period, { period, start, end, buyDates, entries });
  }
  return out;
}

const autoInvestBySnapshot = new WeakMap<MarketSnapshot, Promise<Map<AutoInvestPeriod, AutoInvestPeriodData>>>();

function autoInvestData(db: Database, snap: MarketSnapshot): Promise<Map<AutoInvestPeriod, AutoInvestPeriodData>> {
  let pending = autoInvestBySnapshot.get(snap);
  if (!pending) {
    pending = computeAutoInvest(db, snap);
    // A failed computation is not kept: the next request tries again.
    pending.catch(() => autoInvestBySnapshot.delete(snap));
    autoInvestBySnapshot.set(snap, pending);
  }
  return pending;
}

const yuan = (fen: number) => new Big(fen).div(100).toFixed(2);

function autoInvestView(data: AutoInvestPeriodData, type: number | undefined, page: number, size: number) {
  const listed = type === undefined ? data.entries : data.entries.filter((e) => e.fund.type === type);
  const column = PERIOD_COLUMNS[data.period];
  return {
    period: data.period,
    start_date: data.start,
    end_date: data.end,
    months: data.buyDates.length,
    first_buy_date: data.buyDates[0] ?? null,
    monthly_amount: yuan(AUTO_INVEST_MONTHLY_FEN),
    items: listed.slice((page - 1) * size, page * size).map(({ fund, result }) => ({
      fd_code: fund.code,
      fd_name: fund.name,
      sf_type: String(fund.type),
      type_desc: fund.type_desc,
      auto_invest_return: result.returnPercent,
      invested_amount: yuan(result.investedFen),
      final_value: yuan(result.valueFen),
      final_shares: result.shares,
      lump_sum_return: fund.derived?.[column] ?? null,
      unit_nav: fund.derived?.unit_nav ?? null,
      nav_date: fund.derived?.end_date ?? null,
      sale_status: fund.sale_status,
    })),
    current_page: page,
    size,
    total_items: listed.length,
    total_pages: Math.ceil(listed.length / size),
  };
}

// ---- Index fund picking -----------------------------------------------------------------------------------

/** Catalogue categories (market_index.category) → stable keys the app translates. */
const CATEGORY_KEYS: Record<string, string> = { 宽基: 'broad', 行业: 'sector', 策略: 'strategy', 海外: 'overseas', 债券: 'bond' };
const CATEGORY_ORDER = ['broad', 'sector', 'strategy', 'overseas', 'bond'];
/** Trading days a year, for annualising the tracking error. */
const TRADING_DAYS_A_YEAR = 250;

function trackers(snap: MarketSnapshot, code: string): FundRecord[] {
  return snap.byCode.filter((f) => f.tracked_index_code === code && f.sale_status !== 'closed' && f.sale_status !== 'delisted');
}

function indexOneYearReturn(index: IndexRecord): string | null {
  const last = index.points[index.points.length - 1];
  if (!last) return null;
  const from = periodStart(last.date, '1y') as IsoDate;
  let base: (typeof index.points)[number] | undefined;
  for (const p of index.points) {
    if (p.date > from) break;
    base = p;
  }
  if (!base) return null;
  return new Big(last.close).div(base.close).minus(1).times(100).round(4, Big.roundHalfUp).toFixed(4);
}

function categoriesView(snap: MarketSnapshot) {
  const groups = new Map<string, ReturnType<typeof indexEntry>[]>();
  function indexEntry(index: IndexRecord, funds: FundRecord[]) {
    const valuation = valuationPercentile(index);
    const last = index.points[index.points.length - 1];
    return {
      index_code: index.code,
      name: index.name,
      description: index.description,
      region: index.region,
      fund_count: funds.length,
      close: last ? new Big(last.close).toFixed(2) : null,
      date: last?.date ?? null,
      percent_1y: indexOneYearReturn(index),
      pe_percentile: valuation,
    };
  }
  for (const index of snap.indices.values()) {
    const funds = trackers(snap, index.code);
    if (funds.length === 0) continue;
    const key = CATEGORY_KEYS[index.category] ?? 'other';
    const list = groups.get(key) ?? [];
    list.push(indexEntry(index, funds));
    groups.set(key, list);
  }
  const keys = [...groups.keys()].sort((a, b) => (CATEGORY_ORDER.indexOf(a) + 1 || 99) - (CATEGORY_ORDER.indexOf(b) + 1 || 99));
  return {
    categories: keys.map((key) => ({
      key,
      indices: (groups.get(key) ?? []).sort((a, b) => b.fund_count - a.fund_count || a.index_code.localeCompare(b.index_code)),
    })),
  };
}

/** Share of the PE history strictly below today's PE (0…1, 4 decimals), as the valuation table computes it. */
function valuationPercentile(index: IndexRecord): string | null {
  if (!index.has_valuation) return null;
  const values: number[] = [];
  for (const p of index.points) if (p.pe != null) values.push(Number(p.pe));
  const last = values[values.length - 1];
  if (last === undefined) return null;
  if (values.length === 1) return '0.5000';
  let below = 0;
  for (const v of values) if (v < last) below += 1;
  return (below / (values.length - 1)).toFixed(4);
}

/**
 * Annualised tracking error in percent: the sample standard deviation of (fund daily return − index daily return)
 * over the common trading days of the last year, × √250 × 100. Fund returns include reinvested dividends
 * (accumulated NAV), so a payout is not counted as a tracking miss. Null with fewer than 20 common days.
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
  if (diffs.length < 20) return null;
  const mean = diffs.reduce((s, v) => s + v, 0) / diffs.length;
  const variance = diffs.reduce((s, v) => s + (v - mean) * (v - mean), 0) / (diffs.length - 1);
  return { value: (Math.sqrt(variance) * Math.sqrt(TRADING_DAYS_A_YEAR) * 100).toFixed(4), days: diffs.length };
}

async function indexFundsView(db: Database, snap: MarketSnapshot, index: IndexRecord) {
  const funds = trackers(snap, index.code);
  const last = index.points[index.points.length - 1];
  const from = last ? (periodStart(last.date, '1y') as IsoDate) : '1970-01-01';
  const codes = funds.map((f) => f.code);
  const navRows = codes.length === 0 ? [] : await db.kysely.selectFrom('fund_nav')
    .select(['fund_code', sql<string>`date::text`.as('date'), 'nav', 'acc_nav'])
    .where('fund_code', 'in', codes).where('date', '>=', from).orderBy('fund_code').orderBy('date').execute();
  const navs = new Map<string, { date: IsoDate; nav: number; accNav: number }[]>();
  for (const row of navRows) {
    const code = row.fund_code.trim();
    const list = navs.get(code) ?? [];
    list.push({ date: row.date, nav: Number(row.nav), accNav: Number(row.acc_nav) });
    navs.set(code, list);
  }
  const fees = codes.length === 0 ? [] : await db.kysely.selectFrom('fund_fee').select(['fund_code', 'rate', 'fixed_fee_fen'])
    .where('fund_code', 'in', codes).where('kind', '=', 'declare').orderBy('fund_code').orderBy('seq', 'desc').execute();
  // Ordered by seq descending, so the map keeps each fund's first (smallest amount) bracket.
  const firstBracket = new Map(fees.map((f) => [f.fund_code.trim(), f]));
  const closes = index.points.filter((p) => p.date >= from).map((p) => ({ date: p.date, close: Number(p.close) }));
  const rows = funds.map((f) => {
    const te = trackingErrorPercent(navs.get(f.code) ?? [], closes);
    const bracket = firstBracket.get(f.code);
    const rate = bracket?.rate ?? '0';
    return {
      fd_code: f.code,
      fd_name: f.name,
      share_class: f.share_class,
      found_date: f.found_date,
      total_asset: f.total_asset,
      manage_fee: f.manage_fee,
      custody_fee: f.custody_fee,
      sales_service_fee: f.sales_service_fee,
      /** Yearly running costs: management + custody + sales service, percent. */
      annual_fee: new Big(f.manage_fee).plus(f.custody_fee).plus(f.sales_service_fee).toFixed(2),
      /** Purchase fee of the first bracket before and after the platform discount, percent. */
      declare_rate: rate,
      declare_rate_discounted: new Big(rate).times(f.declare_discount).round(4, Big.roundHalfUp).toString(),
      tracking_error: te?.value ?? null,
      tracking_days: te?.days ?? 0,
      unit_nav: f.derived?.unit_nav ?? null,
      nav_date: f.derived?.end_date ?? null,
      nav_grl1y: f.derived?.nav_grl1y ?? null,
      sale_status: f.sale_status,
    };
  });
  // Best tracking first; funds too young for a tracking error last.
  rows.sort((a, b) => {
    if (a.tracking_error === null || b.tracking_error === null) return a.tracking_error === b.tracking_error ? a.fd_code.localeCompare(b.fd_code) : a.tracking_error === null ? 1 : -1;
    return Number(a.tracking_error) - Number(b.tracking_error) || a.fd_code.localeCompare(b.fd_code);
  });
  return {
    index_code: index.code,
    name: index.name,
    description: index.description,
    category: CATEGORY_KEYS[index.category] ?? 'other',
    percent_1y: indexOneYearReturn(index),
    pe_percentile: valuationPercentile(index),
    tracking_from: from,
    funds: rows,
  };
}

// ---- Routes ------------------------------------------------------------------------------------------------

const Decimal = Type.String({ description: 'decimal string' });
const NullableDecimal = Type.Union([Decimal, Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
const IndexCode = Type.String({ pattern: '^[A-Za-z0-9]{2,12}$', description: 'index code, e.g. SH000300' });

const messages = {
  indexNotFound: { 'zh-CN': '指数不存在：{code}', 'en-US': 'No index with code {code}' },
} as const;

function indexNotFound(request: FastifyRequest, code: string): ApiError {
  return new ApiError(ResultCode.NOT_FOUND, messages.indexNotFound[requestLocale(request)].replace('{code}', code), 404);
}

const errors = { 400: ErrorEnvelope, 404: ErrorEnvelope };
function schemaFor<D extends TSchema, E extends { params?: TSchema; querystring?: TSchema }>(summary: string, data: D, extra?: E) {
  return { tags: ['discover'], summary, ...(extra as E), response: { 200: EnvelopeOf(data), ...errors } };
}

const discoverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = marketCacheFor(app.db, app.clock);

  app.get('/djapi/fund/rank/auto-invest', {
    schema: schemaFor('Ranking by simulated auto-invest return: 1,000 CNY on the first trading day of each month, dividends reinvested, no fees', Type.Object({
      period: Type.String(), start_date: Type.String(), end_date: Type.String(), months: Type.Integer(), first_buy_date: NullableString,
      monthly_amount: Decimal,
      items: Type.Array(Type.Object({
        fd_code: Type.String(), fd_name: Type.String(), sf_type: Type.String(), type_desc: Type.String(),
        auto_invest_return: Decimal, invested_amount: Decimal, final_value: Decimal, final_shares: Decimal,
        lump_sum_return: NullableDecimal, unit_nav: NullableDecimal, nav_date: NullableString, sale_status: Type.String(),
      })),
      current_page: Type.Integer(), size: Type.Integer(), total_items: Type.Integer(), total_pages: Type.Integer(),
    }), {
      querystring: Type.Object({
        period: StringEnum(AUTO_INVEST_PERIODS, 'simulation length: 1y 2y 3y 5y'),
        type: Type.Optional(Type.Union(AUTO_INVEST_TYPES.map((t) => Type.Literal(t)), { description: '1 stock, 2 bond, 3 hybrid, 5 index, 6 FOF, 11 QDII' })),
        page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
        size: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
      }),
    }),
  }, async (request, reply) => {
    const { period, type, page, size } = request.query;
    const snap = await cache.current();
    const text = await cache.body(snap, `auto-invest:${period}:${type ?? ''}:${page}:${size}`, async () => {
      const data = (await autoInvestData(app.db, snap)).get(period) as AutoInvestPeriodData;
      return autoInvestView(data, type, page, size);
    });
    return sendBody(reply, envelopeText(text));
  });

  const IndexSummary = Type.Object({
    index_code: Type.String(), name: Type.String(), description: Type.String(), region: Type.String(), fund_count: Type.Integer(),
    close: NullableDecimal, date: NullableString, percent_1y: NullableDecimal, pe_percentile: NullableDecimal,
  });

  app.get('/djapi/index-mass/categories', {
    schema: schemaFor('Indices with tracking funds, by category (broad, sector, strategy, overseas, bond)', Type.Object({
      categories: Type.Array(Type.Object({ key: Type.String(), indices: Type.Array(IndexSummary) })),
    })),
  }, async (_request, reply) => {
    const snap = await cache.current();
    return sendBody(reply, envelopeText(await cache.body(snap, 'index-mass:categories', () => categoriesView(snap))));
  });

  app.get('/djapi/index-mass/:index_code/funds', {
    schema: schemaFor('Funds tracking an index with fees, size and the tracking error computed from the last year of NAVs', Type.Object({
      index_code: Type.String(), name: Type.String(), description: Type.String(), category: Type.String(),
      percent_1y: NullableDecimal, pe_percentile: NullableDecimal, tracking_from: Type.String(),
      funds: Type.Array(Type.Object({
        fd_code: Type.String(), fd_name: Type.String(), share_class: NullableString, found_date: Type.String(), total_asset: Decimal,
        manage_fee: Decimal, custody_fee: Decimal, sales_service_fee: Decimal, annual_fee: Decimal, declare_rate: Decimal,
        declare_rate_discounted: Decimal, tracking_error: NullableDecimal, tracking_days: Type.Integer(), unit_nav: NullableDecimal,
        nav_date: NullableString, nav_grl1y: NullableDecimal, sale_status: Type.String(),
      })),
    }), { params: Type.Object({ index_code: IndexCode }) }),
  }, async (request, reply) => {
    const snap = await cache.current();
    const code = request.params.index_code.toUpperCase();
    const index = snap.indices.get(code);
    if (!index) throw indexNotFound(request, request.params.index_code);
    return sendBody(reply, envelopeText(await cache.body(snap, `index-mass:funds:${code}`, () => indexFundsView(app.db, snap, index))));
  });
};

export default discoverRoutes;
