// The result codes the cash-management calls answer with (the trading calls' catalogue, issue 12 §9–10, plus the
// cash product's own, issue 13) and what the screens do with each. The envelope's message is the user's text,
// already localised by the server: shown as it comes; an unknown code shows the server's message too.
// (The trading feature keeps the same numbers in features/trade/trade-errors.ts; features never import each other.)
import { NOT_LOGGED_IN_RESULT_CODE } from '@/lib/constants';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/cash';
import { confirm } from '@/platform/feedback';
import { ApiError, HttpError } from '@/platform/http';
import { startLogin } from '@/platform/login';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';

export const CASH_RESULT = {
  notLoggedIn: NOT_LOGGED_IN_RESULT_CODE,
  wrongPassword: 400051,
  passwordLocked: 400052,
  passwordNotSet: 400053,
  accountNotOpened: 410001,
  overCardPaymentLimit: 410008,
  overCardDailyLimit: 410009,
  paymentFailed: 410010,
  requestInProgress: 410015,
  /** 快速取现 over what is left of today's quota: the message names the limit and what is left. */
  quickQuota: 410017,
  /** Not enough available in the cash product. */
  insufficient: 410018,
  notAllowed: 410019,
} as const;

export function resultCodeOf(error: unknown): number | null {
  return error instanceof ApiError ? error.resultCode : null;
}

/** The text to show for a failed call: the server's own message, else the transport's (already localised). */
export function cashErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.description || error.body.message || t('cash.error.generic');
  if (error instanceof HttpError) return error.message || t('cash.error.network');
  return t('cash.error.generic');
}

/**
 * Whether the order may still have been placed (no readable refusal came back, or the server is still on it):
 * then the same request id goes again. Any other answer is final; a new attempt is a new intent with a new id.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return resultCodeOf(error) === CASH_RESULT.requestInProgress;
}

/**
 * The answers that send the user somewhere to fix things: not logged in → login (back here after), no account →
 * opening, no trade password → set one (after a confirm). True when handled.
 */
export async function leadToFix(error: unknown, here: string = currentSpecUrl()): Promise<boolean> {
  switch (resultCodeOf(error)) {
    case CASH_RESULT.notLoggedIn:
      await startLogin({ redirect: here });
      return true;
    case CASH_RESULT.accountNotOpened:
      await navigateToSpecUrl(specUrl('openAccount', {}, { redirect: here }));
      return true;
    case CASH_RESULT.passwordNotSet:
      if (await confirm({ content: t('cash.password.notSet'), okText: t('cash.password.goSet'), cancelText: t('cash.common.notNow') })) {
        await navigateToSpecUrl(specUrl('tradePassword', {}, { redirect: here }));
      }
      return true;
    default:
      return false;
  }
}
