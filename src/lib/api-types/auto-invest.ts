// Response types of the auto-invest (定投) endpoints (server/src/routes/auto-invest.ts). Conventions as the trading
// calls (./trading.ts): money a decimal string with 2 decimals, ratios in percent ('150' = 150 %), dates 'YYYY-MM-DD'
// (Shanghai). docs/PRODUCT.md §10.18.

/** daily: every trading day; weekly: on `cycle_day` 1–5 (Mon–Fri); biweekly: every two weeks on `cycle_day`; monthly: on day `cycle_day` 1–28. */
export type AipCycle = 'daily' | 'weekly' | 'biweekly' | 'monthly';
export type AipStatus = 'running' | 'paused' | 'stopped';
export type AipRunStatus = 'placed' | 'failed' | 'skipped';

/** Why a smart-mode run's amount is what it is. */
export interface SmartReason {
  /** 'valuation' (the index's PE percentile band) or 'ma' (deviation from its 250-day moving average). */
  method: 'valuation' | 'ma';
  index_code: string;
  index_name: string;
  /** The index's state on the day before: the PE percentile (percent) or the deviation from the MA (percent, signed). */
  value: string;
  /** The ratio applied, percent ('150'). */
  ratio: string;
  /** In words: '沪深300 估值百分位 23.45%，低估，按 150% 投入'. */
  text: string;
}

/** One run of a plan. */
export interface AipRun {
  date: string;
  amount: string;
  /** Percent, '100' in normal mode. */
  ratio: string;
  reason: SmartReason | null;
  /** placed: an order was placed (its state below); failed: the debit failed; skipped: the fund could not be bought. */
  status: AipRunStatus;
  note: string | null;
  order_id: string | null;
  order_status: 'submitted' | 'paid' | 'confirmed' | 'failed' | 'cancelled' | null;
  order_status_desc: string | null;
}

/** An item of `GET /djapi/aip/list` and the head of `GET /djapi/aip/{plan_id}`. */
export interface AipPlan {
  plan_id: string;
  fd_code: string;
  fd_name: string;
  /** The base amount of each run. */
  amount: string;
  cycle: AipCycle;
  cycle_day: number | null;
  /** '每月28日' / 'Monthly on day 28'. */
  cycle_desc: string;
  pay_method: 'bankcard' | 'xjb' | 'pension';
  smart: boolean;
  status: AipStatus;
  status_desc: string;
  /** Why the plan is paused (3 failed debits in a row, or by the investor); null when running. */
  pause_reason: string | null;
  /** The next run; null while paused (resuming sets it) and when stopped. */
  next_date: string | null;
  /** Failed debits in a row so far (3 pause the plan). */
  failures: number;
  runs_count: number;
  /** Sum of the confirmed runs' amounts, and what their shares are worth at the latest NAV. */
  total_invested: string;
  current_value: string;
  /** current_value − total_invested. */
  gain: string;
  created_at: number;
}

/** `GET /djapi/aip/list`. */
export interface AipList {
  items: AipPlan[];
  /** How many of the plans are running. */
  running: number;
}

/** `GET /djapi/aip/{plan_id}`. */
export interface AipPlanDetail extends AipPlan {
  runs: AipRun[];
  /** Smart mode: what the next run would invest at today's index state. */
  next_reason: SmartReason | null;
  /** The index a smart plan follows, or null (normal mode only: the fund tracks no index). */
  index_code: string | null;
}

/** `POST /djapi/aip/create` data. */
export interface AipCreateAnswer {
  plan_id: string;
  first_date: string;
  plan: AipPlan;
}

/** `GET /djapi/aip/quote?fd_code=`: what the create page needs before the password. */
export interface AipQuote {
  fd_code: string;
  fd_name: string;
  min_amount: string;
  /** Smart mode is offered when the fund tracks an index. */
  smart_available: boolean;
  index_code: string | null;
  index_name: string | null;
  /** The first run date of each cycle for `cycle_day` (given in the query) or its default. */
  first_date: string;
  refusal: string | null;
  risk_level: number;
  investor_level: number | null;
  suitability: 'match' | 'warn' | 'refuse' | null;
  risk_warning: string | null;
}

/** One point of a backtest's chart. */
export interface BacktestPoint {
  date: string;
  invested: string;
  value: string;
}

/** `GET /djapi/aip/backtest?fd_code&amount&cycle&cycle_day&start&smart`. */
export interface AipBacktest {
  fd_code: string;
  start: string;
  end: string;
  runs: number;
  invested: string;
  value: string;
  /** (value − invested) / invested, percent with 2 decimals. */
  total_return: string;
  /** The money-weighted annual return (XIRR), percent with 2 decimals; null when it cannot be computed. */
  xirr: string | null;
  fees: string;
  points: BacktestPoint[];
  /** The same plan in the other mode, for comparison (null when smart is not available). */
  other: { smart: boolean; invested: string; value: string; total_return: string; xirr: string | null } | null;
}

/** `GET /djapi/fundx/autoinvest/quote/yield/list?fd_code=` (Danjuan's shape). */
export interface AipYieldList {
  duration: string;
  base_invest_amount: string;
  recent_yields: Array<{ duration: string; normal: string; max_itg: string | null }>;
}
