// Response types of the advisory (投顾) endpoints (server/src/routes/advisory.ts, docs/PRODUCT.md §7.5). Money a decimal
// string with 2 decimals, percentages as decimal strings ('12.34' = 12.34 %), fee rates as fractions ('0.0050').

export interface AdvisorPlanBrief {
  plan_code: string;
  plan_name: string;
  risk_level: number;
  fee_rate: string;
}

export interface Advisor {
  advisor_code: string;
  name: string;
  full_name: string;
  licence: string;
  intro: string;
  plans: AdvisorPlanBrief[];
}

export interface AdvisorList {
  items: Advisor[];
}

export interface PlanSummary {
  plan_code: string;
  plan_name: string;
  type: number;
  found_date: string | null;
  manager_name: string;
  advisor_code: string;
  risk_level: number;
  fee_rate: string;
  benchmark: string;
  intro: string;
  min_amount_per_portion: string;
  max_amount_per_portion: string;
  total_portions: number;
  invest_money_type: string;
  last_trade_date_fmt: string | null;
  plan_derived: { unit_nav: string; end_date: string; nav_grtd: string } | null;
  yield: string | null;
  benchmark_yield: string | null;
}

export interface PlanNavPoint {
  date: string;
  value: string;
  percentage: string;
  benchmark_percentage: string;
}

export interface PlanNavHistory {
  items: PlanNavPoint[];
  total_items: number;
  total_pages: number;
}

export interface PlanIndicator {
  plan_code: string;
  max_drawdown: string;
  volatility: string;
  sharpe: string;
}

export interface PlanPosition {
  fd_code: string;
  fd_name: string;
  role: 'signal' | 'bond' | 'reserve';
  portion: number;
  percent: string;
}

export interface PlanPositions {
  plan_code: string;
  total_portions: number;
  items: PlanPosition[];
}

export interface DepartureElement {
  action: '022' | '024';
  fd_code: string;
  fd_name: string;
  portion: number;
  portions_before: number;
}

export interface Departure {
  trading_id: string;
  plan_code: string;
  trade_date: string;
  remark: string;
  status: string;
  trading_elements: DepartureElement[];
}

export interface DepartureHistory {
  items: Departure[];
  total_items: number;
  total_pages: number;
}

export type FollowStatus = 'not_signed' | 'open' | 'closed' | 'followed';

export interface DepartureDetail extends Departure {
  window_opens: string;
  window_closes: string | null;
  follow_status: FollowStatus;
  follow_order_id: string | null;
  is_latest: boolean;
}

export interface KycQuestionnaire {
  questions: Array<{ id: string; text: string; options: Array<{ id: string; text: string }> }>;
  answered: boolean;
  tolerance: number | null;
}

export interface PlanSubOrder {
  order_id: string | null;
  fd_code: string;
  fd_name: string;
  action: '022' | '024' | '267';
  portion: number;
  amount: string | null;
  volume: string | null;
  fee: string | null;
  confirm_amount: string | null;
  confirm_volume: string | null;
  status: 'processing' | 'success' | 'failed' | 'undo';
  fail_reason: string | null;
}

export interface PlanOrder {
  order_id: string;
  plan_code: string;
  plan_name: string;
  ttype: 'ic';
  action: '022' | '024' | '036' | '098' | '267';
  trading_id: string | null;
  status: 'processing' | 'success' | 'sub_success' | 'failed';
  amount: string | null;
  total_fee: string;
  sub_order_list: Array<{ action_text: string; action: string; orders: PlanSubOrder[] }>;
}

export interface PlanHoldingItem {
  fd_code: string;
  fd_name: string;
  portion: number;
  volume: string;
  market_value: string;
  holding_cost: string;
  total_gain: string;
}

export interface PlanHolding {
  plan_code: string;
  plan_name: string;
  amount_per_portion: string;
  auto_follow: boolean;
  total_assets: string;
  total_gain: string;
  pending_amount: string;
  fee_rate: string;
  fee_accrued: string;
  items: PlanHoldingItem[];
}
