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
  type IsoDate,
} from '../domain/calendar';
import { shanghaiInstant } from '../domain/clock';
import { indexOnOrBefore, periodStart, totalReturnIndex, type NavPoint } from './derived';
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

export function fundSummaryView(f: FundRecord, snap: MarketSnapshot) {
  const tracked = f.tracked_index_code ? snap.indices.get(f.tracked_index_code) : undefined;
  return {
    fd_code: f.code,
    fd_name: f.name,
    fd_full_name: f.full_name,
    type: f.type,
    type_desc: f.type_desc,
    share_class: f.share_class,
    found_date: f.found_date,
    totshare: sizeText(f.total_asset),
    total_asset: f.total_asset,
    keeper_code: f.company_code,
    keeper_name: f.company_name,
    manager_name: f.managerNames.join(','),
    trup_name: f.custodian,
    risk_level: f.risk_level,
    sale_status: f.sale_status,
    status_reason: f.status_reason,
    can_buy: BUYABLE.has(f.sale_status),
    can_sell: SELLABLE.has(f.sale_status),
    subscribe_start: f.subscribe_start,
    subscribe_end: f.subscribe_end,
    lock_days: f.lock_days,
    daily_purchase_limit: f.daily_purchase_limit_fen == null ? null : fenToYuan(f.daily_purchase_limit_fen),
    min_purchase: fenToYuan(f.min_purchase_fen),
    tracked_index_code: f.tracked_index_code,
    tracked_index_name: tracked?.name ?? null,
    tracking_error: f.tracking_error,
    performance_bench_mark: f.benchmark,
    invest_target: f.invest_target,
    invest_orientation: f.invest_orientation,
    fund_derived: fundDerivedView(f),
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

async function latestPosition(db: Database, f: FundRecord) {
  const alloc = await db.kysely
    .selectFrom('fund_asset_allocation')
    .selectAll()
    .where('fund_code', '=', f.code)
    .orderBy('report_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!alloc) return null;
  const holdings = await db.kysely
    .selectFrom('fund_holding')
    .selectAll()
    .where('fund_code', '=', f.code)
    .where('report_date', '=', alloc.report_date)
    .orderBy('rank')
    .execute();
  const quarter = Math.ceil(Number(alloc.report_date.slice(5, 7)) / 3);
  return {
    stock_percent: alloc.stock_percent,
    bond_percent: alloc.bond_percent,
    cash_percent: alloc.cash_percent,
    other_percent: alloc.other_percent,
    asset_tot: alloc.asset_total,
    asset_val: (Number(alloc.asset_total) * 0.99).toFixed(2),
    source_mark: `${alloc.report_date.slice(0, 4)}年第${'一二三四'[quarter - 1]}季度报`,
    source: String(quarter),
    enddate: alloc.report_date,
    chart_list: [
      { type_desc: '股票', percent: alloc.stock_percent, color: '#FF6A4D' },
      { type_desc: '债券', percent: alloc.bond_percent, color: '#FFC24D' },
      { type_desc: '现金', percent: alloc.cash_percent, color: '#4D9FFF' },
      { type_desc: '其他', percent: alloc.other_percent, color: '#B0B3BA' },
    ],
    stock_list: holdings.map((h) => {
      const exchange = h.stock_code.startsWith('6') ? 'SH' : 'SZ';
      return { name: h.stock_name, code: h.stock_code, percent: h.percent, xq_symbol: `${exchange}${h.stock_code}`, amarket: true };
    }),
    bond_list: [] as { name: string; code: string; percent: string }[],
  };
}

export async function assetPercentView(db: Database, f: FundRecord) {
  const position = await latestPosition(db, f);
  return { fund_code: f.code, ...(position ?? emptyPosition()) };
}

function emptyPosition() {
  return {
    stock_percent: '0.00',
    bond_percent: '0.00',
    cash_percent: '0.00',
    other_percent: '0.00',
    asset_tot: '0.00',
    asset_val: '0.00',
    source_mark: '',
    source: '',
    enddate: null as string | null,
    chart_list: [] as { type_desc: string; percent: string; color: string }[],
    stock_list: [] as { name: string; code: string; percent: string; xq_symbol: string; amarket: boolean }[],
    bond_list: [] as { name: string; code: string; percent: string }[],
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

/** Every post of the given managers with the return over the tenure (cp_rate, percent). */
async function managerPosts(db: Database, managerIds: string[]): Promise<PostRow[]> {
  if (managerIds.length === 0) return [];
  const result = await sql<PostRow>`
    SELECT p.manager_id, p.fund_code, f.name AS fund_name, f.type, p.post_date::text AS post_date, p.resi_date::text AS resi_date,
      s.nav AS start_nav, s.acc_nav AS start_acc, e.acc_nav AS end_acc, m.income
    FROM fund_manager_post p
    JOIN fund f ON f.code = p.fund_code
    LEFT JOIN LATERAL (SELECT nav, acc_nav FROM fund_nav n WHERE n.fund_code = p.fund_code AND n.date >= p.post_date ORDER BY n.date LIMIT 1) s ON true
    LEFT JOIN LATERAL (SELECT acc_nav FROM fund_nav n WHERE n.fund_code = p.fund_code AND n.date <= COALESCE(p.resi_date, DATE '9999-12-31') ORDER BY n.date DESC LIMIT 1) e ON true
    LEFT JOIN LATERAL (SELECT sum(income_per_10k) AS income FROM fund_nav n WHERE f.type = ${MONEY_MARKET_TYPE} AND n.fund_code = p.fund_code AND n.date >= p.post_date AND n.date <= COALESCE(p.resi_date, DATE '9999-12-31')) m ON true
    WHERE p.manager_id IN (${sql.join(managerIds)})
    ORDER BY p.post_date, p.fund_code`.execute(db.kysely);
  return result.rows;
}

function cpRate(p: PostRow): string | null {
  if (p.type === MONEY_MARKET_TYPE) return p.income == null ? null : (Number(p.income) / 100).toFixed(2);
  if (p.start_nav == null || p.start_acc == null || p.end_acc == null) return null;
  return (((Number(p.end_acc) - Number(p.start_acc)) / Number(p.start_nav)) * 100).toFixed(2);
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
  const posts = await managerPosts(db, [...new Set(filtered.map((m) => m.id))]);
  return filtered.map((m) => {
    const mine = posts.filter((p) => p.manager_id === m.id);
    const here = mine.find((p) => p.fund_code === f.code && p.post_date === m.post_date);
    return { manager: m, posts: mine, here, today };
  });
}

export async function fundDetailView(db: Database, snap: MarketSnapshot, f: FundRecord) {
  const today = snap.businessDate;
  const fees = await db.kysely.selectFrom('fund_fee').selectAll().where('fund_code', '=', f.code).execute();
  const position = (await latestPosition(db, f)) ?? emptyPosition();
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
      subscribe_rate: subscribe[0]?.value ?? null,
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
  return {
    fund_code: f.code,
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

export async function growthView(db: Database, snap: MarketSnapshot, f: FundRecord, day: GrowthDay) {
  const points = await loadNavPoints(db, f.code);
  const last = points[points.length - 1];
  let startIndex = 0;
  if (last && day !== 'all') {
    const start = periodStart(last.date, day) as IsoDate;
    startIndex = Math.max(0, indexOnOrBefore(points, start));
  }
  const window = points.slice(startIndex);
  const tr = totalReturnIndex(window, f.type === MONEY_MARKET_TYPE);
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
      };
    }),
    growth_lines: [
      { line_name: '本基金', line_key: 'value', line_color: '#FFA100' },
      ...(f.type === MONEY_MARKET_TYPE ? [] : [{ line_name: `${benchName}(业绩基准)`, line_key: 'than_value', line_color: '#797C86' }]),
    ],
    performance_remark: `当前基金的业绩比较基准公式:${f.benchmark}。`,
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
    return {
      self_nav: (((tr[to] as number) / (tr[from] as number) - 1) * 100).toFixed(4),
      self_max_draw_down: `${(dd * 100).toFixed(2)}%`,
      standard_index_nav: b0 == null || b1 == null ? null : (((1 + b1) / (1 + b0) - 1) * 100).toFixed(4),
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
    status_reason: f.status_reason,
  };
}

export const FILTER_ORDER_KEYS = PERIOD_KEYS;

/** The ranking of (type, period), sorted once per snapshot (kept in snap.rankings), so paging does not re-sort 20,000 funds. */
function ranking(snap: MarketSnapshot, type: number | undefined, orderBy: PeriodKey): FundRecord[] {
  const key = `${type ?? ''}:${orderBy}`;
  const cached = snap.rankings.get(key);
  if (cached) return cached;
  const column = PERIOD_COLUMNS[orderBy];
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

export function filterView(snap: MarketSnapshot, type: number | undefined, orderBy: PeriodKey, page: number, size: number) {
  const column = PERIOD_COLUMNS[orderBy];
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
  orderBy: PeriodKey,
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
