// Response types of the fund endpoints (server/src/routes/fund.ts): one fund's summary, detail, growth line,
// stage performance, trade dates and managers, the screening/ranking list and the search box.
// Numbers arrive as decimal strings where the public Danjuan API sends strings (NAV, returns, money: never turned
// into a float), and as JSON numbers where it sends numbers (a position's percentages, a manager's cp_rate).
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

/**
 * A fund's NAV growth, percent as decimal strings (null: not published, or the fund too young): today, the last
 * week, month, 3 and 6 months, this year, 1 and 3 years, and since it began.
 */
export interface NavGrowthRates {
  nav_grtd: string | null;
  nav_grl1w: string | null;
  nav_grl1m: string | null;
  nav_grl3m: string | null;
  nav_grl6m: string | null;
  nav_grlty: string | null;
  nav_grl1y: string | null;
  nav_grl3y: string | null;
  nav_grbase: string | null;
}

export interface FundDerived extends NavGrowthRates {
  fd_code: string;
  end_date: string | null;
  unit_nav: string;
  unit_acc_nav: string;
  nav_grl2y: string | null;
  nav_grl5y: string | null;
  maxdd_l1y: string | null;
  income_per_10k: string | null;
  yield_7d: string | null;
  [rank: `srank_${string}`]: string | null;
  // Fields of the real Danjuan answer (sent on every fund; optional so hand-made values stay valid):
  /** Unit NAV change of the last day, yuan ('-0.0110'). */
  nav_growth?: string | null;
  fd_type?: string;
  /** Return of a monthly auto-invest plan over one / two years, percent; itg_: the "smart" plan. */
  aip_grl1y?: string | null;
  aip_grl2y?: string | null;
  itg_aip_grl1y?: string | null;
  itg_aip_grl2y?: string | null;
  /** 成立以来, 今年以来, then each past calendar year: return (percent, 2 decimals) and rank where ranked. */
  annual_performance_list?: { period: string; nav: string | null; rank: string | null }[];
  first_nav?: boolean;
  yield_history?: { yield: string | null; name: string }[];
}

/** One figure of the fund header (fir_header_base_data / sec_header_base_data). */
export interface HeaderBaseData {
  data_name: string;
  /** Ready to show: '+36.35%', '2年151天', '1.3635'. */
  data_value_str: string;
  data_value_number: number | null;
  /** Red/green by sign. */
  data_have_colour: boolean;
  /** A note beside the value (the NAV's date, 'MM-DD'). */
  data_extend: string | null;
}

/** A period tab of the growth chart with the fund's return over it (null: the fund is younger than the period). */
export interface NavTab {
  nav_tab_name: string;
  nav_tab_value: string;
  nav_growth: string | null;
  nav_tab_extent: string | null;
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
  /** '1' low … '5' high (a string, as in Danjuan). */
  risk_level: string;
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
  // Fields of the real Danjuan answer (sent on every fund; optional so hand-made values stay valid):
  fd_type?: string;
  /** The custodian bank (托管人). */
  trup_name?: string;
  /** Fund assets, yuan (decimal string). */
  total_asset?: string;
  /** '0' being raised, '1' in operation, '2' terminated. */
  fd_status?: string;
  /** Purchase, subscription, redemption, auto-invest: '1' open, '0' closed. */
  declare_status?: string;
  subscribe_status?: string;
  withdraw_status?: string;
  auto_invest_status?: string;
  /** Subscription period, ms since 1970. */
  ipo_start_date?: number;
  ipo_end_date?: number;
  fund_rates?: {
    subscribe_rate: string;
    declare_rate: string;
    discount: string;
    subscribe_discount: string;
    declare_discount: string;
  };
  op_fund?: { fund_tags: { category: string; name: string }[] };
  /** Return since founding, percent with 2 decimals, and its label. */
  yield?: string | null;
  yield_name?: string;
  rating_desc?: string;
  follower_count?: number;
  status_count?: number;
  /** The top holdings' names, 'A,B,C,...'. */
  stock_position_names?: string;
  agent_sell?: boolean;
  trade_reason?: { show_button: boolean; withdraw_display: boolean; reason: string };
  growth_default_period?: string;
  fir_header_base_data?: HeaderBaseData[];
  sec_header_base_data?: HeaderBaseData[];
  base_data_tip?: { title: string; content: string }[];
  nav_tab_list?: NavTab[];
  display_annual_performance?: boolean;
  benchmark_index?: { symbol: string; symbol_name: string }[];
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

/** A top-ten stock of the latest quarterly report, with the day's quote. */
export interface PositionStock {
  name: string;
  code: string;
  /** Share of NAV, percent (a JSON number, as in Danjuan). */
  percent: number;
  xq_symbol: string;
  current_price?: number;
  /** The day's price change, percent. */
  change_percentage?: number;
  xq_url?: string;
  /** Change of the share of NAV since the previous report: '0.08%', '新增', '持平'. */
  change_of_pre_quarter?: string;
  /** 1 new, 2 increased, 3 unchanged, 4 decreased. */
  change_of_pre_quarter_type?: number;
  industry_label?: string;
}

/** Percentages are JSON numbers (percent), as in the real Danjuan answer. */
export interface FundPosition {
  stock_percent: number;
  bond_percent: number;
  cash_percent: number;
  other_percent: number;
  source_mark: string;
  enddate: string | null;
  chart_list: { type_desc: string; type?: string; percent: number; color: string }[];
  stock_list: PositionStock[];
  bond_list?: { name: string; code: string; percent: number; xq_symbol: string; xq_url: string }[];
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
  fund_nav_growth: {
    date: string;
    nav: string;
    gr_nav: string;
    value: string;
    than_value: string | null;
    /** Money-market funds: income per 10,000 shares (yuan) and 7-day annualised yield (percent) of the day. */
    income_per_10k?: string | null;
    yield_7d?: string | null;
  }[];
  growth_lines: { line_name: string; line_key: string; line_color: string }[];
  performance_remark: string;
  /** What each index the chart compares with is. */
  tip?: { title: string; content: string }[];
}

export interface StageRow {
  period_time: string;
  self_nav: string;
  self_max_draw_down: string;
  standard_index_nav: string | null;
  /** The benchmark's maximum drawdown over the same period ('5.26%'). */
  standard_index_max_draw_down?: string | null;
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
  /** Days after confirmation before shares may be redeemed (lock period; 0 when none). */
  withdraw_date?: number;
}

/** One row of `GET /djapi/fundx/base/fund/record/manager/list` (`{ items }`). */
export interface ManagerItem {
  indi_id: string;
  name: string;
  resume: string;
  work_year: string;
  post_date_text: string;
  cp_term: string;
  /** Return over the tenure, percent (a JSON number, as in Danjuan). */
  cp_rate: number | null;
  /** The same, annualised. */
  performance_year?: number | null;
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
  /** Money-market funds only: 7-day annualised yield, percent, and the last day's income per 10,000 units (CNY). */
  yield_7d?: string | null;
  income_per_10k?: string | null;
}

/** `GET /djapi/v3/filter/fund`. */
export interface FilterPage extends Paged<FilterItem> {
  order_by: string;
}

/** One day of `GET /djapi/fund/nav/history/{code}?page&size` (newest first). */
export interface NavHistoryItem {
  date: string;
  /** Unit NAV. */
  nav: string;
  /** Daily change, percent; null on the first day. */
  percentage: string | null;
  /** Accumulated NAV (累计净值). */
  value: string;
  /** Money-market funds only: income per 10,000 shares (yuan) and 7-day annualised yield (percent). */
  income_per_10k?: string | null;
  yield_7d?: string | null;
}

/** `GET /djapi/fund/nav/history/{code}`. */
export interface NavHistoryPage extends Paged<NavHistoryItem> {
  fd_code: string;
}

/** One dividend of `GET /djapi/fund/dividend/{code}` (newest first). */
export interface DividendItem {
  record_date: string;
  ex_date: string;
  /** Cash per share, yuan (4 decimals). */
  per_share: string;
  plan_text: string;
}

/** `GET /djapi/fund/dividend/{code}`. */
export interface DividendPage extends Paged<DividendItem> {
  fd_code: string;
}
