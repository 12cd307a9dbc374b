// Response types of the discovery endpoints (server/src/routes/discover.ts): the auto-invest ranking and index
// fund picking. Numbers arrive as decimal strings.
import type { Paged } from './paged';

/** Periods of the simulated monthly plan. */
export type AutoInvestPeriod = '1y' | '2y' | '3y' | '5y';

export interface AutoInvestItem {
  fd_code: string;
  fd_name: string;
  sf_type: string;
  type_desc: string;
  auto_invest_return: string;
  invested_amount: string;
  final_value: string;
  final_shares: string;
  lump_sum_return: string | null;
  unit_nav: string | null;
  nav_date: string | null;
  sale_status: string;
}

/** `GET /djapi/fund/rank/auto-invest`. */
export interface AutoInvestPage extends Paged<AutoInvestItem> {
  period: AutoInvestPeriod;
  start_date: string;
  end_date: string;
  months: number;
  first_buy_date: string | null;
  monthly_amount: string;
}

export interface IndexSummary {
  index_code: string;
  name: string;
  description: string;
  region: string;
  fund_count: number;
  close: string | null;
  date: string | null;
  percent_1y: string | null;
  pe_percentile: string | null;
}

export interface IndexCategory {
  /** broad | sector | strategy | overseas | bond */
  key: string;
  indices: IndexSummary[];
}

/** `GET /djapi/index-mass/categories`. */
export interface IndexCategories {
  categories: IndexCategory[];
}

export interface TrackingFund {
  fd_code: string;
  fd_name: string;
  share_class: string | null;
  found_date: string;
  total_asset: string;
  manage_fee: string;
  custody_fee: string;
  sales_service_fee: string;
  annual_fee: string;
  declare_rate: string;
  declare_rate_discounted: string;
  tracking_error: string | null;
  tracking_days: number;
  unit_nav: string | null;
  nav_date: string | null;
  nav_grl1y: string | null;
  sale_status: string;
}

/** `GET /djapi/index-mass/{indexCode}/funds`. */
export interface IndexFunds {
  index_code: string;
  name: string;
  description: string;
  category: string;
  percent_1y: string | null;
  pe_percentile: string | null;
  tracking_from: string;
  funds: TrackingFund[];
}
