// Typed calls of the fund discovery pages (shapes: server/src/routes/fund.ts, docs/DATA.md).
// Numbers arrive as decimal strings, as in the public Danjuan API; money is never turned into a float here.
import { SEARCH_SOURCE, WATCHLIST_PID, WATCHLIST_SIZE } from '@/lib/constants';
import { get, post } from '@/platform/http';

export type SaleStatus =
  | 'on_sale'
  | 'not_on_sale'
  | 'building'
  | 'conversion'
  | 'trading_suspended'
  | 'purchase_suspended'
  | 'closed'
  | 'delisted';

/** Danjuan fund type codes: 1 stock, 2 bond, 3 hybrid, 4 money market, 5 index, 6 FOF, 11 QDII. */
export const MONEY_MARKET_TYPE = 4;
export const QDII_TYPE = 11;

export interface FundDerived {
  fd_code: string;
  end_date: string | null;
  unit_nav: string;
  unit_acc_nav: string;
  nav_grtd: string | null;
  nav_grl1w: string | null;
  nav_grl1m: string | null;
  nav_grl3m: string | null;
  nav_grl6m: string | null;
  nav_grlty: string | null;
  nav_grl1y: string | null;
  nav_grl2y: string | null;
  nav_grl3y: string | null;
  nav_grl5y: string | null;
  nav_grbase: string | null;
  maxdd_l1y: string | null;
  income_per_10k: string | null;
  yield_7d: string | null;
  [rank: `srank_${string}`]: string | null;
}

export interface FundSummary {
  fd_code: string;
  fd_name: string;
  fd_full_name: string;
  type: number;
  type_desc: string;
  found_date: string;
  totshare: string;
  keeper_name: string;
  manager_name: string;
  risk_level: number;
  sale_status: SaleStatus;
  status_reason: string;
  can_buy: boolean;
  can_sell: boolean;
  subscribe_start: string | null;
  subscribe_end: string | null;
  lock_days: number;
  daily_purchase_limit: string | null;
  min_purchase: string;
  tracked_index_name: string | null;
  performance_bench_mark: string;
  fund_derived: FundDerived;
}

export interface RateRow {
  name: string;
  value: string;
  /** '%', '元' (a fixed fee per order) or '%/年'. */
  unit: string;
  /** Fen for amounts, days for holding periods. */
  lower_bound: number;
  upper_bound: number | null;
}

export interface FundPosition {
  stock_percent: string;
  bond_percent: string;
  cash_percent: string;
  other_percent: string;
  source_mark: string;
  enddate: string | null;
  chart_list: { type_desc: string; percent: string; color: string }[];
  stock_list: { name: string; code: string; percent: string; xq_symbol: string }[];
}

export interface FundDetail {
  fd_code: string;
  fund_company: string;
  fund_position: FundPosition;
  fund_rates: {
    discount: string;
    declare_discount: string;
    subscribe_rate_table: RateRow[];
    declare_rate_table: RateRow[];
    withdraw_rate_table: RateRow[];
    other_rate_table: RateRow[];
  };
  fund_date_conf: { buy_confirm_date: number; buy_query_date: number; sale_query_date: number };
}

export const GROWTH_PERIODS = ['ty', '1m', '3m', '6m', '1y', '3y', '5y', 'all'] as const;
export type GrowthPeriod = (typeof GROWTH_PERIODS)[number];

export interface GrowthData {
  fd_code: string;
  day: string;
  fund_nav_growth: { date: string; nav: string; gr_nav: string; value: string; than_value: string | null }[];
  growth_lines: { line_name: string; line_key: string; line_color: string }[];
  performance_remark: string;
}

export interface StageRow {
  period_time: string;
  self_nav: string;
  self_max_draw_down: string;
  standard_index_nav: string | null;
  self_nav_rank: string | null;
}

export interface Achievement {
  fund_code: string;
  stage_performance_list: StageRow[];
}

export interface TradeDates {
  order_date: string;
  trade_date: string;
  cut_off_time: string;
  buy_confirm_date: string;
  buy_query_date: string;
  sale_confirm_date: string;
  sale_query_date: string;
  if_can_buy: boolean;
}

export interface ManagerItem {
  indi_id: string;
  name: string;
  resume: string;
  work_year: string;
  post_date_text: string;
  cp_term: string;
  cp_rate: string | null;
  fund_count: number;
  fund_total_nav: string;
}

export interface SearchItem {
  id: string;
  /** The route type segment: 'funding' for funds. */
  stype: string;
  scode: string;
  sname: string;
}

export interface WatchItem {
  name: string;
  symbol: string;
}

// Request options: detail calls show their own error box, so no catalogue toast on failure.
const quiet = { silent: true } as const;

/** An answer without the shape a page needs is a failed call (error box with retry), never a crash. */
export class MalformedAnswerError extends Error {
  constructor(what: string) {
    super(`malformed answer: ${what}`);
    this.name = 'MalformedAnswerError';
  }
}

function checked<T>(what: string, ok: (data: T) => boolean): (data: T) => T {
  return (data) => {
    if (!data || typeof data !== 'object' || !ok(data)) throw new MalformedAnswerError(what);
    return data;
  };
}

const isArray = Array.isArray;

export const getFundSummary = (code: string) =>
  get<FundSummary>(`/djapi/fund/${code}`, undefined, quiet).then(
    checked('fund', (d) => typeof d.fd_code === 'string' && typeof d.fd_name === 'string' && !!d.fund_derived && typeof d.sale_status === 'string'),
  );
export const getFundDetail = (code: string) =>
  get<FundDetail>(`/djapi/fund/detail/${code}`, undefined, quiet).then(
    checked('fund detail', (d) =>
      !!d.fund_rates && isArray(d.fund_rates.declare_rate_table) && isArray(d.fund_rates.subscribe_rate_table) &&
      isArray(d.fund_rates.withdraw_rate_table) && isArray(d.fund_rates.other_rate_table) &&
      !!d.fund_position && isArray(d.fund_position.chart_list) && isArray(d.fund_position.stock_list) && !!d.fund_date_conf),
  );
export const getFundGrowth = (code: string, day: GrowthPeriod) =>
  get<GrowthData>(`/djapi/fund/growth/${code}`, { day }, quiet).then(checked('growth', (d) => isArray(d.fund_nav_growth) && isArray(d.growth_lines)));
export const getAchievement = (code: string) =>
  get<Achievement>(`/djapi/fundx/base/fund/achievement/${code}`, undefined, quiet).then(checked('achievement', (d) => isArray(d.stage_performance_list)));
export const getTradeDates = (code: string) =>
  get<TradeDates>('/djapi/fund/order/v2/trade_date', { fd_code: code }, quiet).then(checked('trade dates', (d) => typeof d.trade_date === 'string'));
export const getManagers = (code: string) =>
  get<{ items: ManagerItem[] }>('/djapi/fundx/base/fund/record/manager/list', { fund_code: code, post_status: 1 }, quiet).then(
    checked('managers', (d) => isArray(d.items)),
  );

/** SPEC §7: `GET /djapi/v2/search?key&xq_access_token&source=index`; matching is the server's (code, name, pinyin). */
export async function searchFunds(key: string, accessToken?: string): Promise<SearchItem[]> {
  const data = await get<{ items: SearchItem[] }>('/djapi/v2/search', { key, xq_access_token: accessToken, source: SEARCH_SOURCE }, quiet);
  return isArray(data?.items) ? data.items.filter((i) => i && typeof i.sname === 'string' && typeof i.scode === 'string') : [];
}

/** Xueqiu fund symbols: 'F' + the six-digit code. */
export const fundSymbol = (code: string) => `F${code}`;

/** SPEC §7 / §9: the logged-in user's watchlist (all portfolios, pid -17). */
export async function getWatchlist(): Promise<WatchItem[]> {
  const data = await get<{ items: WatchItem[] }>('/xqstock/v5/stock/portfolio/stock/watchlist.json', { size: WATCHLIST_SIZE, pid: WATCHLIST_PID }, quiet);
  return checked<{ items: WatchItem[] }>('watchlist', (d) => isArray(d.items))(data).items;
}

export const addToWatchlist = (symbols: string[]) => post<{ added: string[] }>('/xqstock/v5/stock/portfolio/stock/add.json', { symbols: symbols.join(',') }, quiet);
export const removeFromWatchlist = (symbols: string[]) =>
  post<{ removed: number }>('/xqstock/v5/stock/portfolio/stock/cancel.json', { symbols: symbols.join(',') }, quiet);
