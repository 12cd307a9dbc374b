// Discovery answers beyond the public Danjuan ones: the auto-invest ranking (/rank-xq/auto-invest) and index
// fund picking (/index-mass). The simulation and the tracking error are pure rules (domain/); this module
// gathers their data from the database and the market snapshot and shapes the answers. The simulation runs once
// per market snapshot (fund data changes once a day), kept by the market cache.
import Big from 'big.js';
import { sql } from 'kysely';
import { fenToYuan } from '../../../src/lib/money';
import type { Database } from '../db/database';
import {
  AUTO_INVEST_MONTHLY_FEN,
  AUTO_INVEST_PERIODS,
  monthlyBuyDates,
  simulateAutoInvest,
  type AutoInvestDividend,
  type AutoInvestPeriod,
  type AutoInvestResult,
} from '../domain/auto-invest-simulation';
import { addCalendarDays, type IsoDate } from '../domain/calendar';
import { trackingErrorPercent } from '../domain/tracking-error';
import { indexOnOrBefore, periodStart, type NavPoint } from './derived';
import { PERIOD_COLUMNS, type FundRecord, type IndexRecord, type MarketCache, type MarketSnapshot } from './market-cache';

// ---- Auto-invest ranking ---------------------------------------------------------------------------------

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

/** Every period's simulation of every rankable fund, best return first. */
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
  const buyRows =
    allDates.length === 0
      ? []
      : (
          await sql<{ fund_code: string; scheduled: string; nav: string }>`
    SELECT f.code AS fund_code, s.d::text AS scheduled, n.nav
    FROM fund f
    CROSS JOIN (VALUES ${sql.join(allDates.map((d) => sql`(${d}::date)`))}) AS s(d)
    JOIN LATERAL (
      SELECT date, nav FROM fund_nav
      WHERE fund_code = f.code AND date >= s.d AND date < (date_trunc('month', s.d) + interval '1 month')::date
      ORDER BY date LIMIT 1
    ) n ON true
    WHERE f.type <> 4
    ORDER BY f.code, s.d`.execute(db.kysely)
        ).rows;
  const dividendRows = (
    await sql<{ fund_code: string; date: string; per_share: string; nav: string }>`
    SELECT d.fund_code, d.date::text AS date, d.per_share, n.nav
    FROM fund_dividend d JOIN fund_nav n ON n.fund_code = d.fund_code AND n.date = d.date
    WHERE d.date > ${longestStart}::date
    ORDER BY d.fund_code, d.date`.execute(db.kysely)
  ).rows;
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

/** Periods of the auto-invest returns of one fund's derived answer (aip_grl1y, aip_grl2y). */
const FUND_AIP_PERIODS = ['1y', '2y'] as const;
type FundAipPeriod = (typeof FUND_AIP_PERIODS)[number];

/**
 * One fund's auto-invest returns over one and two years, as the ranking above simulates them (same buy days: the
 * first NAV on or after each scheduled day within its month; dividends reinvested), percent with 4 decimals:
 * `aip` invests the fixed monthly amount; `smart` (Danjuan's 智能定投, itg_aip) scales each month's amount by how
 * far the NAV is below or above its 250-day average (average / NAV, between 0.5 and 2 times, in tenths).
 * Null for a period the fund did not exist for the whole of, and for money-market funds.
 */
export async function fundAutoInvestReturns(db: Database, snap: MarketSnapshot, fund: FundRecord, points: readonly NavPoint[]) {
  const aip: Record<FundAipPeriod, string | null> = { '1y': null, '2y': null };
  const smart: Record<FundAipPeriod, string | null> = { '1y': null, '2y': null };
  const end = marketEndDate(snap);
  if (!end || !rankable(fund) || points.length === 0) return { aip, smart };
  const dividendRows = await sql<{ date: string; per_share: string; nav: string }>`
    SELECT d.date::text AS date, d.per_share, n.nav
    FROM fund_dividend d JOIN fund_nav n ON n.fund_code = d.fund_code AND n.date = d.date
    WHERE d.fund_code = ${fund.code} AND d.date > ${periodStart(end, '2y')}::date
    ORDER BY d.date`.execute(db.kysely);
  const finalNav = (fund.derived as NonNullable<FundRecord['derived']>).unit_nav;
  for (const period of FUND_AIP_PERIODS) {
    if (fund.derived?.[PERIOD_COLUMNS[period]] == null) continue;
    const start = periodStart(end, period) as IsoDate;
    const buyDates = monthlyBuyDates(start, end);
    const buys: { date: IsoDate; nav: string; index: number }[] = [];
    for (const scheduled of buyDates) {
      const i = indexOnOrBefore(points, addCalendarDays(scheduled, -1)) + 1;
      const p = points[i];
      if (!p || p.date.slice(0, 7) !== scheduled.slice(0, 7)) break;
      buys.push({ date: scheduled, nav: p.nav.toFixed(4), index: i });
    }
    if (buys.length !== buyDates.length || buys.length === 0) continue;
    const dividends: AutoInvestDividend[] = dividendRows.rows
      .filter((x) => x.date > start)
      .map((x) => ({ date: x.date, perShare: x.per_share, nav: x.nav }));
    aip[period] = simulateAutoInvest(buys, dividends, finalNav)?.returnPercent ?? null;
    // The smart plan: each buy simulated with its own amount, the holdings' values and the amounts summed.
    let invested = 0;
    let value = 0;
    for (const buy of buys) {
      const window = points.slice(Math.max(0, buy.index - 250), buy.index);
      const average = window.length === 0 ? Number(buy.nav) : window.reduce((sum, p) => sum + p.nav, 0) / window.length;
      const factor = Math.min(2, Math.max(0.5, Math.round((average / Number(buy.nav)) * 10) / 10));
      const amountFen = Math.round(AUTO_INVEST_MONTHLY_FEN * factor);
      const one = simulateAutoInvest(
        [buy],
        dividends.filter((x) => x.date >= buy.date),
        finalNav,
        amountFen,
      );
      if (!one) continue;
      invested += one.investedFen;
      value += one.valueFen;
    }
    smart[period] = invested > 0 ? (((value - invested) / invested) * 100).toFixed(4) : null;
  }
  return { aip, smart };
}

/** One page of the auto-invest ranking of `period`, optionally of one fund type. */
export async function autoInvestView(
  cache: MarketCache,
  db: Database,
  snap: MarketSnapshot,
  query: { period: AutoInvestPeriod; type: number | undefined; page: number; size: number },
) {
  const { type, page, size } = query;
  const all = await cache.perSnapshot(snap, 'auto-invest', () => computeAutoInvest(db, snap));
  const data = all.get(query.period) as AutoInvestPeriodData;
  const listed = type === undefined ? data.entries : data.entries.filter((e) => e.fund.type === type);
  const column = PERIOD_COLUMNS[data.period];
  return {
    period: data.period,
    start_date: data.start,
    end_date: data.end,
    months: data.buyDates.length,
    first_buy_date: data.buyDates[0] ?? null,
    monthly_amount: fenToYuan(AUTO_INVEST_MONTHLY_FEN),
    items: listed.slice((page - 1) * size, page * size).map(({ fund, result }) => ({
      fd_code: fund.code,
      fd_name: fund.name,
      sf_type: String(fund.type),
      type_desc: fund.type_desc,
      auto_invest_return: result.returnPercent,
      invested_amount: fenToYuan(result.investedFen),
      final_value: fenToYuan(result.valueFen),
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

/** Indices that have tracking funds, grouped by category (broad, sector, strategy, overseas, bond). */
export function categoriesView(snap: MarketSnapshot) {
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

/** The funds tracking `index`: fees, size and the tracking error over the index's last year, best tracking first. */
export async function indexFundsView(db: Database, snap: MarketSnapshot, index: IndexRecord) {
  const funds = trackers(snap, index.code);
  const last = index.points[index.points.length - 1];
  const from = last ? (periodStart(last.date, '1y') as IsoDate) : '1970-01-01';
  const codes = funds.map((f) => f.code);
  const navRows =
    codes.length === 0
      ? []
      : await db.kysely
          .selectFrom('fund_nav')
          .select(['fund_code', sql<string>`date::text`.as('date'), 'nav', 'acc_nav'])
          .where('fund_code', 'in', codes)
          .where('date', '>=', from)
          .orderBy('fund_code')
          .orderBy('date')
          .execute();
  const navs = new Map<string, { date: IsoDate; nav: number; accNav: number }[]>();
  for (const row of navRows) {
    const code = row.fund_code.trim();
    const list = navs.get(code) ?? [];
    list.push({ date: row.date, nav: Number(row.nav), accNav: Number(row.acc_nav) });
    navs.set(code, list);
  }
  const fees =
    codes.length === 0
      ? []
      : await db.kysely
          .selectFrom('fund_fee')
          .select(['fund_code', 'rate', 'fixed_fee_fen'])
          .where('fund_code', 'in', codes)
          .where('kind', '=', 'declare')
          .orderBy('fund_code')
          .orderBy('seq', 'desc')
          .execute();
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
    if (a.tracking_error === null || b.tracking_error === null)
      return a.tracking_error === b.tracking_error ? a.fd_code.localeCompare(b.fd_code) : a.tracking_error === null ? 1 : -1;
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
