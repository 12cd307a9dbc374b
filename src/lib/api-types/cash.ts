// Response types of the cash-management product's endpoints (现金宝; server/src/routes/cash.ts). Conventions as the
// trading calls (./trading.ts): money a decimal string with 2 decimals, the per-10k income with 4, the 7-day yield a
// percent with 3 ('2.345' = 2.345 %); dates 'YYYY-MM-DD' (Shanghai). docs/PRODUCT.md §10.17.
import type { OrderListItem, OrderStep, PaymentCard } from './trading';

/** `GET /djapi/xjb/summary` (login required). */
export interface CashSummary {
  /** The underlying money-market fund. */
  fd_code: string;
  fd_name: string;
  /** available + unavailable. */
  total: string;
  /** Confirmed shares not frozen: may be withdrawn or pay for a purchase now. */
  available: string;
  /** Deposits awaiting confirmation, sale proceeds on their way in, money frozen for pending purchases (GET /djapi/xjb/unavailable). */
  unavailable: string;
  /** The latest day's income and that day (the distribution of a Friday covers the weekend); '0.00' / null before the first. */
  yesterday_income: string;
  yesterday_income_date: string | null;
  total_income: string;
  /** Percent, 3 decimals, of the latest published day; null before the fund's first. */
  seven_day_yield: string | null;
  per_10k_income: string | null;
  /** The date of those two figures. */
  yield_date: string | null;
  /** What is left of today's 快速取现 quota, and the quota. */
  quick_quota_left: string;
  quick_daily_limit: string;
  /** A deposit placed now: its trade date, the day its shares are confirmed, the first day it earns. */
  deposit_trade_date: string;
  deposit_confirm_date: string;
  deposit_income_date: string;
  /** An ordinary withdrawal placed now reaches the card on this day. */
  normal_arrival_date: string;
  /** The card deposits come from and ordinary withdrawals go to (null before account opening). */
  card: PaymentCard | null;
  /** Deposits, withdrawals and purchases paid by the product that are not finished yet. */
  in_progress: OrderListItem[];
}

/** One row of `GET /djapi/xjb/yields?days=30|90` (public): the fund's published figures per trading day. */
export interface CashYieldPoint {
  date: string;
  seven_day_yield: string | null;
  per_10k_income: string | null;
}

/** `GET /djapi/xjb/yields`. */
export interface CashYields {
  fd_code: string;
  days: number;
  items: CashYieldPoint[];
}

/** One row of `GET /djapi/xjb/income?page&size` (newest first): one per day income was paid. */
export interface CashIncomeRow {
  date: string;
  income: string;
  /** Shares that earned it (held with income rights that day). */
  shares: string;
  income_per_10k: string;
}

export type UnavailableKind = 'deposit' | 'sale' | 'purchase';

/** One item of `GET /djapi/xjb/unavailable`. */
export interface UnavailableItem {
  /** deposit: a deposit awaiting confirmation; sale: a fund sale's proceeds on their way in; purchase: frozen to pay for a purchase. */
  kind: UnavailableKind;
  order_id: string;
  amount: string;
  /** When the amount becomes available (deposit, sale) or leaves (purchase: the day the purchase is confirmed). */
  expected_date: string;
  /** The fund sold or bought (sale, purchase); the cash fund for a deposit. */
  fd_code: string;
  fd_name: string;
  /** The sale's amount is an estimate at the latest NAV until it is confirmed. */
  estimated: boolean;
}

/** `GET /djapi/xjb/unavailable`. */
export interface CashUnavailable {
  total: string;
  items: UnavailableItem[];
}

/** `GET /djapi/xjb/rules` (public): the figures and live dates the rule pages state. */
export interface CashRules {
  fd_code: string;
  fd_name: string;
  cutoff: string;
  min_amount: string;
  quick_daily_limit: string;
  confirm_trading_days: number;
  normal_arrival_trading_days: number;
  /** Dates of an order placed now: deposit T, confirmation, first income; ordinary withdrawal arrival; fund sale into the product. */
  now: string;
  deposit_trade_date: string;
  deposit_confirm_date: string;
  deposit_income_date: string;
  normal_trade_date: string;
  normal_arrival_date: string;
}

/** `POST /djapi/xjb/deposit` and `POST /djapi/xjb/withdraw` data (the order placed, as the trading calls answer). */
export interface CashOrderAnswer {
  order_id: string;
  kind: 'deposit' | 'quick' | 'normal';
  action_desc: string;
  status_desc: string;
  amount: string;
  trade_date: string;
  /** Deposit: the confirmation date; withdrawal: the day the redemption is confirmed. */
  confirm_date: string;
  /** Deposit: the first income day; withdrawal: the day the money reaches the card (today for 快速取现). */
  arrival_date: string;
  /** After a 快速取现: what is left of today's quota. */
  quick_quota_left: string;
  steps: OrderStep[];
}
