// What a fund's sale state means for the investor: the notices shown on its detail page and which buttons work.
// Pure (no Taro): the texts come from structured fields, so both locales say the same thing (the server's
// status_reason is Chinese only).
import { formatAmount } from '@/lib/format';
import type { MessageParams } from '@/locales/types';
import type { FundSummary } from '@/lib/api-types/fund';
import { MONEY_MARKET_TYPE, QDII_TYPE } from './api';
import '@/locales/fund';

export type NoticeTone = 'info' | 'warning' | 'error';

export interface FundNotice {
  key: string;
  params?: MessageParams;
  tone: NoticeTone;
}

export type BuyKind = 'buy' | 'subscribe' | 'none';

export interface FundState {
  notices: FundNotice[];
  /** The main button: buy, subscribe (building period) or none (disabled "not available"). */
  buy: BuyKind;
  /** Auto-invest needs an open fund (not a subscription, not a money-market fund). */
  autoInvest: boolean;
  /** The purchase timeline (T, 15:00 cut-off, confirmation): only where a purchase or subscription is accepted. */
  tradeDates: boolean;
  /** Fee tables: all of them; only redemption and running costs (purchases suspended, holders may sell); none. */
  fees: 'all' | 'redeem' | 'none';
  /** Liquidated or delisted: its NAV stopped on its last NAV date, so do its returns (no ranks, no recent periods). */
  ended: boolean;
}

/** Notices and actions for a fund; `buyConfirmDays` (from the detail's date config) names QDII's T+n. */
export function fundState(fund: FundSummary, buyConfirmDays?: number): FundState {
  const notices: FundNotice[] = [];
  const money = fund.type === MONEY_MARKET_TYPE;
  const minText = formatAmount(fund.min_purchase, { unit: false });
  const stopped = { buy: 'none', autoInvest: false, tradeDates: false, fees: 'none', ended: false } as const;
  const lastNav = fund.fund_derived?.end_date;
  const ended = (key: string): FundState => {
    notices.push({ key, tone: 'error' });
    notices.push(
      lastNav ? { key: 'fund.state.returnsEnd', params: { date: lastNav }, tone: 'info' } : { key: 'fund.state.noNav', tone: 'info' },
    );
    return { notices, ...stopped, ended: true };
  };
  switch (fund.sale_status) {
    case 'not_on_sale':
      notices.push({ key: 'fund.state.notOnSale', tone: 'warning' });
      return { notices, ...stopped };
    case 'building':
      notices.push({
        key: 'fund.state.building',
        params: { start: fund.subscribe_start ?? '--', end: fund.subscribe_end ?? '--', found: fund.found_date },
        tone: 'info',
      });
      return { notices, buy: 'subscribe', autoInvest: false, tradeDates: true, fees: 'all', ended: false };
    case 'trading_suspended':
      notices.push({ key: 'fund.state.tradingSuspended', tone: 'warning' });
      return { notices, ...stopped };
    case 'purchase_suspended':
      notices.push({ key: 'fund.state.purchaseSuspended', tone: 'warning' });
      return { notices, ...stopped, fees: 'redeem' };
    case 'closed':
      return ended('fund.state.closed');
    case 'delisted':
      return ended('fund.state.delisted');
    case 'conversion':
      notices.push({ key: 'fund.state.conversion', tone: 'info' });
      break;
    case 'on_sale':
      break;
  }
  // Purchasable (on sale or in conversion): what kind of purchase it is.
  if (fund.lock_days > 0) notices.push({ key: 'fund.state.lockPeriod', params: { days: fund.lock_days }, tone: 'warning' });
  if (fund.daily_purchase_limit != null) {
    notices.push({
      key: 'fund.state.purchaseLimited',
      params: { cap: formatAmount(fund.daily_purchase_limit, { unit: false }) },
      tone: 'warning',
    });
  }
  if (money) notices.push({ key: 'fund.state.moneyMarket', tone: 'info' });
  if (fund.type === QDII_TYPE && buyConfirmDays != null)
    notices.push({ key: 'fund.state.qdii', params: { days: buyConfirmDays }, tone: 'info' });
  notices.push({ key: 'fund.state.onSale', params: { min: minText }, tone: 'info' });
  return {
    notices,
    buy: fund.can_buy ? 'buy' : 'none',
    autoInvest: fund.can_buy && !money,
    tradeDates: fund.can_buy,
    fees: fund.can_buy ? 'all' : 'redeem',
    ended: false,
  };
}

/** Six digits, nothing else: the only shape of a fund code (docs/PRODUCT.md §2). */
export function isFundCode(code: string | undefined): code is string {
  return typeof code === 'string' && /^\d{6}$/.test(code);
}
