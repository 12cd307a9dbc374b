// Kysely table types for server/src/db/migrations/0002_market.sql.
// NUMERIC columns are decimal strings and DATE columns 'YYYY-MM-DD' strings (see database.ts type parsers).

export interface MarketMetaTable {
  key: string;
  value: string;
}

export interface FundCompanyTable {
  code: string;
  name: string;
  full_name: string;
}

export interface FundManagerTable {
  id: string;
  name: string;
  company_code: string;
  college: string;
  education: string;
  resume: string;
  career_start: string;
}

export interface FundTable {
  code: string;
  name: string;
  full_name: string;
  name_initials: string;
  /** Danjuan filter type: 1 stock, 2 bond, 3 hybrid, 4 money market, 5 index, 6 FOF, 11 QDII. */
  type: number;
  type_desc: string;
  share_class: string | null;
  company_code: string;
  custodian: string;
  risk_level: number;
  found_date: string;
  sale_status: string;
  status_reason: string;
  subscribe_start: string | null;
  subscribe_end: string | null;
  lock_days: number;
  daily_purchase_limit_fen: number | null;
  /** 0005_trading.sql: how the contract rounds fees and shares (default half_up). */
  rounding_mode?: 'half_up' | 'truncate';
  /** 0005_trading.sql: the registrar's large-purchase limit per investor per day (excess refunded), or null. */
  large_purchase_limit_fen?: number | null;
  min_purchase_fen: number;
  buy_confirm_days: number;
  sale_arrive_days: number;
  benchmark: string;
  benchmark_index_code: string | null;
  benchmark_equity_weight: string;
  tracked_index_code: string | null;
  tracking_error: string | null;
  total_share: string;
  total_asset: string;
  manage_fee: string;
  custody_fee: string;
  sales_service_fee: string;
  declare_discount: string;
  invest_target: string;
  invest_orientation: string;
  nav_model: string | null;
  /** 0014: the subscription period shown (the fund's own, or the usual one for a fund founded before our records). */
  ipo_start?: string | null;
  ipo_end?: string | null;
  /** 0014: the community page's counts, generated with the market. */
  follower_count?: number | null;
  status_count?: number | null;
}

export interface FundNavTable {
  fund_code: string;
  date: string;
  nav: string;
  acc_nav: string;
  daily_change: string | null;
  income_per_10k: string | null;
  yield_7d: string | null;
}

export interface FundDerivedTable {
  fund_code: string;
  end_date: string;
  unit_nav: string;
  acc_nav: string;
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
  max_drawdown_1y: string | null;
  income_per_10k: string | null;
  yield_7d: string | null;
}

export interface FundDividendTable {
  fund_code: string;
  date: string;
  per_share: string;
}

export interface FundFeeTable {
  fund_code: string;
  /** declare | subscribe (bounds in fen) | withdraw (bounds in holding days) */
  kind: string;
  seq: number;
  lower_bound: number;
  upper_bound: number | null;
  /** percent, e.g. '1.5' */
  rate: string | null;
  fixed_fee_fen: number | null;
}

export interface FundManagerPostTable {
  fund_code: string;
  manager_id: string;
  post_date: string;
  resi_date: string | null;
}

export interface FundAssetAllocationTable {
  fund_code: string;
  report_date: string;
  stock_percent: string;
  bond_percent: string;
  cash_percent: string;
  other_percent: string;
  asset_total: string;
}

export interface FundHoldingTable {
  fund_code: string;
  report_date: string;
  rank: number;
  stock_code: string;
  stock_name: string;
  percent: string;
  /** 0014: the stock's industry (申万一级), generated with the market. */
  industry?: string | null;
}

/** 0014: a report's bond holdings. */
export interface FundBondHoldingTable {
  fund_code: string;
  report_date: string;
  rank: number;
  bond_code: string;
  bond_name: string;
  percent: string;
}

/** 0014: daily quotes of the listed companies funds hold. */
export interface StockQuoteTable {
  stock_code: string;
  date: string;
  price: string;
  change_percent: string;
}

export interface MarketIndexTable {
  code: string;
  name: string;
  name_initials: string;
  category: string;
  region: string;
  base_date: string;
  has_valuation: boolean;
  description: string;
}

export interface IndexDailyTable {
  index_code: string;
  date: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  pe: string | null;
  pb: string | null;
  roe: string | null;
  dividend_yield: string | null;
}

export interface MarketTables {
  market_meta: MarketMetaTable;
  fund_company: FundCompanyTable;
  fund_manager: FundManagerTable;
  fund: FundTable;
  fund_nav: FundNavTable;
  fund_derived: FundDerivedTable;
  fund_dividend: FundDividendTable;
  fund_fee: FundFeeTable;
  fund_manager_post: FundManagerPostTable;
  fund_asset_allocation: FundAssetAllocationTable;
  fund_holding: FundHoldingTable;
  fund_bond_holding: FundBondHoldingTable;
  stock_quote: StockQuoteTable;
  market_index: MarketIndexTable;
  index_daily: IndexDailyTable;
}
