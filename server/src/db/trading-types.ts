import type { ColumnType, Generated } from 'kysely';
import type { JsonValue } from './platform-types';

// Trading tables (migrations/0005_trading.sql, 0007_cash.sql, 0008_auto_invest.sql). bigint → number (fen and volumes stay far below 2^53),
// numeric → string, date → 'YYYY-MM-DD' (database.ts's type parsers).

export interface OrdersTable {
  user_id: number;
  id: Generated<number>;
  request_id: string;
  request_hash: string;
  fund_code: string;
  action: string;
  status: string;
  pay_method: Generated<string>;
  bank_card_id: number | null;
  amount_fen: number | null;
  volume: number | null;
  fee_fen: number | null;
  rate_ppm: number | null;
  standard_rate_ppm: number | null;
  trade_date: string;
  confirm_date: string;
  query_date: string;
  confirm_nav: string | null;
  confirm_amount_fen: number | null;
  confirm_volume: number | null;
  refund_fen: number | null;
  fail_reason: string | null;
  risk_warning: ColumnType<JsonValue | null, string | null, string | null>;
  plan_id: number | null;
  answer: ColumnType<JsonValue | null, string | null | undefined, string | null>;
  created_at: Date;
  updated_at: Date;
  settled_at: Date | null;
  sell_mode: string | null;
  linked_order_id: number | null;
  /** The registration coupon the purchase used and the fee it took off (migrations/0040_activities.sql). */
  coupon_id: number | null;
  coupon_discount_fen: number | null;
}

export interface LotsTable {
  user_id: number;
  id: number;
  fund_code: string;
  order_id: number;
  confirm_date: string;
  trade_date: string;
  locked_until: string | null;
  volume_initial: number;
  volume: number;
  cost_initial_fen: number;
  cost_fen: number;
  income: Generated<boolean>;
}

export interface OrderLotsTable {
  user_id: number;
  order_id: number;
  lot_id: number;
  volume: number;
  cost_fen: number;
  holding_days: number | null;
  rate_ppm: number | null;
  gross_fen: number | null;
  fee_fen: number | null;
}

export interface LedgerTransfersTable {
  user_id: number;
  id: Generated<number>;
  ref: string;
  asset: string;
  debit_account: string;
  credit_account: string;
  amount: number;
  kind: string;
  order_id: number | null;
  business_date: string;
  created_at: Generated<Date>;
}

export interface HoldingOptionsTable {
  user_id: number;
  fund_code: string;
  dividend_method: Generated<string>;
  updated_at: Date;
}

export interface BankPaymentsTable {
  user_id: number;
  payment_id: string;
  bank_card_id: number;
  amount_fen: number;
  day: string;
  ok: boolean;
  reason: string | null;
  created_at: Date;
}

/** The simulated bank's successful payments of a card a day, summed (migration 0041). */
export interface BankCardDaysTable {
  user_id: number;
  bank_card_id: number;
  day: string;
  used_fen: number;
}

export interface DividendRunsTable {
  fund_code: string;
  ex_date: string;
  holders: number;
  paid_at: Date;
}

export interface MmfIncomeTable {
  user_id: number;
  fund_code: string;
  date: string;
  volume: number;
  income_per_10k: string;
  income_fen: number;
  lot_id: number;
}

export interface MmfIncomeRunsTable {
  fund_code: string;
  date: string;
  holders: number;
  paid_at: Date;
}

export interface AipPlansTable {
  user_id: number;
  id: Generated<number>;
  request_id: string;
  fund_code: string;
  amount_fen: number;
  cycle: string;
  cycle_day: number | null;
  anchor_date: string;
  pay_method: Generated<string>;
  smart: Generated<boolean>;
  index_code: string | null;
  status: string;
  pause_reason: string | null;
  failures: Generated<number>;
  next_date: string | null;
  risk_warning: ColumnType<JsonValue | null, string | null, string | null>;
  created_at: Date;
  updated_at: Date;
}

export interface AipRunsTable {
  user_id: number;
  plan_id: number;
  date: string;
  amount_fen: number;
  ratio_percent: number;
  reason: ColumnType<JsonValue | null, string | null, string | null>;
  status: string;
  note: string | null;
  order_id: number | null;
  created_at: Date;
}

/**
 * The orders still open (status 'paid' or 'submitted'), kept by triggers (migrations/0016_open_orders.sql): what the
 * settlement reads for what is due. Written by nothing else.
 */
export interface OrdersOpenTable {
  user_id: number;
  id: number;
  status: string;
  action: string;
  fund_code: string;
  trade_date: string;
  confirm_date: string;
}

export interface TradingTables {
  aip_plans: AipPlansTable;
  aip_runs: AipRunsTable;
  mmf_income: MmfIncomeTable;
  mmf_income_runs: MmfIncomeRunsTable;
  dividend_runs: DividendRunsTable;
  orders: OrdersTable;
  orders_open: OrdersOpenTable;
  lots: LotsTable;
  order_lots: OrderLotsTable;
  ledger_transfers: LedgerTransfersTable;
  holding_options: HoldingOptionsTable;
  bank_payments: BankPaymentsTable;
  bank_card_days: BankCardDaysTable;
}
