// Typed calls of the cash-management product 现金宝 (issue 13; response types: @/lib/api-types/cash). Built exactly as
// the trading calls (features/trade/api.ts): form-encoded, XSRF through the http client, silent (the screens show
// the server's message themselves), the trade password RSA-encrypted with the server's key, answers checked for the
// shape a screen needs.
import type { CashIncomeRow, CashOrderAnswer, CashRules, CashSummary, CashUnavailable, CashYields } from '@/lib/api-types/cash';
import type { Paged } from '@/lib/api-types/paged';
import { checked, type Shape } from '@/lib/answer-shape';
import { get, post } from '@/platform/http';

const SILENT = { silent: true } as const;

/** The chart's periods (days of published figures). */
export const YIELD_PERIODS = [30, 90] as const;
export type YieldPeriod = (typeof YIELD_PERIODS)[number];
/** Income rows per page of the income list. */
export const INCOME_PAGE_SIZE = 20;

// ---- reads ---------------------------------------------------------------------

export function getCashSummary(): Promise<CashSummary> {
  return get<CashSummary>('/djapi/xjb/summary', undefined, SILENT).then(
    checked(
      'cash summary',
      {
        fd_code: 'string',
        total: 'string',
        available: 'string',
        unavailable: 'string',
        total_income: 'string',
        quick_quota_left: 'string',
        quick_daily_limit: 'string',
        deposit_trade_date: 'string',
        deposit_confirm_date: 'string',
        deposit_income_date: 'string',
        normal_arrival_date: 'string',
        in_progress: 'array',
      },
      (d) => d.in_progress.every((item) => typeof item?.order_id === 'string'),
    ),
  );
}

/** Public: the cash fund's 7-day yield and per-10k income of the last `days` published days. */
export function getCashYields(days: YieldPeriod): Promise<CashYields> {
  return get<CashYields>('/djapi/xjb/yields', { days }, SILENT).then(
    checked('cash yields', { items: 'array' }, (d) => d.items.every((p) => typeof p?.date === 'string')),
  );
}

export function getCashIncome(page: number, size: number = INCOME_PAGE_SIZE): Promise<Paged<CashIncomeRow>> {
  return get<Paged<CashIncomeRow>>('/djapi/xjb/income', { page, size }, SILENT).then(
    checked('cash income', { items: 'array', total_items: 'number', total_pages: 'number' }, (d) =>
      d.items.every((row) => typeof row?.date === 'string' && typeof row.income === 'string'),
    ),
  );
}

export function getCashUnavailable(): Promise<CashUnavailable> {
  return get<CashUnavailable>('/djapi/xjb/unavailable', undefined, SILENT).then(
    checked('cash unavailable', { total: 'string', items: 'array' }, (d) => d.items.every((item) => typeof item?.amount === 'string')),
  );
}

/** Public: the rule figures and the live dates of an order placed now. */
export function getCashRules(): Promise<CashRules> {
  return get<CashRules>('/djapi/xjb/rules', undefined, SILENT).then(
    checked('cash rules', {
      deposit_trade_date: 'string',
      deposit_confirm_date: 'string',
      deposit_income_date: 'string',
      normal_trade_date: 'string',
      normal_arrival_date: 'string',
    }),
  );
}

// ---- writes --------------------------------------------------------------------

const ORDER_ANSWER: Shape = { order_id: 'string', amount: 'string', steps: 'array' };

export interface DepositOrder {
  /** Yuan, 2 decimals ('20000.00'). */
  amount: string;
  requestId: string;
  /** Already encrypted (components/purchase `encryptTradePassword`). */
  encryptedPassword: string;
}

export function placeDeposit(order: DepositOrder): Promise<CashOrderAnswer> {
  return post<CashOrderAnswer>(
    '/djapi/xjb/deposit',
    { amount: order.amount, request_id: order.requestId, trade_password: order.encryptedPassword },
    SILENT,
  ).then(checked('cash order', ORDER_ANSWER));
}

export type WithdrawMode = 'quick' | 'normal';

export interface WithdrawOrder extends DepositOrder {
  mode: WithdrawMode;
}

export function placeWithdraw(order: WithdrawOrder): Promise<CashOrderAnswer> {
  return post<CashOrderAnswer>(
    '/djapi/xjb/withdraw',
    { amount: order.amount, mode: order.mode, request_id: order.requestId, trade_password: order.encryptedPassword },
    SILENT,
  ).then(checked('cash order', ORDER_ANSWER));
}
