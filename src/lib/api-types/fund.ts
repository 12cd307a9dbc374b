// Response types of the fund endpoints (server/src/routes/fund.ts): one fund's summary, detail, growth line,
// stage performance, trade dates and managers, the screening/ranking list and the search box.
// Numbers arrive as decimal strings, as in the public Danjuan API; money is never turned into a float.
import type { Paged } from './paged';

export type SaleStatus =
  | 'on_sale'
  | 'not_on_sale'
  | 'building'
  | 'conversion'
  | 'trading_suspended'
  | 'purchase_suspended'
  | 'closed'
  | 'delisted';

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

/** `GET /djapi/fund/{code}`. */
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

/** `GET /djapi/fund/detail/{code}`. */
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

/** `GET /djapi/fund/growth/{code}?day=`. */
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

/** `GET /djapi/fundx/base/fund/achievement/{code}`. */
export interface Achievement {
  fund_code: string;
  stage_performance_list: StageRow[];
}

/** `GET /djapi/fund/order/v2/trade_date?fd_code=`. */
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

/** One row of `GET /djapi/fundx/base/fund/record/manager/list` (`{ items }`). */
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

/** One row of `GET /djapi/v2/search` (`{ items }`). */
export interface SearchItem {
  id: string;
  /** The route type segment: 'funding' for funds. */
  stype: string;
  scode: string;
  sname: string;
}

/** One fund of `GET /djapi/v3/filter/fund` (screening, rankings, home's best funds). */
export interface FilterItem {
  fd_code: string;
  fd_name: string;
  /** Return over the sorted period, percent ('12.34' = 12.34 %). */
  yield: string | null;
  sf_type: string;
  type_desc: string;
  unit_nav: string | null;
  end_date: string | null;
  sale_status: string;
  /** CNY, decimal string. */
  total_asset?: string;
  found_date?: string;
}

/** `GET /djapi/v3/filter/fund`. */
export interface FilterPage extends Paged<FilterItem> {
  order_by: string;
}
