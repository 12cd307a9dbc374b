// Response bodies of the public fund read endpoints, in the public Danjuan shapes
// (field names as Danjuan spells them; NAV, money and percentages as decimal strings).
import { sql } from 'kysely';
import { compareDecimal, decimalToText, parseDecimal, rescaleHalfUp, shiftDecimal } from '../../../src/lib/decimal';
import { fenToYuan } from '../../../src/lib/money';
import type { Database } from '../db/database';
import type { FundFeeTable } from '../db/market-types';
import {
  addTradingDays,
  calendarDaysBetween,
  nextTradingDay,
  orderTradeDate,
  shanghaiDateTime,
  tradingDayOnOrAfter,
  tradingDayOnOrBefore,
  type IsoDate,
} from '../domain/calendar';
import { shanghaiInstant } from '../domain/clock';
import { indexOnOrBefore, periodStart, totalReturnIndex, type NavPoint } from './derived';
import { fundAutoInvestReturns } from './discover-views';
import { PERIOD_COLUMNS, PERIOD_KEYS, type FundRecord, type MarketSnapshot, type PeriodKey } from './market-cache';

export const MONEY_MARKET_TYPE = 4;
/** Statuses in which a purchase (or a subscription, for a fund being built) is accepted. */
const BUYABLE = new Set(['on_sale', 'conversion', 'building']);
const SELLABLE = new Set(['on_sale', 'conversion', 'purchase_suspended']);
const HUNDRED_MILLION = parseDecimal('100000000') as NonNullable<ReturnType<typeof parseDecimal>>;

/** "31.19亿" / "8500.00万": Danjuan's display of fund size (yuan, exact: shifted and rounded half-up as digits). */
function sizeText(total: string): string {
  const value = parseDecimal(total);
  if (!value) return total;
  const yi = compareDecimal(value, HUNDRED_MILLION) >= 0;
  return `${decimalToText(rescaleHalfUp(shiftDecimal(value, yi ? -8 : -4), 2))}${yi ? '亿' : '万'}`;
}

export function fundDerivedView(f: FundRecord) {
  const d = f.derived;
  const rank = (p: PeriodKey) => (d && d[PERIOD_COLUMNS[p]] != null ? (f.ranks[p] ?? null) : null);
  return {
    fd_code: f.code,
    end_date: d?.end_date ?? null,
    unit_nav: d?.unit_nav ?? '1.0000',
    unit_acc_nav: d?.acc_nav ?? '1.0000',
    nav_grtd: d?.nav_grtd ?? null,
    nav_grl1w: d?.nav_grl1w ?? null,
    nav_grl1m: d?.nav_grl1m ?? null,
    nav_grl3m: d?.nav_grl3m ?? null,
    nav_grl6m: d?.nav_grl6m ?? null,
    nav_grlty: d?.nav_grlty ?? null,
    nav_grl1y: d?.nav_grl1y ?? null,
    nav_grl2y: d?.nav_grl2y ?? null,
    nav_grl3y: d?.nav_grl3y ?? null,
    nav_grl5y: d?.nav_grl5y ?? null,
    nav_grbase: d?.nav_grbase ?? null,
    srank_l1w: rank('1w'),
    srank_l1m: rank('1m'),
    srank_l3m: rank('3m'),
    srank_l6m: rank('6m'),
    srank_lty: rank('ty'),
    srank_l1y: rank('1y'),
    srank_l2y: rank('2y'),
    srank_l3y: rank('3y'),
    srank_l5y: rank('5y'),
    srank_base: rank('base'),
    maxdd_l1y: d?.max_drawdown_1y ?? null,
    income_per_10k: d?.income_per_10k ?? null,
    yield_7d: d?.yield_7d ?? null,
  };
}

/** A decimal string (or null) with two decimals, half-up: Danjuan's display precision ('36.35'). */
function twoDecimals(value: string | null | undefined): string | null {
  if (value == null) return null;
  const parsed = parseDecimal(value);
  return parsed ? decimalToText(rescaleHalfUp(parsed, 2)) : null;
}

/** '+36.35%' / '-13.89%' (sign on positive values, as Danjuan's header shows returns). */
function signedPercentText(value: string | null): string {
  const text = twoDecimals(value);
  if (text == null) return '--';
  return `${text.startsWith('-') || /^0(\.0+)?$/.test(text) ? '' : '+'}${text}%`;
}

/** The statistics of a fund's whole NAV history that the Danjuan answers show beside the period returns. */
interface HistoryStats {
  /** Unit NAV change of the last day (yuan per share), 4 decimals; null before a second NAV. */
  navGrowth: string | null;
  /** Only the first NAV is published yet. */
  firstNav: boolean;
  /** Calendar-year returns (percent, 2 decimals), newest first: every year the fund had NAVs in. */
  years: { year: string; nav: string }[];
  /** Maximum drawdown since the first NAV, as a ratio (0.419 = 41.9 %). */
  maxDrawdown: number | null;
  /** Annualised return since the first NAV, percent; null under half a year (not meaningful). */
  annualised: number | null;
  days: number;
}

function historyStats(points: readonly NavPoint[], money: boolean): HistoryStats {
  const last = points[points.length - 1];
  const prev = points[points.length - 2];
  const tr = totalReturnIndex(points, money);
  const years: HistoryStats['years'] = [];
  let maxDrawdown: number | null = null;
  let annualised: number | null = null;
  let days = 0;
  if (last) {
    const first = points[0] as NavPoint;
    const firstYear = Number(first.date.slice(0, 4));
    const lastYear = Number(last.date.slice(0, 4));
    for (let year = lastYear - 1; year >= firstYear; year -= 1) {
      const endIdx = indexOnOrBefore(points, `${year}-12-31`);
      const startIdx = Math.max(0, indexOnOrBefore(points, `${year - 1}-12-31`));
      if (endIdx <= startIdx) continue;
      years.push({ year: String(year), nav: (((tr[endIdx] as number) / (tr[startIdx] as number) - 1) * 100).toFixed(2) });
    }
    let peak = 0;
    let dd = 0;
    for (const v of tr) {
      if (v > peak) peak = v;
      else if (peak > 0) dd = Math.max(dd, 1 - v / peak);
    }
    maxDrawdown = Number(dd.toFixed(4));
    days = calendarDaysBetween(first.date, last.date);
    const growth = tr[tr.length - 1] as number;
    if (days >= 182) annualised = (growth ** (365 / days) - 1) * 100;
  }
  return {
    navGrowth: last && prev ? (last.nav - prev.nav).toFixed(4) : null,
    firstNav: points.length === 1,
    years,
    maxDrawdown,
    annualised,
    days,
  };
}

const YIELD_HISTORY: [PeriodKey, string][] = [
  ['3m', '近3个月'],
  ['6m', '近6个月'],
  ['1y', '近一年'],
  ['2y', '近两年'],
  ['3y', '近三年'],
  ['5y', '近五年'],
  ['base', '成立以来'],
];

/**
 * The derived answer with everything the real one carries beyond the period returns: the last day's NAV change
 * (nav_growth), the calendar-year returns with ranks where the market ranks them (since founding, this year),
 * the yield history, and the auto-invest returns over one and two years (aip_*: a fixed monthly amount, as the
 * auto-invest ranking simulates; itg_aip_*: the "smart" plan buying more below the NAV's 250-day average).
 */
export async function fundDerivedFull(db: Database, snap: MarketSnapshot, f: FundRecord, points?: NavPoint[]) {
  const navs = points ?? (await loadNavPoints(db, f.code));
  const money = f.type === MONEY_MARKET_TYPE;
  const stats = historyStats(navs, money);
  const base = fundDerivedView(f);
  const d = f.derived;
  const aip = await fundAutoInvestReturns(db, snap, f, navs);
  const annual = d
    ? [
        { period: '成立以来', nav: twoDecimals(d.nav_grbase), rank: f.ranks.base ?? null },
        ...(d.nav_grlty != null ? [{ period: '今年以来', nav: twoDecimals(d.nav_grlty), rank: f.ranks.ty ?? null }] : []),
        ...stats.years.map((y) => ({ period: y.year, nav: y.nav as string | null, rank: null as string | null })),
      ]
    : [];
  const view = {
    ...base,
    nav_growth: stats.navGrowth,
    fd_type: String(f.type),
    aip_grl1y: aip.aip['1y'],
    aip_grl2y: aip.aip['2y'],
    itg_aip_grl1y: aip.smart['1y'],
    itg_aip_grl2y: aip.smart['2y'],
    annual_performance_list: annual,
    first_nav: stats.firstNav,
    yield_history: YIELD_HISTORY.map(([key, name]) => ({ yield: twoDecimals(d?.[PERIOD_COLUMNS[key]]), name })),
  };
  return { view, stats };
}

const RISK_NAMES = ['低风险', '中低风险', '中风险', '中高风险', '高风险'] as const;

/** Indices a fund's growth chart can compare with: its own benchmark's first, then the market's broad ones. */
const COMPARISON_INDICES = ['SH000300', 'SH000905', 'SH000016', 'SZ399006', 'SZ399001', 'HKHSI', 'CBA00101'] as const;

function benchmarkIndices(snap: MarketSnapshot, f: FundRecord) {
  const own = f.tracked_index_code ?? f.benchmark_index_code;
  const codes = [...new Set([...(own ? [own] : []), ...COMPARISON_INDICES])];
  return codes.flatMap((code) => {
    const index = snap.indices.get(code);
    return index ? [{ symbol: index.code, symbol_name: index.name, description: index.description }] : [];
  });
}

/**
 * Danjuan's status codes of a fund (strings, as the real answer sends them): fd_status '0' being raised,
 * '1' in operation, '2' terminated (closed, delisted); declare (purchase), subscribe (subscription during the
 * raising), withdraw (redemption) and auto-invest statuses '1' open, '0' closed.
 */
function statusCodes(f: FundRecord) {
  const building = f.sale_status === 'building';
  const ended = f.sale_status === 'closed' || f.sale_status === 'delisted';
  const declare = BUYABLE.has(f.sale_status) && !building;
  return {
    fd_status: building ? '0' : ended ? '2' : '1',
    declare_status: declare ? '1' : '0',
    subscribe_status: building ? '1' : '0',
    withdraw_status: SELLABLE.has(f.sale_status) ? '1' : '0',
    auto_invest_status: declare && f.type !== MONEY_MARKET_TYPE && f.lock_days === 0 ? '1' : '0',
  };
}

/** A star rating from the 3-year rank within the type (top 10 % five stars … bottom 10 % one); none under 3 years. */
function ratingDesc(f: FundRecord): string {
  const rank = f.ranks['3y'];
  const match = rank ? /^(\d+)\/(\d+)$/.exec(rank) : null;
  if (!match) return '暂无评级';
  const share = Number(match[1]) / Number(match[2]);
  const stars = share <= 0.1 ? 5 : share <= 0.325 ? 4 : share <= 0.675 ? 3 : share <= 0.9 ? 2 : 1;
  return `${'一二三四五'[stars - 1]}星评级`;
}

const NAV_TABS: [GrowthDay, string][] = [
  ['ty', '今年以来'],
  ['1m', '近1月'],
  ['3m', '近3月'],
  ['6m', '近6月'],
  ['1y', '近1年'],
  ['3y', '近3年'],
  ['5y', '近5年'],
  ['all', '成立来'],
];

function headerItem(name: string, text: string, value: number | null, colour: boolean, extend: string | null = null) {
  return { data_name: name, data_value_str: text, data_value_number: value, data_have_colour: colour, data_extend: extend };
}

const numberOrNull = (value: string | null | undefined): number | null => (value == null ? null : Number(value));

export async function fundSummaryView(db: Database, snap: MarketSnapshot, f: FundRecord) {
  const tracked = f.tracked_index_code ? snap.indices.get(f.tracked_index_code) : undefined;
  const points = await loadNavPoints(db, f.code);
  const { view: derived, stats } = await fundDerivedFull(db, snap, f, points);
  const fees = await db.kysely.selectFrom('fund_fee').selectAll().where('fund_code', '=', f.code).execute();
  const position = await latestPosition(db, f, quoteDay(snap));
  const declare = feeRows(fees, 'declare');
  const subscribe = feeRows(fees, 'subscribe');
  const d = f.derived;
  const money = f.type === MONEY_MARKET_TYPE;
  const managerName = f.managerNames.join(',');
  const size = sizeText(f.total_asset);
  const age = stats.days > 0 ? termText(f.found_date, d?.end_date ?? f.found_date) : '0天';
  const firstHeader = money
    ? [
        headerItem('七日年化', d?.yield_7d == null ? '--' : `${twoDecimals(d.yield_7d)}%`, numberOrNull(d?.yield_7d), true),
        headerItem('万份收益', d?.income_per_10k ?? '--', numberOrNull(d?.income_per_10k), true),
        headerItem('累计收益', signedPercentText(d?.nav_grbase ?? null), numberOrNull(d?.nav_grbase), true),
      ]
    : [
        headerItem('今年以来', signedPercentText(d?.nav_grlty ?? null), numberOrNull(d?.nav_grlty), true),
        headerItem('累计收益', signedPercentText(d?.nav_grbase ?? null), numberOrNull(d?.nav_grbase), true),
        headerItem('日涨跌', signedPercentText(d?.nav_grtd ?? null), numberOrNull(d?.nav_grtd), true),
      ];
  const annualised = stats.annualised;
  const secondHeader = [
    headerItem(
      '成立以来年化',
      annualised == null ? '--' : signedPercentText(annualised.toFixed(4)),
      annualised == null ? null : Number(annualised.toFixed(10)),
      true,
    ),
    headerItem('成立时长', age, null, false),
    headerItem('最新净值', d?.unit_nav ?? '--', numberOrNull(d?.unit_nav), false, d ? d.end_date.slice(5) : null),
    headerItem('最大回撤', stats.maxDrawdown == null ? '--' : `${(stats.maxDrawdown * 100).toFixed(2)}%`, stats.maxDrawdown, false),
    headerItem('基金经理', managerName, null, false),
    headerItem('基金规模', size, null, false),
  ];
  const status = statusCodes(f);
  const buyable = BUYABLE.has(f.sale_status);
  return {
    fd_code: f.code,
    fd_type: String(f.type),
    fd_name: f.name,
    fd_full_name: f.full_name,
    type: f.type,
    type_desc: f.type_desc,
    share_class: f.share_class,
    found_date: f.found_date,
    ...status,
    totshare: size,
    total_asset: f.total_asset,
    keeper_code: f.company_code,
    keeper_name: f.company_name,
    manager_name: managerName,
    trup_name: f.custodian,
    risk_level: String(f.risk_level),
    sale_status: f.sale_status,
    status_reason: f.status_reason,
    can_buy: buyable,
    can_sell: SELLABLE.has(f.sale_status),
    subscribe_start: f.subscribe_start,
    subscribe_end: f.subscribe_end,
    // The subscription period the generator stored (fund.ipo_start / ipo_end), as ms since 1970 at Shanghai midnight.
    ipo_start_date: f.ipo_start ? shanghaiInstant(f.ipo_start).getTime() : null,
    ipo_end_date: f.ipo_end ? shanghaiInstant(f.ipo_end).getTime() : null,
    lock_days: f.lock_days,
    daily_purchase_limit: f.daily_purchase_limit_fen == null ? null : fenToYuan(f.daily_purchase_limit_fen),
    min_purchase: fenToYuan(f.min_purchase_fen),
    tracked_index_code: f.tracked_index_code,
    tracked_index_name: tracked?.name ?? null,
    tracking_error: f.tracking_error,
    fund_derived: derived,
    fund_rates: {
      subscribe_rate: subscribeRate(subscribe, declare),
      declare_rate: declare[0]?.value ?? '0',
      discount: f.declare_discount,
      subscribe_discount: f.declare_discount,
      declare_discount: f.declare_discount,
    },
    op_fund: {
      fund_tags: [
        { category: '1', name: f.type_desc },
        { category: '9', name: RISK_NAMES[f.risk_level - 1] ?? '中风险' },
        ...(f.lock_days > 0 ? [{ category: '3', name: '持有期' }] : []),
      ],
    },
    yield: twoDecimals(d?.nav_grbase),
    yield_name: '成立以来收益率',
    growth_day: String(Math.min(360, Math.max(0, stats.days))),
    sales: '',
    rating_desc: ratingDesc(f),
    follower_count: f.follower_count ?? 0,
    status_count: f.status_count ?? 0,
    stock_position_names: position
      ? position.stock_list
          .slice(0, 3)
          .map((s) => s.name)
          .join(',') + (position.stock_list.length > 3 ? ',...' : '')
      : '',
    agent_sell: f.sale_status !== 'closed' && f.sale_status !== 'delisted',
    trade_reason: { show_button: !buyable, withdraw_display: SELLABLE.has(f.sale_status), reason: f.status_reason },
    growth_default_period: d?.nav_grlty != null ? 'ty' : 'all',
    fir_header_base_data: firstHeader,
    sec_header_base_data: secondHeader,
    base_data_tip: [
      {
        title: '成立以来年化',
        content: '成立以来的累计收益率（分红再投资）按复利折算成的年收益率。成立不足半年的基金，年化收益参考意义不大，不显示。',
      },
      {
        title: '最大回撤',
        content: '成立以来，从任一净值高点到其后最低点的最大跌幅，反映买入后可能遇到的最差情况，常用来衡量基金的抗风险能力。',
      },
    ],
    nav_tab_list: NAV_TABS.map(([value, name]) => {
      const column = value === 'all' ? 'nav_grbase' : PERIOD_COLUMNS[value];
      return {
        nav_tab_name: name,
        nav_tab_value: value,
        nav_growth: d?.[column] ?? null,
        nav_tab_extent: value === 'all' ? age : null,
      };
    }),
    display_annual_performance: stats.years.length > 0,
    benchmark_index: benchmarkIndices(snap, f).map(({ symbol, symbol_name }) => ({ symbol, symbol_name })),
    performance_bench_mark: f.benchmark,
    invest_target: f.invest_target,
    invest_orientation: f.invest_orientation,
    record_version: '1',
  };
}

/** "买入金额<100万" style labels of a fee table row. */
function feeLabel(fee: FundFeeTable): string {
  if (fee.kind === 'withdraw') {
    const lo = `${fee.lower_bound}天`;
    if (fee.upper_bound == null) return fee.lower_bound === 0 ? '持有期限>=0天' : `${lo}<=持有期限`;
    return fee.lower_bound === 0 ? `持有期限<${fee.upper_bound}天` : `${lo}<=持有期限<${fee.upper_bound}天`;
  }
  const subject = fee.kind === 'subscribe' ? '认购金额' : '买入金额';
  const wan = (fen: number) => `${fen / 1_000_000}万`;
  if (fee.upper_bound == null) return fee.lower_bound === 0 ? `${subject}>=0万` : `${wan(fee.lower_bound)}<=${subject}`;
  return fee.lower_bound === 0 ? `${subject}<${wan(fee.upper_bound)}` : `${wan(fee.lower_bound)}<=${subject}<${wan(fee.upper_bound)}`;
}

/**
 * The first-tier subscription rate (percent, as Danjuan shows it on every fund): the fund's own subscription table
 * while it is being raised; for a fund raised before our records, its subscription fee as such funds charged it —
 * 80 % of the first purchase tier, to a tenth of a percent (1.5 → 1.2); '0.0000' without a purchase fee.
 */
function subscribeRate(subscribe: ReturnType<typeof feeRows>, declare: ReturnType<typeof feeRows>): string {
  const own = subscribe[0];
  if (own) return own.value;
  const first = declare[0];
  if (!first || first.unit !== '%') return '0.0000';
  return (Math.round(Number(first.value) * 8) / 10).toFixed(4);
}

function feeRows(fees: FundFeeTable[], kind: string) {
  return fees
    .filter((fee) => fee.kind === kind)
    .sort((a, b) => a.seq - b.seq)
    .map((fee) => ({
      name: feeLabel(fee),
      value: fee.fixed_fee_fen != null ? fenToYuan(fee.fixed_fee_fen) : (fee.rate ?? '0'),
      unit: fee.fixed_fee_fen != null ? '元' : '%',
      lower_bound: fee.lower_bound,
      upper_bound: fee.upper_bound,
    }));
}

const CHART_PARTS = [
  ['股票', 'stock', '#FF6A4D'],
  ['债券', 'bond', '#FFC24D'],
  ['现金', 'cash', '#4D9FFF'],
  ['其他', 'other', '#B0B3BA'],
] as const;

/**
 * How a holding changed since the previous quarterly report (Danjuan's change_of_pre_quarter and its type):
 * 1 new in the top ten ('新增'), 2 increased, 3 unchanged ('持平'), 4 decreased; the text is the change of its
 * share of NAV in percentage points ('0.08%').
 */
function quarterChange(
  percent: number,
  previous: number | undefined,
): { change_of_pre_quarter: string; change_of_pre_quarter_type: number } {
  if (previous === undefined) return { change_of_pre_quarter: '新增', change_of_pre_quarter_type: 1 };
  const diff = Math.round((percent - previous) * 100) / 100;
  if (diff === 0) return { change_of_pre_quarter: '持平', change_of_pre_quarter_type: 3 };
  return { change_of_pre_quarter: `${Math.abs(diff).toFixed(2)}%`, change_of_pre_quarter_type: diff > 0 ? 2 : 4 };
}

/** The latest quarterly report of a fund as stored: allocation, top-ten stocks with their day's quote, bond holdings. */
async function latestPosition(db: Database, f: FundRecord, quoteDate: IsoDate) {
  const reports = await db.kysely
    .selectFrom('fund_asset_allocation')
    .selectAll()
    .where('fund_code', '=', f.code)
    .orderBy('report_date', 'desc')
    .limit(2)
    .execute();
  const alloc = reports[0];
  if (!alloc) return null;
  const holdings = await db.kysely
    .selectFrom('fund_holding')
    .selectAll()
    .where('fund_code', '=', f.code)
    .where(
      'report_date',
      'in',
      reports.map((r) => r.report_date),
    )
    .orderBy('rank')
    .execute();
  const previous = new Map(
    holdings.filter((h) => h.report_date !== alloc.report_date).map((h) => [h.stock_code, Number(h.percent)] as const),
  );
  const hasPrevious = reports.length > 1;
  const latest = holdings.filter((h) => h.report_date === alloc.report_date).map((h) => h.stock_code);
  const quotes = new Map(
    latest.length === 0
      ? []
      : (
          await sql<{ stock_code: string; price: string; change_percent: string }>`
            SELECT DISTINCT ON (stock_code) stock_code, price::text AS price, change_percent::text AS change_percent FROM stock_quote
            WHERE stock_code = ANY(${latest}::text[]) AND date <= ${quoteDate}::date ORDER BY stock_code, date DESC`.execute(db.kysely)
        ).rows.map((q) => [q.stock_code, { price: Number(q.price), change: Number(q.change_percent) }] as const),
  );
  const bonds = await db.kysely
    .selectFrom('fund_bond_holding')
    .select(['bond_code', 'bond_name', 'percent'])
    .where('fund_code', '=', f.code)
    .where('report_date', '=', alloc.report_date)
    .orderBy('rank')
    .execute();
  const quarter = Math.ceil(Number(alloc.report_date.slice(5, 7)) / 3);
  const percents = {
    stock: Number(alloc.stock_percent),
    bond: Number(alloc.bond_percent),
    cash: Number(alloc.cash_percent),
    other: Number(alloc.other_percent),
  };
  const assetTotal = Number(alloc.asset_total);
  return {
    stock_percent: percents.stock,
    bond_percent: percents.bond,
    cash_percent: percents.cash,
    other_percent: percents.other,
    asset_tot: assetTotal,
    // Net assets: total assets less liabilities (about 1 %).
    asset_val: Math.round(assetTotal * 99) / 100,
    source_mark: `${alloc.report_date.slice(0, 4)}年第${'一二三四'[quarter - 1]}季度报`,
    source: String(quarter),
    enddate: alloc.report_date as string | null,
    chart_list: CHART_PARTS.map(([typeDesc, type, color]) => ({ type_desc: typeDesc, type, percent: percents[type], color })),
    stock_list: holdings
      .filter((h) => h.report_date === alloc.report_date)
      .map((h) => {
        const exchange = h.stock_code.startsWith('6') ? 'SH' : 'SZ';
        const percent = Number(h.percent);
        return {
          name: h.stock_name,
          code: h.stock_code,
          percent,
          percent_double: percent,
          // The stored quote of the quote day (or the last stored before it).
          current_price: quotes.get(h.stock_code)?.price ?? null,
          change_percentage: quotes.get(h.stock_code)?.change ?? null,
          xq_symbol: `${exchange}${h.stock_code}`,
          xq_url: `https://xueqiu.com/S/${exchange}${h.stock_code}`,
          ...quarterChange(percent, hasPrevious ? previous.get(h.stock_code) : undefined),
          industry_label: h.industry ?? null,
          amarket: true,
        };
      }),
    bond_list: bonds.map((b) => ({
      name: b.bond_name,
      code: b.bond_code,
      percent: Number(b.percent),
      percent_double: Number(b.percent),
      xq_symbol: b.bond_code,
      xq_url: `https://xueqiu.com/S/${b.bond_code}`,
      amarket: false,
    })),
  };
}

type Position = NonNullable<Awaited<ReturnType<typeof latestPosition>>>;

/** A fund without a quarterly report yet (being built, just founded). */
function emptyPosition(): Position {
  return {
    stock_percent: 0,
    bond_percent: 0,
    cash_percent: 0,
    other_percent: 0,
    asset_tot: 0,
    asset_val: 0,
    source_mark: '',
    source: '',
    enddate: null,
    chart_list: [],
    stock_list: [],
    bond_list: [],
  };
}

/** The day whose stock quotes a position shows: the last trading day up to the business date. */
function quoteDay(snap: MarketSnapshot): IsoDate {
  return tradingDayOnOrBefore(snap.businessDate);
}

export async function assetPercentView(db: Database, snap: MarketSnapshot, f: FundRecord) {
  const position = (await latestPosition(db, f, quoteDay(snap))) ?? emptyPosition();
  return {
    fund_code: f.code,
    ...position,
    /** How many top holdings the page shows before "more". */
    important_list_show: Math.min(3, position.stock_list.length),
    end_date_str: f.derived?.end_date ?? snap.businessDate,
  };
}

interface PostRow {
  manager_id: string;
  fund_code: string;
  fund_name: string;
  type: number;
  post_date: string;
  resi_date: string | null;
  start_nav: string | null;
  start_acc: string | null;
  end_acc: string | null;
  income: string | null;
}

/**
 * Every post of the given managers with the return over the tenure (cp_rate, percent). The pension Y classes a
 * manager also runs are left out (they are the A classes' portfolios, listed in the pension zone), except `own`.
 */
async function managerPosts(db: Database, managerIds: string[], own: string): Promise<PostRow[]> {
  if (managerIds.length === 0) return [];
  const result = await sql<PostRow>`
    SELECT p.manager_id, p.fund_code, f.name AS fund_name, f.type, p.post_date::text AS post_date, p.resi_date::text AS resi_date,
      s.nav AS start_nav, s.acc_nav AS start_acc, e.acc_nav AS end_acc, m.income
    FROM fund_manager_post p
    JOIN fund f ON f.code = p.fund_code
    LEFT JOIN LATERAL (SELECT nav, acc_nav FROM fund_nav n WHERE n.fund_code = p.fund_code AND n.date >= p.post_date ORDER BY n.date LIMIT 1) s ON true
    LEFT JOIN LATERAL (SELECT acc_nav FROM fund_nav n WHERE n.fund_code = p.fund_code AND n.date <= COALESCE(p.resi_date, DATE '9999-12-31') ORDER BY n.date DESC LIMIT 1) e ON true
    LEFT JOIN LATERAL (SELECT sum(income_per_10k) AS income FROM fund_nav n WHERE f.type = ${MONEY_MARKET_TYPE} AND n.fund_code = p.fund_code AND n.date >= p.post_date AND n.date <= COALESCE(p.resi_date, DATE '9999-12-31')) m ON true
    WHERE p.manager_id IN (${sql.join(managerIds)}) AND (f.share_class IS DISTINCT FROM 'Y' OR p.fund_code = ${own})
    ORDER BY p.post_date, p.fund_code`.execute(db.kysely);
  return result.rows;
}

/** Return over the tenure, percent with two decimals (a JSON number, as Danjuan sends it); null without NAVs. */
function cpRate(p: PostRow): number | null {
  if (p.type === MONEY_MARKET_TYPE) return p.income == null ? null : Number((Number(p.income) / 100).toFixed(2));
  if (p.start_nav == null || p.start_acc == null || p.end_acc == null) return null;
  return Number((((Number(p.end_acc) - Number(p.start_acc)) / Number(p.start_nav)) * 100).toFixed(2));
}

/** The tenure's return annualised (percent, one decimal; Danjuan's performance_year); null under 30 days. */
function annualisedRate(rate: number | null, from: IsoDate, to: IsoDate): number | null {
  const days = calendarDaysBetween(from, to);
  if (rate == null || days < 30) return null;
  return Number((((1 + rate / 100) ** (365 / days) - 1) * 100).toFixed(1));
}

function termText(from: IsoDate, to: IsoDate): string {
  const days = Math.max(0, calendarDaysBetween(from, to));
  const years = Math.floor(days / 365);
  return years > 0 ? `${years}年${days - years * 365}天` : `${days}天`;
}

async function managersOf(db: Database, f: FundRecord, today: IsoDate, postStatus?: number) {
  const own = await db.kysely
    .selectFrom('fund_manager_post as p')
    .innerJoin('fund_manager as m', 'm.id', 'p.manager_id')
    .select([
      'm.id',
      'm.name',
      'm.resume',
      'm.college',
      'm.education',
      'm.career_start',
      sql<string>`p.post_date::text`.as('post_date'),
      sql<string | null>`p.resi_date::text`.as('resi_date'),
    ])
    .where('p.fund_code', '=', f.code)
    .orderBy('p.post_date')
    .execute();
  const filtered = own.filter((m) => postStatus === undefined || (postStatus === 1 ? m.resi_date == null : m.resi_date != null));
  const posts = await managerPosts(db, [...new Set(filtered.map((m) => m.id))], f.code);
  return filtered.map((m) => {
    const mine = posts.filter((p) => p.manager_id === m.id);
    const here = mine.find((p) => p.fund_code === f.code && p.post_date === m.post_date);
    return { manager: m, posts: mine, here, today };
  });
}

export async function fundDetailView(db: Database, snap: MarketSnapshot, f: FundRecord) {
  const today = snap.businessDate;
  const fees = await db.kysely.selectFrom('fund_fee').selectAll().where('fund_code', '=', f.code).execute();
  const position = (await latestPosition(db, f, quoteDay(snap))) ?? emptyPosition();
  const managers = await managersOf(db, f, today, 1);
  const declare = feeRows(fees, 'declare');
  const withdraw = feeRows(fees, 'withdraw');
  const subscribe = feeRows(fees, 'subscribe');
  const other = [
    { name: '基金管理费', value: f.manage_fee, unit: '%/年', lower_bound: 0, upper_bound: null },
    { name: '基金托管费', value: f.custody_fee, unit: '%/年', lower_bound: 0, upper_bound: null },
    ...(Number(f.sales_service_fee) > 0
      ? [{ name: '销售服务费', value: f.sales_service_fee, unit: '%/年', lower_bound: 0, upper_bound: null }]
      : []),
  ];
  return {
    fd_code: f.code,
    fund_company: f.company_name,
    fund_position: position,
    fund_rates: {
      fd_code: f.code,
      subscribe_rate: subscribeRate(subscribe, declare),
      declare_rate: declare[0]?.value ?? '0',
      withdraw_rate: withdraw[0]?.value ?? '0',
      discount: f.declare_discount,
      subscribe_discount: f.declare_discount,
      declare_discount: f.declare_discount,
      subscribe_rate_table: subscribe,
      declare_rate_table: declare,
      withdraw_rate_table: withdraw,
      other_rate_table: other,
    },
    manager_list: managers.map(({ manager, posts }) => ({
      indi_id: manager.id,
      name: manager.name,
      resume: manager.resume,
      college: manager.college,
      education: manager.education,
      work_year: String(Math.max(0, Math.floor(calendarDaysBetween(manager.career_start, today) / 365))),
      achievement_list: posts.map((p) => ({
        fund_code: p.fund_code,
        fundsname: p.fund_name,
        post_date: p.post_date,
        resi_date: p.resi_date,
        cp_rate: cpRate(p),
      })),
    })),
    fund_date_conf: {
      fd_code: f.code,
      buy_confirm_date: f.buy_confirm_days,
      buy_query_date: f.buy_confirm_days + 1,
      sale_confirm_date: 1,
      sale_query_date: f.sale_arrive_days,
      all_buy_days: f.buy_confirm_days + 1,
      all_sale_days: f.sale_arrive_days,
    },
  };
}

export async function managerListView(db: Database, snap: MarketSnapshot, f: FundRecord, postStatus?: number) {
  const managers = await managersOf(db, f, snap.businessDate, postStatus);
  const funds = snap.funds;
  const pageSize = 20;
  return {
    fund_code: f.code,
    current_page: 1,
    size: pageSize,
    total_items: managers.length,
    total_pages: Math.ceil(managers.length / pageSize),
    items: managers.map(({ manager, posts, here, today }) => {
      const current = posts.filter((p) => p.resi_date == null);
      const managed = current.reduce((sum, p) => sum + Number(funds.get(p.fund_code)?.total_asset ?? 0), 0);
      return {
        indi_id: manager.id,
        name: manager.name,
        resume: manager.resume,
        college: manager.college,
        education: manager.education,
        work_year: String(Math.max(0, Math.floor(calendarDaysBetween(manager.career_start, today) / 365))),
        post_date: shanghaiInstant(manager.post_date).getTime(),
        post_date_text: manager.post_date,
        resi_date_text: manager.resi_date,
        post_status: manager.resi_date == null ? 1 : 0,
        post_name: 1,
        cp_term: termText(manager.post_date, manager.resi_date ?? today),
        cp_rate: here ? cpRate(here) : null,
        performance_year: here ? annualisedRate(cpRate(here), manager.post_date, manager.resi_date ?? today) : null,
        fund_count: current.length,
        fund_total_nav: (managed / 1e8).toFixed(2),
      };
    }),
  };
}

interface NavRow {
  date: string;
  nav: string;
  acc_nav: string;
  daily_change: string | null;
  income_per_10k: string | null;
  yield_7d: string | null;
}

export async function navHistoryView(db: Database, f: FundRecord, page: number, size: number) {
  const total = await db.kysely
    .selectFrom('fund_nav')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('fund_code', '=', f.code)
    .executeTakeFirst();
  const totalItems = Number(total?.n ?? 0);
  const rows = await db.kysely
    .selectFrom('fund_nav')
    .select([sql<string>`date::text`.as('date'), 'nav', 'acc_nav', 'daily_change', 'income_per_10k', 'yield_7d'])
    .where('fund_code', '=', f.code)
    .orderBy('date', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const money = f.type === MONEY_MARKET_TYPE;
  return {
    fd_code: f.code,
    items: rows.map((r: NavRow) => ({
      date: r.date,
      nav: r.nav,
      percentage: r.daily_change,
      value: r.acc_nav,
      ...(money ? { income_per_10k: r.income_per_10k, yield_7d: r.yield_7d } : {}),
    })),
    current_page: page,
    size,
    total_items: totalItems,
    total_pages: Math.ceil(totalItems / size),
  };
}

export async function loadNavPoints(db: Database, code: string, from?: IsoDate): Promise<NavPoint[]> {
  let q = db.kysely
    .selectFrom('fund_nav')
    .select([sql<string>`date::text`.as('date'), 'nav', 'acc_nav', 'income_per_10k', 'yield_7d'])
    .where('fund_code', '=', code);
  if (from) q = q.where('date', '>=', from);
  const rows = await q.orderBy('date').execute();
  return rows.map((r) => ({
    date: r.date,
    nav: Number(r.nav),
    accNav: Number(r.acc_nav),
    incomePer10k: r.income_per_10k == null ? null : Number(r.income_per_10k),
    yield7d: r.yield_7d == null ? null : Number(r.yield_7d),
  }));
}

/** Funds per statement of loadNavHistories: a statement's size stays bounded whatever the market's. */
const HISTORIES_PER_STATEMENT = 100;

/**
 * The whole NAV series of each fund of `codes` (loadNavPoints for many at once; empty for a fund without NAVs): one row per fund, its points in one
 * text the statement aggregates, read and split here. The daily NAV publication recomputes every live fund's period
 * returns from its history; a row per NAV was ~6 s of CPU a day for the demo market's million NAVs (PGlite decoding
 * each field), one text per fund is ~1 s. The numbers are the same texts the driver gives loadNavPoints.
 */
export async function loadNavHistories(db: Database, codes: readonly string[]): Promise<Map<string, NavPoint[]>> {
  const out = new Map<string, NavPoint[]>();
  const orNull = (text: string | undefined) => (text === undefined || text === '' ? null : Number(text));
  for (let i = 0; i < codes.length; i += HISTORIES_PER_STATEMENT) {
    const chunk = codes.slice(i, i + HISTORIES_PER_STATEMENT);
    for (const code of chunk) out.set(code, []); // a fund without NAVs yet: an empty series
    const rows = await sql<{ fund_code: string; points: string }>`
      SELECT fund_code, string_agg(
               concat_ws(',', date::text, nav::text, acc_nav::text, coalesce(income_per_10k::text, ''), coalesce(yield_7d::text, '')),
               ';' ORDER BY date) AS points
      FROM fund_nav WHERE fund_code = ANY(${chunk}) GROUP BY fund_code`.execute(db.kysely);
    for (const row of rows.rows) {
      out.set(
        row.fund_code,
        row.points.split(';').map((point) => {
          const [date, nav, accNav, income, yield7d] = point.split(',');
          return {
            date: date as IsoDate,
            nav: Number(nav),
            accNav: Number(accNav),
            incomePer10k: orNull(income),
            yield7d: orNull(yield7d),
          };
        }),
      );
    }
  }
  return out;
}

export const GROWTH_DAYS = ['1m', '3m', '6m', 'ty', '1y', '3y', '5y', 'all'] as const;
export type GrowthDay = (typeof GROWTH_DAYS)[number];

/** Benchmark cumulative return series on the given dates: equity index × weight + bond index × (1 − weight). */
function benchmarkLine(snap: MarketSnapshot, f: FundRecord, dates: IsoDate[]): (number | null)[] {
  const weight = Number(f.benchmark_equity_weight);
  const equity =
    f.type === 2 ? snap.indices.get('SH000300') : f.benchmark_index_code ? snap.indices.get(f.benchmark_index_code) : undefined;
  const bond = snap.indices.get('CBA00101');
  if (f.type === MONEY_MARKET_TYPE || !equity || !bond || dates.length === 0) return dates.map(() => null);
  const level = (series: typeof equity, date: IsoDate) => {
    const i = indexOnOrBefore(series.points, date);
    return i < 0 ? null : Number((series.points[i] as { close: string }).close);
  };
  const e0 = level(equity, dates[0] as IsoDate);
  const b0 = level(bond, dates[0] as IsoDate);
  return dates.map((d) => {
    const e = level(equity, d);
    const b = level(bond, d);
    if (e0 == null || b0 == null || e == null || b == null) return null;
    return weight * (e / e0 - 1) + (1 - weight) * (b / b0 - 1);
  });
}

/** A money-market fund's figures of one day, decimal strings with 4 decimals (null where the day has none). */
function moneyFigures(p: NavPoint): { income_per_10k: string | null; yield_7d: string | null } {
  return {
    income_per_10k: p.incomePer10k == null ? null : p.incomePer10k.toFixed(4),
    yield_7d: p.yield7d == null ? null : p.yield7d.toFixed(4),
  };
}

export async function growthView(db: Database, snap: MarketSnapshot, f: FundRecord, day: GrowthDay) {
  const points = await loadNavPoints(db, f.code);
  const last = points[points.length - 1];
  let startIndex = 0;
  if (last && day !== 'all') {
    const start = periodStart(last.date, day) as IsoDate;
    // A period the fund has not lived in full (its first NAV after the period's start; 'ty' excepted, as in
    // fund_derived) has no line: an empty series, never the since-launch line under a 近3年 label.
    const lived = day === 'ty' || (points[0] as NavPoint).date <= start;
    startIndex = lived ? Math.max(0, indexOnOrBefore(points, start)) : points.length;
  }
  const window = points.slice(startIndex);
  const money = f.type === MONEY_MARKET_TYPE;
  const tr = totalReturnIndex(window, money);
  const bench = benchmarkLine(
    snap,
    f,
    window.map((p) => p.date),
  );
  const benchName =
    f.type === 2 ? '中债综合' : f.benchmark_index_code ? (snap.indices.get(f.benchmark_index_code)?.name ?? '业绩基准') : '业绩基准';
  return {
    fd_code: f.code,
    day,
    fund_nav_growth: window.map((p, i) => {
      const growth = (tr[i] as number) - 1;
      const b = bench[i];
      const prev = i > 0 ? (tr[i - 1] as number) : null;
      return {
        date: p.date,
        nav: p.nav.toFixed(4),
        gr_nav: (growth * 100).toFixed(4),
        percentage: prev == null ? null : (((tr[i] as number) / prev - 1) * 100).toFixed(4),
        value: growth.toFixed(6),
        than_value: b == null ? null : b.toFixed(6),
        performance_value: b == null ? null : (growth - b).toFixed(6),
        // Money-market funds: the day's income per 10,000 shares (yuan) and 7-day annualised yield (percent),
        // what their page charts instead of a NAV that stays 1.0000.
        ...(money ? moneyFigures(p) : {}),
      };
    }),
    growth_lines: [
      { line_name: '本基金', line_key: 'value', line_color: '#FFA100' },
      ...(f.type === MONEY_MARKET_TYPE ? [] : [{ line_name: `${benchName}(业绩基准)`, line_key: 'than_value', line_color: '#797C86' }]),
    ],
    performance_remark: `当前基金的业绩比较基准公式:${f.benchmark}。`,
    // What each index the chart can compare with is (Danjuan's tip list).
    tip: benchmarkIndices(snap, f).map((index) => ({ title: index.symbol_name, content: index.description })),
  };
}

const STAGES: [PeriodKey, string][] = [
  ['1w', '近1周'],
  ['1m', '近1月'],
  ['3m', '近3月'],
  ['6m', '近6月'],
  ['ty', '今年以来'],
  ['1y', '近1年'],
  ['2y', '近2年'],
  ['3y', '近3年'],
  ['5y', '近5年'],
  ['base', '成立以来'],
];

export async function achievementView(db: Database, snap: MarketSnapshot, f: FundRecord) {
  const points = await loadNavPoints(db, f.code);
  const money = f.type === MONEY_MARKET_TYPE;
  const tr = totalReturnIndex(points, money);
  const bench = benchmarkLine(
    snap,
    f,
    points.map((p) => p.date),
  );
  const stat = (from: number, to: number) => {
    let peak = 0;
    let dd = 0;
    for (let i = from; i <= to; i += 1) {
      const v = tr[i] as number;
      if (v > peak) peak = v;
      else if (peak > 0) dd = Math.max(dd, 1 - v / peak);
    }
    const b0 = bench[from];
    const b1 = bench[to];
    // The benchmark's drawdown over the same days (its level is 1 + the cumulative return).
    let benchPeak = 0;
    let benchDd: number | null = b0 == null ? null : 0;
    for (let i = from; i <= to && benchDd != null; i += 1) {
      const b = bench[i];
      if (b == null) benchDd = null;
      else if (1 + b > benchPeak) benchPeak = 1 + b;
      else benchDd = Math.max(benchDd, 1 - (1 + b) / benchPeak);
    }
    return {
      self_nav: (((tr[to] as number) / (tr[from] as number) - 1) * 100).toFixed(4),
      self_max_draw_down: `${(dd * 100).toFixed(2)}%`,
      standard_index_nav: b0 == null || b1 == null ? null : (((1 + b1) / (1 + b0) - 1) * 100).toFixed(4),
      standard_index_max_draw_down: benchDd == null ? null : `${(benchDd * 100).toFixed(2)}%`,
    };
  };
  const last = points.length - 1;
  const stage =
    last < 0
      ? []
      : STAGES.flatMap(([key, label]) => {
          const column = PERIOD_COLUMNS[key];
          if (f.derived?.[column] == null) return [];
          const startDate = key === 'base' ? (points[0] as NavPoint).date : (periodStart((points[last] as NavPoint).date, key) as IsoDate);
          const from = Math.max(0, indexOnOrBefore(points, startDate));
          return [{ period_time: label, ...stat(from, last), self_nav_rank: f.ranks[key] ?? null }];
        });
  const annualList: ({ period_time: string; self_nav_rank: null } & ReturnType<typeof stat>)[] = [];
  if (last >= 0) {
    const firstYear = Number((points[0] as NavPoint).date.slice(0, 4));
    const lastYear = Number((points[last] as NavPoint).date.slice(0, 4));
    for (let year = lastYear; year >= firstYear; year -= 1) {
      const endIdx = indexOnOrBefore(points, `${year}-12-31`);
      const startIdx = Math.max(0, indexOnOrBefore(points, `${year - 1}-12-31`));
      if (endIdx <= startIdx) continue;
      annualList.push({ period_time: String(year), ...stat(startIdx, endIdx), self_nav_rank: null });
    }
  }
  return { fund_code: f.code, annual_performance_list: annualList, stage_performance_list: stage };
}

/** When an order placed now is priced (T), confirmed and visible; Danjuan gives MM-DD, we give full dates. */
export function tradeDateView(f: FundRecord, now: Date) {
  const { date: today } = shanghaiDateTime(now);
  const building = f.sale_status === 'building';
  const tradeDate = building ? tradingDayOnOrAfter(today) : orderTradeDate(now);
  const confirm = building ? f.found_date : addTradingDays(tradeDate, f.buy_confirm_days);
  const saleConfirm = addTradingDays(tradeDate, 1);
  const money = f.type === MONEY_MARKET_TYPE;
  return {
    fd_code: f.code,
    order_date: today,
    trade_date: tradeDate,
    cut_off_time: '15:00',
    buy_confirm_date: confirm,
    buy_query_date: nextTradingDay(confirm),
    sale_confirm_date: saleConfirm,
    sale_query_date: addTradingDays(tradeDate, f.sale_arrive_days),
    sale_to_cash_query_date: money ? tradeDate : addTradingDays(tradeDate, 1),
    if_can_buy: BUYABLE.has(f.sale_status),
    if_can_sale: SELLABLE.has(f.sale_status),
    if_can_pay_xjb: BUYABLE.has(f.sale_status) && !money,
    if_can_sale_to_cash: SELLABLE.has(f.sale_status),
    /** Days after confirmation before the shares may be redeemed (the holding lock period; 0 when none). */
    withdraw_date: f.lock_days,
    status_reason: f.status_reason,
  };
}

/** The ranking's order keys: the periods, and '7d' (money-market funds: the 7-day annualised yield, 七日年化). */
export const FILTER_ORDER_KEYS = [...PERIOD_KEYS, '7d'] as const;
export type FilterOrderKey = (typeof FILTER_ORDER_KEYS)[number];
/** The derived column each order key ranks by. */
const FILTER_COLUMNS = { ...PERIOD_COLUMNS, '7d': 'yield_7d' } as const satisfies Record<
  FilterOrderKey,
  keyof NonNullable<FundRecord['derived']>
>;

/** The ranking of (type, period), sorted once per snapshot (kept in snap.rankings), so paging does not re-sort 20,000 funds. */
function ranking(snap: MarketSnapshot, type: number | undefined, orderBy: FilterOrderKey): FundRecord[] {
  const key = `${type ?? ''}:${orderBy}`;
  const cached = snap.rankings.get(key);
  if (cached) return cached;
  const column = FILTER_COLUMNS[orderBy];
  const listed = snap.byCode.filter(
    (f) => (type === undefined || f.type === type) && f.derived != null && f.sale_status !== 'closed' && f.sale_status !== 'delisted',
  );
  const value = new Map(listed.map((f) => [f.code, f.derived?.[column] == null ? null : Number(f.derived[column])]));
  // Best first; funds too young for the period come last, by code.
  listed.sort((a, b) => {
    const x = value.get(a.code) ?? null;
    const y = value.get(b.code) ?? null;
    if (x === null || y === null) return x === null && y === null ? a.code.localeCompare(b.code) : x === null ? 1 : -1;
    return y - x || a.code.localeCompare(b.code);
  });
  snap.rankings.set(key, listed);
  return listed;
}

export function filterView(snap: MarketSnapshot, type: number | undefined, orderBy: FilterOrderKey, page: number, size: number) {
  const column = FILTER_COLUMNS[orderBy];
  const listed = ranking(snap, type, orderBy);
  const items = listed.slice((page - 1) * size, page * size).map((f) => ({
    fd_code: f.code,
    fd_name: f.name,
    yield: f.derived?.[column] ?? null,
    sf_type: String(f.type),
    type_desc: f.type_desc,
    unit_nav: f.derived?.unit_nav ?? null,
    end_date: f.derived?.end_date ?? null,
    f_type: 'fund',
    sale_status: f.sale_status,
    // Money-market funds: what their rows show instead of a NAV (the NAV stays 1.0000).
    ...(f.type === MONEY_MARKET_TYPE ? { yield_7d: f.derived?.yield_7d ?? null, income_per_10k: f.derived?.income_per_10k ?? null } : {}),
  }));
  return { items, order_by: orderBy, current_page: page, size, total_items: listed.length, total_pages: Math.ceil(listed.length / size) };
}

/** Screening of the ranking (/rn/fund/filter): fund size in 亿元 (100 million CNY) and years since founding, bounds inclusive. */
export interface FilterScreen {
  size_min?: number;
  size_max?: number;
  found_years_min?: number;
  found_years_max?: number;
}

/** The ranking of filterView narrowed by size and founding age, each item with its size and founding date. */
export function screenedFilterView(
  snap: MarketSnapshot,
  type: number | undefined,
  orderBy: FilterOrderKey,
  page: number,
  size: number,
  screen: FilterScreen,
) {
  const yearsAgo = (years: number) => `${Number(snap.businessDate.slice(0, 4)) - years}${snap.businessDate.slice(4)}`;
  const keep = (f: FundRecord | undefined) =>
    !!f &&
    (screen.size_min === undefined || Number(f.total_asset) >= screen.size_min * 1e8) &&
    (screen.size_max === undefined || Number(f.total_asset) <= screen.size_max * 1e8) &&
    (screen.found_years_min === undefined || f.found_date <= yearsAgo(screen.found_years_min)) &&
    (screen.found_years_max === undefined || f.found_date > yearsAgo(screen.found_years_max));
  const screened = Object.values(screen).some((v) => v !== undefined);
  const view = screened ? filterView(snap, type, orderBy, 1, Number.MAX_SAFE_INTEGER) : filterView(snap, type, orderBy, page, size);
  const items = screened ? view.items.filter((i) => keep(snap.funds.get(i.fd_code))) : view.items;
  const shown = (screened ? items.slice((page - 1) * size, page * size) : items).map((i) => {
    const f = snap.funds.get(i.fd_code);
    return { ...i, total_asset: f?.total_asset, found_date: f?.found_date };
  });
  return screened
    ? { ...view, items: shown, current_page: page, size, total_items: items.length, total_pages: Math.ceil(items.length / size) }
    : { ...view, items: shown };
}
