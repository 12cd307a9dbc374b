// When an order placed at an instant is priced (T), confirmed, shows income and pays out — pure calendar rules
// (docs/PRODUCT.md §5: the 15:00 cut-off, T+1 confirmation (QDII T+2), subscriptions confirmed on the founding
// date, redemption cash T+1 … T+10 by fund type). The fund page's trade_date answer and the orders use these.
import { addTradingDays, isTradingDay, nextTradingDay, orderTradeDate, tradingDayOnOrAfter, type IsoDate } from './calendar';
import { shanghaiDate, shanghaiInstant } from './clock';

export interface FundTiming {
  sale_status: string;
  found_date: IsoDate;
  buy_confirm_days: number;
  sale_arrive_days: number;
}

export const CUT_OFF_TIME = '15:00';
/** Statuses a purchase (or, building, a subscription) is taken in. */
export const BUYABLE_STATUSES: ReadonlySet<string> = new Set(['on_sale', 'conversion', 'building']);
/** Statuses a redemption is taken in. */
export const SELLABLE_STATUSES: ReadonlySet<string> = new Set(['on_sale', 'conversion', 'purchase_suspended']);

export interface PurchaseDates {
  /** 'subscribe' in the building period (认购, at 1.00 on the founding date), else 'purchase' (申购). */
  mode: 'subscribe' | 'purchase';
  tradeDate: IsoDate;
  confirmDate: IsoDate;
  /** The day the first income shows. */
  queryDate: IsoDate;
}

export function purchaseDates(fund: FundTiming, now: Date): PurchaseDates {
  if (fund.sale_status === 'building') {
    const tradeDate = tradingDayOnOrAfter(shanghaiDate(now));
    const confirmDate = fund.found_date > tradeDate ? tradingDayOnOrAfter(fund.found_date) : nextTradingDay(tradeDate);
    return { mode: 'subscribe', tradeDate, confirmDate, queryDate: nextTradingDay(confirmDate) };
  }
  const tradeDate = orderTradeDate(now);
  const confirmDate = addTradingDays(tradeDate, Math.max(1, fund.buy_confirm_days));
  return { mode: 'purchase', tradeDate, confirmDate, queryDate: nextTradingDay(confirmDate) };
}

export interface RedemptionDates {
  tradeDate: IsoDate;
  confirmDate: IsoDate;
  /** The day the proceeds reach the card. */
  arrivalDate: IsoDate;
}

export function redemptionDates(fund: FundTiming, now: Date): RedemptionDates {
  const tradeDate = orderTradeDate(now);
  const confirmDays = Math.max(1, fund.buy_confirm_days);
  return {
    tradeDate,
    confirmDate: addTradingDays(tradeDate, confirmDays),
    arrivalDate: addTradingDays(tradeDate, Math.max(confirmDays, fund.sale_arrive_days)),
  };
}

/** The last instant an order of trade date T may be cancelled: 15:00 on T. */
export function cancelDeadline(tradeDate: IsoDate): Date {
  return shanghaiInstant(tradeDate, CUT_OFF_TIME);
}

export function isCancellable(tradeDate: IsoDate, now: Date): boolean {
  return now.getTime() < cancelDeadline(tradeDate).getTime();
}

/** A refund of a cancelled purchase reaches the card by 19:00 two trading days after T (Danjuan's undo_tip). */
export function refundArrival(tradeDate: IsoDate): IsoDate {
  return addTradingDays(tradeDate, 2);
}

export { isTradingDay };
