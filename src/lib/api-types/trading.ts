// Response types of the trading endpoints (server/src/routes/trading.ts): buy, sell, cancel, orders, holdings,
// the income calendar and the buy/sell page's quote. Money is a decimal string with 2 decimals ("317.00"), shares
// with 2, NAV with 4, rates in percent ("0.12" = 0.12 %); dates 'YYYY-MM-DD'; `created_at` in ms. Shapes follow
// the public Danjuan API where it is known (docs/PRODUCT.md, "Trading").

/** Fund-industry business codes: 020 认购 (subscription), 022 申购 (purchase), 024 赎回 (redemption), 143 分红 (dividend). */
export type OrderAction = '020' | '022' | '024' | '143';

/** submitted → paid → confirmed (purchases); submitted → confirmed (redemptions); or failed / cancelled. */
export type OrderStatus = 'submitted' | 'paid' | 'confirmed' | 'failed' | 'cancelled';

/** One step of an order's timeline (Danjuan's `desc`): what happens, when, and whether it has happened. */
export interface OrderStep {
  title: string;
  /** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm' (Shanghai time). */
  time: string;
  done: boolean;
}

/** `POST /djapi/order/buy` and `POST /djapi/order/sell` data. */
export interface PlaceOrderAnswer {
  order_id: string;
  action: OrderAction;
  action_desc: string;
  status: OrderStatus;
  status_desc: string;
  fd_code: string;
  fd_name: string;
  /** Buy: the amount paid. Sell: null. */
  amount: string | null;
  /** Sell: the shares redeemed. Buy: null. */
  volume: string | null;
  /** Estimated fee (buy: exact, it does not depend on the NAV; sell: at the latest NAV). */
  fee: string;
  /** Rate charged, percent after the platform discount ('0.12'); null for a fixed fee. */
  real_rate: string | null;
  trade_date: string;
  confirm_date: string;
  /** Buy: the day income first shows. Sell: the day the money reaches the card. */
  query_date: string;
  /** Sell only: the day the proceeds arrive on the card (same as query_date). */
  arrival_date: string | null;
  steps: OrderStep[];
  /** Until the cut-off of the trade date (15:00 on T) the order may be cancelled. */
  if_undo: 'y' | 'n';
  /** Buy: how it was paid (the bound card, or the cash product 现金宝: deducted at once). */
  pay_method: OrderPayMethod;
  /** Sell: where the proceeds go (the card, or the cash product on `arrival_date`). */
  sell_to: OrderSellTo | null;
}

/** `pay_method` of `POST /djapi/order/buy`: the bound card (default) or the cash product (现金宝). */
export type PayMethod = 'bankcard' | 'xjb';
/** `to` of `POST /djapi/order/sell`: the bound card (default) or the cash product (卖出至现金宝). */
export type SellTo = 'bankcard' | 'xjb';
/** How an order was paid, as answered: also 'pension' — a Y class's order, paid from the 个人养老金资金账户 (issue 24). */
export type OrderPayMethod = PayMethod | 'pension';
/** Where an order's proceeds go, as answered: also 'pension' — back into the 个人养老金资金账户 (issue 24). */
export type OrderSellTo = SellTo | 'pension';

/** One row of `confirm_infos` (Danjuan: [["确认信息", "确认金额,317.00元", …]]). */
export type ConfirmInfo = string[];

/** An item of `GET /djapi/order/p/list` (Danjuan's order list item). */
/** A plan order's state in the list (Danjuan's, issue 23's advisory orders). */
export type PlanOrderStatus = 'processing' | 'success' | 'sub_success' | 'failed';

export interface OrderListItem {
  order_id: string;
  fd_code: string;
  code: string;
  name: string;
  /** 'ic': an advisory plan order (its legs' fund orders are not listed alone): `plan_code`, action 022/024/036/098/267. */
  ttype: 'fund' | 'ic';
  plan_code?: string;
  action: OrderAction | '036' | '098' | '267';
  action_desc: string;
  status: OrderStatus | PlanOrderStatus;
  status_desc: string;
  /** Amount (buy, dividend) as a number, as Danjuan sends it in the list. */
  amount: number | null;
  volume: number | null;
  /** '1,317.00元' / '1,100.00份': thousands separators, as everywhere money is shown. */
  value_desc: string;
  trade_date: string;
  created_at: number;
  title: string;
  /** Where a purchase came from: a 定投 plan's run, paid by 现金宝, or null (a manual order) — issue 28. */
  source?: OrderSource | null;
  /** A 定投 run's plan. */
  plan_id?: string | null;
}

/** What placed a purchase: a 定投 plan (auto-invest), or a purchase paid by 现金宝. */
export type OrderSource = 'plan' | 'cash';

/** `GET /djapi/order/p/list?page&size&type=all`. */
export interface OrderListPage {
  current_page: number;
  size: number;
  total_items: number;
  total_pages: number;
  items: OrderListItem[];
}

/** `GET /djapi/fund/order/{order_id}` (Danjuan's fund order detail). */
export interface OrderDetail {
  order_id: string;
  order_type_name: string;
  fd_code: string;
  fd_name: string;
  action: OrderAction;
  action_desc: string;
  status: OrderStatus;
  status_desc: string;
  state_msg: string;
  amount: string;
  volume: string;
  /** Gross, fee included (Danjuan's `confirm_amount`); null until confirmed. */
  confirm_amount: string | null;
  confirm_volume: string | null;
  confirm_nav: string | null;
  fee: string | null;
  real_rate: string | null;
  trade_date: string;
  confirm_date: string;
  query_date: string;
  arrival_date: string | null;
  /** Refunded amount (cancelled, failed, or the excess of a partly confirmed purchase). */
  refund_amount: string | null;
  fail_reason: string | null;
  if_undo: 'y' | 'n';
  undo_tip: string | null;
  bankcard_no: string | null;
  bank_name: string | null;
  pay_method: OrderPayMethod;
  /** Sell: where the proceeds go. */
  sell_to: OrderSellTo | null;
  created_at: number;
  confirm_infos: ConfirmInfo[];
  steps: OrderStep[];
  /** Redemptions: each lot's part (first in, first out). */
  lots: Array<{ confirm_date: string; volume: string; holding_days: number; rate: string; fee: string | null }>;
  /** Purchases above the investor's risk level: the warning they accepted, and when. */
  risk_warning: { text: string; accepted_at: string } | null;
  /** A registration coupon used on the purchase (issue 25): its id and the fee it took off (the fee above is after it). */
  coupon_id?: string | null;
  coupon_discount?: string | null;
  /** The first day whose income the purchase shows (its income starts there, PRODUCT §10.14); null for sales. */
  income_date?: string | null;
  /** A 定投 run's plan (link: /autoinvesment/detail/{plan_id}); null otherwise. */
  plan_id?: string | null;
  source?: OrderSource | null;
}

/** An item of `GET /djapi/holding/summary`. */
export interface HoldingItem {
  fd_code: string;
  fd_name: string;
  /** Fund type code (1 stock, 2 bond, 3 hybrid, 4 money market, 5 index, 6 FOF, 11 QDII) and its name. */
  type: number;
  type_desc: string;
  market_value: string;
  volume: string;
  usable_volume: string;
  nav: string;
  nav_date: string;
  cost: string;
  daily_gain: string;
  hold_gain: string;
  /** Percent, 2 decimals; null when the cost is 0. */
  hold_gain_rate: string | null;
  total_gain: string;
  /** Share of total assets, percent with 2 decimals. */
  market_percent: string;
  /** Purchases paid but not yet confirmed. */
  buying_amount: string;
  /** Redemption proceeds confirmed but not yet on the card. */
  selling_amount: string;
  dividend_method: 'cash' | 'reinvest';
  /** Of `cost` (and so of `hold_gain`): the purchase fees of the shares still held (含申购费), issue 28. */
  hold_fee?: string;
}

/** `GET /djapi/holding/summary`. */
export interface HoldingSummary {
  total_assets: string;
  daily_gain: string;
  daily_gain_date: string | null;
  hold_gain: string;
  total_gain: string;
  /** Money on its way: purchases awaiting confirmation plus proceeds awaiting arrival. */
  in_transit_amount: string;
  items: HoldingItem[];
  /** By fund type, for the allocation chart: percent with 2 decimals. */
  allocation: Array<{ type: number; type_desc: string; market_value: string; percent: string }>;
  /** Orders not yet confirmed or not yet settled. */
  orders_in_progress: OrderListItem[];
  /** The cash product (现金宝), its own line of total assets (included in total_assets, not in items); null when never used. */
  cash: { fd_code: string; total: string; available: string; yesterday_income: string; total_income: string } | null;
  /** The personal pension (issue 24): its own line, not in total_assets nor items; absent when not opened. */
  pension?: { total: string; balance: string; in_transit: string; holdings_value: string };
  /**
   * The advisory accounts (issue 23), each its own line with `GET /djapi/holding/plan/{plan_code}`'s figures; their
   * funds are ordinary holdings, so already in total_assets and items. Empty (or absent, older servers) when none signed.
   */
  advisory?: Array<{
    plan_code: string;
    plan_name: string;
    total_assets: string;
    total_gain: string;
    pending_amount: string;
    fee_accrued: string;
  }>;
}

/** A lot of `GET /djapi/holding/fund/{fd_code}`. */
export interface HoldingLot {
  lot_id: string;
  confirm_date: string;
  volume: string;
  locked_until: string | null;
  holding_days: number;
  /** The redemption fee rate that applies today, percent. */
  redeem_rate: string;
  cost: string;
  /** Where the lot came from: 买入, 定投, 现金宝买入, 分红再投资. */
  source?: 'buy' | 'plan' | 'cash' | 'dividend';
  plan_id?: string | null;
  /** While the 7-day redemption penalty applies: the first day a sale confirmed then pays no penalty; else null. */
  penalty_free_date?: string | null;
}

/** `GET /djapi/holding/fund/{fd_code}`: the holding, its lots and what may be sold. */
export interface FundHolding extends HoldingItem {
  /** Shares not sellable because their lot is still locked. */
  locked_volume: string;
  /** Shares of purchases not yet confirmed (estimate: amount / latest NAV is not shown; the amount is). */
  unconfirmed_amount: string;
  lots: HoldingLot[];
  /** When a sale placed now would be confirmed and reach the card. */
  sell_trade_date: string;
  sell_confirm_date: string;
  sell_arrival_date: string;
  /** How the fund's contract rounds redemption amounts and fees to 0.01. */
  rounding_mode: 'half_up' | 'truncate';
  /** A sale placed now into the cash product (卖出至现金宝) arrives there on this day; null for the cash fund itself. */
  sell_to_cash_date: string | null;
}

/** `GET /djapi/holding/income/calendar?month=YYYY-MM`: each day's income and the month's, from the ledger. */
export interface IncomeCalendar {
  month: string;
  month_income: string;
  /** Every NAV day of the month with income (positive red, negative green in the UI). */
  days: Array<{ date: string; income: string }>;
  /** The last 12 months' totals, oldest first. */
  months: Array<{ month: string; income: string }>;
}

/** The investor's bound bank card as a way to pay: its bank, its tail, the bank's limits and what is left today. */
export interface PaymentCard {
  bank_code: string;
  bank_name: string;
  card_tail: string;
  per_payment_limit: string;
  daily_limit: string;
  daily_left: string;
}

/** `GET /djapi/order/buy/quote?fd_code=&amount=`: what the buy page shows before the password. */
export interface BuyQuote {
  fd_code: string;
  fd_name: string;
  risk_level: number;
  /** The investor's level 1–5, or null when not assessed / expired. */
  investor_level: number | null;
  /** match | warn (needs risk_confirm=1) | refuse (C1 above R1). */
  suitability: 'match' | 'warn' | 'refuse' | null;
  risk_warning: string | null;
  /** subscribe (认购, building period) or purchase (申购). */
  mode: 'subscribe' | 'purchase';
  /** Why the fund cannot be bought now, or null. */
  refusal: string | null;
  min_amount: string;
  /** Per investor per day, pending orders included; null when unlimited. */
  daily_limit: string | null;
  /** What is left of the daily limit today. */
  daily_limit_left: string | null;
  /** Fee of `amount`, when given. */
  fee: string | null;
  standard_fee: string | null;
  real_rate: string | null;
  standard_rate: string | null;
  discount: string;
  /** How the fund's contract rounds fees and shares to 0.01: half_up (四舍五入, the default) or truncate (舍去尾数). */
  rounding_mode: 'half_up' | 'truncate';
  trade_date: string;
  confirm_date: string;
  query_date: string;
  /** The fund's purchase fee table (brackets in yuan, rates in percent or a fixed fee in yuan). */
  fee_table: Array<{ lower: string; upper: string | null; rate: string | null; fixed: string | null }>;
  /** The cash product as a payment method: what it can pay now (no bank limit, deducted at once); null before account opening. */
  cash: { fd_code: string; available: string } | null;
  card: PaymentCard | null;
}
