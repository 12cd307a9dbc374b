// Typed calls of trading (issue 12; response types: @/lib/api-types/trading). Form-encoded like every call, XSRF
// through the http client; the trade password goes RSA-encrypted exactly as `/djapi/account/trade-password/verify`
// takes it. Every call is silent: the screens show the server's message (already localised) themselves.
import type { FundDetail } from '@/lib/api-types/fund';
import type {
  BuyQuote,
  FundHolding,
  HoldingSummary,
  IncomeCalendar,
  OrderDetail,
  OrderListPage,
  PayMethod,
  PlaceOrderAnswer,
  SellTo,
} from '@/lib/api-types/trading';
import { checked, type Shape } from '@/lib/answer-shape';
import { get, post } from '@/platform/http';

const SILENT = { silent: true } as const;

const ORDER_SHAPE: Shape = {
  order_id: 'string',
  fd_code: 'string',
  action: 'string',
  status: 'string',
  steps: 'array',
  confirm_infos: 'array',
  lots: 'array',
};
const HOLDING_SHAPE: Shape = {
  fd_code: 'string',
  fd_name: 'string',
  nav: 'string',
  volume: 'string',
  usable_volume: 'string',
  lots: 'array',
  sell_trade_date: 'string',
  sell_confirm_date: 'string',
};

/** Orders pay by the bound bank card unless the investor picks the cash product (现金宝, `xjb`). */
export const PAY_METHOD_BANKCARD: PayMethod = 'bankcard';
/** Orders per page of the order list. */
export const ORDERS_PAGE_SIZE = 20;

// ---- reads ---------------------------------------------------------------------

/** What the buy page shows before the password; `amount` (yuan) adds that amount's fee. */
export function getBuyQuote(code: string, amount?: string): Promise<BuyQuote> {
  return get<BuyQuote>('/djapi/order/buy/quote', { fd_code: code, amount }, SILENT).then(
    checked('buy quote', {
      fd_code: 'string',
      fd_name: 'string',
      min_amount: 'string',
      discount: 'string',
      trade_date: 'string',
      fee_table: 'array',
    }),
  );
}

/** The fund's fee tables (the sell page takes the redemption table from it). */
export function getFundRates(code: string): Promise<FundDetail> {
  return get<FundDetail>(`/djapi/fund/detail/${encodeURIComponent(code)}`, undefined, SILENT).then(
    checked('fund rates', { fund_rates: 'object' }, (d) => Array.isArray(d.fund_rates.withdraw_rate_table)),
  );
}

export function getOrders(page: number, size: number = ORDERS_PAGE_SIZE, fundCode?: string): Promise<OrderListPage> {
  const query = fundCode ? { page, size, type: 'all', fd_code: fundCode } : { page, size, type: 'all' };
  return get<OrderListPage>('/djapi/order/p/list', query, SILENT).then(
    checked('orders', { items: 'array', total_items: 'number', total_pages: 'number' }, (d) =>
      d.items.every((item) => typeof item?.order_id === 'string'),
    ),
  );
}

export function getOrder(orderId: string): Promise<OrderDetail> {
  return get<OrderDetail>(`/djapi/fund/order/${encodeURIComponent(orderId)}`, undefined, SILENT).then(checked('order', ORDER_SHAPE));
}

export function getHoldingSummary(): Promise<HoldingSummary> {
  return get<HoldingSummary>('/djapi/holding/summary', undefined, SILENT).then(
    checked(
      'holdings',
      { total_assets: 'string', items: 'array', allocation: 'array', orders_in_progress: 'array' },
      (d) =>
        [...d.items, ...d.orders_in_progress].every((item) => typeof item?.fd_code === 'string') &&
        d.orders_in_progress.every((item) => typeof item.order_id === 'string'),
    ),
  );
}

export function getFundHolding(code: string): Promise<FundHolding> {
  return get<FundHolding>(`/djapi/holding/fund/${encodeURIComponent(code)}`, undefined, SILENT).then(checked('holding', HOLDING_SHAPE));
}

/** `month` 'YYYY-MM'. */
export function getIncomeCalendar(month: string, fundCode?: string): Promise<IncomeCalendar> {
  return get<IncomeCalendar>('/djapi/holding/income/calendar', fundCode ? { month, fd_code: fundCode } : { month }, SILENT).then(
    checked('income calendar', { month: 'string', month_income: 'string', days: 'array', months: 'array' }),
  );
}

// ---- writes --------------------------------------------------------------------

export type DividendMethod = 'cash' | 'reinvest';

export function setDividendMethod(code: string, method: DividendMethod): Promise<FundHolding> {
  return post<FundHolding>('/djapi/holding/dividend-method', { fd_code: code, method }, SILENT).then(checked('holding', HOLDING_SHAPE));
}

export interface BuyOrder {
  code: string;
  /** Yuan, at most 2 decimals ('1000.00'). */
  amount: string;
  requestId: string;
  /** Already encrypted (components/purchase `encryptTradePassword`). */
  encryptedPassword: string;
  /** The investor accepted the risk warning. */
  riskConfirmed: boolean;
  /** The bound card (default) or the cash product, deducted at once. */
  payMethod?: PayMethod;
  /** A registration coupon taking part of the fee off (issue 25). */
  couponId?: string | null;
}

export function placeBuy(order: BuyOrder): Promise<PlaceOrderAnswer> {
  return post<PlaceOrderAnswer>(
    '/djapi/order/buy',
    {
      fd_code: order.code,
      amount: order.amount,
      pay_method: order.payMethod ?? PAY_METHOD_BANKCARD,
      request_id: order.requestId,
      trade_password: order.encryptedPassword,
      risk_confirm: order.riskConfirmed ? 1 : undefined,
      coupon_id: order.couponId ?? undefined,
    },
    SILENT,
  ).then(checked('order', { order_id: 'string' }));
}

export interface SellOrder {
  code: string;
  /** Shares, at most 2 decimals ('100.00'). */
  volume: string;
  requestId: string;
  encryptedPassword: string;
  /** Where the proceeds go: the bound card (default) or the cash product (卖出至现金宝). */
  to?: SellTo;
}

export function placeSell(order: SellOrder): Promise<PlaceOrderAnswer> {
  return post<PlaceOrderAnswer>(
    '/djapi/order/sell',
    {
      fd_code: order.code,
      volume: order.volume,
      to: order.to === 'xjb' ? 'xjb' : undefined,
      request_id: order.requestId,
      trade_password: order.encryptedPassword,
    },
    SILENT,
  ).then(checked('order', { order_id: 'string' }));
}

export function cancelOrder(orderId: string, encryptedPassword: string): Promise<OrderDetail> {
  return post<OrderDetail>('/djapi/order/cancel', { order_id: orderId, trade_password: encryptedPassword }, SILENT).then(
    checked('order', ORDER_SHAPE),
  );
}
