// The personal-pension calls (server/src/routes/pension.ts; docs/PRODUCT.md §10.13). Y-class purchases and sales are
// the trading calls with pay_method=pension / to=pension. Answers typed by src/lib/api-types/pension.ts; refusals come
// back as ApiError with the server's message.
import type {
  PensionAccount,
  PensionContributed,
  PensionFunds,
  PensionStatement,
  PensionSummary,
  PensionWithdrawn,
} from '@/lib/api-types/pension';
import { ApiError, HttpError, get, post } from '@/platform/http';
import { t } from '@/locales/pension';
import { requiredFields as shaped } from '@/lib/answer-shape';
export { newRequestId } from '@/components/purchase/request-id';
export { encryptTradePassword } from '@/components/purchase/purchase-password';
export { resultCodeOf } from '@/components/purchase/purchase-errors';

const SILENT = { silent: true } as const;

/** The server's message for a refusal, else a network text. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.description || error.body.message || t('pension.failed');
  if (error instanceof HttpError) return error.message;
  return String(error);
}

/** The server's "wrong trade password" (the dialog stays open for another try). */
export const WRONG_PASSWORD = 400051;
/** Not logged in. */
export const NOT_LOGGED_IN = 300001;

export const getPensionSummary = () =>
  get<PensionSummary>('/djapi/pension/summary', undefined, SILENT).then(shaped(['opened', 'year_room', 'holdings']));

export const getPensionFunds = () => get<PensionFunds>('/djapi/pension/funds', undefined, SILENT).then(shaped(['items']));

export const getPensionStatement = (year: number) =>
  get<PensionStatement>('/djapi/pension/statement', { year: String(year) }, SILENT).then(shaped(['contributions', 'total']));

export const openPension = (form: { requestId: string; encryptedPassword: string; socialAccount: boolean }) =>
  post<{ account: PensionAccount }>(
    '/djapi/pension/open',
    { request_id: form.requestId, trade_password: form.encryptedPassword, social_account: form.socialAccount ? '1' : '0' },
    SILENT,
  ).then(shaped(['account']));

export const contribute = (form: { amount: string; requestId: string; encryptedPassword: string }) =>
  post<PensionContributed>(
    '/djapi/pension/contribute',
    { amount: form.amount, request_id: form.requestId, trade_password: form.encryptedPassword },
    SILENT,
  ).then(shaped(['contribution', 'year_room']));

export const withdraw = (form: {
  condition: string;
  mode: string;
  amount?: string;
  /** A woman's retirement-age category (with the basic-pension age only): female_55 or female_50. */
  category?: string;
  requestId: string;
  encryptedPassword: string;
}) =>
  post<PensionWithdrawn>(
    '/djapi/pension/withdraw',
    {
      condition: form.condition,
      mode: form.mode,
      ...(form.amount ? { amount: form.amount } : {}),
      ...(form.category ? { category: form.category } : {}),
      request_id: form.requestId,
      trade_password: form.encryptedPassword,
    },
    SILENT,
  ).then(shaped(['withdrawal']));

/** A Y-class purchase with the pension account's money (the ordinary buy call, pay_method=pension). */
export const buyWithPension = (form: {
  fundCode: string;
  amount: string;
  requestId: string;
  encryptedPassword: string;
  riskConfirm?: boolean;
}) =>
  post<{ order_id?: string }>(
    '/djapi/order/buy',
    {
      fd_code: form.fundCode,
      amount: form.amount,
      pay_method: 'pension',
      request_id: form.requestId,
      trade_password: form.encryptedPassword,
      ...(form.riskConfirm ? { risk_confirm: '1' } : {}),
    },
    SILENT,
  );

/** A Y-class sale into the pension account (the ordinary sell call, to=pension). */
export const sellToPension = (form: { fundCode: string; volume: string; requestId: string; encryptedPassword: string }) =>
  post<{ order_id?: string }>(
    '/djapi/order/sell',
    { fd_code: form.fundCode, volume: form.volume, to: 'pension', request_id: form.requestId, trade_password: form.encryptedPassword },
    SILENT,
  );

/**
 * A Y holding's dividends: reinvested (the default) or in cash — paid into the 资金账户, never the card. The ordinary
 * holding call (POST /djapi/holding/dividend-method); its answer is not read here: the zone reloads the summary.
 */
export const setPensionDividendMethod = (fundCode: string, method: 'cash' | 'reinvest') =>
  post<unknown>('/djapi/holding/dividend-method', { fd_code: fundCode, method }, SILENT);
