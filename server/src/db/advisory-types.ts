import type { ColumnType, Generated } from 'kysely';
import type { JsonValue } from './platform-types';

// Advisory tables (migrations/0020_advisory.sql, issue 23). bigint → number, numeric → string, date → 'YYYY-MM-DD'.

type Json = ColumnType<JsonValue, string, string>;

export interface AdvisorsTable {
  code: string;
  name: string;
  full_name: string;
  licence: string;
  intro: string;
  sort: Generated<number>;
}

export interface AdvisoryPlansTable {
  code: string;
  advisor_code: string;
  name: string;
  type: number;
  risk_level: number;
  fee_rate_ppm: number;
  benchmark: string;
  benchmark_index_code: string;
  benchmark_equity_weight: string;
  min_per_portion_fen: Generated<number>;
  max_per_portion_fen: Generated<number>;
  total_portions: number;
  intro: string;
  strategy: Json;
  sort: Generated<number>;
}

export interface AdvisoryPlanFundsTable {
  plan_code: string;
  fund_code: string;
  role: string;
  signal_index_code: string | null;
  base_portions: number;
  seq: number;
}

export interface AdvisoryDeparturesTable {
  trading_id: number;
  plan_code: string;
  trade_date: string;
  remark: string;
}

export interface AdvisoryDepartureLegsTable {
  trading_id: number;
  seq: number;
  action: string;
  fund_code: string;
  portion: number;
  portions_before: number;
}

export interface AdvisoryKycTable {
  user_id: number;
  answers: Json;
  goal: string;
  horizon: string;
  tolerance: number;
  assessed_at: Date;
}

export interface AdvisoryAccountsTable {
  user_id: number;
  plan_code: string;
  amount_per_portion_fen: number;
  auto_follow: boolean;
  agreements: Json;
  request_id: string;
  signed_at: Date;
  updated_at: Date;
  accrued_through: string | null;
}

export interface AdvisoryOrdersTable {
  user_id: number;
  id: Generated<number>;
  request_id: string;
  request_hash: string;
  plan_code: string;
  trading_id: number | null;
  action: string;
  status: string;
  amount_fen: Generated<number>;
  auto: Generated<boolean>;
  business_date: string;
  created_at: Date;
  updated_at: Date;
}

export interface AdvisoryOrderLegsTable {
  user_id: number;
  plan_order_id: number;
  seq: number;
  action: string;
  fund_code: string;
  portion: number;
  amount_fen: number | null;
  volume: number | null;
  order_id: number | null;
  fail_reason: string | null;
}

export interface AdvisoryHoldingsTable {
  user_id: number;
  plan_code: string;
  fund_code: string;
  portions: number;
}

export interface AdvisoryFeeAccrualsTable {
  user_id: number;
  plan_code: string;
  date: string;
  value_e4: string;
  fee_numerator: string;
  charged_order_id: number | null;
}

/** migrations/0021_advisory_income.sql: the account's part of each dividend and money-market income payment. */
export interface AdvisoryIncomeTable {
  user_id: number;
  plan_code: string;
  fund_code: string;
  source: string;
  date: string;
  volume: number;
  cash_fen: number;
}

export interface AdvisoryTables {
  advisors: AdvisorsTable;
  advisory_plans: AdvisoryPlansTable;
  advisory_plan_funds: AdvisoryPlanFundsTable;
  advisory_departures: AdvisoryDeparturesTable;
  advisory_departure_legs: AdvisoryDepartureLegsTable;
  advisory_kyc: AdvisoryKycTable;
  advisory_accounts: AdvisoryAccountsTable;
  advisory_orders: AdvisoryOrdersTable;
  advisory_order_legs: AdvisoryOrderLegsTable;
  advisory_holdings: AdvisoryHoldingsTable;
  advisory_fee_accruals: AdvisoryFeeAccrualsTable;
  advisory_income: AdvisoryIncomeTable;
}
